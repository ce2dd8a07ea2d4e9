// A client process of `npm run bench:table`: its share of the players, each a real socket.io client of the game
// service, betting with the realistic shape and timing what comes back. Driven by the coordinator over IPC.
import { RandomSource, seededRandom } from '@casino/cards';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { io, Socket } from 'socket.io-client';
import { FromWorker, LaunchedPlayer, ToWorker, WorkerRound } from './messages';
import { betsThisRound, planRound, PlayerRoundPlan } from './player-plan';

type Payload = Record<string, unknown>;
type Init = Extract<ToWorker, { type: 'init' }>;

interface Seat {
  player: LaunchedPlayer;
  socket: Socket;
  random: RandomSource;
  /** The last round whose first card this socket received: a decision arriving after it came after the deal. */
  dealt?: string;
}

interface Bet {
  ref: string;
  round: RoundState;
  emittedAt: number;
  ackedAt: number;
  decided: boolean;
  seat: Seat;
}

interface RoundState {
  report: WorkerRound;
  closesAt: number;
  /** Bets standing per seat (accepted, not cancelled): the seats that get a round:settled. */
  standing: Map<Seat, number>;
}

interface EarlyDecision {
  at: number;
  accepted: boolean;
  beforeDeal: boolean;
}

const send = (message: FromWorker) => process.send?.(message);
const errors: Record<string, number> = {};
const counts: Record<string, number> = {};
const count = (into: Record<string, number>, key: string, n = 1) => (into[key] = (into[key] ?? 0) + n);
const ackMs: number[] = [];
const decisionMs: number[] = [];
const betTimes: [string, number, number, number][] = [];
/** performance.now() as ms since the epoch: the service, the ledger and this process share the clock. */
const epoch = (t: number) => Math.round(performance.timeOrigin + t);
const seats: Seat[] = [];
const rounds = new Map<string, RoundState>();
const bets = new Map<string, Bet>();
// A decision whose placeBet acknowledgement had not arrived yet.
const early = new Map<string, EarlyDecision>();
const loop = monitorEventLoopDelay({ resolution: 10 });
let init: Init;
let playing = false;
let closing = false;
let reported = false;

// Long enough to see how far acknowledgements fall behind when the table's steps queue up.
const ACK_TIMEOUT_MS = 120_000;

function emitWithAck(seat: Seat, name: string, body: object): Promise<Payload> {
  return seat.socket.timeout(ACK_TIMEOUT_MS).emitWithAck(name, body) as Promise<Payload>;
}

async function connectSeat(player: LaunchedPlayer): Promise<Seat> {
  const socket = io(init.serviceUrl, {
    auth: { token: player.token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 30_000,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err: Error) => {
      socket.close();
      reject(err);
    });
  });
  const seat: Seat = { player, socket, random: seededRandom(`${init.seed}/${player.playerId}`) };
  listen(seat);
  const joined = await emitWithAck(seat, 'join', { tableId: init.tableId });
  if (joined.ok !== true) {
    socket.close();
    throw new Error(`join ${String(joined.code)}`);
  }
  return seat;
}

function listen(seat: Seat): void {
  const on = (name: string, handler: (p: Payload) => void) =>
    seat.socket.on(name, (p: Payload) => {
      if (p?.tableId === init.tableId) handler(p);
    });
  on('round:opened', (p) => {
    opened(p);
    rounds.get(String(p.roundId))?.report.openedAt.push(Date.now());
  });
  on('round:card', (p) => {
    if (p.index !== 0) return;
    seat.dealt = String(p.roundId);
    const r = rounds.get(seat.dealt);
    if (r && r.report.firstCardAt === 0) r.report.firstCardAt = Date.now();
  });
  on('round:result', (p) => {
    const r = rounds.get(String(p.roundId));
    if (!r) return;
    r.report.resultAt.push(Date.now());
    maybeReport();
  });
  on('round:settled', (p) => {
    rounds.get(String(p.roundId))?.report.settledAt.push(Date.now());
    maybeReport();
  });
  on('bet:accepted', (p) => decided(seat, p, true));
  on('bet:rejected', (p) => decided(seat, p, false));
  on('bet:cancelled', (p) => {
    count(counts, 'cancelled');
    const r = rounds.get(String(p.roundId));
    if (r) r.standing.set(seat, (r.standing.get(seat) ?? 1) - 1);
  });
  on('bet:cancelRejected', (p) => count(errors, `cancelRejected:${String(p.code)}`));
  on('round:voided', (p) => {
    // A decision after the void came too late as surely as one after a first card.
    seat.dealt = String(p.roundId);
    const r = rounds.get(String(p.roundId));
    if (!r || r.report.voided) return;
    r.report.voided = true;
    count(errors, `round:voided:${String(p.reason)}`);
    maybeReport();
  });
  seat.socket.on('disconnect', (reason: string) => {
    if (!closing) count(errors, `disconnect:${reason}`);
  });
}

/** The first socket of this worker to see a betting round opened while playing plans every player's bets. */
function opened(p: Payload): void {
  const roundId = String(p.roundId);
  if (!playing || p.noBet === true || rounds.has(roundId) || rounds.size >= init.rounds) return;
  const now = Date.now();
  const closesAt = Number(p.closesAt);
  const report: WorkerRound = {
    roundId,
    placed: 0,
    decidedBeforeDeal: 0,
    decided: 0,
    decidedAfterDeal: 0,
    accepted: 0,
    acceptedAt: [],
    firstEmitAt: 0,
    openedAt: [],
    resultAt: [],
    settledAt: [],
    firstCardAt: 0,
    voided: false,
  };
  const round: RoundState = { report, closesAt, standing: new Map() };
  rounds.set(roundId, round);
  const plans = seats
    .filter((seat) => betsThisRound(seat.random, init.shape))
    .map((seat) => ({ seat, plan: planRound(seat.random, init.shape, now, closesAt) }));
  plans.sort((a, b) => a.plan.at - b.plan.at);
  let next = 0;
  // One timer walks the sorted plan: thousands of timers would cost the client more than the bets.
  const tick = () => {
    const t = Date.now();
    while (next < plans.length && plans[next].plan.at <= t) {
      const { seat, plan } = plans[next++];
      if (report.firstEmitAt === 0) report.firstEmitAt = t;
      void play(seat, round, plan).catch((err: Error) => count(errors, `client:${err.message}`));
    }
    if (next < plans.length) setTimeout(tick, Math.max(1, plans[next].plan.at - Date.now()));
  };
  tick();
}

async function play(seat: Seat, round: RoundState, plan: PlayerRoundPlan): Promise<void> {
  const first = await placeBet(seat, round, plan.type, plan.stake);
  if (plan.opposing && first) {
    count(counts, 'opposingAttempts');
    await placeBet(seat, round, plan.type === 'player' ? 'banker' : 'player', 100);
  }
  if (plan.cancelAfterMs === undefined) return;
  const ref = await placeBet(seat, round, 'tie', 100);
  if (!ref) return;
  if (Date.now() + plan.cancelAfterMs > round.closesAt - 100) return void count(counts, 'cancelsTooLate');
  await new Promise((r) => setTimeout(r, plan.cancelAfterMs));
  count(counts, 'cancelsSent');
  const ack = await emitWithAck(seat, 'cancelBet', {
    tableId: init.tableId,
    roundId: round.report.roundId,
    ref,
  }).catch(() => ({ ok: false, code: 'TIMEOUT' }));
  if (ack.ok !== true) count(errors, `cancelBet:${String(ack.code)}`);
}

/** Sends one bet; resolves with its ref when the service took it (pending), else undefined. */
async function placeBet(
  seat: Seat,
  round: RoundState,
  type: string,
  stake: number,
): Promise<string | undefined> {
  const emittedAt = performance.now();
  count(counts, 'betsSent');
  const ack = await emitWithAck(seat, 'placeBet', {
    tableId: init.tableId,
    roundId: round.report.roundId,
    type,
    stake: String(stake),
  }).catch(() => ({ ok: false, code: 'TIMEOUT' }) as Payload);
  ackMs.push(performance.now() - emittedAt);
  if (ack.ok !== true || typeof ack.ref !== 'string') {
    count(errors, `placeBet:${String(ack.code)}`);
    return undefined;
  }
  const bet: Bet = { ref: ack.ref, round, emittedAt, ackedAt: performance.now(), decided: false, seat };
  bets.set(ack.ref, bet);
  round.report.placed++;
  const known = early.get(ack.ref);
  if (known) {
    early.delete(ack.ref);
    record(bet, known);
  }
  return ack.ref;
}

function decided(seat: Seat, p: Payload, accepted: boolean): void {
  if (!accepted) count(errors, `rejected:${String(p.code)}`);
  const ref = String(p.ref);
  const at = performance.now();
  const bet = bets.get(ref);
  const beforeDeal = seat.dealt !== String(p.roundId);
  if (bet) record(bet, { at, accepted, beforeDeal });
  else early.set(ref, { at, accepted, beforeDeal });
}

function record(bet: Bet, d: EarlyDecision): void {
  if (bet.decided) return;
  bet.decided = true;
  const r = bet.round.report;
  r.decided++;
  if (d.beforeDeal) r.decidedBeforeDeal++;
  else r.decidedAfterDeal++;
  decisionMs.push(d.at - bet.emittedAt);
  betTimes.push([bet.ref, epoch(bet.emittedAt), epoch(bet.ackedAt), epoch(d.at)]);
  if (d.accepted) {
    r.accepted++;
    r.acceptedAt.push(Date.now() - Math.round(performance.now() - d.at));
    bet.round.standing.set(bet.seat, (bet.round.standing.get(bet.seat) ?? 0) + 1);
  }
}

let settleDeadline: NodeJS.Timeout | undefined;

/** Reports once the last round's result reached every socket and its settlements every standing bettor. */
function maybeReport(): void {
  if (reported || rounds.size < init.rounds) return;
  const last = [...rounds.values()][rounds.size - 1];
  if (last.report.voided) return report();
  if (last.report.resultAt.length === 0) return;
  // A socket lost, or settlements slow through the ledger: report what arrived after a while.
  settleDeadline ??= setTimeout(report, 30_000);
  if (last.report.resultAt.length < seats.length) return;
  const standing = [...last.standing.values()].filter((n) => n > 0).length;
  if (last.report.settledAt.length >= standing) report();
}

function report(): void {
  if (reported) return;
  reported = true;
  if (settleDeadline) clearTimeout(settleDeadline);
  loop.disable();
  const cpu = process.cpuUsage();
  send({
    type: 'report',
    rounds: [...rounds.values()].map((r) => r.report),
    ackMs,
    decisionMs,
    betTimes,
    errors,
    counts,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    loopDelayP99Ms: Math.round(loop.percentile(99) / 1e5) / 10,
  });
}

async function connectAll(message: Init): Promise<void> {
  init = message;
  const started = Date.now();
  const connectErrors: Record<string, number> = {};
  let failed = 0;
  let next = 0;
  const lane = async () => {
    while (next < message.players.length) {
      const player = message.players[next++];
      try {
        seats.push(await connectSeat(player));
      } catch (err) {
        failed++;
        count(connectErrors, `connect:${(err as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: message.connectConcurrency }, lane));
  send({
    type: 'connected',
    connected: seats.length,
    failed,
    errors: connectErrors,
    ms: Date.now() - started,
  });
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'init') {
    connectAll(message).catch((err: Error) => send({ type: 'failed', message: err.stack ?? err.message }));
  } else if (message.type === 'play') {
    playing = true;
    loop.enable();
  } else if (message.type === 'report') {
    report();
  } else if (message.type === 'close') {
    closing = true;
    for (const seat of seats) seat.socket.close();
    setTimeout(() => process.exit(0), 200);
  }
});
// The coordinator gone, this process has nothing left to do.
process.on('disconnect', () => process.exit(0));
