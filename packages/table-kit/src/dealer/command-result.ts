import { rejection, Rejection } from '../wire/rejection-codes';

/** A dealer command's outcome: the table's new state and the console's answer. */
export interface DealerCommandResult<S> {
  state: S;
  reply: { ok: true; done: string } | Rejection;
}

/** The command `what` was carried out. */
export function commandDone<S>(state: S, what: string): DealerCommandResult<S> {
  return { state, reply: { ok: true, done: what } };
}

/** The command does not fit the table as it is (ACTION_NOT_ALLOWED); nothing changes. */
export function notAllowed<S>(state: S, message: string): DealerCommandResult<S> {
  return { state, reply: rejection('ACTION_NOT_ALLOWED', message) };
}

/**
 * A void once the round's result is known (cards complete, pocket announced, dealer's hand finished): refused,
 * players may already have seen their wins; the back office voids such a round through the ledger.
 */
export function voidAfterResult<S>(state: S): DealerCommandResult<S> {
  return { state, reply: rejection('VOID_AFTER_RESULT') };
}

/**
 * A void once betting has closed, without a pit boss's approval: refused (VOID_NEEDS_APPROVAL). The ledger applies
 * such a void only with the approval of that round (docs/ledger.md#voids-after-betting-closed); the console passes
 * on the approval id the back office gave the pit boss, and the ledger checks it.
 */
export function voidNeedsApproval<S>(state: S): DealerCommandResult<S> {
  return { state, reply: rejection('VOID_NEEDS_APPROVAL') };
}
