import { outcomeFromCards, verifyFairRound } from '@casino/baccarat';
import { parseCards, seededRandom, serverSeedHash } from '@casino/cards';
import { CasinoEvent, makeEvent, PlaceBetEvent } from '@casino/events';
import { MemoryStateStore, playerKey, TableEffect, TableHost } from '@casino/table-kit/core';
import { ConfigError } from '@casino/table-kit/config';
import { ManualClock } from '@casino/test-support';
import { loadBaccaratConfig } from '../config/baccarat-config';
import { RngSessionsMachine } from './rng-sessions.machine';
import { RngInput, RngReply, RngTableState } from './rng-sessions.state';

const player = { playerId: 'p1', operatorId: 'op', currency: 'EUR', exp: 9e9 };
const P1 = playerKey(player);
const START = 1_000_000;

function setup(env: Record<string, string> = {}, clock = new ManualClock(START)) {
  const config = loadBaccaratConfig({
    PLAYER_TOKEN_SECRET: 'x'.repeat(16),
    DEALER_API_KEY: 'y'.repeat(12),
    TABLES: wire([{ id: 'rng', variant: 'rng' }]),
    ...env,
  });
  const machine = new RngSessionsMachine(config.tables[0], seededRandom('rng-unit'), clock, config);
  return { config, clock, machine };
}

type Session = { fairness: { serverSeedHash: string; clientSeed: string; nonce: number; scheme: string } };
const sessionOf = (reply: RngReply | undefined) => (reply as { session: Session }).session;
/** Everything as text, the way it would leave the service (bigints as decimal strings). */
const wire = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
const published = (effects: TableEffect<RngInput>[]): CasinoEvent[] =>
  effects.flatMap((e) => (e.kind === 'publish' ? [e.event] : []));
const sent = (effects: TableEffect<RngInput>[], name?: string) =>
  effects.flatMap((e) =>
    e.kind === 'send' && (name === undefined || e.name === name)
      ? [e.payload as Record<string, unknown>]
      : [],
  );

/** The ledger's decision on a PlaceBet the machine published. */
function decide(command: PlaceBetEvent, accept: boolean) {
  const ids = {
    tableId: command.tableId,
    roundId: command.roundId,
    game: command.game,
    playerId: command.playerId,
    operatorId: command.operatorId,
    currency: command.currency,
    commandId: command.id,
    stake: command.stake,
    bet: command.bet,
  };
  const event = accept
    ? makeEvent('BetAccepted', { ...ids, betId: `bet-${command.id}`, balance: 10_000n })
    : makeEvent('BetRejected', { ...ids, code: 'INSUFFICIENT_FUNDS', message: 'no money' });
  return { kind: 'decision' as const, event };
}

/** Join, one chip on Player, DEAL: the state with the round waiting for the ledger, and its PlaceBet. */
function joinAndDeal(machine: RngSessionsMachine, clientSeed?: string) {
  let state = machine.initial().state;
  const joined = machine.step(state, { kind: 'rngJoin', player });
  state = joined.state;
  if (clientSeed) state = machine.step(state, { kind: 'rngClientSeed', key: P1, clientSeed }).state;
  state = machine.step(state, { kind: 'rngStake', player, type: 'player', stake: 500n }).state;
  const dealt = machine.step(state, { kind: 'rngDeal', key: P1 });
  const command = published(dealt.effects).find((e) => e.type === 'PlaceBet') as PlaceBetEvent;
  return { joined, state: dealt.state, command, dealt };
}

describe('RNG sessions machine: provably fair rounds', () => {
  it('gives the commitment (never the server seed) before any bet, with a default client seed and nonce 1', () => {
    const { machine } = setup();
    const joined = machine.step(machine.initial().state, { kind: 'rngJoin', player });
    const { fairness } = sessionOf(joined.reply);
    expect(fairness).toEqual({
      scheme: 'hmac-sha256-fisher-yates/v1',
      serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      clientSeed: expect.stringMatching(/^[0-9a-f]{16}$/),
      nonce: 1,
    });
    const secret = joined.state.sessions[P1].fair.serverSeed;
    expect(serverSeedHash(secret)).toBe(fairness.serverSeedHash);
    expect(wire(joined.reply)).not.toContain(secret);
    expect(wire(joined.effects)).not.toContain(secret);
  });

  it('accepts a client seed before DEAL, refuses a malformed one, and refuses any during the deal', () => {
    const { machine } = setup();
    let state = machine.step(machine.initial().state, { kind: 'rngJoin', player }).state;
    const hash = state.sessions[P1].fair.serverSeedHash;
    const set = machine.step(state, { kind: 'rngClientSeed', key: P1, clientSeed: 'my-lucky.seed_7' });
    expect(sessionOf(set.reply).fairness).toMatchObject({
      clientSeed: 'my-lucky.seed_7',
      serverSeedHash: hash,
    });
    state = set.state;
    expect(machine.step(state, { kind: 'rngClientSeed', key: P1, clientSeed: 'a:b' }).reply).toMatchObject({
      ok: false,
      code: 'INVALID_MESSAGE',
    });
    expect(
      machine.step(state, { kind: 'rngClientSeed', key: 'nobody', clientSeed: 'abc' }).reply,
    ).toMatchObject({ ok: false, code: 'NOT_JOINED' });

    const { state: dealing } = joinAndDeal(machine, 'my-lucky.seed_7');
    const during = machine.step(dealing, { kind: 'rngClientSeed', key: P1, clientSeed: 'changed' });
    expect(during.reply).toMatchObject({ ok: false, code: 'SESSION_BUSY' });
    expect(during.state.sessions[P1].fair.clientSeed).toBe('my-lucky.seed_7');
  });

  it('deals the shoe the seeds derive, reveals the server seed with the result, then commits to the next', () => {
    const { machine } = setup();
    const { joined, state, command } = joinAndDeal(machine, 'my-seed');
    const committed = sessionOf(joined.reply).fairness.serverSeedHash;
    const done = machine.step(state, decide(command, true));

    const [result] = sent(done.effects, 'rng:result');
    const fairness = result.fairness as { serverSeed: string; clientSeed: string; nonce: number };
    expect(fairness).toMatchObject({ serverSeedHash: committed, clientSeed: 'my-seed', nonce: 1 });
    expect(serverSeedHash(fairness.serverSeed)).toBe(committed);
    const check = verifyFairRound({ ...fairness, commitment: committed });
    expect(check.commitmentMatches).toBe(true);
    expect(result.cards).toEqual(check.cards);
    expect(result.drawn).toEqual(check.drawn);
    expect(result.winner).toBe(check.winner);
    expect((result.shoe as { commitment: { hash: string } }).commitment.hash).toBe(
      check.shoe.commitment.hash,
    );
    // P, P, B, B from the shoe: the Player's two cards are the shoe's first two.
    const order = (result.shoe as { reveal: { order: string[] } }).reveal.order;
    expect(order.slice(0, 4)).toEqual([
      ...(result.playerCards as string[]).slice(0, 2),
      ...(result.bankerCards as string[]).slice(0, 2),
    ]);
    const roundResult = published(done.effects).find((e) => e.type === 'RoundResult');
    expect(roundResult).toMatchObject({ result: { cards: check.cards } });
    expect(outcomeFromCards(parseCards(check.cards)).winner).toBe(check.winner);

    // The next round's commitment: a new server seed, the same client seed, nonce 2; its seed stays secret.
    const [next] = sent(done.effects, 'rng:commitment');
    const nextFair = done.state.sessions[P1].fair;
    expect(next).toEqual({
      tableId: 'rng',
      scheme: 'hmac-sha256-fisher-yates/v1',
      serverSeedHash: nextFair.serverSeedHash,
      clientSeed: 'my-seed',
      nonce: 2,
    });
    expect(nextFair.serverSeedHash).not.toBe(committed);
    expect(wire(done.effects)).not.toContain(nextFair.serverSeed);
    expect(done.state.sessions[P1].history.at(-1)?.fairness?.serverSeed).toBe(fairness.serverSeed);

    // The next DEAL uses nonce 2 and the new seed.
    let after = machine.step(done.state, { kind: 'rngRepeat', key: P1, deal: true });
    const second = published(after.effects).find((e) => e.type === 'PlaceBet') as PlaceBetEvent;
    after = machine.step(after.state, decide(second, true));
    const [result2] = sent(after.effects, 'rng:result');
    expect(result2.fairness).toMatchObject({
      serverSeed: nextFair.serverSeed,
      nonce: 2,
      clientSeed: 'my-seed',
    });
    expect(result2.cards).toEqual(verifyFairRound({ ...nextFair }).cards);
  });

  it('keeps the seeds (unused, unrevealed) when a DEAL is cancelled or voided', () => {
    const { machine } = setup();
    const { state, command } = joinAndDeal(machine);
    const before = state.sessions[P1].fair;
    const rejected = machine.step(state, decide(command, false));
    expect(sent(rejected.effects, 'rng:voided')).toHaveLength(1);
    expect(rejected.state.sessions[P1].fair).toEqual(before);
    expect(wire(rejected.effects)).not.toContain(before.serverSeed);

    const { state: again, command: again1 } = joinAndDeal(machine);
    const timedOut = machine.step(again, { kind: 'rngTimeout', key: P1, roundId: again1.roundId });
    expect(sent(timedOut.effects, 'rng:voided')).toEqual([
      expect.objectContaining({ roundId: again1.roundId, reason: 'malfunction' }),
    ]);
    expect(timedOut.state.sessions[P1].fair).toEqual(again.sessions[P1].fair);
    expect(wire(timedOut.effects)).not.toContain(again.sessions[P1].fair.serverSeed);
  });

  it('resumes a DEAL in flight at a restart (not voided) and deals it on its committed seeds when the decision comes', () => {
    const { machine, clock } = setup({ RNG_DECISION_TIMEOUT_MS: '10000' });
    const { state, command } = joinAndDeal(machine, 'resumed-seed');
    const committed = state.sessions[P1].fair;
    clock.advance(60_000);
    const restarted = machine.resume(state);
    expect(published(restarted.effects).filter((e) => e.type === 'RoundVoided')).toEqual([]);
    expect(sent(restarted.effects)).toEqual([]);
    expect(restarted.state.sessions[P1]).toMatchObject({
      connected: false,
      round: { roundId: command.roundId },
    });
    // The decision timeout counts again from the restart.
    expect(restarted.effects).toContainEqual({
      kind: 'schedule',
      timer: `timeout:${P1}`,
      ms: 10_000,
      input: { kind: 'rngTimeout', key: P1, roundId: command.roundId },
    });

    const decided = machine.step(restarted.state, decide(command, true));
    const events = published(decided.effects).map((e) => e.type);
    expect(events).toEqual(['BettingClosed', 'RoundResult']);
    const result = sent(decided.effects, 'rng:result')[0] as { fairness: typeof committed; cards: string[] };
    expect(result.fairness).toEqual(committed);
    expect(decided.state.sessions[P1]).toMatchObject({
      round: null,
      stakes: {},
      lastStakes: { player: 500n },
    });
    expect(decided.state.sessions[P1].history.at(-1)).toMatchObject({ roundId: command.roundId });
    expect(result.cards).toEqual(
      verifyFairRound({ serverSeed: committed.serverSeed, clientSeed: 'resumed-seed', nonce: 1 }).cards,
    );
  });

  it('gives a version-1 snapshot (before provably fair) fresh seeds', () => {
    const { machine } = setup();
    const old = { version: 1, tableId: 'rng', sessions: { p1: { player, stakes: {}, history: [] } } };
    const restored = machine.fromSnapshot(old) as RngTableState;
    expect(restored.version).toBe(3);
    expect(restored.sessions[P1].fair).toMatchObject({ nonce: 1, serverSeedHash: expect.any(String) });
    expect(machine.fromSnapshot({ version: 4, sessions: {} })).toBeUndefined();
    // Version 2 (keyed by player id) is re-keyed by operator and player.
    const v2 = {
      version: 2,
      tableId: 'rng',
      sessions: { p1: { player, stakes: {}, history: [], fair: restored.sessions[P1].fair } },
    };
    expect(Object.keys((machine.fromSnapshot(v2) as RngTableState).sessions)).toEqual([P1]);
  });
});

describe('RNG sessions machine: idle sessions', () => {
  async function hosted(env: Record<string, string>, clock = new ManualClock(START)) {
    const { machine } = setup(env, clock);
    const messages: { name: string; payload: Record<string, unknown>; at: number }[] = [];
    const host = new TableHost<RngTableState, RngInput, RngReply>('rng', machine, {
      store: new MemoryStateStore(),
      clock,
      broadcaster: {
        toTable: () => undefined,
        toPlayer: (_id, name, payload) =>
          messages.push({ name, payload: payload as Record<string, unknown>, at: clock.now() }),
      },
      log: () => undefined,
    });
    await host.start();
    const advance = async (ms: number) => {
      clock.advance(ms);
      await host.dispatch({ kind: 'rngLeave', key: 'nobody', disconnected: false }); // drains the queue
    };
    return { host, clock, messages, advance };
  }

  it('warns a minute before, then closes the session after the idle minutes; an action starts the count again', async () => {
    const { host, messages, advance } = await hosted({ RNG_IDLE_MINUTES: '5', RNG_IDLE_WARNING_MS: '60000' });
    await host.dispatch({ kind: 'rngJoin', player });
    await advance(4 * 60_000 - 1);
    expect(messages).toHaveLength(0);
    await advance(1);
    expect(messages).toEqual([
      {
        name: 'rng:idleWarning',
        payload: { tableId: 'rng', closesAt: START + 5 * 60_000, inMs: 60_000, idleMinutes: 5 },
        at: START + 4 * 60_000,
      },
    ]);
    // A chip on the layout is an action: the close moves to five minutes from now.
    await host.dispatch({ kind: 'rngStake', player, type: 'tie', stake: 200n });
    await advance(60_000);
    expect(messages.map((m) => m.name)).toEqual(['rng:idleWarning']);
    await advance(3 * 60_000);
    expect(messages.map((m) => m.name)).toEqual(['rng:idleWarning', 'rng:idleWarning']);
    await advance(60_000);
    const closed = messages.at(-1)!;
    expect(closed).toMatchObject({
      name: 'rng:sessionClosed',
      payload: { tableId: 'rng', reason: 'idle', idleMinutes: 5 },
      at: START + 9 * 60_000,
    });
    const session = host.state.sessions[P1];
    expect(session).toMatchObject({ connected: false, closedForIdleAt: START + 9 * 60_000 });
    expect(session.disconnectedAt).toBeUndefined();

    // The socket's disconnect that follows changes nothing; actions are refused until the player joins again.
    await host.dispatch({ kind: 'rngLeave', key: P1, disconnected: true });
    expect(host.state.sessions[P1].disconnectedAt).toBeUndefined();
    expect(await host.dispatch({ kind: 'rngDeal', key: P1 })).toMatchObject({ code: 'NOT_JOINED' });
    await advance(20 * 60_000);
    expect(messages.filter((m) => m.name === 'rng:sessionClosed')).toHaveLength(1);

    // Restored at once (no reconnect delay after an idle close): layout and commitment as they were.
    const back = await host.dispatch({ kind: 'rngJoin', player });
    expect(back).toMatchObject({
      ok: true,
      session: { stakes: { tie: 200n }, fairness: { serverSeedHash: session.fair.serverSeedHash, nonce: 1 } },
    });
    expect(host.state.sessions[P1].closedForIdleAt).toBeUndefined();
    await host.stop();
  });

  it('stops counting when the player leaves and waits for a DEAL in progress', async () => {
    const { host, messages, advance } = await hosted({
      RNG_IDLE_MINUTES: '1',
      RNG_IDLE_WARNING_MS: '0',
      RNG_DECISION_TIMEOUT_MS: '90000',
    });
    await host.dispatch({ kind: 'rngJoin', player });
    await host.dispatch({ kind: 'rngLeave', key: P1, disconnected: false });
    await advance(10 * 60_000);
    expect(messages).toHaveLength(0);

    await host.dispatch({ kind: 'rngJoin', player });
    await host.dispatch({ kind: 'rngStake', player, type: 'player', stake: 500n });
    // The ledger does not answer within the idle minute: the close waits for the round (voided after 90 s) and
    // counts a minute from the moment it was due.
    await host.dispatch({ kind: 'rngDeal', key: P1 });
    await advance(60_000);
    expect(host.state.sessions[P1].round).not.toBeNull();
    expect(messages).toHaveLength(0);
    await advance(30_000);
    expect(messages.map((m) => m.name)).toEqual(['rng:voided']);
    await advance(29_999);
    expect(messages.map((m) => m.name)).toEqual(['rng:voided']);
    await advance(1);
    expect(messages.map((m) => m.name)).toEqual(['rng:voided', 'rng:sessionClosed']);
    await host.stop();
  });

  it('still closes when its timer fires a millisecond before the wall clock reaches the deadline', async () => {
    /** Node's timers run on a monotonic clock: one may fire while Date.now() is a millisecond short of its due time. */
    class EarlyClock extends ManualClock {
      override setTimer(ms: number, fire: () => void) {
        return super.setTimer(Math.max(0, ms - 1), fire);
      }
    }
    const { host, messages, advance } = await hosted(
      { RNG_IDLE_MINUTES: '1', RNG_IDLE_WARNING_MS: '0' },
      new EarlyClock(START),
    );
    await host.dispatch({ kind: 'rngJoin', player });
    await advance(60_000 - 1);
    expect(messages).toHaveLength(0);
    await advance(1);
    expect(messages.map((m) => m.name)).toEqual(['rng:sessionClosed']);
    expect(host.state.sessions[P1].connected).toBe(false);
    await host.stop();
  });

  it("closes each session after its operator's idle minutes (the jurisdiction), others after the default", async () => {
    const { host, messages, advance } = await hosted({
      RNG_IDLE_MINUTES: '15',
      RNG_IDLE_MINUTES_BY_OPERATOR: JSON.stringify({ 'op-hr': 5 }),
      RNG_IDLE_WARNING_MS: '60000',
    });
    const croatian = { ...player, operatorId: 'op-hr' };
    const joined = await host.dispatch({ kind: 'rngJoin', player: croatian });
    expect(joined).toMatchObject({ ok: true, session: { idleMinutes: 5 } });
    expect(await host.dispatch({ kind: 'rngJoin', player })).toMatchObject({ session: { idleMinutes: 15 } });
    await advance(4 * 60_000);
    expect(messages.map((m) => [m.name, m.payload.idleMinutes])).toEqual([['rng:idleWarning', 5]]);
    await advance(60_000);
    expect(messages.at(-1)).toMatchObject({ name: 'rng:sessionClosed', payload: { idleMinutes: 5 } });
    expect(host.state.sessions[playerKey(croatian)].connected).toBe(false);
    expect(host.state.sessions[P1].connected).toBe(true);
    await advance(10 * 60_000);
    expect(messages.at(-1)).toMatchObject({ name: 'rng:sessionClosed', payload: { idleMinutes: 15 } });
    expect(host.state.sessions[P1].connected).toBe(false);
    await host.stop();
  });

  it('validates the idle settings at boot', () => {
    expect(
      setup({ RNG_IDLE_MINUTES_BY_OPERATOR: '{"op-hr": 5, "op-uk": 0.5}', RNG_IDLE_WARNING_MS: '10000' })
        .config.RNG_IDLE_MINUTES_BY_OPERATOR,
    ).toEqual({ 'op-hr': 5, 'op-uk': 0.5 });
    expect(setup().config.RNG_IDLE_MINUTES_BY_OPERATOR).toEqual({});
    expect(() => setup({ RNG_IDLE_MINUTES_BY_OPERATOR: 'op-hr=5' })).toThrow(/RNG_IDLE_MINUTES_BY_OPERATOR/);
    expect(() => setup({ RNG_IDLE_MINUTES_BY_OPERATOR: '{"op-hr": 0}' })).toThrow(
      /RNG_IDLE_MINUTES_BY_OPERATOR/,
    );
    expect(() => setup({ RNG_IDLE_MINUTES_BY_OPERATOR: '{"op-hr": "5"}' })).toThrow(
      /RNG_IDLE_MINUTES_BY_OPERATOR/,
    );
    // The warning must come before the shortest close.
    expect(() =>
      setup({ RNG_IDLE_MINUTES_BY_OPERATOR: '{"op-hr": 1}', RNG_IDLE_WARNING_MS: '60000' }),
    ).toThrow(/RNG_IDLE_WARNING_MS/);
    expect(setup().config).toMatchObject({ RNG_IDLE_MINUTES: 15, RNG_IDLE_WARNING_MS: 60_000 });
    expect(setup({ RNG_IDLE_MINUTES: '0.5', RNG_IDLE_WARNING_MS: '10000' }).config.RNG_IDLE_MINUTES).toBe(
      0.5,
    );
    expect(() => setup({ RNG_IDLE_MINUTES: '1', RNG_IDLE_WARNING_MS: '60000' })).toThrow(ConfigError);
    expect(() => setup({ RNG_IDLE_MINUTES: '0' })).toThrow(/RNG_IDLE_MINUTES/);
    expect(() => setup({ RNG_IDLE_MINUTES: 'soon' })).toThrow(/RNG_IDLE_MINUTES/);
    expect(() => setup({ RNG_IDLE_MINUTES: '2000' })).toThrow(/RNG_IDLE_MINUTES/);
  });
});
