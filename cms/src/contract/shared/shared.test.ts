import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The web app imports this folder's modules as they are (`@contract/*`): whatever they import
// must be here too, or the web would pull CMS code (and Strapi) into the browser.
describe('the rules shared with the web app', () => {
  const modules = readdirSync(__dirname).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

  it.each(modules)('%s imports nothing from outside this folder', (name) => {
    const source = readFileSync(path.join(__dirname, name), 'utf8');
    const imports = [...source.matchAll(/^\s*(?:import|export)\b[^;]*?from\s+['"]([^'"]+)['"]/gm)].map((match) => match[1]);
    for (const specifier of imports) {
      expect(specifier, `${name} imports ${specifier}`).toMatch(/^\.\/[\w-]+$/);
      expect(modules, `${name} imports ${specifier}`).toContain(`${specifier.slice(2)}.ts`);
    }
  });
});
