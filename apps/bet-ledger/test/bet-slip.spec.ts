import { CasinoEvent, EventOf, foldPlaceBets, RouletteBetSpec } from '@casino/events';
import { isDecisionFor, newRound, OP, place, rou, rouletteTable } from './support/builders';
import { codeOf, decide, openRound, sleep } from './support/flow';
import { balanceOf, createHarness, deposit, Harness } from './support/ledger-harness';

jest.setTimeout(90_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('slip');
  await h.startLedger();
});
afterAll(async () => h?.close());

const straight = (n: number): RouletteBetSpec => ({ type: 'straight', numbers: [n] });
const isSlipAnswer =
  (slipId: string) =>
  (e: CasinoEvent): e is EventOf<'BetsDecided'> =>
    e.type === 'BetsDecided' && e.commandId === slipId;

describe('a bet slip (PlaceBets) through Kafka and PostgreSQL', () => {
  it('decides 40 bets in one pass with a decision per bet, in order, and a redelivery changes nothing', async () => {
    // 38 affordable chips: the 40th finds the balance spent.
    await deposit(h, OP, 'slip', 3_800n);
    const r = newRound('roulette');
    await openRound(h, r, rouletteTable());
    const covering = [
      rou({ type: 'dozen', dozen: 1 }),
      rou({ type: 'dozen', dozen: 2 }),
      ...[25, 26, 27, 28, 29, 30, 31, 32, 33, 34].map((n) => rou(straight(n))),
    ];
    // The 35th number: refused for the coverage restriction (docs/rules/restrictions.md), the others go on.
    const over = rou(straight(0));
    const again = Array.from({ length: 26 }, (_, i) => rou(straight(25 + (i % 10))));
    const broke = rou(straight(30));
    const chips = [...covering, over, ...again, broke].map((spec) => place(r, 'slip', 100n, spec));
    expect(chips).toHaveLength(40);
    const slips = foldPlaceBets(chips);
    expect(slips).toHaveLength(1);
    const [slip] = slips;

    await h.send(slip);
    const [answer] = await h.waitFor(isSlipAnswer(slip.id));
    expect(answer.decisions.map((d) => d.commandId)).toEqual(chips.map((c) => c.id));
    const codes = answer.decisions.map((d) => (d.outcome === 'accepted' ? 'ACCEPTED' : d.code));
    expect(codes).toEqual([
      ...covering.map(() => 'ACCEPTED'),
      'COVERAGE_EXCEEDED',
      ...again.map(() => 'ACCEPTED'),
      'INSUFFICIENT_FUNDS',
    ]);
    const accepted = answer.decisions.filter((d) => d.outcome === 'accepted');
    // Each accepted bet carries the balance after its own debit.
    expect(accepted.map((d) => (d.outcome === 'accepted' ? d.balance : -1n))).toEqual(
      accepted.map((_, i) => 3_800n - 100n * BigInt(i + 1)),
    );
    expect(await balanceOf(h, OP, 'slip')).toBe(0n);
    const betRows = async () =>
      Number(
        (await h.ds.query(`SELECT count(*)::int AS n FROM ledger_bets WHERE round_id = $1`, [r.roundId]))[0]
          .n,
      );
    expect(await betRows()).toBe(38);
    // One transaction: every accepted bet has the same acceptance time.
    const times = await h.ds.query(
      `SELECT count(DISTINCT accepted_at)::int AS n FROM ledger_bets WHERE round_id = $1`,
      [r.roundId],
    );
    expect(times[0].n).toBe(1);
    // One answer: no bet of the slip is answered on its own.
    expect(h.received.filter(isDecisionFor(new Set(chips.map((c) => c.id))))).toEqual([]);
    const processed = await h.ds.query(`SELECT 1 FROM ledger_processed_events WHERE event_id = $1`, [
      slip.id,
    ]);
    expect(processed).toHaveLength(1);

    // The same slip delivered again, then a command of the same player behind it (same partition, in order).
    await h.send(slip);
    const marker = place(r, 'slip', 100n, rou(straight(31)));
    const after = await decide(h, marker);
    expect(codeOf(after.get(marker.id))).toBe('INSUFFICIENT_FUNDS');
    await sleep(200);
    expect(h.received.filter(isSlipAnswer(slip.id))).toHaveLength(1);
    expect(await balanceOf(h, OP, 'slip')).toBe(0n);
    expect(await betRows()).toBe(38);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });

  it('refuses a slip without the player’s session proof, every bet with PLAYER_SESSION_INVALID', async () => {
    await deposit(h, OP, 'nosession', 1_000n);
    const r = newRound('roulette');
    await openRound(h, r, rouletteTable());
    const chips = [1, 2, 3].map((n) => place(r, 'nosession', 100n, rou(straight(n))));
    const [slip] = foldPlaceBets(chips);
    const forged = { ...slip, playerToken: 'not-a-token' };
    await h.send(forged);
    const [answer] = await h.waitFor(isSlipAnswer(slip.id));
    expect(answer.decisions.map((d) => (d.outcome === 'rejected' ? d.code : 'ACCEPTED'))).toEqual([
      'PLAYER_SESSION_INVALID',
      'PLAYER_SESSION_INVALID',
      'PLAYER_SESSION_INVALID',
    ]);
    expect(await balanceOf(h, OP, 'nosession')).toBe(1_000n);
  });
});
