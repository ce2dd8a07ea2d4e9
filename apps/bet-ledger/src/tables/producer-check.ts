import { BetCommand, gameOfTopic, RoundsTopicEvent, TopicGame } from '@casino/events';
import { Sql } from '@casino/wallet';
import { recordProcessed } from '../transaction/processed-events';
import { TransactionContext } from '../transaction/transaction-context';
import { catalogueTableId } from './round-admission';
import { recordRefusal } from './table-catalogue.repository';

export const PRODUCER_NOT_TABLE_SERVICE = 'PRODUCER_NOT_TABLE_SERVICE';

export interface ProducerRefusal {
  code: typeof PRODUCER_NOT_TABLE_SERVICE;
  message: string;
}

/**
 * Whether a message's producer may speak for its table: a per-game topic is written only by its game's service
 * (ACLs), so the topic's game is the producer's, and it must be the game the catalogue gives the table. Nothing
 * to check for a table the catalogue does not know (its round is refused or unknown anyway) or a topic of no game.
 */
export function producerRefusal(
  topic: string,
  tableGame: TopicGame | undefined,
  message: { type: string; tableId: string },
): ProducerRefusal | undefined {
  const producer = gameOfTopic(topic);
  if (!producer || !tableGame || producer === tableGame) return undefined;
  return {
    code: PRODUCER_NOT_TABLE_SERVICE,
    message:
      `${message.type} for ${tableGame} table ${message.tableId} arrived on ${topic}, ` +
      `which only the ${producer} service writes`,
  };
}

/**
 * The catalogue's game of each table, cached: a table's game never changes (the catalogue updates every field
 * but it), so a bet batch reads only the tables it has not seen. Tables not in the catalogue are not cached.
 */
export class TableGames {
  private readonly known = new Map<string, TopicGame>();

  /** The game of `tableId` (a session table `<table>~<player>` takes its table's), or undefined. */
  gameOf(tableId: string): TopicGame | undefined {
    return this.known.get(catalogueTableId(tableId));
  }

  /** Reads the games of the tables not cached yet. */
  async load(sql: Sql, tableIds: Iterable<string>): Promise<void> {
    const missing = [...new Set([...tableIds].map(catalogueTableId))].filter((id) => !this.known.has(id));
    if (missing.length === 0) return;
    const rows = await sql.rows<{ table_id: string; game: TopicGame }>(
      `SELECT table_id, game FROM ledger_tables WHERE table_id = ANY($1::text[])`,
      [missing],
    );
    for (const r of rows) this.known.set(r.table_id, r.game);
  }
}

/** The commands whose producer may not speak for their table, with why (in the caller's transaction). */
export async function foreignProducerCommands(
  sql: Sql,
  games: TableGames,
  commands: readonly { event: BetCommand; origin: { topic: string } }[],
): Promise<Map<string, ProducerRefusal>> {
  const refused = new Map<string, ProducerRefusal>();
  const checked = commands.filter((c) => gameOfTopic(c.origin.topic) !== undefined);
  if (checked.length === 0) return refused;
  await games.load(
    sql,
    checked.map((c) => c.event.tableId),
  );
  for (const { event, origin } of checked) {
    const refusal = producerRefusal(origin.topic, games.gameOf(event.tableId), event);
    if (refusal) refused.set(event.id, refusal);
  }
  return refused;
}

/**
 * Refuses a round or shoe event whose producer may not speak for its table: its id recorded as processed (a
 * redelivery changes nothing), the refusal recorded beside the catalogue's others and alerted. Returns undefined
 * when the event may be applied.
 */
export async function refuseForeignRoundEvent(
  ctx: TransactionContext,
  games: TableGames,
  event: RoundsTopicEvent,
  topic: string,
): Promise<'refused' | 'duplicate' | undefined> {
  if (gameOfTopic(topic) === undefined) return undefined;
  await games.load(ctx.sql, [event.tableId]);
  const refusal = producerRefusal(topic, games.gameOf(event.tableId), event);
  if (!refusal) return undefined;
  if (!(await recordProcessed(ctx.sql, event.id))) return 'duplicate';
  const roundId = 'roundId' in event ? event.roundId : '';
  await recordRefusal(ctx.sql, {
    eventId: event.id,
    eventType: event.type,
    tableId: event.tableId,
    roundId,
    ...refusal,
  });
  ctx.log.error(
    `ALERT ledger ${event.type} refused: ${JSON.stringify({
      ...refusal,
      eventId: event.id,
      tableId: event.tableId,
      roundId,
      game: event.game,
      topic,
    })}`,
  );
  return 'refused';
}
