import { CasinoEvent, EventOf } from '@casino/events';
import {
  bac,
  baccaratResult,
  baccaratTable,
  bj,
  blackjackTable,
  cancel,
  closed,
  isFinalized,
  isSettled,
  newRound,
  OP,
  place,
  RoundRef,
} from './support/builders';
import { cancelCodeOf, codeOf, decide, decideCancels, openRound, sleep } from './support/flow';
import { backOffice, balanceOf, createHarness, deposit, Harness } from './support/ledger-harness';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('cancel');
  await h.startLedger();
});
afterAll(async () => h?.close());

/** Places one bet that must be accepted; returns its BetAccepted. */
async function accepted(cmd: EventOf<'PlaceBet'>): Promise<EventOf<'BetAccepted'>> {
  const d = (await decide(h, cmd)).get(cmd.id);
  if (d?.type !== 'BetAccepted') throw new Error(`expected BetAccepted, got ${codeOf(d)}`);
  return d;
}

const refundsOf = (r: RoundRef, playerId: string) => (e: CasinoEvent) =>
  e.type === 'BalanceChanged' && e.reason === 'refund' && e.roundId === r.roundId && e.playerId === playerId;

describe('cancelling a bet while betting is open', () => {
  it('refunds the stake, frees the restriction (Player after Banker) and leaves the bet out of the round', async () => {
    await deposit(h, OP, 'ann', 10_000n);
    await deposit(h, OP, 'abe', 10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable({ maxDifference: 1_000n }));
    const banker = await accepted(place(r, 'ann', 1_000n, bac('banker')));
    expect(await balanceOf(h, OP, 'ann')).toBe(9_000n);

    const blocked = place(r, 'ann', 500n, bac('player'));
    expect(codeOf((await decide(h, blocked)).get(blocked.id))).toBe('OPPOSING_BETS');

    const c = cancel(r, 'ann', { betId: banker.betId });
    const d = (await decideCancels(h, c)).get(c.id)!;
    expect(cancelCodeOf(d)).toBe('CANCELLED');
    expect(d).toMatchObject({
      betId: banker.betId,
      betCommandId: banker.commandId,
      stake: 1_000n,
      balance: 10_000n,
    });
    expect(await balanceOf(h, OP, 'ann')).toBe(10_000n);
    const [credit] = await h.waitFor((e): e is EventOf<'BalanceChanged'> => refundsOf(r, 'ann')(e));
    expect(credit).toMatchObject({ delta: 1_000n, balance: 10_000n });

    // The opposite side is now allowed, and the table difference no longer counts the cancelled Banker.
    const player = await accepted(place(r, 'ann', 1_000n, bac('player')));
    // Placed and cancelled (by its command id, the ref a service holds) in one batch.
    const tie = place(r, 'ann', 200n, bac('tie'));
    const tieCancel = cancel(r, 'ann', { betCommandId: tie.id });
    await h.send(tie, tieCancel);
    expect(cancelCodeOf(await waitCancel(tieCancel.id))).toBe('CANCELLED');
    expect(await balanceOf(h, OP, 'ann')).toBe(9_000n);
    // Table difference: Player 1000, Banker 0 (cancelled) — 100 more on Player would make it 1100.
    const over = place(r, 'abe', 100n, bac('player'));
    expect(codeOf((await decide(h, over)).get(over.id))).toBe('MAX_DIFFERENCE_EXCEEDED');

    await h.send(closed(r));
    const [finals] = await h.waitFor(isFinalized(r));
    expect(finals.bets.map((b) => b.betId)).toEqual([player.betId]);
    expect(finals.totalStaked).toBe(1_000n);

    const late = cancel(r, 'ann', { betId: player.betId });
    expect(cancelCodeOf((await decideCancels(h, late)).get(late.id))).toBe('LATE_CANCEL');

    // P 9S KH = 9, B 3C 4D = 7: Player wins 1:1.
    await h.send(baccaratResult(r, ['9S', '3C', 'KH', '4D']));
    const [settled] = await h.waitFor(isSettled(r));
    expect(settled.bets.map((b) => b.betId)).toEqual([player.betId]);
    expect(await balanceOf(h, OP, 'ann')).toBe(9_000n + 2_000n);

    const res = await fetch(h.url(`/tables/${r.tableId}/rounds/${r.roundId}`), { headers: backOffice(h) });
    const view = (await res.json()) as { betCount: number; bets: { betId: string; status: string }[] };
    const status = new Map(view.bets.map((b) => [b.betId, b.status]));
    expect(status.get(banker.betId)).toBe('cancelled');
    expect(status.get(player.betId)).toBe('settled');
    expect(view.betCount).toBe(1);
    expect((await h.checks()).filter((x) => !x.ok)).toEqual([]);
  });

  it('refunds a duplicated cancel once and refuses a second cancel, a stranger and an unknown bet', async () => {
    await deposit(h, OP, 'ben', 5_000n);
    await deposit(h, OP, 'cy', 5_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const bet = await accepted(place(r, 'ben', 1_000n, bac('player')));

    const stranger = cancel(r, 'cy', { betId: bet.betId });
    const unknown = cancel(r, 'ben', { betId: 'no-such-bet' });
    const rejected = await decideCancels(h, stranger, unknown);
    expect(cancelCodeOf(rejected.get(stranger.id))).toBe('NOT_YOUR_BET');
    expect(cancelCodeOf(rejected.get(unknown.id))).toBe('BET_UNKNOWN');
    expect(await balanceOf(h, OP, 'cy')).toBe(5_000n);

    const c = cancel(r, 'ben', { betId: bet.betId });
    await h.send(c, c);
    await decideCancels(h, c);
    const again = cancel(r, 'ben', { betCommandId: bet.commandId });
    expect(cancelCodeOf((await decideCancels(h, again)).get(again.id))).toBe('ALREADY_CANCELLED');
    await sleep(800);
    expect(h.received.filter((e) => e.type === 'BetCancelled' && e.commandId === c.id)).toHaveLength(1);
    expect(h.received.filter(refundsOf(r, 'ben'))).toHaveLength(1);
    expect(await balanceOf(h, OP, 'ben')).toBe(5_000n);
    const entries = await h.ds.query(
      `SELECT count(*)::int AS n FROM wallet_entries WHERE idempotency_key = $1`,
      [`cancel:${c.id}`],
    );
    expect(entries[0].n).toBe(1);

    // The round settles without the cancelled bet.
    await h.send(closed(r), baccaratResult(r, ['9S', '3C', 'KH', '4D']));
    const [settled] = await h.waitFor(isSettled(r));
    expect(settled.betCount).toBe(0);
    expect(await balanceOf(h, OP, 'ben')).toBe(5_000n);
    expect((await h.checks()).filter((x) => !x.ok)).toEqual([]);
  });

  it('frees a blackjack seat when its main bet is cancelled; mid-round stakes cannot be cancelled', async () => {
    await deposit(h, OP, 'dee', 5_000n);
    await deposit(h, OP, 'eve', 5_000n);
    const r = newRound('blackjack');
    await openRound(h, r, blackjackTable());
    const main = await accepted(place(r, 'dee', 1_000n, bj(1)));
    const taken = place(r, 'eve', 1_000n, bj(1));
    expect(codeOf((await decide(h, taken)).get(taken.id))).toBe('SEAT_TAKEN');
    const c = cancel(r, 'dee', { betId: main.betId });
    expect(cancelCodeOf((await decideCancels(h, c)).get(c.id))).toBe('CANCELLED');
    const eveMain = await accepted(place(r, 'eve', 1_000n, bj(1)));
    await h.send(closed(r));
    const [finals] = await h.waitFor(isFinalized(r));
    expect(finals.bets.map((b) => b.betId)).toEqual([eveMain.betId]);

    const insurance = await accepted(place(r, 'eve', 500n, bj(1, 'insurance')));
    const c2 = cancel(r, 'eve', { betId: insurance.betId });
    expect(cancelCodeOf((await decideCancels(h, c2)).get(c2.id))).toBe('NOT_CANCELLABLE');
    expect(await balanceOf(h, OP, 'dee')).toBe(5_000n);
    expect((await h.checks()).filter((x) => !x.ok)).toEqual([]);
  });
});

async function waitCancel(id: string) {
  const [d] = await h.waitFor(
    (e): e is EventOf<'BetCancelled'> | EventOf<'BetCancelRejected'> =>
      (e.type === 'BetCancelled' || e.type === 'BetCancelRejected') && e.commandId === id,
  );
  return d;
}
