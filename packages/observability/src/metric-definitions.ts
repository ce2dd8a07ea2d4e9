import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { metricsRegistry } from './metrics-registry';

/** The one prefix of every metric the platform exports (Node's default process metrics included). */
export const METRIC_PREFIX = 'casino_';

/**
 * Every metric of the platform, named and bucketed once. Labels are bounded: game, table (a configured table,
 * never an RNG session's per-player id), outcome, reason code, phase, topic/partition, operator (a registered
 * operator), HTTP method, route pattern and status. Never a player, bet, command or round id, a token or an amount.
 */
export const METRIC = {
  httpRequests: 'casino_http_requests_total',
  httpRequestSeconds: 'casino_http_request_seconds',
  seamlessCallSeconds: 'casino_seamless_call_seconds',
  seamlessRetryBacklog: 'casino_seamless_retry_backlog',
  seamlessOldestPendingSeconds: 'casino_seamless_oldest_pending_seconds',
  socketsConnected: 'casino_sockets_connected',
  ledgerDecisions: 'casino_ledger_bet_decisions_total',
  ledgerDecisionSeconds: 'casino_ledger_bet_decision_seconds',
  ledgerSettlements: 'casino_ledger_settlements_total',
  ledgerSettledBets: 'casino_ledger_settled_bets_total',
  ledgerConsumerLag: 'casino_ledger_consumer_lag',
  ledgerOutboxBacklog: 'casino_ledger_outbox_backlog',
  ledgerQuarantineOpen: 'casino_ledger_quarantine_open',
  gameBetsReceived: 'casino_game_bets_received_total',
  gameBetDecisions: 'casino_game_bet_decisions_total',
  gameRoundPhaseSeconds: 'casino_game_round_phase_seconds',
  gameOutboxBacklog: 'casino_game_outbox_backlog',
  gameKafkaSendFailures: 'casino_game_kafka_send_failures_total',
} as const;

/** A bet command's produced time to its decision committed: 1 ms to 0.5 s matter, past that only "slow". */
export const DECISION_BUCKETS = [
  0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5,
];

/** An HTTP request's handling, and a call to an operator's wallet (timeout 3 s by default): 1 ms to 10 s. */
export const HTTP_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

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

/** Every HTTP request a service answered, by method, route pattern (never the raw path) and status. */
export class HttpMetrics {
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly seconds: Histogram<'method' | 'route'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.requests = new Counter({
      name: METRIC.httpRequests,
      help: "HTTP requests answered, by method, route pattern ('unmatched' when no route took it) and status code",
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.seconds = new Histogram({
      name: METRIC.httpRequestSeconds,
      help: 'From the request reaching the app to its response finished',
      labelNames: ['method', 'route'],
      buckets: HTTP_BUCKETS,
      registers,
    });
  }
}

/** The ledger's calls to seamless operators' wallets, per operator (docs/operator-integration.md, section 7). */
export class SeamlessMetrics {
  readonly callSeconds: Histogram<'operator' | 'call' | 'outcome'>;
  readonly retryBacklog: Gauge<'operator'>;
  readonly oldestPendingSeconds: Gauge<'operator'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.callSeconds = new Histogram({
      name: METRIC.seamlessCallSeconds,
      help: "Calls to an operator's wallet (debit, credit, rollback, balance) by outcome: ok, refused, unknown (timeout, network, bad answer)",
      labelNames: ['operator', 'call', 'outcome'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.retryBacklog = new Gauge({
      name: METRIC.seamlessRetryBacklog,
      help: 'Credits and rollbacks still pending at the operator (sent again until confirmed or failed), all instances (polled)',
      labelNames: ['operator'],
      registers,
    });
    this.oldestPendingSeconds = new Gauge({
      name: METRIC.seamlessOldestPendingSeconds,
      help: "Age of the operator's oldest pending credit or rollback, all instances (polled)",
      labelNames: ['operator'],
      registers,
    });
  }
}

let http: HttpMetrics | undefined;
let seamless: SeamlessMetrics | undefined;

export function httpMetrics(): HttpMetrics {
  http ??= new HttpMetrics(metricsRegistry());
  return http;
}

export function seamlessMetrics(): SeamlessMetrics {
  seamless ??= new SeamlessMetrics(metricsRegistry());
  return seamless;
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
