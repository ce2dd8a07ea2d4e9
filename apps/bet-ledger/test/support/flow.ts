import { CasinoEvent, EventOf, TableConfig } from '@casino/events';
import { Harness } from './ledger-harness';
import { isCancelDecisionFor, isDecisionFor, opened, RoundRef } from './builders';

/** Opens a round and waits until the ledger has it (round events and bets travel on different topics). */
export async function openRound(
  h: Harness,
  r: RoundRef,
  table: TableConfig,
  timeoutMs = 20_000,
): Promise<void> {
  await h.send(opened(r, table));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await h.ds.query(`SELECT 1 FROM ledger_rounds WHERE table_id = $1 AND round_id = $2`, [
      r.tableId,
      r.roundId,
    ]);
    if (rows.length > 0) return;
    if (Date.now() > deadline) throw new Error(`round ${r.roundId} never opened at the ledger`);
    await new Promise((res) => setTimeout(res, 20));
  }
}

export type Decision = EventOf<'BetAccepted'> | EventOf<'BetRejected'>;

/** Sends bet commands and returns each one's decision, by command id. */
export async function decide(h: Harness, ...commands: EventOf<'PlaceBet'>[]): Promise<Map<string, Decision>> {
  await h.send(...commands);
  const ids = new Set(commands.map((c) => c.id));
  const found = await h.waitFor(isDecisionFor(ids), ids.size);
  return new Map(found.map((d) => [d.commandId, d] as const));
}

/** The decision of one command, asserting what kind it is. */
export function codeOf(d: Decision | undefined): string {
  if (!d) return 'MISSING';
  return d.type === 'BetAccepted' ? 'ACCEPTED' : d.code;
}

export async function settleWait<T extends CasinoEvent>(
  h: Harness,
  send: CasinoEvent,
  pred: (e: CasinoEvent) => e is T,
) {
  await h.send(send);
  return h.waitFor(pred);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The round's status at the ledger once it is `want`, or the last one seen when `timeoutMs` passes first. */
export async function roundStatus(
  h: Harness,
  roundId: string,
  want: string,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let status = '';
  while (status !== want && Date.now() < deadline) {
    const rows = await h.ds.query(`SELECT status FROM ledger_rounds WHERE round_id = $1`, [roundId]);
    status = rows[0]?.status ?? '';
    if (status !== want) await sleep(50);
  }
  return status;
}

export type CancelDecision = EventOf<'BetCancelled'> | EventOf<'BetCancelRejected'>;

/** Sends cancel commands and returns each one's decision, by command id. */
export async function decideCancels(
  h: Harness,
  ...commands: EventOf<'CancelBet'>[]
): Promise<Map<string, CancelDecision>> {
  await h.send(...commands);
  const ids = new Set(commands.map((c) => c.id));
  const found = await h.waitFor(isCancelDecisionFor(ids), ids.size);
  return new Map(found.map((d) => [d.commandId, d] as const));
}

export function cancelCodeOf(d: CancelDecision | undefined): string {
  if (!d) return 'MISSING';
  return d.type === 'BetCancelled' ? 'CANCELLED' : d.code;
}
