import { pgErrorCode, WalletError } from '@casino/wallet';
import { LedgerError } from '../errors/ledger.errors';

/**
 * Why applying a message failed. A transient failure (the database unreachable or restarting, a connection
 * killed, a serialization failure or deadlock) is retried without end and never parked: the message is fine and
 * the next attempt may pass. Anything else is a fault of the message or of the code applying it: retried a
 * bounded number of times, then the message is parked.
 */
export interface ApplyFailure {
  transient: boolean;
  /** A short code: the ledger's or wallet's error code, a named SQLSTATE, or UNEXPECTED_ERROR. */
  code: string;
  message: string;
}

/** SQLSTATEs of a database that is (or was, for this connection) unavailable, or of a lost race. */
const TRANSIENT_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
  '57P01', // admin_shutdown (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, in recovery)
  '25006', // read_only_sql_transaction (a standby during a failover)
  '58030', // io_error
]);
/** SQLSTATE classes that are about the server's state, not the statement: connection exceptions, resources. */
const TRANSIENT_SQLSTATE_CLASSES = ['08', '53'];

/** Node socket errors of a database that cannot be reached. */
const TRANSIENT_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** What node-postgres and TypeORM say, without a code, about a connection that broke or never came. */
const TRANSIENT_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Connection ended|terminating connection|the database system is (starting up|shutting down)|Query runner already released|Cannot use a pool after calling end|is not established|Driver not Connected/i;

/** Names of the SQLSTATEs a poison message typically hits, for the quarantine's error code. */
const NAMED_SQLSTATES: Readonly<Record<string, string>> = {
  '22003': 'AMOUNT_OUT_OF_RANGE',
  '22P02': 'INVALID_TEXT_REPRESENTATION',
  '22021': 'INVALID_BYTE_SEQUENCE',
  '23502': 'NOT_NULL_VIOLATION',
  '23503': 'FOREIGN_KEY_VIOLATION',
  '23505': 'UNIQUE_VIOLATION',
  '23514': 'CHECK_VIOLATION',
  '54000': 'PROGRAM_LIMIT_EXCEEDED',
  '57014': 'STATEMENT_TIMEOUT',
};

const MAX_MESSAGE = 2_000;

/** Sorts an error into transient (retry without end) or not (bounded retries, then park), with a code. */
export function classifyFailure(err: unknown): ApplyFailure {
  const message = messageOf(err);
  if (err instanceof LedgerError || err instanceof WalletError) {
    return { transient: err.code === 'SERVICE_UNAVAILABLE', code: err.code, message };
  }
  const code = pgErrorCode(err);
  if (code !== undefined && TRANSIENT_NODE_CODES.has(code)) return { transient: true, code, message };
  if (code !== undefined && /^[0-9A-Z]{5}$/.test(code)) {
    const transient = TRANSIENT_SQLSTATES.has(code) || TRANSIENT_SQLSTATE_CLASSES.includes(code.slice(0, 2));
    return { transient, code: transient ? `SQLSTATE_${code}` : sqlStateCode(code), message };
  }
  if (TRANSIENT_MESSAGES.test(message)) return { transient: true, code: 'CONNECTION_LOST', message };
  return { transient: false, code: 'UNEXPECTED_ERROR', message };
}

function sqlStateCode(sqlState: string): string {
  return NAMED_SQLSTATES[sqlState] ?? `SQLSTATE_${sqlState}`;
}

function messageOf(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}
