// Copies the screenshots the browser tests wrote to the ignored .screenshots/ into docs/screenshots/, the ones the
// README and the docs show. The tests never write into docs/ themselves, so `npm test` leaves the tree clean.
//   node scripts/refresh-screenshots.mjs          every PNG in .screenshots/
//   node scripts/refresh-screenshots.mjs a.png …  only those
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const from = join(root, '.screenshots');
const to = join(root, 'docs', 'screenshots');

if (!existsSync(from)) {
  console.error('No .screenshots/ yet: run the browser tests first (see docs/player-client.md#screenshots).');
  process.exit(1);
}
const wanted = process.argv.slice(2);
const files = wanted.length > 0 ? wanted : readdirSync(from).filter((f) => f.endsWith('.png'));
mkdirSync(to, { recursive: true });
let missing = 0;
for (const name of files.sort()) {
  if (!existsSync(join(from, name))) {
    console.error(`missing: ${name} (its test did not run)`);
    missing++;
    continue;
  }
  copyFileSync(join(from, name), join(to, name));
  console.log(`docs/screenshots/${name}`);
}
process.exit(missing > 0 ? 1 : 0);
