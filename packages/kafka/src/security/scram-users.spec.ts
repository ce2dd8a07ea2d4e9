import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLATFORM_PRINCIPALS } from './principals';

describe('the SCRAM users of a development broker', () => {
  it('are the broker and every platform principal (infra/kafka/principals.sh, read at format time)', () => {
    const script = readFileSync(join(__dirname, '../../../../infra/kafka/principals.sh'), 'utf8');
    const listed = /^principals="([^"]*)"$/m.exec(script)?.[1].split(' ');
    expect(listed).toEqual(['broker', ...PLATFORM_PRINCIPALS]);
  });
});
