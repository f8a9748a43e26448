import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT_RULES } from './rules';
import { contractDefinitions } from './definitions';

const attributesOf = (uid: string) => {
  const name = uid.split('.').pop()!;
  const file = path.join(__dirname, '..', 'api', name, 'content-types', name, 'schema.json');
  return JSON.parse(readFileSync(file, 'utf8')).attributes as Record<string, { maxLength?: number; required?: boolean }>;
};

// The contract's rules and Strapi's own schema (which the Strapi console and GraphQL enforce) agree.
describe('contract rules and content-type schemas', () => {
  for (const def of contractDefinitions) {
    it(`${def.path}: every text field has the rule's maximum length and required flag in schema.json`, () => {
      const attributes = attributesOf(def.uid);
      for (const [field, rule] of Object.entries(CONTRACT_RULES[def.path as keyof typeof CONTRACT_RULES].text)) {
        if ('date' in rule) continue;
        expect(attributes[field], field).toBeDefined();
        expect(attributes[field].maxLength, field).toBe(rule.maxLength);
        expect(Boolean(attributes[field].required), field).toBe('required' in rule);
      }
    });
  }
});
