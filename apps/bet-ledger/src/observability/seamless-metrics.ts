import {
  callOperatorWallet,
  WalletCall,
  WalletCallBodies,
  WalletEndpoint,
  WalletOutcome,
} from '@casino/operator-protocol';
import { seamlessMetrics } from '@casino/observability';

/** A call's outcome as the metric labels it: the operator's answer (ok, refused) or unknown. */
export function outcomeLabel(outcome: WalletOutcome): 'ok' | 'refused' | 'unknown' {
  return outcome.kind === 'unknown' ? 'unknown' : outcome.answer.status;
}

/**
 * callOperatorWallet, timed per operator, call and outcome (casino_seamless_call_seconds): every call the ledger
 * makes to a seamless wallet goes through here.
 */
export async function observedWalletCall<C extends WalletCall>(
  operatorId: string,
  endpoint: WalletEndpoint,
  call: C,
  body: WalletCallBodies[C],
  timeoutMs: number,
): Promise<WalletOutcome> {
  const start = process.hrtime.bigint();
  const outcome = await callOperatorWallet(endpoint, call, body, timeoutMs);
  seamlessMetrics().callSeconds.observe(
    { operator: operatorId, call, outcome: outcomeLabel(outcome) },
    Number(process.hrtime.bigint() - start) / 1e9,
  );
  return outcome;
}
