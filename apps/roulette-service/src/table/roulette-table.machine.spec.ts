import { seededRandom } from '@casino/cards';
import { CasinoEvent } from '@casino/events';
import { TableEffect } from '@casino/table-kit/core';
import { ManualClock } from '@casino/test-support';
import { loadRouletteConfig } from '../config/roulette-config';
import { RouletteTableMachine } from './roulette-table.machine';
import { RouletteInput } from './roulette-table.state';

const player = { playerId: 'p1', operatorId: 'op', currency: 'EUR', exp: 9e9 };

function machine(table: object) {
  const config = loadRouletteConfig({
    PLAYER_TOKEN_SECRET: 'x'.repeat(16),
    DEALER_API_KEY: 'y'.repeat(12),
    TABLES: JSON.stringify([{ id: 't1', ...table }]),
  });
  return new RouletteTableMachine(config.tables[0], seededRandom('unit'), new ManualClock(0));
}

const published = (effects: TableEffect<RouletteInput>[]): CasinoEvent[] =>
  effects.flatMap((e) => (e.kind === 'publish' ? [e.event] : []));

describe('roulette table machine', () => {
  it('stays closed until the wheel is declared ready', () => {
    const m = machine({ dealer: 'studio' });
    const { state, effects } = m.initial();
    expect(state.phase).toBe('closed');
    expect(published(effects)).toEqual([]);
    const ready = m.step(state, { kind: 'dealer', command: { kind: 'wheelReady', declaredBy: 'pit' } });
    expect(ready.state.phase).toBe('betting');
    expect(published(ready.effects)[0]).toMatchObject({ type: 'RoundOpened', table: { game: 'roulette' } });
  });

  it('expands an announced bet into one command per basic bet and checks shapes and limits', () => {
    const m = machine({});
    const { state } = m.initial();
    const orphelins = m.step(state, {
      kind: 'placeBet',
      player,
      bet: { kind: 'announced', announced: { type: 'orphelins' }, unitStake: 100n },
    });
    expect(published(orphelins.effects).map((e) => e.type)).toEqual(Array(5).fill('PlaceBet'));
    const corner = m.step(state, {
      kind: 'placeBet',
      player,
      bet: { kind: 'basic', spec: { type: 'corner', numbers: [1, 2, 4, 5] }, stake: 100n },
    });
    expect(corner.reply).toMatchObject({ ok: true });
    const badCorner = m.step(state, {
      kind: 'placeBet',
      player,
      bet: { kind: 'basic', spec: { type: 'corner', numbers: [1, 2, 3, 4] }, stake: 100n },
    });
    expect(badCorner.reply).toMatchObject({ ok: false, code: 'INVALID_BET' });
    const tooBig = m.step(state, {
      kind: 'placeBet',
      player,
      bet: { kind: 'basic', spec: { type: 'red' }, stake: 10n ** 9n },
    });
    expect(tooBig.reply).toMatchObject({ ok: false, code: 'ABOVE_TABLE_MAX' });
  });

  it("lets a stake up to a bet type's VIP ceiling through to the ledger, which knows the VIP grants", () => {
    const m = machine({ limits: { straight: { min: 100, max: 10_000 } }, vipMax: { straight: 50_000 } });
    const { state, effects } = m.initial();
    expect(published(effects)[0]).toMatchObject({
      type: 'RoundOpened',
      table: { limits: { straight: { max: 10_000n } }, vipMax: { straight: 50_000n } },
    });
    const bet = (type: 'straight' | 'split', numbers: number[], stake: bigint) =>
      m.step(state, { kind: 'placeBet', player, bet: { kind: 'basic', spec: { type, numbers }, stake } })
        .reply;
    expect(bet('straight', [17], 50_000n)).toMatchObject({ ok: true });
    expect(bet('straight', [17], 50_001n)).toMatchObject({ ok: false, code: 'ABOVE_TABLE_MAX' });
    // A type without a ceiling: the table's maximum, as before.
    expect(bet('split', [17, 20], 20_001n)).toMatchObject({ ok: false, code: 'ABOVE_TABLE_MAX' });
    // The ceiling only lifts a maximum.
    expect(() => machine({ vipMax: { red: 100 } })).toThrow(/vipMax.red 100 is below the maximum 180000/);
  });

  it('repeats a no-spin and publishes only a valid spin', () => {
    const m = machine({ dealer: 'studio', readyAtBoot: true });
    let state = m.step(m.initial().state, { kind: 'timer', timer: 'close' }).state;
    const noSpin = m.step(state, { kind: 'dealer', command: { kind: 'pocket', pocket: 3, revolutions: 1 } });
    expect(published(noSpin.effects)).toEqual([]);
    state = noSpin.state;
    expect(state.phase).toBe('spinning');
    // The studio's signature of the result goes to the ledger as it came (docs/kafka-security.md#signed-live-results).
    const valid = m.step(state, {
      kind: 'dealer',
      command: { kind: 'pocket', pocket: 3, revolutions: 4, signature: 'c2lnbmVk' },
    });
    expect(published(valid.effects)[0]).toMatchObject({
      type: 'RoundResult',
      result: { pocket: 3, revolutions: 4 },
      attestation: { signature: 'c2lnbmVk' },
    });
  });

  it("voids a spin after betting closed only with a pit boss's approval id (docs/ledger.md#voids-after-betting-closed)", () => {
    const m = machine({ dealer: 'studio', readyAtBoot: true });
    const betting = m.initial().state;
    expect(m.step(betting, { kind: 'dealer', command: { kind: 'void', reason: 'cancelled' } }).reply).toEqual(
      {
        ok: true,
        done: 'void',
      },
    );
    const spinning = m.step(betting, { kind: 'timer', timer: 'close' }).state;
    expect(spinning.phase).toBe('spinning');
    const refused = m.step(spinning, { kind: 'dealer', command: { kind: 'void', reason: 'malfunction' } });
    expect(refused.reply).toMatchObject({ ok: false, code: 'VOID_NEEDS_APPROVAL' });
    expect(published(refused.effects)).toEqual([]);
    const approvalId = '0b9a4c1e-5f5d-4c8e-9a7b-2d3f4e5a6b7c';
    const voided = m.step(spinning, {
      kind: 'dealer',
      command: { kind: 'void', reason: 'malfunction', approvalId },
    });
    expect(published(voided.effects)).toEqual([
      expect.objectContaining({ type: 'RoundVoided', reason: 'malfunction', approvalId }),
    ]);
  });

  it('after a restart completes a launched spin with the spin drawn at launch', () => {
    const m = machine({ timers: { spinMs: 5000 } });
    const launched = m.step(m.initial().state, { kind: 'timer', timer: 'close' }).state;
    const spin = launched.round!.spin!;
    const resumed = m.resume(launched);
    expect(published(resumed.effects)).toEqual([]);
    const done = m.step(resumed.state, { kind: 'timer', timer: 'spin' });
    expect(published(done.effects)[0]).toMatchObject({
      type: 'RoundResult',
      result: { pocket: spin.pocket },
    });
  });

  it('after a restart past "no more bets" never voids: an unlaunched ball is launched, a studio wheel waits for its dealer', () => {
    const auto = machine({ timers: { spinMs: 5000 } });
    const closed = auto.step(auto.initial().state, { kind: 'timer', timer: 'close' }).state;
    const unlaunched = { ...closed, round: { ...closed.round!, launchedAt: undefined, spin: undefined } };
    const resumed = auto.resume(unlaunched);
    expect(published(resumed.effects)).toEqual([]);
    expect(resumed.state.round?.spin).toBeDefined();
    const done = auto.step(resumed.state, { kind: 'timer', timer: 'spin' });
    expect(published(done.effects)[0]).toMatchObject({ type: 'RoundResult' });

    const studio = machine({ dealer: 'studio', readyAtBoot: true });
    const waiting = studio.step(studio.initial().state, { kind: 'timer', timer: 'close' }).state;
    const back = studio.resume(waiting);
    expect(published(back.effects)).toEqual([]);
    expect(back.state).toEqual(waiting);
    const launched = studio.step(back.state, { kind: 'dealer', command: { kind: 'launch' } });
    expect(launched.reply).toEqual({ ok: true, done: 'launch' });
  });
});
