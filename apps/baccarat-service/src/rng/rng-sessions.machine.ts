import { validateBet } from '@casino/baccarat';
import { clientSeedProblem, RandomSource } from '@casino/cards';
import { makeEvent, PlayerClaims } from '@casino/events';
import {
  betView,
  Clock,
  Effects,
  rejection,
  relayDecision,
  StepResult,
  TableMachine,
  playerKey,
} from '@casino/table-kit/core';
import { ENGINE_CODES } from '../bets/engine-codes';
import { BaccaratServiceConfig, BaccaratTableConfig } from '../config/baccarat-config';
import { idleMinutesOf } from './idle-minutes';
import { commitmentOf, deal, finishDeal, nextFairness, RngContext, stakesEntries } from './rng-deal';
import {
  RNG_MESSAGES,
  RngBetType,
  RngInput,
  RngReply,
  RngSession,
  RngTableState,
} from './rng-sessions.state';

type Result = StepResult<RngTableState, RngInput, RngReply>;

/** The player's own actions at the table: each one restarts the idle timeout (`join` starts it). */
type PlayerAction = Extract<
  RngInput,
  { kind: 'rngStake' | 'rngClear' | 'rngRepeat' | 'rngDeal' | 'rngClientSeed' }
>;
const PLAYER_ACTIONS: ReadonlySet<string> = new Set<PlayerAction['kind']>([
  'rngStake',
  'rngClear',
  'rngRepeat',
  'rngDeal',
  'rngClientSeed',
]);

function actingPlayer(input: RngInput): string | undefined {
  if (!PLAYER_ACTIONS.has(input.kind)) return undefined;
  const action = input as PlayerAction;
  return 'player' in action ? playerKey(action.player) : action.key;
}

const warningTimer = (playerId: string) => `idleWarning:${playerId}`;
const idleTimer = (playerId: string) => `idle:${playerId}`;

/**
 * Single-player RNG baccarat (docs/rules/baccarat.md#rng-baccarat): every player has a session with its own rounds; no timer, the player
 * places chips and presses DEAL. Sessions are persisted, so the layout comes back after a disconnect (after the
 * reconnect delay), a restart, or an idle close. Every round is provably fair: its shoe is derived from a server
 * seed committed to before the bets, the player's client seed and the round's nonce (docs/baccarat.md).
 */
export class RngSessionsMachine implements TableMachine<RngTableState, RngInput, RngReply> {
  constructor(
    readonly config: BaccaratTableConfig,
    private readonly random: RandomSource,
    private readonly clock: Clock,
    private readonly service: Pick<
      BaccaratServiceConfig,
      | 'RNG_RECONNECT_DELAY_MS'
      | 'RNG_DECISION_TIMEOUT_MS'
      | 'RNG_IDLE_MINUTES'
      | 'RNG_IDLE_MINUTES_BY_OPERATOR'
      | 'RNG_IDLE_MINUTES_BY_COUNTRY'
      | 'RNG_IDLE_WARNING_MS'
    >,
  ) {}

  /** The idle minutes of the player's jurisdiction: their country's, else their operator's, else the default. */
  idleMinutesOf(player: PlayerClaims): number {
    return idleMinutesOf(player, this.service);
  }

  private idleMsOf(player: PlayerClaims): number {
    return Math.round(this.idleMinutesOf(player) * 60_000);
  }

  initial(): Result {
    return { state: { version: 3, tableId: this.config.id, sessions: {} }, effects: [] };
  }

  step(state: RngTableState, input: RngInput): Result {
    const ctx = this.context();
    const playerId = actingPlayer(input);
    const current = playerId === undefined ? state : this.touch(state, playerId, ctx);
    return this.apply(current, input, ctx);
  }

  private apply(state: RngTableState, input: RngInput, ctx: RngContext): Result {
    const reply = (session: RngSession, r?: RngReply): Result => ({
      state: { ...state, sessions: { ...state.sessions, [playerKey(session.player)]: session } },
      effects: ctx.fx.list,
      reply: r ?? { ok: true, session: this.view(session) },
    });
    const unchanged = (r?: RngReply): Result => ({ state, effects: ctx.fx.list, reply: r });
    switch (input.kind) {
      case 'rngJoin': {
        const existing = state.sessions[playerKey(input.player)];
        if (existing?.disconnectedAt !== undefined && !existing.connected) {
          const waited = ctx.now - existing.disconnectedAt;
          const delay = this.service.RNG_RECONNECT_DELAY_MS;
          if (waited < delay) {
            return unchanged({
              ...rejection('RECONNECT_TOO_SOON', 'reconnect after the delay'),
              retryAfterMs: delay - waited,
            });
          }
        }
        if (input.player.currency !== this.config.currency) {
          return unchanged(rejection('CURRENCY_MISMATCH', `table plays in ${this.config.currency}`));
        }
        const session: RngSession = existing
          ? {
              ...existing,
              player: input.player,
              connected: true,
              disconnectedAt: undefined,
              closedForIdleAt: undefined,
            }
          : {
              player: input.player,
              stakes: {},
              lastStakes: null,
              round: null,
              history: [],
              connected: true,
              fair: nextFairness(ctx.random),
            };
        this.armIdle(ctx, playerKey(input.player), input.player);
        return reply({ ...session, lastActiveAt: ctx.now });
      }
      case 'rngLeave': {
        const s = state.sessions[input.key];
        // Already closed (for inactivity, or by a restart): the socket's disconnect changes nothing.
        if (!s || !s.connected) return unchanged();
        this.disarmIdle(ctx, input.key);
        return reply({ ...s, connected: false, disconnectedAt: input.disconnected ? ctx.now : undefined });
      }
      case 'rngStake':
        return this.withSession(state, playerKey(input.player), unchanged, (s) => {
          if (s.round) return unchanged(rejection('SESSION_BUSY', 'wait for the round in progress'));
          const type = input.type as RngBetType;
          const total = (s.stakes[type] ?? 0n) + input.stake;
          const check = validateBet(this.config.rules, { type: input.type, stake: total }, 1);
          // Chips add up on the layout: only DEAL holds them to the minimum.
          if (!check.ok && check.code !== 'BELOW_MIN') {
            return unchanged(rejection(ENGINE_CODES[check.code], check.message));
          }
          return reply({ ...s, stakes: { ...s.stakes, [type]: total } });
        });
      case 'rngClear':
        return this.withSession(state, input.key, unchanged, (s) =>
          s.round
            ? unchanged(rejection('SESSION_BUSY', 'the round is being dealt'))
            : reply({ ...s, stakes: {} }),
        );
      case 'rngRepeat':
        return this.withSession(state, input.key, unchanged, (s) => {
          if (s.round) return unchanged(rejection('SESSION_BUSY', 'the round is being dealt'));
          if (!s.lastStakes || stakesEntries(s.lastStakes).length === 0) {
            return unchanged(rejection('NOTHING_TO_REPEAT', 'no previous round to repeat'));
          }
          const repeated = { ...s, stakes: { ...s.lastStakes } };
          if (!input.deal) return reply(repeated);
          const d = deal(repeated, ctx, state.tableId, this.service.RNG_DECISION_TIMEOUT_MS);
          return d.reply.ok ? reply(d.session, d.reply) : unchanged(d.reply);
        });
      case 'rngDeal':
        return this.withSession(state, input.key, unchanged, (s) => {
          const d = deal(s, ctx, state.tableId, this.service.RNG_DECISION_TIMEOUT_MS);
          return d.reply.ok ? reply(d.session, d.reply) : unchanged(d.reply);
        });
      case 'rngClientSeed':
        return this.withSession(state, input.key, unchanged, (s) => {
          // The seeds of a round are fixed once DEAL is pressed.
          if (s.round) {
            return unchanged(rejection('SESSION_BUSY', 'the client seed can be changed after the round'));
          }
          const problem = clientSeedProblem(input.clientSeed);
          if (problem) return unchanged(rejection('INVALID_MESSAGE', problem));
          return reply({ ...s, fair: { ...s.fair, clientSeed: input.clientSeed } });
        });
      case 'rngIdle': {
        const s = state.sessions[input.key];
        if (!s?.connected || s.lastActiveAt === undefined) return unchanged();
        const idleMinutes = this.idleMinutesOf(s.player);
        const closesAt = s.lastActiveAt + this.idleMsOf(s.player);
        if (input.stage === 'warning') {
          // A timer from before the last action would be stale (timers are replaced, so only after odd timing).
          if (ctx.now < closesAt - this.service.RNG_IDLE_WARNING_MS) return unchanged();
          ctx.fx.send(s.player, RNG_MESSAGES.idleWarning, {
            tableId: state.tableId,
            closesAt,
            inMs: Math.max(0, closesAt - ctx.now),
            idleMinutes,
          });
          return unchanged();
        }
        if (ctx.now < closesAt) {
          // Timers run on a monotonic clock and may fire a millisecond before the wall clock says: wait the rest,
          // a timer from before the last action included (that one is simply re-armed for the newer deadline).
          ctx.fx.schedule(idleTimer(input.key), closesAt - ctx.now, {
            kind: 'rngIdle',
            key: input.key,
            stage: 'close',
          });
          return unchanged();
        }
        // A DEAL still with the ledger finishes first; the wait counts as activity.
        if (s.round) {
          this.armIdle(ctx, input.key, s.player);
          return reply({ ...s, lastActiveAt: ctx.now });
        }
        this.disarmIdle(ctx, input.key);
        ctx.fx.send(s.player, RNG_MESSAGES.sessionClosed, {
          tableId: state.tableId,
          reason: 'idle',
          message: `no action for ${idleMinutes} minute(s): the session is saved, join again to go on`,
          idleMinutes,
        });
        return reply({ ...s, connected: false, disconnectedAt: undefined, closedForIdleAt: ctx.now });
      }
      case 'rngTimeout': {
        const s = state.sessions[input.key];
        if (!s || s.round?.roundId !== input.roundId) return unchanged();
        return reply(this.voidInFlight(s, ctx, 'malfunction', 'the ledger did not decide in time'));
      }
      case 'decision': {
        const s = this.sessionOfRound(state, input.event.roundId);
        if (!s?.round) return unchanged();
        const handled = relayDecision(s.round.book, input.event, true, ctx.fx);
        let next: RngSession = { ...s, round: { ...s.round, book: handled.book } };
        if (!handled.book.bets.some((b) => b.status === 'pending'))
          next = finishDeal(next, ctx, state.tableId);
        return reply(next);
      }
      // RNG tables withdraw chips with CLEAR before DEAL; they never send CancelBet.
      case 'cancelDecision':
      case 'finalBets':
      case 'settled':
        return unchanged();
    }
  }

  /**
   * After a restart: a DEAL still waiting for decisions is resumed, not voided (docs/rules/baccarat.md#rng-baccarat:
   * an interrupted round is saved and finished). Its PlaceBet commands left with the saved step (outbox), so the
   * ledger's decisions come on Kafka and the round is dealt on its committed seeds as the last one arrives; the
   * decision timeout counts again from the restart (the ledger may have decided while the service was down). Idle
   * timers start again when the player rejoins.
   */
  resume(state: RngTableState): Result {
    const ctx = this.context();
    const sessions: Record<string, RngSession> = {};
    for (const [id, s] of Object.entries(state.sessions)) {
      if (s.lastResultEvent) ctx.fx.publish(s.lastResultEvent);
      if (s.round) {
        ctx.fx.schedule(`timeout:${id}`, this.service.RNG_DECISION_TIMEOUT_MS, {
          kind: 'rngTimeout',
          key: id,
          roundId: s.round.roundId,
        });
      }
      sessions[id] = { ...s, connected: false, disconnectedAt: s.disconnectedAt ?? ctx.now };
    }
    return { state: { ...state, sessions }, effects: ctx.fx.list };
  }

  toSnapshot(state: RngTableState): unknown {
    return state;
  }

  /**
   * Version 3 keys sessions by `playerKey` (operator and player); versions 1–2 keyed them by player id and are
   * re-keyed from each session's claims. Version 2 added the provably fair seeds: a version-1 session gets fresh
   * ones (nothing was committed).
   */
  fromSnapshot(snapshot: unknown): RngTableState | undefined {
    const s = snapshot as
      | (Omit<RngTableState, 'version'> & { version: number; sessions: Record<string, RngSession> })
      | undefined;
    if (!s || typeof s.sessions !== 'object' || s.sessions === null) return undefined;
    if (s.version === 3) return s as RngTableState;
    if (s.version !== 1 && s.version !== 2) return undefined;
    const sessions: Record<string, RngSession> = {};
    for (const session of Object.values(s.sessions)) {
      sessions[playerKey(session.player)] = { ...session, fair: session.fair ?? nextFairness(this.random) };
    }
    return { ...s, version: 3, sessions };
  }

  /** What the player sees on (re)joining: layout, last stakes, round in flight, history, next commitment. */
  view(s: RngSession): object {
    return {
      tableId: this.config.id,
      game: 'baccarat',
      variant: 'rng',
      payTable: this.config.rules.payTable,
      currency: this.config.currency,
      limits: this.config.rules.limits,
      betTypes: this.config.rules.betTypes,
      stakes: s.stakes,
      lastStakes: s.lastStakes,
      round: s.round
        ? {
            roundId: s.round.roundId,
            status: 'deciding',
            stakes: s.round.stakes,
            bets: s.round.book.bets.map(betView),
          }
        : null,
      history: s.history.slice(-20),
      fairness: commitmentOf(s.fair),
      idleMinutes: this.idleMinutesOf(s.player),
    };
  }

  /** A player action: the idle timeout starts again from now. */
  private touch(state: RngTableState, playerId: string, ctx: RngContext): RngTableState {
    const s = state.sessions[playerId];
    if (!s?.connected) return state;
    this.armIdle(ctx, playerId, s.player);
    return { ...state, sessions: { ...state.sessions, [playerId]: { ...s, lastActiveAt: ctx.now } } };
  }

  private armIdle(ctx: RngContext, playerId: string, player: PlayerClaims): void {
    const warningMs = this.service.RNG_IDLE_WARNING_MS;
    const idleMs = this.idleMsOf(player);
    if (warningMs > 0) {
      ctx.fx.schedule(warningTimer(playerId), idleMs - warningMs, {
        kind: 'rngIdle',
        key: playerId,
        stage: 'warning',
      });
    }
    ctx.fx.schedule(idleTimer(playerId), idleMs, { kind: 'rngIdle', key: playerId, stage: 'close' });
  }

  private disarmIdle(ctx: RngContext, playerId: string): void {
    ctx.fx.cancel(warningTimer(playerId));
    ctx.fx.cancel(idleTimer(playerId));
  }

  private voidInFlight(s: RngSession, ctx: RngContext, reason: 'malfunction', message: string): RngSession {
    const round = s.round;
    if (!round) return s;
    ctx.fx.cancel(`timeout:${playerKey(s.player)}`);
    ctx.fx.publish(
      makeEvent('RoundVoided', {
        tableId: round.ledgerTableId,
        roundId: round.roundId,
        game: 'baccarat',
        reason,
        message,
      }),
    );
    ctx.fx.send(s.player, RNG_MESSAGES.voided, {
      tableId: this.config.id,
      roundId: round.roundId,
      reason,
      message,
    });
    return { ...s, round: null };
  }

  private sessionOfRound(state: RngTableState, roundId: string): RngSession | undefined {
    return Object.values(state.sessions).find((s) => s.round?.roundId === roundId);
  }

  private withSession(
    state: RngTableState,
    playerId: string,
    unchanged: (r?: RngReply) => Result,
    work: (s: RngSession) => Result,
  ): Result {
    const s = state.sessions[playerId];
    if (!s || !s.connected) return unchanged(rejection('NOT_JOINED', 'join the table first'));
    return work(s);
  }

  private context(): RngContext {
    return { config: this.config, random: this.random, now: this.clock.now(), fx: new Effects<RngInput>() };
  }
}
