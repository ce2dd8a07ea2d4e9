import { gameTopic, prefixedTopics } from '@casino/events';
import { Sql } from '@casino/wallet';
import { foreignProducerCommands, producerRefusal, TableGames } from './producer-check';

const topics = prefixedTopics('run-1.');
const opened = { type: 'RoundOpened', tableId: 'bac-1' };

describe('producerRefusal', () => {
  it("refuses a message on another game's topic than its table's catalogue game", () => {
    expect(producerRefusal(gameTopic(topics, 'rounds', 'roulette'), 'baccarat', opened)).toEqual({
      code: 'PRODUCER_NOT_TABLE_SERVICE',
      message:
        'RoundOpened for baccarat table bac-1 arrived on run-1.casino.rounds.roulette, which only the roulette ' +
        'service writes',
    });
    expect(
      producerRefusal(gameTopic(topics, 'betCommands', 'blackjack'), 'baccarat', {
        type: 'PlaceBet',
        tableId: 'bac-1',
      })?.code,
    ).toBe('PRODUCER_NOT_TABLE_SERVICE');
  });

  it("lets the table's own game through, and leaves unknown tables and topics of no game to the other checks", () => {
    expect(producerRefusal(gameTopic(topics, 'rounds', 'baccarat'), 'baccarat', opened)).toBeUndefined();
    expect(producerRefusal(gameTopic(topics, 'rounds', 'roulette'), undefined, opened)).toBeUndefined();
    expect(producerRefusal('some-test-topic', 'baccarat', opened)).toBeUndefined();
  });
});

describe('TableGames and foreignProducerCommands', () => {
  const catalogue: Record<string, 'baccarat' | 'roulette'> = { 'bac-1': 'baccarat', 'rou-1': 'roulette' };
  const queried: string[][] = [];
  const sql: Sql = {
    async rows<T>(_text: string, params: unknown[] = []): Promise<T[]> {
      const ids = params[0] as string[];
      queried.push(ids);
      return ids.filter((id) => catalogue[id]).map((id) => ({ table_id: id, game: catalogue[id] })) as T[];
    },
  };
  const command = (id: string, tableId: string, game: 'baccarat' | 'roulette') => ({
    event: { id, type: 'PlaceBet', tableId } as never,
    origin: { topic: gameTopic(topics, 'betCommands', game) },
  });

  it('refuses the commands whose topic is not their table’s game, reading each table once', async () => {
    const games = new TableGames();
    const refused = await foreignProducerCommands(sql, games, [
      command('c1', 'bac-1', 'baccarat'),
      command('c2', 'bac-1', 'roulette'),
      command('c3', 'rou-1~player-7', 'roulette'),
      command('c4', 'nowhere', 'roulette'),
    ]);
    expect([...refused.keys()]).toEqual(['c2']);
    expect(refused.get('c2')?.code).toBe('PRODUCER_NOT_TABLE_SERVICE');
    expect(queried).toEqual([['bac-1', 'rou-1', 'nowhere']]);
    await foreignProducerCommands(sql, games, [command('c5', 'rou-1', 'baccarat')]);
    expect(queried).toHaveLength(1);
    expect(games.gameOf('rou-1~p')).toBe('roulette');
  });
});
