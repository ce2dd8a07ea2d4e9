import { parseDealerArgs } from './dealer-args';

describe('parseDealerArgs', () => {
  it('reads a create with its tables', () => {
    const args = [
      'create',
      '--service',
      'baccarat',
      '--id',
      'd1',
      '--name',
      'Ana',
      '--tables',
      'bac-1,bac-2',
    ];
    expect(parseDealerArgs(args)).toEqual({
      ok: true,
      value: { command: 'create', service: 'baccarat', id: 'd1', name: 'Ana', tables: ['bac-1', 'bac-2'] },
    });
    expect(
      parseDealerArgs(['tables', '--service', 'roulette', '--id', 'boss', '--tables', '*']),
    ).toMatchObject({
      ok: true,
      value: { tables: ['*'] },
    });
    // A shared service by its principal; a game it hosts is not a service of its own.
    expect(parseDealerArgs(['list', '--service', 'studio-games'])).toMatchObject({ ok: true });
    expect(parseDealerArgs(['list', '--service', 'sicBo'])).toMatchObject({ ok: false });
  });

  it('refuses what it cannot carry out, with a reason', () => {
    const bad = [
      ['create', '--service', 'poker', '--id', 'd1', '--name', 'A', '--tables', 't'],
      ['create', '--service', 'baccarat', '--id', 'd 1', '--name', 'A', '--tables', 't'],
      ['create', '--service', 'baccarat', '--id', 'd1', '--name', 'A', '--tables', '*,bac-1'],
      ['create', '--service', 'baccarat', '--id', 'd1', '--name', 'A', '--tables', 'a,a'],
      ['suspend', '--service', 'baccarat'],
      ['list', '--service', 'baccarat', '--colour', 'red'],
      ['list', '--service'],
      ['drop-everything', '--service', 'baccarat'],
    ];
    for (const args of bad)
      expect(parseDealerArgs(args)).toMatchObject({ ok: false, reason: expect.any(String) });
  });
});
