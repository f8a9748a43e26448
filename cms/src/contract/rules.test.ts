import { readFileSync } from 'node:fs';
import path from 'node:path';
import { yup } from '@strapi/utils';
import { describe, expect, it } from 'vitest';
import { CONTRACT_RULES, EMAIL_PATTERN, type TextRule } from './shared/rules';
import { contractDefinitions } from './definitions';

const attributesOf = (uid: string) => {
  const name = uid.split('.').pop()!;
  const file = path.join(__dirname, '..', 'api', name, 'content-types', name, 'schema.json');
  return JSON.parse(readFileSync(file, 'utf8')).attributes as Record<
    string,
    { type?: string; max?: number; maxLength?: number; required?: boolean; pluginOptions?: { i18n?: { localized?: boolean } } }
  >;
};

// The contract's rules and Strapi's own schema (which the Strapi console and GraphQL enforce) agree.
describe('contract rules and content-type schemas', () => {
  for (const def of contractDefinitions) {
    it(`${def.path}: every text field has the rule's maximum length, required and translated flags in schema.json`, () => {
      const attributes = attributesOf(def.uid);
      for (const [field, rule] of Object.entries(CONTRACT_RULES[def.path as keyof typeof CONTRACT_RULES].text) as [string, TextRule][]) {
        if (rule.date) continue;
        const attribute = attributes[rule.attribute ?? field]!;
        expect(attribute, field).toBeDefined();
        if (rule.wholeNumberMax !== undefined) {
          expect([attribute.type, attribute.max], field).toEqual(['integer', rule.wholeNumberMax]);
        } else {
          expect(attribute.maxLength, field).toBe(rule.maxLength);
        }
        expect(Boolean(attribute.required), field).toBe(rule.required !== undefined);
        expect(Boolean(attribute.pluginOptions?.i18n?.localized), `${field} translated`).toBe(Boolean(rule.localized));
      }
    });
  }
});

// Strapi checks an `email` attribute with yup's e-mail pattern when it stores it: an address the
// contract takes but Strapi refuses was a 500. The contract's pattern takes only what yup takes.
describe('EMAIL_PATTERN and Strapi e-mail check', () => {
  const strapiTakes = (address: string) => yup.string().email().isValidSync(address);

  const odd = [
    'a"b@evil.com',
    '"a b"@example.org',
    '"quoted"@example.org',
    'a\\b@example.org',
    'a b@example.org',
    'a..b@example.org',
    '.a@example.org',
    'a.@example.org',
    'a@-example.org',
    'a@example-.org',
    'a@example..org',
    'a@.example.org',
    'a@example.o',
    'a@example.c0m',
    'a@example.org.',
    'a@[127.0.0.1]',
    'a@127.0.0.1',
    'a@localhost',
    'a(comment)@example.org',
    'a,b@example.org',
    'a;b@example.org',
    'a<b>@example.org',
    'a@b@example.org',
    'a@exa_mple.org',
    'a@exam~ple.org',
    'a\u0000@example.org',
    'a\n@example.org',
    'a@example.org\n',
    'émile@example.org',
    'सीता@उदाहरण.नेपाल',
    '😀@example.org',
    "o'brien+news@example.org",
    'x!#$%&*/=?^_`{|}~-@example.org',
    'a@xn--80ak6aa92e.com',
  ];

  it.each(odd)('%j: taken only if Strapi takes it too', (address) => {
    if (EMAIL_PATTERN.test(address)) expect(strapiTakes(address)).toBe(true);
  });

  it('takes ordinary addresses', () => {
    for (const address of ['socialworker@example.org', 'first.last+tag@sub.example.co.uk', 'a1@b2.np', "o'brien@example.org"]) {
      expect(EMAIL_PATTERN.test(address), address).toBe(true);
      expect(strapiTakes(address), address).toBe(true);
    }
    expect(EMAIL_PATTERN.test('a"b@evil.com')).toBe(false);
  });

  it('takes nothing Strapi refuses among 20,000 made-up addresses', () => {
    // A fixed sequence (xorshift), so a failure can be replayed.
    let seed = 0x2545f491;
    const next = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 0x100000000;
    };
    const alphabet = [
      'a',
      'Z',
      '7',
      '.',
      '-',
      '_',
      '+',
      '~',
      '"',
      ' ',
      '\\',
      '(',
      ')',
      ',',
      ':',
      ';',
      '<',
      '>',
      '[',
      ']',
      'क',
      'é',
      '\u00A0',
      '\t',
    ];
    // Mostly letters, so that many of them come close to a real address.
    const char = () => (next() < 0.7 ? 'abc'[Math.floor(next() * 3)] : alphabet[Math.floor(next() * alphabet.length)]);
    const part = (max: number) => Array.from({ length: 1 + Math.floor(next() * max) }, char).join('');
    let taken = 0;
    for (let i = 0; i < 20_000; i += 1) {
      const address = `${part(4)}@${part(4)}.${part(3)}`;
      if (!EMAIL_PATTERN.test(address)) continue;
      taken += 1;
      expect(strapiTakes(address), JSON.stringify(address)).toBe(true);
    }
    expect(taken).toBeGreaterThan(100);
  });
});
