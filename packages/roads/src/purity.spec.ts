import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// The roads are pure: no framework, no I/O, no randomness. Source files import only each other and, for types,
// the baccarat engine.
describe('purity', () => {
  const sources = readdirSync(__dirname).filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'));

  it.each(sources)('%s imports only sibling files and @casino/baccarat types', (name) => {
    const text = readFileSync(join(__dirname, name), 'utf8');
    for (const [, statement, from] of text.matchAll(/^(import[^;]*?|export[^;]*?)from '([^']+)';/gms)) {
      if (from.startsWith('./')) continue;
      expect({ from, typeOnly: statement.startsWith('import type') }).toEqual({
        from: '@casino/baccarat',
        typeOnly: true,
      });
    }
    expect(text).not.toMatch(/Math\.random|require\(|process\.|Date\.now/);
  });
});
