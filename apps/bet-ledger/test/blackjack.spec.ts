import { Awaiting, RoundState, SeatNumber, startRound, step } from '@casino/blackjack';
import { cardToText, parseCard } from '@casino/cards';
import { BlackjackInput, BlackjackTableConfig, blackjackTableRules } from '@casino/events';
import {
  bj,
  blackjackResult,
  blackjackTable,
  closed,
  isFinalized,
  isSettled,
  newRound,
  OP,
  place,
} from './support/builders';
import { codeOf, decide, openRound } from './support/flow';
import { balanceOf, createHarness, deposit, Harness } from './support/ledger-harness';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('bj');
  await h.startLedger();
});
afterAll(async () => h?.close());

const table = blackjackTable() as BlackjackTableConfig;

/** Plays a round through the engine as a game service would, recording the input log it publishes. */
function playLog(
  seats: { seat: number; playerId: string; stake: bigint }[],
  cards: string[],
  decideFor: (a: Exclude<Awaiting, { kind: 'card' | 'settled' }>) => BlackjackInput,
): BlackjackInput[] {
  let state: RoundState = startRound(
    blackjackTableRules(table),
    seats.map((s) => ({ ...s, seat: s.seat as SeatNumber })),
  );
  const log: BlackjackInput[] = [];
  const queue = [...cards];
  while (state.awaiting.kind !== 'settled') {
    const a = state.awaiting;
    let input: BlackjackInput;
    if (a.kind === 'card') {
      const card = queue.shift();
      if (!card) throw new Error('scenario ran out of cards');
      input = { kind: 'card', card: cardToText(parseCard(card)) };
      state = step(state, { kind: 'card', card: parseCard(card) }).state;
    } else {
      input = decideFor(a);
      state = step(
        state,
        input.kind === 'action' ? { ...input, seat: input.seat as SeatNumber } : (input as never),
      ).state;
    }
    log.push(input);
  }
  return log;
}

describe('blackjack through Kafka and PostgreSQL', () => {
  it('takes main, split and double stakes and settles by replaying the input log', async () => {
    await deposit(h, OP, 'al', 10_000n);
    await deposit(h, OP, 'bo', 10_000n);
    const r = newRound('blackjack');
    await openRound(h, r, table);
    const mainA = place(r, 'al', 1_000n, bj(1));
    const mainB = place(r, 'bo', 1_000n, bj(2));
    const taken = place(r, 'bo', 1_000n, bj(1));
    const early = place(r, 'al', 1_000n, bj(1, 'split', 1));
    const first = await decide(h, mainA, mainB, early);
    expect([mainA, mainB, early].map((c) => codeOf(first.get(c.id)))).toEqual([
      'ACCEPTED',
      'ACCEPTED',
      'ROUND_NOT_IN_PLAY',
    ]);
    expect(codeOf((await decide(h, taken)).get(taken.id))).toBe('SEAT_TAKEN');

    await h.send(closed(r));
    const [finals] = await h.waitFor(isFinalized(r));
    expect(finals.betCount).toBe(2);

    const split = place(r, 'al', 1_000n, bj(1, 'split', 1));
    const wrongSplit = place(r, 'al', 999n, bj(1, 'split', 1));
    const double = place(r, 'bo', 1_000n, bj(2, 'double', 0));
    const stranger = place(r, 'al', 500n, bj(2, 'double', 0));
    const late = place(r, 'al', 1_000n, bj(3));
    // The table has no double after split (the seed's rule): once seat 1 has split, its original hand is a
    // split hand and may not double either.
    const doubleAfterSplit = place(r, 'al', 1_000n, bj(1, 'double', 0));
    const mid = await decide(h, split, double);
    expect([split, double].map((c) => codeOf(mid.get(c.id)))).toEqual(['ACCEPTED', 'ACCEPTED']);
    const bad = await decide(h, wrongSplit, stranger, late, doubleAfterSplit);
    expect([wrongSplit, stranger, late, doubleAfterSplit].map((c) => codeOf(bad.get(c.id)))).toEqual([
      'INVALID_ADDITIONAL_STAKE',
      'NO_MAIN_BET',
      'LATE_BET',
      'INVALID_ADDITIONAL_STAKE',
    ]);
    expect(bad.get(doubleAfterSplit.id)).toMatchObject({ message: expect.stringMatching(/after a split/) });

    const seats = [
      { seat: 1, playerId: 'al', stake: 1_000n },
      { seat: 2, playerId: 'bo', stake: 1_000n },
    ];
    // Seat 1: 8-8 split, both stand; seat 2: 5-6 doubles to 21; dealer 9-7 draws 6 and busts.
    const inputs = playLog(seats, ['8S', '5C', '9C', '8H', '6D', '7D', '2S', 'TD', 'TH', '6S'], (a) => {
      if (a.kind !== 'decision') throw new Error('no insurance expected');
      const action = a.seat === 1 ? (a.options.includes('split') ? 'split' : 'stand') : 'double';
      return { kind: 'action', seat: a.seat, hand: a.hand, action };
    });
    await h.send(blackjackResult(r, seats, inputs));
    const [settled] = await h.waitFor(isSettled(r));
    expect(settled.betCount).toBe(4);
    expect(settled.bets.every((b) => b.returned === 2_000n)).toBe(true);
    expect(await balanceOf(h, OP, 'al')).toBe(10_000n + 2_000n);
    expect(await balanceOf(h, OP, 'bo')).toBe(10_000n + 2_000n);
  });

  it('pays insurance against a dealer blackjack and refunds an unused double', async () => {
    await deposit(h, OP, 'cy', 10_000n);
    await deposit(h, OP, 'di', 10_000n);
    const r = newRound('blackjack');
    await openRound(h, r, table);
    await decide(h, place(r, 'cy', 1_000n, bj(3)), place(r, 'di', 1_000n, bj(4)));
    await h.send(closed(r));
    await h.waitFor(isFinalized(r));
    const ins = place(r, 'cy', 500n, bj(3, 'insurance'));
    const wrongIns = place(r, 'di', 400n, bj(4, 'insurance'));
    const unused = place(r, 'di', 1_000n, bj(4, 'double', 0));
    const d = await decide(h, ins, wrongIns, unused);
    expect([ins, wrongIns, unused].map((c) => codeOf(d.get(c.id)))).toEqual([
      'ACCEPTED',
      'INVALID_ADDITIONAL_STAKE',
      'ACCEPTED',
    ]);
    const seats = [
      { seat: 3, playerId: 'cy', stake: 1_000n },
      { seat: 4, playerId: 'di', stake: 1_000n },
    ];
    // Dealer A up, K in the hole: insurance pays 2:1, both hands lose to the blackjack.
    const inputs = playLog(seats, ['TS', '5C', 'AS', '9H', '6D', 'KD'], (a) => {
      if (a.kind !== 'insurance') throw new Error('the round should end at the peek');
      return { kind: 'insurance', seat: a.seats[0], take: a.seats[0] === 3 };
    });
    // Deliver the remaining insurance decision too (seat 4 declines).
    await h.send(blackjackResult(r, seats, inputs));
    const [settled] = await h.waitFor(isSettled(r));
    const returned = settled.bets.map((b) => b.returned).sort((x, y) => Number(x - y));
    expect(returned).toEqual([0n, 0n, 1_000n, 1_500n]);
    expect(await balanceOf(h, OP, 'cy')).toBe(10_000n);
    expect(await balanceOf(h, OP, 'di')).toBe(9_000n);
  });

  it('disputes a result whose log uses a stake the ledger never accepted', async () => {
    await deposit(h, OP, 'ed', 10_000n);
    const r = newRound('blackjack');
    await openRound(h, r, table);
    await decide(h, place(r, 'ed', 1_000n, bj(5)));
    await h.send(closed(r));
    const seats = [{ seat: 5, playerId: 'ed', stake: 1_000n }];
    const inputs = playLog(seats, ['5S', '9C', '6H', '7D', 'TC', '9S'], (a) => {
      if (a.kind !== 'decision') throw new Error('unexpected');
      return { kind: 'action', seat: 5, hand: a.hand, action: 'double' };
    });
    await h.send(blackjackResult(r, seats, inputs));
    const deadline = Date.now() + 10_000;
    let row: { status: string; problem: string | null } = { status: '', problem: null };
    while (row.status !== 'disputed' && Date.now() < deadline) {
      row = (
        await h.ds.query(`SELECT status, problem FROM ledger_rounds WHERE round_id = $1`, [r.roundId])
      )[0];
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(row.status).toBe('disputed');
    expect(row.problem).toMatch(/RESULT_MISMATCH/);
    expect(await balanceOf(h, OP, 'ed')).toBe(9_000n);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });
});
