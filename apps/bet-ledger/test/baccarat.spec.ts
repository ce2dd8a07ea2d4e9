import {
  bac,
  baccaratResult,
  baccaratTable,
  closed,
  isFinalized,
  isRefunded,
  isSettled,
  newRound,
  OP,
  place,
  voided,
} from './support/builders';
import { codeOf, decide, openRound, sleep } from './support/flow';
import { balanceOf, createHarness, deposit, Harness } from './support/ledger-harness';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('bac');
  await h.startLedger();
});
afterAll(async () => h?.close());

describe('baccarat through Kafka and PostgreSQL', () => {
  it('accepts, rejects, closes and settles a round with the engine', async () => {
    await deposit(h, OP, 'alice', 10_000n);
    await deposit(h, OP, 'bob', 10_000n);
    await deposit(h, OP, 'poor', 150n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());

    const aPlayer = place(r, 'alice', 1_000n, bac('player'));
    const aBanker = place(r, 'alice', 1_000n, bac('banker'));
    const aNatural = place(r, 'alice', 200n, bac('playerNatural'));
    const bBanker = place(r, 'bob', 500n, bac('banker'));
    const bTie = place(r, 'bob', 100n, bac('tie'));
    const bPair = place(r, 'bob', 100n, bac('playerPair'));
    const bLucky = place(r, 'bob', 100n, bac('luckySix'));
    const bBankerNat = place(r, 'bob', 100n, bac('bankerNatural'));
    const bPairB = place(r, 'bob', 100n, bac('bankerPair'));
    const small = place(r, 'bob', 50n, bac('tie'));
    const poor = place(r, 'poor', 200n, bac('player'));
    const nobody = place(r, 'ghost', 200n, bac('player'));
    const decisions = await decide(
      h,
      aPlayer,
      aBanker,
      aNatural,
      bBanker,
      bTie,
      bPair,
      bLucky,
      bBankerNat,
      bPairB,
      small,
      poor,
      nobody,
    );
    expect(codeOf(decisions.get(aPlayer.id))).toBe('ACCEPTED');
    expect(codeOf(decisions.get(aBanker.id))).toBe('OPPOSING_BETS');
    expect(codeOf(decisions.get(aNatural.id))).toBe('ACCEPTED');
    for (const c of [bBanker, bTie, bPair, bLucky, bBankerNat, bPairB])
      expect(codeOf(decisions.get(c.id))).toBe('ACCEPTED');
    expect(codeOf(decisions.get(small.id))).toBe('BELOW_TABLE_MIN');
    expect(codeOf(decisions.get(poor.id))).toBe('INSUFFICIENT_FUNDS');
    expect(codeOf(decisions.get(nobody.id))).toBe('WALLET_UNKNOWN');
    expect(await balanceOf(h, OP, 'alice')).toBe(10_000n - 1_200n);

    await h.send(closed(r));
    const [finals] = await h.waitFor(isFinalized(r));
    expect(finals.betCount).toBe(8);
    expect(finals.totalStaked).toBe(1_200n + 1_000n);
    const late = place(r, 'alice', 100n, bac('tie'));
    expect(codeOf((await decide(h, late)).get(late.id))).toBe('LATE_BET');

    // P: 9S KH = 9 (natural), B: 3C 4D = 7 → Player wins; no pairs; Banker 7, no Lucky Six.
    const result = baccaratResult(r, ['9S', '3C', 'KH', '4D']);
    await h.send(result);
    const [settled] = await h.waitFor(isSettled(r));
    const byBet = new Map(settled.bets.map((b) => [b.betId, b] as const));
    const returned = (cmd: { id: string }) => {
      const d = decisions.get(cmd.id)!;
      return d.type === 'BetAccepted' ? byBet.get(d.betId)?.returned : undefined;
    };
    expect(returned(aPlayer)).toBe(2_000n);
    expect(returned(aNatural)).toBe(200n + 700n);
    expect(returned(bBanker)).toBe(0n);
    expect(returned(bTie)).toBe(0n);
    expect(settled.betCount).toBe(8);
    expect(await balanceOf(h, OP, 'alice')).toBe(10_000n - 1_200n + 2_900n);
    expect(await balanceOf(h, OP, 'bob')).toBe(10_000n - 1_000n);

    // The same result again (redelivered) and a re-published result (new id) settle nothing twice.
    await h.send(result, baccaratResult(r, ['9S', '3C', 'KH', '4D']));
    await sleep(1_000);
    expect(h.received.filter(isSettled(r))).toHaveLength(1);
    expect(await balanceOf(h, OP, 'alice')).toBe(10_000n - 1_200n + 2_900n);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });

  it('rejects a bet that takes the table over its maximum Player−Banker difference', async () => {
    await deposit(h, OP, 'carol', 10_000n);
    await deposit(h, OP, 'dave', 10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable({ maxDifference: 1_000n, tableMax: { tie: 300n } }));
    const c1 = place(r, 'carol', 1_000n, bac('player'));
    const d1 = place(r, 'dave', 100n, bac('player'));
    const d2 = place(r, 'dave', 600n, bac('banker'));
    const d3 = place(r, 'dave', 200n, bac('tie'));
    const c2 = place(r, 'carol', 200n, bac('tie'));
    // Different players' commands ride different partitions: send the first one alone so the order is known.
    const decisions = new Map([
      ...(await decide(h, c1)),
      ...(await decide(h, d1, d2, d3)),
      ...(await decide(h, c2)),
    ]);
    expect([c1, d1, d2, d3, c2].map((c) => codeOf(decisions.get(c.id)))).toEqual([
      'ACCEPTED',
      'MAX_DIFFERENCE_EXCEEDED',
      'ACCEPTED',
      'ACCEPTED',
      'TABLE_TOTAL_EXCEEDED',
    ]);
  });

  it('pays Banker on six, Lucky Six and Banker Pair from the cards (no-commission table too)', async () => {
    await deposit(h, OP, 'fay', 10_000n);
    await deposit(h, OP, 'gus', 10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable({ payTable: 'no-commission' }));
    const f = [
      place(r, 'fay', 1_000n, bac('banker')),
      place(r, 'fay', 100n, bac('luckySix')),
      place(r, 'fay', 100n, bac('bankerPair')),
      place(r, 'fay', 100n, bac('playerPair')),
      place(r, 'fay', 100n, bac('bankerNatural')),
    ];
    const g = [place(r, 'gus', 100n, bac('player')), place(r, 'gus', 100n, bac('tie'))];
    const decisions = await decide(h, ...f, ...g);
    expect([...f, ...g].every((c) => codeOf(decisions.get(c.id)) === 'ACCEPTED')).toBe(true);
    // P 2S 3H = 5 draws 5C → 0; B 3C 3D = 6 stands on P3 = 5: Banker wins with 6 on two cards, Banker pair.
    await h.send(closed(r), baccaratResult(r, ['2S', '3C', '3H', '3D', '5C']));
    const [settled] = await h.waitFor(isSettled(r));
    expect(settled.totalReturned).toBe(1_500n + 1_300n + 1_200n);
    expect(await balanceOf(h, OP, 'fay')).toBe(10_000n - 1_400n + 4_000n);
    expect(await balanceOf(h, OP, 'gus')).toBe(10_000n - 200n);
  });

  it('refunds every stake of a voided round, once', async () => {
    await deposit(h, OP, 'hal', 5_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const cmds = [place(r, 'hal', 1_000n, bac('player')), place(r, 'hal', 500n, bac('tie'))];
    await decide(h, ...cmds);
    expect(await balanceOf(h, OP, 'hal')).toBe(3_500n);
    const v = voided(r);
    await h.send(v, v, voided(r));
    const [refund] = await h.waitFor(isRefunded(r));
    expect(refund.totalRefunded).toBe(1_500n);
    await sleep(500);
    expect(h.received.filter(isRefunded(r))).toHaveLength(1);
    expect(await balanceOf(h, OP, 'hal')).toBe(5_000n);
    // A result after the void pays nothing.
    await h.send(baccaratResult(r, ['9S', '3C', 'KH', '4D']));
    await sleep(500);
    expect(h.received.filter(isSettled(r))).toHaveLength(0);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });

  it('takes a duplicated command once', async () => {
    await deposit(h, OP, 'erin', 1_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const cmd = place(r, 'erin', 300n, bac('banker'));
    await h.send(cmd, cmd);
    await decide(h, cmd);
    await sleep(800);
    expect(
      h.received.filter(
        (e) => (e.type === 'BetAccepted' || e.type === 'BetRejected') && e.commandId === cmd.id,
      ),
    ).toHaveLength(1);
    expect(await balanceOf(h, OP, 'erin')).toBe(700n);
    const rows = await h.ds.query(`SELECT count(*)::int AS n FROM ledger_bets WHERE command_id = $1`, [
      cmd.id,
    ]);
    expect(rows[0].n).toBe(1);
  });
});
