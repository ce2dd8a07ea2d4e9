import { WorkerReport } from './messages';
import { RoundTimes } from './round-watch';
import { addCounts, peakPerSecond, Spread, spread } from './stats';

/** Per round, what the players saw and what the service and the ledger took (times from the round's events). */
export interface RoundFigures {
  roundId: string;
  voided: boolean;
  placed: number;
  accepted: number;
  betsDecidedBeforeClose: number;
  /** Placed bets decided after the deal started, and never decided (no answer before the report). */
  decidedAfterDeal: number;
  undecided: number;
  /** BettingClosed → the first card on a socket: how long the deal waited for the ledger (plus CARD_MS). */
  closeToFirstCardMs: number;
  resultFanoutMs: Spread;
  resultsReceived: number;
  /** RoundOpened → each socket's round:opened: the same broadcast to every socket, also in a voided round. */
  openedFanoutMs: Spread;
  /** RoundResult → each bettor's round:settled. */
  settlementMs: Spread;
  /** The saved table state at "no more bets": its base (written at every save) and its bet rows (bytes). */
  snapshotBytesAtClose?: { base: number; rows: number };
}

export interface TableFigures {
  players: number;
  connected: number;
  rounds: number;
  betsDecidedBeforeClose: number;
  resultFanoutP99Ms: number;
  resultFanoutMs: Spread;
  openedFanoutMs: Spread;
  /** Share of (socket, round) pairs that received the round's result. */
  resultsReceivedShare: number;
  serviceRssMb: number;
  betsPerSecAccepted: number;
  betsPerSecAcceptedPeak: number;
  acceptedBets: number;
  decisionMs: Spread;
  ackMs: Spread;
  settlementMs: Spread;
  errors: Record<string, number>;
  counts: Record<string, number>;
  perRound: RoundFigures[];
}

/** Joins the workers' reports round by round with the round events' times. */
export function tableFigures(
  reports: readonly WorkerReport[],
  times: ReadonlyMap<string, RoundTimes>,
  players: number,
  connected: number,
  serviceRssMb: number,
  snapshots: ReadonlyMap<string, { base: number; rows: number }>,
): TableFigures {
  const errors: Record<string, number> = {};
  const counts: Record<string, number> = {};
  for (const r of reports) {
    addCounts(errors, r.errors);
    addCounts(counts, r.counts);
  }
  const roundIds = [...new Set(reports.flatMap((r) => r.rounds.map((x) => x.roundId)))];
  const perRound: RoundFigures[] = [];
  const allFanout: number[] = [];
  const allOpened: number[] = [];
  const allSettle: number[] = [];
  const accepts: number[] = [];
  let placed = 0;
  let beforeDeal = 0;
  let acceptedBets = 0;
  let acceptingMs = 0;
  let results = 0;
  for (const roundId of roundIds) {
    const parts = reports.flatMap((r) => r.rounds.filter((x) => x.roundId === roundId));
    const t = times.get(roundId) ?? {};
    const openedRef = t.opened;
    const openedLags =
      openedRef === undefined ? [] : parts.flatMap((p) => p.openedAt.map((at) => at - openedRef));
    const ref = t.result ?? Math.min(...parts.flatMap((p) => p.resultAt));
    const fanout = parts.flatMap((p) => p.resultAt.map((at) => at - ref));
    const settle = parts.flatMap((p) => p.settledAt.map((at) => at - ref));
    const acceptedAt = parts.flatMap((p) => p.acceptedAt);
    const firstEmit = Math.min(...parts.map((p) => p.firstEmitAt).filter((x) => x > 0));
    const firstCard = Math.min(...parts.map((p) => p.firstCardAt).filter((x) => x > 0));
    const sum = (f: (p: (typeof parts)[number]) => number) => parts.reduce((n, p) => n + f(p), 0);
    const round: RoundFigures = {
      roundId,
      voided: parts.some((p) => p.voided),
      placed: sum((p) => p.placed),
      accepted: sum((p) => p.accepted),
      betsDecidedBeforeClose: share(
        sum((p) => p.decidedBeforeDeal),
        sum((p) => p.placed),
      ),
      decidedAfterDeal: sum((p) => p.decidedAfterDeal),
      undecided: sum((p) => p.placed - p.decided),
      closeToFirstCardMs: t.closed !== undefined && Number.isFinite(firstCard) ? firstCard - t.closed : -1,
      resultFanoutMs: spread(fanout),
      resultsReceived: fanout.length,
      openedFanoutMs: spread(openedLags),
      settlementMs: spread(settle),
    };
    const bytes = snapshots.get(roundId);
    if (bytes !== undefined) round.snapshotBytesAtClose = bytes;
    perRound.push(round);
    allFanout.push(...fanout);
    allOpened.push(...openedLags);
    allSettle.push(...settle);
    accepts.push(...acceptedAt);
    placed += round.placed;
    beforeDeal += sum((p) => p.decidedBeforeDeal);
    acceptedBets += round.accepted;
    results += fanout.length;
    // Accepting time: from the round's first bet sent to its last acceptance seen.
    if (acceptedAt.length > 0 && Number.isFinite(firstEmit))
      acceptingMs += Math.max(...acceptedAt) - firstEmit;
  }
  const fanoutSpread = spread(allFanout);
  return {
    players,
    connected,
    rounds: roundIds.length,
    betsDecidedBeforeClose: share(beforeDeal, placed),
    resultFanoutP99Ms: fanoutSpread.p99,
    resultFanoutMs: fanoutSpread,
    openedFanoutMs: spread(allOpened),
    resultsReceivedShare: share(results, connected * perRound.filter((r) => !r.voided).length),
    serviceRssMb,
    betsPerSecAccepted: acceptingMs > 0 ? Math.round(acceptedBets / (acceptingMs / 1000)) : 0,
    betsPerSecAcceptedPeak: peakPerSecond(accepts),
    acceptedBets,
    decisionMs: spread(reports.flatMap((r) => r.decisionMs)),
    ackMs: spread(reports.flatMap((r) => r.ackMs)),
    settlementMs: spread(allSettle),
    errors,
    counts,
    perRound,
  };
}

function share(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0;
}

/**
 * Where a decision's time went, per decided bet (p50/p99/max, ms), from the shared clock: sent → its table step
 * began (PlaceBet's occurredAt: the socket and the table's queue of steps), that step → the acknowledgement, the
 * step → the ledger's decision (the service's outbox relay, Kafka, the ledger), the decision → the player (the
 * ledger's commit and relay, Kafka, the service's consumer, the table's queue and the decision's own step).
 */
export function decisionBreakdown(
  reports: readonly WorkerReport[],
  watch: { placed: ReadonlyMap<string, number>; decided: ReadonlyMap<string, number> },
) {
  const queued: number[] = [];
  const stepToAck: number[] = [];
  const stepToLedger: number[] = [];
  const ledgerToPlayer: number[] = [];
  for (const r of reports)
    for (const [ref, sent, acked, received] of r.betTimes) {
      const step = watch.placed.get(ref);
      const decided = watch.decided.get(ref);
      if (step === undefined || decided === undefined) continue;
      queued.push(step - sent);
      stepToAck.push(acked - step);
      stepToLedger.push(decided - step);
      ledgerToPlayer.push(received - decided);
    }
  return {
    sentToStepMs: spread(queued),
    stepToAckMs: spread(stepToAck),
    stepToLedgerDecisionMs: spread(stepToLedger),
    ledgerDecisionToPlayerMs: spread(ledgerToPlayer),
  };
}
