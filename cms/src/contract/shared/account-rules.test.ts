import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, nameProblem, passwordProblem } from './account-rules';
import { COMMON_PASSWORDS } from './common-passwords';

describe('passwordProblem', () => {
  const email = 'sita.gurung@example.org';

  it('takes a long, uncommon password that is not the e-mail', () => {
    expect(passwordProblem('Pokhara lake at dawn', email)).toBeNull();
    expect(passwordProblem('7-mango-trees-Tansen', email)).toBeNull();
    // Ten characters is enough; Nepali letters count as one each.
    expect(passwordProblem('abcdefghi5', email)).toBeNull();
    expect(passwordProblem('नमस्ते साथीहरू', email)).toBeNull();
  });

  it('says what is wrong, one rule at a time', () => {
    expect(passwordProblem('', email)).toBe(M.passwordRequired);
    expect(passwordProblem('Short-1', email)).toBe(M.passwordTooShort);
    expect(passwordProblem('123456789', email)).toBe(M.passwordTooShort);
    // 73 bytes: bcrypt would ignore the rest.
    expect(passwordProblem('a'.repeat(30) + 'b'.repeat(43), email)).toBe(M.passwordTooLong);
    expect(passwordProblem('abcdefghij'.repeat(7) + 'xy', email)).toBeNull();
    // 25 Devanagari letters are 75 bytes.
    expect(passwordProblem('क'.repeat(13) + 'ख'.repeat(12), email)).toBe(M.passwordTooLong);
    expect(passwordProblem('Sita.Gurung@Example.org!', email)).toBe(M.passwordHasEmail);
    expect(passwordProblem('my-sita.gurung-2026', email)).toBe(M.passwordHasEmail);
    expect(passwordProblem('password123', email)).toBe(M.passwordCommon);
    expect(passwordProblem('QWERTYUIOP', email)).toBe(M.passwordCommon);
    expect(passwordProblem('aaaaaaaaaaaa', email)).toBe(M.passwordTooSimple);
    expect(passwordProblem('abababababab', email)).toBe(M.passwordTooSimple);
  });

  it('ignores a local part too short to mean anything (ram@ in "Ramechhap")', () => {
    expect(passwordProblem('Ramechhap-hills-9', 'ram@example.org')).toBeNull();
  });

  it('knows every password of its list, and the list only holds passwords the length rule lets through', () => {
    expect(COMMON_PASSWORDS).toHaveLength(1000);
    for (const password of COMMON_PASSWORDS) {
      expect(password.length).toBeGreaterThanOrEqual(10);
      expect([M.passwordCommon, M.passwordTooSimple, M.passwordTooLong]).toContain(passwordProblem(password, email));
    }
  });
});

describe('nameProblem', () => {
  it('wants a name of at most 80 characters', () => {
    expect(nameProblem('Sita Gurung')).toBeNull();
    expect(nameProblem('')).toBe(M.nameRequired);
    expect(nameProblem('x'.repeat(80))).toBeNull();
    expect(nameProblem('x'.repeat(81))).toBe(M.nameTooLong);
  });
});
