import { seededRandom } from '@casino/cards';
import { CasinoEvent } from '@casino/events';
import { TableEffect } from '@casino/table-kit/core';
import { ManualClock } from '@casino/test-support';
import { loadBaccaratConfig } from '../config/baccarat-config';
import { BaccaratTableMachine } from './baccarat-table.machine';
import { BaccaratInput, BaccaratTableState } from './baccarat-table.state';

const player = { playerId: 'p1', operatorId: 'op', currency: 'EUR', exp: 9e9 };

function machine(table: object) {
  const config = loadBaccaratConfig({
    PLAYER_TOKEN_SECRET: 'x'.repeat(16),
    DEALER_API_KEY: 'y'.repeat(12),
    TABLES: JSON.stringify([{ id: 't1', variant: 'commission', ...table }]),
  });
  return new BaccaratTableMachine(config.tables[0], seededRandom('unit'), new ManualClock(1_000_000));
}

const published = (effects: TableEffect<BaccaratInput>[]): CasinoEvent[] =>
  effects.flatMap((e) => (e.kind === 'publish' ? [e.event] : []));

describe('baccarat table machine', () => {
  it('opens the first round after the burn, with the shoe commitment and the table settings', () => {
    const m = machine({});
    const { state, effects } = m.initial();
    expect(state.phase).toBe('betting');
    expect(state.shoe?.burn).toBeDefined();
    const [opened] = published(effects);
    expect(opened).toMatchObject({
      type: 'RoundOpened',
      game: 'baccarat',
      shoe: { shoeId: state.shoe!.shoeId, hash: state.shoe!.commitment!.hash },
      table: { payTable: 'commission', roundInShoe: 1, tableMax: { tie: 100_000n } },
    });
  });

  it('rejects side bets after their cut-off and any bet outside the window', () => {
    const m = machine({});
    let state: BaccaratTableState = m.initial().state;
    state = { ...state, round: { ...state.round!, number: 61 } };
    expect(m.step(state, { kind: 'placeBet', player, type: 'playerPair', stake: 500n }).reply).toMatchObject({
      code: 'SIDE_BET_CUTOFF',
    });
    expect(m.step(state, { kind: 'placeBet', player, type: 'tie', stake: 500n }).reply).toMatchObject({
      ok: true,
    });
    const closed = m.step(state, { kind: 'timer', timer: 'close' });
    expect(published(closed.effects)[0]).toMatchObject({ type: 'BettingClosed' });
    expect(m.step(closed.state, { kind: 'placeBet', player, type: 'tie', stake: 500n }).reply).toMatchObject({
      code: 'BETTING_CLOSED',
    });
  });

  it("lets a stake up to a bet type's VIP ceiling through to the ledger, which knows the VIP grants", () => {
    const m = machine({ limits: { player: { min: 100, max: 1_000 } }, vipMax: { player: 5_000 } });
    const { state, effects } = m.initial();
    expect(published(effects)[0]).toMatchObject({
      type: 'RoundOpened',
      table: { limits: { player: { max: 1_000n } }, vipMax: { player: 5_000n } },
    });
    const bet = (type: string, stake: bigint) =>
      m.step(state, { kind: 'placeBet', player, type, stake }).reply;
    expect(bet('player', 5_000n)).toMatchObject({ ok: true });
    expect(bet('player', 5_001n)).toMatchObject({ code: 'ABOVE_TABLE_MAX' });
    // A type without a ceiling: the table's maximum, as before (Banker 10,000.00 by default).
    expect(bet('banker', 1_000_001n)).toMatchObject({ code: 'ABOVE_TABLE_MAX' });
    expect(() => machine({ vipMax: { tie: 1 } })).toThrow(/vipMax.tie 1 is below the maximum/);
    expect(() => machine({ variant: 'rng', vipMax: { player: 10_000_000 } })).toThrow(/RNG table has no VIP/);
  });

  it('deals a round card by card to its result and plays a requested no-bet round without ledger events', () => {
    const m = machine({ timers: { bettingMs: 10, cardMs: 0, resultMs: 0 } });
    let state = m.step(m.initial().state, { kind: 'timer', timer: 'close' }).state;
    const events: CasinoEvent[] = [];
    for (let i = 0; i < 6 && state.phase === 'dealing'; i++) {
      const r = m.step(state, { kind: 'timer', timer: 'card' });
      events.push(...published(r.effects));
      state = r.state;
    }
    expect(state.phase).toBe('result');
    expect(events.at(-1)).toMatchObject({ type: 'RoundResult', result: { game: 'baccarat' } });
    state = m.step(state, { kind: 'dealer', command: { kind: 'noBetRound' } }).state;
    const next = m.step(state, { kind: 'timer', timer: 'next' });
    expect(next.state.round).toMatchObject({ noBet: true, number: 2 });
    expect(published(next.effects)).toEqual([]);
  });

  it('after a restart voids a round that had not started and reuses its number', () => {
    const m = machine({});
    const { state } = m.initial();
    const resumed = m.resume(state);
    const [voided, reopened] = published(resumed.effects);
    expect(voided).toMatchObject({
      type: 'RoundVoided',
      reason: 'not-started',
      roundId: state.round!.roundId,
    });
    expect(reopened).toBeUndefined();
    const next = m.step(resumed.state, { kind: 'timer', timer: 'next' });
    expect(next.state.round?.number).toBe(1);
  });
});
