import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseToVerify } from './verify-target';

describe('databaseToVerify', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verify-target-'));
  const demoFile = join(dir, 'database-url');

  it('checks the last demo’s database when DATABASE_URL is not set', () => {
    expect(databaseToVerify({}, demoFile)).toMatchObject({
      url: 'postgres://postgres@127.0.0.1:5432/casino',
    });
    writeFileSync(demoFile, 'postgres://postgres@127.0.0.1:5432/casino_demo\n');
    expect(databaseToVerify({}, demoFile)).toEqual({
      url: 'postgres://postgres@127.0.0.1:5432/casino_demo',
      why: 'the last npm run demo',
    });
    expect(databaseToVerify({ DATABASE_URL: 'postgres://h/other' }, demoFile)).toEqual({
      url: 'postgres://h/other',
      why: 'DATABASE_URL',
    });
  });
});
