import { cardToText, seededRandom } from '@casino/cards';
import { CasinoEvent, makeEvent } from '@casino/events';
import { TableEffect } from '@casino/table-kit/core';
import { ManualClock } from '@casino/test-support';
import { loadBlackjackConfig } from '../config/blackjack-config';
import { BlackjackTableMachine } from './blackjack-table.machine';
import { BlackjackTableInput, BlackjackTableState } from './blackjack-table.state';

const alice = { playerId: 'alice', operatorId: 'op', currency: 'EUR', exp: 9e9 };
const bob = { playerId: 'bob', operatorId: 'op', currency: 'EUR', exp: 9e9 };

function machine(table: object = {}) {
  const config = loadBlackjackConfig({
    PLAYER_TOKEN_SECRET: 'x'.repeat(16),
    DEALER_API_KEY: 'y'.repeat(12),
    TABLES: JSON.stringify([{ id: 't1', timers: { cardMs: 0 }, ...table }]),
  });
  return new BlackjackTableMachine(config.tables[0], seededRandom('unit'), new ManualClock(0));
}

const published = (effects: TableEffect<BlackjackTableInput>[]): CasinoEvent[] =>
  effects.flatMap((e) => (e.kind === 'publish' ? [e.event] : []));

function finalBets(state: BlackjackTableState, seats: { seat: number; playerId: string }[]) {
  return makeEvent('BetsFinalized', {
    tableId: 't1',
    roundId: state.round!.roundId,
    game: 'blackjack',
    currency: 'EUR',
    part: { index: 0, count: 1 },
    bets: seats.map((s, i) => ({
      betId: `b${i}`,
      playerId: s.playerId,
      operatorId: 'op',
      stake: 1000n,
      bet: { game: 'blackjack' as const, seat: s.seat, kind: 'main' as const, hand: 0 },
    })),
    betCount: seats.length,
    totalStaked: 1000n * BigInt(seats.length),
  });
}

describe('blackjack table machine', () => {
  it("lets a main bet up to the table's VIP ceiling through to the ledger, which knows the VIP grants", () => {
    const m = machine({ limits: { main: { min: 100, max: 1_000 } }, vipMax: { main: 5_000 } });
    const { state, effects } = m.initial();
    expect(published(effects)[0]).toMatchObject({
      type: 'RoundOpened',
      table: { limits: { main: { max: 1_000n } }, vipMax: { main: 5_000n } },
    });
    const bet = (seat: number, stake: bigint) =>
      m.step(state, { kind: 'placeBet', player: alice, seat, stake }).reply;
    expect(bet(1, 5_000n)).toMatchObject({ ok: true });
    expect(bet(2, 5_001n)).toMatchObject({ code: 'ABOVE_TABLE_MAX' });
    expect(() => machine({ vipMax: { main: 10 } })).toThrow(/vipMax.main 10 is below the maximum 500000/);
  });

  it('publishes the full rules the ledger replays with, and guards seats', () => {
    const m = machine();
    const { state, effects } = m.initial();
    expect(published(effects)[0]).toMatchObject({
      type: 'RoundOpened',
      table: { game: 'blackjack', decks: 8, peek: 'ace', maxSplitHands: 2, limits: { main: { min: 100n } } },
    });
    const taken = m.step(state, { kind: 'placeBet', player: alice, seat: 3, stake: 1000n });
    expect(taken.reply).toMatchObject({ ok: true });
    expect(m.step(taken.state, { kind: 'placeBet', player: bob, seat: 3, stake: 1000n }).reply).toMatchObject(
      {
        code: 'SEAT_TAKEN',
      },
    );
    expect(m.step(taken.state, { kind: 'placeBet', player: alice, seat: 4, stake: 50n }).reply).toMatchObject(
      {
        code: 'BELOW_TABLE_MIN',
      },
    );
  });

  it('withdraws a main bet through the ledger and frees its seat once cancelled', () => {
    const m = machine();
    const placed = m.step(m.initial().state, { kind: 'placeBet', player: alice, seat: 3, stake: 1000n });
    const ref = (placed.reply as { ref: string }).ref;
    const ids = { tableId: 't1', roundId: placed.state.round!.roundId, game: 'blackjack' as const };
    const player = { playerId: 'alice', operatorId: 'op', currency: 'EUR' };
    expect(m.step(placed.state, { kind: 'cancelBet', player: bob, which: { ref } }).reply).toMatchObject({
      code: 'BET_NOT_FOUND',
    });
    const asked = m.step(placed.state, { kind: 'cancelBet', player: alice, which: { ref } });
    expect(asked.reply).toMatchObject({ ok: true, ref, status: 'cancelling' });
    const command = published(asked.effects)[0];
    expect(command).toMatchObject({ type: 'CancelBet', target: { betCommandId: ref } });
    // Until the ledger answers, the seat is still held.
    expect(m.step(asked.state, { kind: 'placeBet', player: bob, seat: 3, stake: 1000n }).reply).toMatchObject(
      {
        code: 'SEAT_TAKEN',
      },
    );
    const cancelled = m.step(asked.state, {
      kind: 'cancelDecision',
      event: makeEvent('BetCancelled', {
        ...ids,
        ...player,
        commandId: command.id,
        betId: 'b1',
        betCommandId: ref,
        stake: 1000n,
        bet: { game: 'blackjack', seat: 3, kind: 'main', hand: 0 },
        balance: 5000n,
      }),
    });
    expect(cancelled.effects).toContainEqual(
      expect.objectContaining({ kind: 'send', player: 'op:alice', name: 'bet:cancelled' }),
    );
    expect(
      m.step(cancelled.state, { kind: 'placeBet', player: bob, seat: 3, stake: 1000n }).reply,
    ).toMatchObject({
      ok: true,
    });
    const closed = m.step(cancelled.state, { kind: 'timer', timer: 'close' }).state;
    expect(m.step(closed, { kind: 'cancelBet', player: alice, which: { ref } }).reply).toMatchObject({
      code: 'BETTING_CLOSED',
    });
  });

  it('deals only the seats of the final bets and plays a timed-out round to its result', () => {
    const m = machine();
    let state = m.step(m.initial().state, { kind: 'placeBet', player: alice, seat: 2, stake: 1000n }).state;
    state = m.step(state, { kind: 'timer', timer: 'close' }).state;
    state = m.step(state, {
      kind: 'finalBets',
      event: finalBets(state, [{ seat: 2, playerId: 'alice' }]),
    }).state;
    expect(state.round!.seats).toMatchObject([{ seat: 2, playerId: 'alice', operatorId: 'op' }]);
    const events: CasinoEvent[] = [];
    for (let i = 0; i < 40 && state.phase === 'dealing'; i++) {
      const timer = state.round!.engine!.awaiting.kind === 'card' ? 'card' : 'decision';
      const r = m.step(state, { kind: 'timer', timer });
      events.push(...published(r.effects));
      state = r.state;
    }
    expect(state.phase).toBe('result');
    const result = events.find((e) => e.type === 'RoundResult');
    expect(result).toMatchObject({ result: { game: 'blackjack', seats: [{ seat: 2, playerId: 'alice' }] } });
  });

  it("keeps a seat its operator's player's: a namesake of another operator can neither take nor play it", () => {
    const m = machine();
    const otherAlice = { ...alice, operatorId: 'op-b' };
    let state = m.step(m.initial().state, { kind: 'placeBet', player: alice, seat: 2, stake: 1000n }).state;
    const taken = m.step(state, { kind: 'placeBet', player: otherAlice, seat: 2, stake: 1000n });
    expect(taken.reply).toMatchObject({ code: 'SEAT_TAKEN' });
    state = m.step(state, { kind: 'timer', timer: 'close' }).state;
    state = m.step(state, {
      kind: 'finalBets',
      event: finalBets(state, [{ seat: 2, playerId: 'alice' }]),
    }).state;
    for (let i = 0; i < 10 && state.round!.engine!.awaiting.kind === 'card'; i++) {
      state = m.step(state, { kind: 'timer', timer: 'card' }).state;
    }
    const awaiting = state.round!.engine!.awaiting;
    if (awaiting.kind === 'decision') {
      const stand = { kind: 'decide' as const, seat: 2, hand: awaiting.hand, action: 'stand' as const };
      expect(m.step(state, { ...stand, player: otherAlice }).reply).toMatchObject({ code: 'SEAT_NOT_YOURS' });
      expect(m.step(state, { ...stand, player: alice }).reply).toMatchObject({ ok: true, done: 'stand' });
    }
    const view = JSON.stringify(m.step(state, { kind: 'timer', timer: 'card' }).effects);
    expect(view).not.toContain('"playerId"');
  });

  it('picks the cards up dealer first, then the seats right to left: after a result and after a void', () => {
    const m = machine();
    const discards = (state: BlackjackTableState) =>
      state
        .shoe!.shoe!.record()
        .entries.filter((e) => e.kind === 'discarded')
        .map((e) => e.card);
    const dealt = (state: BlackjackTableState) => {
      let next = m.step(state, { kind: 'placeBet', player: alice, seat: 2, stake: 1000n }).state;
      next = m.step(next, { kind: 'placeBet', player: bob, seat: 5, stake: 1000n }).state;
      next = m.step(next, { kind: 'timer', timer: 'close' }).state;
      next = m.step(next, {
        kind: 'finalBets',
        event: finalBets(next, [
          { seat: 2, playerId: 'alice' },
          { seat: 5, playerId: 'bob' },
        ]),
      }).state;
      for (let i = 0; i < 10 && next.round!.engine!.awaiting.kind === 'card'; i++) {
        next = m.step(next, { kind: 'timer', timer: 'card' }).state;
      }
      return next;
    };
    const expected = (state: BlackjackTableState) => {
      const { dealer, seats } = state.round!.engine!;
      const seat = (n: number) => seats.find((s) => s.seat === n)!.hands.flatMap((h) => h.cards);
      return [...dealer.cards, ...seat(5), ...seat(2)].map(cardToText);
    };

    // A round voided after the deal (a misdeal): its cards go to the rack in pick-up order, not deal order.
    const inPlay = dealt(m.initial().state);
    expect(inPlay.round!.engine!.cards).toHaveLength(6);
    const pickUp = expected(inPlay);
    expect(pickUp).not.toEqual(inPlay.round!.engine!.cards.map(cardToText));
    // After the deal a void needs a pit boss's approval (docs/ledger.md#voids-after-betting-closed).
    const refused = m.step(inPlay, { kind: 'dealer', command: { kind: 'void', reason: 'misdeal' } });
    expect(refused.reply).toMatchObject({ ok: false, code: 'VOID_NEEDS_APPROVAL' });
    expect(published(refused.effects)).toEqual([]);
    const approvalId = '0b9a4c1e-5f5d-4c8e-9a7b-2d3f4e5a6b7c';
    const voided = m.step(inPlay, {
      kind: 'dealer',
      command: { kind: 'void', reason: 'misdeal', approvalId },
    });
    expect(published(voided.effects)).toContainEqual(
      expect.objectContaining({ type: 'RoundVoided', reason: 'misdeal', approvalId }),
    );
    expect(discards(voided.state)).toEqual(pickUp);

    // A round played to its result: the same order.
    let state = dealt(m.step(voided.state, { kind: 'timer', timer: 'next' }).state);
    for (let i = 0; i < 60 && state.phase === 'dealing'; i++) {
      const timer = state.round!.engine!.awaiting.kind === 'card' ? 'card' : 'decision';
      state = m.step(state, { kind: 'timer', timer }).state;
    }
    expect(state.phase).toBe('result');
    expect(discards(state).slice(pickUp.length)).toEqual(expected(state));
  });

  it('voids a round without accepted bets, and one the ledger never finalized', () => {
    const m = machine();
    const idle = m.step(m.initial().state, { kind: 'timer', timer: 'close' });
    expect(published(idle.effects).map((e) => e.type)).toEqual(['BettingClosed', 'RoundVoided']);
    const betting = m.step(m.initial().state, {
      kind: 'placeBet',
      player: alice,
      seat: 1,
      stake: 1000n,
    }).state;
    const closed = m.step(betting, { kind: 'timer', timer: 'close' }).state;
    const empty = m.step(closed, { kind: 'finalBets', event: finalBets(closed, []) });
    expect(published(empty.effects)[0]).toMatchObject({ type: 'RoundVoided', reason: 'cancelled' });
    const late = m.step(closed, { kind: 'timer', timer: 'finalBets' });
    expect(published(late.effects)[0]).toMatchObject({ type: 'RoundVoided', reason: 'malfunction' });
  });
});
