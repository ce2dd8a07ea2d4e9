import type { SlipBetResult } from '@packages/player-protocol/src/bet-slip';
import type { GameConnection } from '../../net/game-connection';
import { useBetSlip } from '../../net/use-bet-slip';
import { useRejection } from '../../ui/use-rejection';
import { useRepeatable } from './use-table-session';

/** A bet of the player's this round as a live table keeps it: the ledger's ref, the stake, where it stands. */
export interface LiveBet {
  ref: string;
  stake: string;
  status: string;
}

/** A bet before the ledger has a ref for it: the game's own fields (type, spec, spot) and its stake. */
export type NewBet<B extends LiveBet> = Omit<B, 'ref' | 'status'>;

/** Still on the table: neither refused nor taken back. */
const onTable = (bet: LiveBet): boolean => bet.status === 'pending' || bet.status === 'accepted';

/**
 * The bet handlers every live table shares (baccarat, roulette, the studio games): a chip, Undo (the last bet on
 * the table taken back), Repeat (the last round's bets) and Double (the bets on the table now). Chips placed within
 * a moment, and Repeat and Double, travel as one placeBets through the bet slip (docs/player-client.md); each bet
 * shows on the layout as pending as soon as the ledger names it, and each refusal code is told once.
 */
export function useLiveBets<B extends LiveBet, S extends { myBets: readonly B[] }>({
  connection,
  tableId,
  roundId,
  myBets,
  update,
  wire,
}: {
  connection: GameConnection | null;
  tableId: string;
  roundId: string | null;
  myBets: readonly B[];
  /** The table state's local update (useTableSession's). */
  update: (f: (s: S) => S) => void;
  /** The bet as the game's placeBet spells it, without table and round. */
  wire: (bet: NewBet<B>) => Record<string, unknown>;
}) {
  const reject = useRejection();
  const previous = useRepeatable(roundId, myBets);
  const slip = useBetSlip(connection, tableId, roundId);

  /** A bet's own result from the slip: shown on the layout when taken, its refusal told when not. */
  const placed = (bet: NewBet<B>, result: SlipBetResult): void => {
    if (!result.ok) return reject(result.code);
    const ref = result.refs[0];
    if (ref)
      update((s) =>
        s.myBets.some((b) => b.ref === ref)
          ? s
          : { ...s, myBets: [...s.myBets, { ...bet, ref, status: 'pending' } as unknown as B] },
      );
  };

  const place = async (bet: NewBet<B>): Promise<void> => {
    if (!connection) return;
    placed(bet, await slip.add(wire(bet)));
  };

  /** Several bets as one command; one notice per refusal code, not one per chip. */
  const placeAll = async (bets: readonly NewBet<B>[], intent: 'repeat' | 'double'): Promise<void> => {
    const results = await slip.send(bets.map(wire), intent);
    const codes = new Set<string>();
    results.forEach((r, i) => (r.ok ? placed(bets[i], r) : codes.add(r.code)));
    for (const code of codes) reject(code);
  };

  const undo = async (): Promise<void> => {
    const last = myBets.filter(onTable).at(-1);
    if (!connection || !last) return;
    const ack = await connection.request('cancelBet', { tableId, roundId, ref: last.ref });
    if (!ack.ok) reject(ack.code);
  };

  const repeat = async (): Promise<void> => {
    const bets = previous.current.filter(onTable);
    if (bets.length === 0) return reject('NOTHING_TO_REPEAT');
    await placeAll(bets, 'repeat');
  };

  const double = async (): Promise<void> => {
    const bets = myBets.filter(onTable);
    if (bets.length > 0) await placeAll(bets, 'double');
  };

  return { slip, place, undo, repeat, double };
}
