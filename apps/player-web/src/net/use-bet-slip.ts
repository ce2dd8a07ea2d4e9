import {
  PlaceBetsAnswer,
  SlipBatcher,
  SlipBetResult,
  slipChunks,
  SlipIntent,
  SlipItem,
} from '@packages/player-protocol/src/bet-slip';
import { useEffect, useMemo, useRef } from 'react';
import type { GameConnection } from './game-connection';

/** A bet as its game's `placeBet` spells it, without tableId and roundId. */
type SlipBet = Record<string, unknown>;

/**
 * The player's bet slip at one table (docs/player-client.md "The bet slip"): chips placed within SLIP_GATHER_MS
 * travel as one `placeBets` (`add`), and "repeat" and "double" send their bets as one command (`send`), so the
 * socket's rate limit, which counts commands, never refuses a player for placing chips fast. Each bet resolves
 * with its own result, for the same per-bet feedback as a single `placeBet`.
 */
export function useBetSlip(
  connection: GameConnection | null | undefined,
  tableId: string,
  roundId: string | null,
): {
  add(bet: SlipBet): Promise<SlipBetResult>;
  send(bets: readonly SlipBet[], intent: SlipIntent): Promise<SlipBetResult[]>;
} {
  const round = useRef(roundId);
  round.current = roundId;
  const request = useMemo(
    () =>
      (bets: SlipItem<SlipBet>[], intent: SlipIntent): Promise<PlaceBetsAnswer> =>
        connection
          ? connection
              .request<{ results: SlipBetResult[] }>('placeBets', {
                tableId,
                roundId: round.current ?? undefined,
                intent,
                bets,
              })
              .then((a) => (a.ok ? a : { ok: false, code: a.code, message: a.message ?? '' }))
          : Promise.resolve({ ok: false, code: 'DISCONNECTED', message: 'not connected' }),
    [connection, tableId],
  );
  const batcher = useMemo(() => new SlipBatcher<SlipBet>((bets) => request(bets, 'chips')), [request]);
  // A table left (or a connection replaced) sends what it gathered, answered DISCONNECTED if it cannot go.
  useEffect(() => () => batcher.flush(), [batcher]);
  return useMemo(
    () => ({
      add: (bet: SlipBet) => batcher.add(bet),
      async send(bets: readonly SlipBet[], intent: SlipIntent): Promise<SlipBetResult[]> {
        // The chips gathered before the button go first, as the player placed them.
        batcher.flush();
        const results: SlipBetResult[] = [];
        for (const chunk of slipChunks(bets)) {
          const items = chunk.map((b, i) => ({ ...b, clientId: `${intent}${i}` }));
          const answer = await request(items, intent);
          for (const item of items) {
            const result = answer.ok ? answer.results.find((r) => r.clientId === item.clientId) : undefined;
            results.push(
              result ?? {
                clientId: item.clientId,
                ok: false,
                code: answer.ok ? 'INTERNAL_ERROR' : answer.code,
                message: answer.ok ? 'no result for the bet' : answer.message,
              },
            );
          }
        }
        return results;
      },
    }),
    [batcher, request],
  );
}
