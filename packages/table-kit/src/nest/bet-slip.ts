import { PlayerClaims } from '@casino/events';
import type { Outgoing, SlipBetResult, SlipBetTaken } from '@casino/player-protocol';
import { z } from 'zod';
import { TableAvailability } from '../host/table-availability';
import { TableSaveUnavailable } from '../host/table-host';
import { parseMessage, SlipMessage } from '../wire/message-schemas';
import { Rejection, rejection } from '../wire/rejection-codes';
import { observeBetReceived } from './gateway-metrics';
import type { GatewayAnswer, TableMessageSchema } from './gateway-answer';

/** A slip's bets as the table's inputs, in order; a bet that does not parse is refused on its own. */
export interface SlipInputs<I> {
  inputs: { clientId: string; input: I }[];
  refused: Map<string, Rejection>;
}

/**
 * Each bet of a slip parsed with the game's placeBet schema (the slip's tableId and roundId added) and made the
 * game's input; one that does not parse is refused INVALID_MESSAGE and the others go on.
 */
export function slipInputs<S extends TableMessageSchema, I>(
  slip: SlipMessage,
  betSchema: S,
  player: PlayerClaims,
  toInput: (bet: z.infer<S>, player: PlayerClaims) => I,
): SlipInputs<I> {
  const out: SlipInputs<I> = { inputs: [], refused: new Map() };
  for (const { clientId, ...fields } of slip.bets) {
    const where = { tableId: slip.tableId, ...(slip.roundId === undefined ? {} : { roundId: slip.roundId }) };
    const parsed = parseMessage(betSchema, { ...fields, ...where });
    if (parsed.ok) out.inputs.push({ clientId, input: toInput(parsed.value, player) });
    else out.refused.set(clientId, parsed);
  }
  return out;
}

/** The acknowledgement of a slip: one result per bet, in the slip's order. */
export function slipAnswer(
  slip: SlipMessage,
  refused: ReadonlyMap<string, Rejection>,
  replies: ReadonlyMap<string, GatewayAnswer | undefined>,
): { ok: true; results: Outgoing<SlipBetResult>[] } {
  const results = slip.bets.map(({ clientId }): Outgoing<SlipBetResult> => {
    const answer = (refused.get(clientId) ?? replies.get(clientId) ?? null) as
      | (Record<string, unknown> & {
          ok?: boolean;
          code?: string;
          message?: string;
          ref?: unknown;
          refs?: unknown;
        })
      | null;
    if (answer?.ok === true) {
      // Every taken bet names its commands as `refs` (also a game whose placeBet answers with one `ref`).
      const refs = Array.isArray(answer.refs)
        ? answer.refs
        : typeof answer.ref === 'string'
          ? [answer.ref]
          : [];
      return { ...(answer as Outgoing<SlipBetTaken>), refs: refs as string[], clientId };
    }
    return {
      clientId,
      ok: false,
      code: answer?.code ?? 'INTERNAL_ERROR',
      message: answer?.message ?? 'the bet had no answer',
    };
  });
  return { ok: true, results };
}

/** A table's host as a slip reaches it (TableHost's `dispatchSlip`; a host without it takes the inputs one by one). */
export interface SlipInbox<I> {
  dispatch: (input: I) => Promise<GatewayAnswer | undefined>;
  dispatchSlip?: (inputs: readonly I[]) => Promise<(GatewayAnswer | undefined)[]>;
  readonly availability?: TableAvailability;
}

/**
 * Hands a slip's inputs to its table's host in one go (one save, one PlaceBets to the ledger): the answers by
 * position, or one refusal of the whole slip (TABLE_UNKNOWN, TABLE_PAUSED as for a placeBet). Each bet is counted
 * in the received-bets metric.
 */
export async function dispatchSlipToTable<I>(
  host: SlipInbox<I> | undefined,
  tableId: string,
  inputs: readonly I[],
): Promise<(GatewayAnswer | undefined)[] | Rejection> {
  let refusal: Rejection | undefined;
  if (!host) refusal = rejection('TABLE_UNKNOWN', `no table ${tableId}`);
  else if ((host.availability?.pausedFor ?? []).length > 0)
    refusal = rejection('TABLE_PAUSED', host.availability?.message ?? 'the table is paused');
  let answers: (GatewayAnswer | undefined)[] = [];
  if (!refusal && host) {
    try {
      answers = host.dispatchSlip
        ? await host.dispatchSlip(inputs)
        : await Promise.all(inputs.map((input) => host.dispatch(input)));
    } catch (err) {
      if (!(err instanceof TableSaveUnavailable)) throw err;
      refusal = rejection('TABLE_PAUSED', host.availability?.message ?? 'the table is paused');
    }
  }
  // Not the player's table id as a label when there is no such table: any string could come in.
  const label = host ? tableId : undefined;
  if (refusal) {
    for (let i = 0; i < inputs.length; i++) observeBetReceived(label, refusal);
    return refusal;
  }
  for (const answer of answers) observeBetReceived(label, answer ?? null);
  return answers;
}
