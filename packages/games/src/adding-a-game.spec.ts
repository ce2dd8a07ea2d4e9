import { GAME_DEFINITION_PARTS } from '@casino/game-kit';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../../..');

/** docs/architecture.md's "Adding a game" section. */
function section(): string {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const start = doc.indexOf('## Adding a game\n');
  expect(start).toBeGreaterThanOrEqual(0);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

describe('docs/architecture.md, "Adding a game"', () => {
  it('names every part a game definition must have', () => {
    const text = section();
    const missing = Object.keys(GAME_DEFINITION_PARTS).filter((part) => !text.includes(`\`${part}\``));
    expect(missing).toEqual([]);
  });

  it('points at files that exist', () => {
    const text = section();
    for (const file of [
      'packages/game-kit/src/define-game.spec.ts',
      'packages/games/src/registry.ts',
      'infra/kafka/kafka.sh',
      'scripts/run-tool.sh',
    ]) {
      expect(text).toContain(file.split('/').pop());
      expect(existsSync(join(root, file))).toBe(true);
    }
  });
});
