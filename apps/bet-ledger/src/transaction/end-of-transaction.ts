import { Statement } from '../database/write.batch';

/**
 * A writer whose rows a transaction sends at its end, with its other final writes (TransactionRunner): what the
 * transaction's work adds to it is summed in memory and written in one statement, or none when nothing changed.
 */
export interface EndOfTransactionWriter {
  statement(): Statement | undefined;
}

/**
 * Names one kind of end-of-transaction writer; `T` is what the transaction's work adds to. Declared by the model
 * that feeds it (rounds' settled bets for the reports, the players' gambling usage); its writer is registered by the
 * module that owns the rows (EndOfTransactionRegistry.register), so this layer knows neither.
 */
export interface EndOfTransactionKind<T> {
  readonly name: string;
  /** Type only: what the kind's writer takes. */
  readonly writes?: T;
}

export const endOfTransactionKind = <T>(name: string): EndOfTransactionKind<T> => ({ name });

export interface EndOfTransactionRegistration<T> {
  kind: EndOfTransactionKind<T>;
  /**
   * Its place among the final writes, lower first (the journal's postings before them, the outbox after): every
   * transaction then locks these rows in the same order, after the accounts.
   */
  order: number;
  /** A fresh writer for one transaction; `at` is the transaction's time (ISO). */
  create(at: string): T & EndOfTransactionWriter;
}

type AnyRegistration = EndOfTransactionRegistration<unknown>;

/** The end-of-transaction writers a TransactionRunner's transactions have, registered once at start-up. */
export class EndOfTransactionRegistry {
  private readonly registered = new Map<string, AnyRegistration>();

  /** Registers (or replaces) the writer of `registration.kind`. */
  register<T>(registration: EndOfTransactionRegistration<T>): this {
    this.registered.set(registration.kind.name, registration as AnyRegistration);
    return this;
  }

  /** The writers of one transaction whose time is `at` (ISO). */
  open(at: string): EndOfTransactionWriters {
    return new EndOfTransactionWriters(at, this.registered);
  }
}

/** One transaction's end-of-transaction writers, each made the first time the transaction's work adds to it. */
export class EndOfTransactionWriters {
  private readonly made = new Map<string, { order: number; writer: EndOfTransactionWriter }>();

  constructor(
    /** The transaction's time (ISO): what end writers count periods by. */
    readonly at: string,
    private readonly registered: ReadonlyMap<string, AnyRegistration>,
  ) {}

  /** The transaction's writer of `kind`; a kind no module registered is a wiring bug, never skipped. */
  of<T>(kind: EndOfTransactionKind<T>): T {
    const made = this.made.get(kind.name);
    if (made) return made.writer as T & EndOfTransactionWriter;
    const registration = this.registered.get(kind.name);
    if (!registration) throw new Error(`no end-of-transaction writer is registered for ${kind.name}`);
    const writer = registration.create(this.at) as T & EndOfTransactionWriter;
    this.made.set(kind.name, { order: registration.order, writer });
    return writer;
  }

  /** The statements of the writers used, in their registered order. */
  statements(): (Statement | undefined)[] {
    return [...this.made.values()].sort((a, b) => a.order - b.order).map(({ writer }) => writer.statement());
  }

  /** Writers of their own with the same registrations and time (a dry run's, never written). */
  sibling(): EndOfTransactionWriters {
    return new EndOfTransactionWriters(this.at, this.registered);
  }
}
