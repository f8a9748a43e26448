import { describe, expect, it } from 'vitest';
import { CHILD_NAMES_MESSAGES, childNamesIn, childNamesProblem, parseChildNames } from './child-names';

describe("the children's full names", () => {
  const names = ['Sita Gurung', 'Ram Bahadur Thapa', 'सीता गुरुङ'];

  it('finds each listed name once, in any case and spacing, as whole words only, in either script', () => {
    expect(childNamesIn('Today SITA  gurung and sita gurung flew kites.', names)).toEqual(['Sita Gurung']);
    expect(childNamesIn('![Ram Bahadur\nThapa at school](/uploads/a.jpg)', names)).toEqual(['Ram Bahadur Thapa']);
    expect(childNamesIn('आज सीता गुरुङ विद्यालय गइन्।', names)).toEqual(['सीता गुरुङ']);
    // Part of a longer word, or a first name alone, is not the name.
    expect(childNamesIn('Sita Gurungs and Sita went out; Asita Gurung too.', names)).toEqual([]);
    // Nepali writes postpositions onto the name: Sita Gurung's photo still names her.
    expect(childNamesIn('सीता गुरुङको तस्बिर', names)).toEqual(['सीता गुरुङ']);
    expect(childNamesIn('असीता गुरुङ', names)).toEqual([]);
    expect(childNamesIn('', names)).toEqual([]);
    expect(childNamesIn('Sita Gurung', [])).toEqual([]);
  });

  it('treats a name with pattern characters as plain text', () => {
    expect(childNamesIn('Maya (Rai) Lama', ['Maya (Rai) Lama', 'a.b c'])).toEqual(['Maya (Rai) Lama']);
    expect(childNamesIn('axb c', ['a.b c'])).toEqual([]);
  });

  it('reads a typed list one name a line, leaving out blanks and repeats, and refuses what is not a list of full names', () => {
    expect(parseChildNames('  Sita   Gurung \n\nsita gurung\r\nRam Thapa\n')).toEqual(['Sita Gurung', 'Ram Thapa']);
    expect(childNamesProblem(['Sita Gurung', ''])).toBeNull();
    expect(childNamesProblem('Sita Gurung')).toBe(CHILD_NAMES_MESSAGES.notList);
    expect(childNamesProblem([1])).toBe(CHILD_NAMES_MESSAGES.notList);
    expect(childNamesProblem(['Sita'])).toBe(CHILD_NAMES_MESSAGES.oneWord);
    expect(childNamesProblem([`Sita ${'a'.repeat(100)}`])).toBe(CHILD_NAMES_MESSAGES.tooLong);
    expect(childNamesProblem(Array.from({ length: 1001 }, (_, i) => `Child ${i}`))).toBe(CHILD_NAMES_MESSAGES.tooMany);
  });
});
