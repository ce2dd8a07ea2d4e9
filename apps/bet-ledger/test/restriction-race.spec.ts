import { EventOf } from '@casino/events';
import {
  bac,
  baccaratTable,
  bj,
  blackjackTable,
  closed,
  defaultTable,
  isFinalized,
  newRound,
  OP,
  place,
  rou,
  rouletteTable,
  RoundRef,
} from './support/builders';
import { sic } from './support/dice-games';
import { codeOf, decide, openRound } from './support/flow';
import { balanceOf, createHarness, deposit, Harness } from './support/ledger-harness';
import {
  closeInstances,
  decideOn,
  forcedRace,
  LedgerInstance,
  openInstances,
} from './support/ledger-instances';
import { TWO_CARD_GAMES, twoCardBet } from './support/two-card-games';

/**
 * Issue 13 point 4: a restriction holds under any interleaving of two ledger transactions deciding for one
 * player (two instances in one consumer group, a partition moving between them). The race is forced, not hoped
 * for: a third connection holds the table's bets-in-play account, which the first transaction locks right after
 * the player's wallet (ACCOUNT_LOCK_ORDER), so the first stops holding the wallet; the second starts only then,
 * takes its statement's snapshot and waits for the wallet (or the round) behind the first; both waits are read
 * from pg_blocking_pids. Then the gate opens: the first commits, the second goes on with a snapshot older than the
 * first's bet. Deciding on that snapshot would accept both bets; the ledger must not.
 */
jest.setTimeout(120_000);

let h: Harness;
let instances: LedgerInstance[] = [];

beforeAll(async () => {
  h = await createHarness('race');
  // The harness's ledger opens rounds, takes deposits and publishes every instance's outbox (its relay).
  await h.startLedger();
});
afterAll(async () => {
  await closeInstances(instances);
  await h?.close();
});

/**
 * `first` on instance A and `second` on instance B, B's snapshot taken while A holds the player's locks and
 * before A commits. Returns both decisions' codes.
 */
async function race(
  r: RoundRef,
  first: EventOf<'PlaceBet'>,
  second: EventOf<'PlaceBet'>,
): Promise<[string, string]> {
  const table = { operatorId: OP, tableId: r.tableId, currency: r.currency };
  const { stats, codes } = await forcedRace(h, instances, table, first, second);
  expect(stats.map((s) => s.accepted + s.rejected)).toEqual([1, 1]);
  return codes;
}

/** Each instance decides one bet on the table first, so both know its bets-in-play account. */
async function warmUp(r: RoundRef, bet: (player: string, i: number) => EventOf<'PlaceBet'>) {
  for (const [i, { runner }] of instances.entries()) {
    const player = `warm-${i}-${r.tableId}`;
    await deposit(h, OP, player, 100_000n);
    const stats = await decideOn(runner, bet(player, i));
    expect(stats.accepted).toBe(1);
  }
}

describe('restrictions under a forced interleaving of two ledger instances', () => {
  beforeAll(async () => {
    instances = await openInstances(h, ['race-a', 'race-b']);
  });

  it('never Player and Banker for one player in one round', async () => {
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    await warmUp(r, (p) => place(r, p, 100n, bac('tie')));
    await deposit(h, OP, 'pb', 10_000n);
    const codes = await race(r, place(r, 'pb', 500n, bac('player')), place(r, 'pb', 500n, bac('banker')));
    expect(codes).toEqual(['ACCEPTED', 'OPPOSING_BETS']);
  });

  it.each(TWO_CARD_GAMES)(
    'never $first after $second for one player in one $game round',
    async ({ game, first, second, tie }) => {
      const r = newRound(game);
      await openRound(h, r, defaultTable(game));
      await warmUp(r, (p) => place(r, p, 100n, twoCardBet(game, tie)));
      const player = `sides-${game}`;
      await deposit(h, OP, player, 10_000n);
      const codes = await race(
        r,
        place(r, player, 500n, twoCardBet(game, second)),
        place(r, player, 500n, twoCardBet(game, first)),
      );
      expect(codes).toEqual(['ACCEPTED', 'OPPOSING_BETS']);
    },
  );

  it.each([
    ['big', 'small'],
    ['odd', 'even'],
  ] as const)('never %s after %s for one player in one Sic Bo round', async (first, second) => {
    const r = newRound('sicBo');
    await openRound(h, r, defaultTable('sicBo'));
    await warmUp(r, (p) => place(r, p, 100n, sic({ type: 'anyTriple' })));
    const player = `sb-${first}`;
    await deposit(h, OP, player, 10_000n);
    const codes = await race(
      r,
      place(r, player, 500n, sic({ type: second })),
      place(r, player, 500n, sic({ type: first })),
    );
    expect(codes).toEqual(['ACCEPTED', 'OPPOSING_BETS']);
  });

  it('never more than 34 roulette numbers (92%)', async () => {
    const r = newRound('roulette');
    await openRound(h, r, rouletteTable());
    await warmUp(r, (p) => place(r, p, 100n, rou({ type: 'red' })));
    await deposit(h, OP, 'cov', 10_000n);
    const dozens = ([1, 2] as const).map((dozen) => place(r, 'cov', 100n, rou({ type: 'dozen', dozen })));
    const before = await decide(h, ...dozens);
    expect(dozens.map((c) => codeOf(before.get(c.id)))).toEqual(['ACCEPTED', 'ACCEPTED']);
    // 24 covered; each six line alone makes 30, both would make 36.
    const codes = await race(
      r,
      place(r, 'cov', 100n, rou({ type: 'sixLine', numbers: [25, 26, 27, 28, 29, 30] })),
      place(r, 'cov', 100n, rou({ type: 'sixLine', numbers: [31, 32, 33, 34, 35, 36] })),
    );
    expect(codes).toEqual(['ACCEPTED', 'COVERAGE_EXCEEDED']);
  });

  it('never two doubles on one blackjack hand', async () => {
    const r = newRound('blackjack');
    await openRound(h, r, blackjackTable());
    await warmUp(r, (p, i) => place(r, p, 100n, bj(i + 3)));
    await deposit(h, OP, 'dbl', 10_000n);
    const main = place(r, 'dbl', 1_000n, bj(1));
    expect(codeOf((await decide(h, main)).get(main.id))).toBe('ACCEPTED');
    await h.send(closed(r));
    await h.waitFor(isFinalized(r));
    const codes = await race(
      r,
      place(r, 'dbl', 1_000n, bj(1, 'double', 0)),
      place(r, 'dbl', 1_000n, bj(1, 'double', 0)),
    );
    expect(codes).toEqual(['ACCEPTED', 'INVALID_ADDITIONAL_STAKE']);
  });

  it('never a negative balance', async () => {
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    await warmUp(r, (p) => place(r, p, 100n, bac('tie')));
    await deposit(h, OP, 'thin', 1_000n);
    const codes = await race(r, place(r, 'thin', 600n, bac('player')), place(r, 'thin', 600n, bac('player')));
    expect(codes).toEqual(['ACCEPTED', 'INSUFFICIENT_FUNDS']);
    expect(await balanceOf(h, OP, 'thin')).toBe(400n);
  });

  it('never past a daily wager limit', async () => {
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    await warmUp(r, (p) => place(r, p, 100n, bac('tie')));
    await deposit(h, OP, 'rg', 10_000n);
    await h.ds.query(
      `INSERT INTO ledger_gambling_limits (operator_id, player_id, currency, kind, amount)
       VALUES ($1, 'rg', 'EUR', 'daily_wager', 1000)`,
      [OP],
    );
    const opening = place(r, 'rg', 100n, bac('player'));
    expect(codeOf((await decide(h, opening)).get(opening.id))).toBe('ACCEPTED');
    const codes = await race(r, place(r, 'rg', 500n, bac('player')), place(r, 'rg', 500n, bac('player')));
    expect(codes).toEqual(['ACCEPTED', 'WAGER_LIMIT_REACHED']);
  });

  it('a batch decided again (a redelivery to the other instance) changes nothing', async () => {
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    await deposit(h, OP, 'again', 1_000n);
    const bet = place(r, 'again', 300n, bac('banker'));
    const [a, b] = instances;
    expect(await decideOn(a.runner, bet)).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(await decideOn(b.runner, bet)).toMatchObject({ accepted: 0, rejected: 0, duplicates: 1 });
    expect(await balanceOf(h, OP, 'again')).toBe(700n);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });
});
