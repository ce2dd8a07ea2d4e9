import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { metricsRegistry } from './metrics-registry';

/**
 * Every metric of the platform, named and bucketed once. Labels are bounded: game, table (a configured table,
 * never an RNG session's per-player id), outcome, reason code, phase, topic/partition. Never a player, bet,
 * command or round id, a token or an amount.
 */
export const METRIC = {
  socketsConnected: 'casino_sockets_connected',
  ledgerDecisions: 'ledger_bet_decisions_total',
  ledgerDecisionSeconds: 'ledger_bet_decision_seconds',
  ledgerSettlements: 'ledger_settlements_total',
  ledgerSettledBets: 'ledger_settled_bets_total',
  ledgerConsumerLag: 'ledger_consumer_lag',
  ledgerOutboxBacklog: 'ledger_outbox_backlog',
  ledgerQuarantineOpen: 'ledger_quarantine_open',
  gameBetsReceived: 'game_bets_received_total',
  gameBetDecisions: 'game_bet_decisions_total',
  gameRoundPhaseSeconds: 'game_round_phase_seconds',
  gameOutboxBacklog: 'game_outbox_backlog',
  gameKafkaSendFailures: 'game_kafka_send_failures_total',
} as const;

/** A bet command's produced time to its decision committed: 1 ms to 0.5 s matter, past that only "slow". */
export const DECISION_BUCKETS = [
  0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5,
];

/** Round phases: settling takes tens of ms to seconds, betting and dealing seconds to a minute. */
export const PHASE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 20, 30, 45, 60, 120];

/** The round phases a table times (dealing is `spinning` at roulette). */
export type RoundPhase = 'betting' | 'dealing' | 'spinning' | 'settling';

/** Sockets connected, summed over every Socket.IO server of the process when scraped. */
export class SocketMetrics {
  private readonly sources = new Set<() => number>();

  constructor(registry: Registry) {
    const sources = this.sources;
    new Gauge({
      name: METRIC.socketsConnected,
      help: 'Player sockets connected now',
      registers: [registry],
      collect() {
        let n = 0;
        for (const count of sources) n += count();
        this.set(n);
      },
    });
  }

  /** Counts `count()` at each scrape; the returned function stops counting it. */
  track(count: () => number): () => void {
    this.sources.add(count);
    return () => this.sources.delete(count);
  }
}

export class LedgerMetrics {
  readonly decisions: Counter<'game' | 'command' | 'outcome' | 'code'>;
  readonly decisionSeconds: Histogram<'game' | 'command'>;
  readonly settlements: Counter<'game' | 'outcome'>;
  readonly settledBets: Counter<'game'>;
  readonly consumerLag: Gauge<'topic' | 'partition'>;
  readonly outboxBacklog: Gauge;
  readonly quarantineOpen: Gauge;

  constructor(registry: Registry) {
    const registers = [registry];
    this.decisions = new Counter({
      name: METRIC.ledgerDecisions,
      help: 'Bet commands decided (committed), by command (place, cancel), outcome and reason code',
      labelNames: ['game', 'command', 'outcome', 'code'],
      registers,
    });
    this.decisionSeconds = new Histogram({
      name: METRIC.ledgerDecisionSeconds,
      help: "From the bet command's producedAt (written by the game service) to its decision committed",
      labelNames: ['game', 'command'],
      buckets: DECISION_BUCKETS,
      registers,
    });
    this.settlements = new Counter({
      name: METRIC.ledgerSettlements,
      help: 'Rounds finished: settled from a result or refunded (voided)',
      labelNames: ['game', 'outcome'],
      registers,
    });
    this.settledBets = new Counter({
      name: METRIC.ledgerSettledBets,
      help: 'Bets settled from a round result',
      labelNames: ['game'],
      registers,
    });
    this.consumerLag = new Gauge({
      name: METRIC.ledgerConsumerLag,
      help: "Messages between the consumer group's committed offset and the partition's end (polled)",
      labelNames: ['topic', 'partition'],
      registers,
    });
    this.outboxBacklog = new Gauge({
      name: METRIC.ledgerOutboxBacklog,
      help: 'ledger_outbox rows not deleted yet: not relayed, or relayed within the last relay poll (polled)',
      registers,
    });
    this.quarantineOpen = new Gauge({
      name: METRIC.ledgerQuarantineOpen,
      help: 'Parked messages not yet retried or discarded, all instances (polled)',
      registers,
    });
  }
}

export class GameMetrics {
  readonly betsReceived: Counter<'table' | 'outcome'>;
  readonly betDecisions: Counter<'table' | 'outcome' | 'code'>;
  readonly roundPhaseSeconds: Histogram<'game' | 'phase'>;
  readonly outboxBacklog: Gauge;
  readonly kafkaSendFailures: Counter;

  constructor(registry: Registry) {
    const registers = [registry];
    this.betsReceived = new Counter({
      name: METRIC.gameBetsReceived,
      help: "placeBet messages answered by the table: outcome 'pending' (sent to the ledger) or the refusal code",
      labelNames: ['table', 'outcome'],
      registers,
    });
    this.betDecisions = new Counter({
      name: METRIC.gameBetDecisions,
      help: "The ledger's bet decisions reaching the table (accepted, rejected with its code)",
      labelNames: ['table', 'outcome', 'code'],
      registers,
    });
    this.roundPhaseSeconds = new Histogram({
      name: METRIC.gameRoundPhaseSeconds,
      help: 'Round phases: betting (opened to closed), dealing/spinning (closed to result), settling (result to the ledger settled)',
      labelNames: ['game', 'phase'],
      buckets: PHASE_BUCKETS,
      registers,
    });
    this.outboxBacklog = new Gauge({
      name: METRIC.gameOutboxBacklog,
      help: 'game_table_outbox events of the tables this instance holds not yet sent to Kafka (polled)',
      registers,
    });
    this.kafkaSendFailures = new Counter({
      name: METRIC.gameKafkaSendFailures,
      help: 'Kafka sends of the outbox relay that failed (each is retried)',
      registers,
    });
  }
}

let sockets: SocketMetrics | undefined;
let ledger: LedgerMetrics | undefined;
let game: GameMetrics | undefined;

/** The process's metrics of each kind, registered in the process registry on first use. */
export function socketMetrics(): SocketMetrics {
  sockets ??= new SocketMetrics(metricsRegistry());
  return sockets;
}

export function ledgerMetrics(): LedgerMetrics {
  ledger ??= new LedgerMetrics(metricsRegistry());
  return ledger;
}

export function gameMetrics(): GameMetrics {
  game ??= new GameMetrics(metricsRegistry());
  return game;
}
