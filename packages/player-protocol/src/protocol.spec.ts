import { BLACKJACK_ENGINE_EVENTS, BLACKJACK_MESSAGES, blackjackEventMessage } from './blackjack';
import { PLAYER_MESSAGE_MAPS, TableMessageName, TablePayloads } from './messages';
import { PLAYER_COMMANDS } from './table';

// Compile-time: every table message has a payload type and every payload type a message name.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const namesMatchPayloads: Same<TableMessageName, keyof TablePayloads> = true;

describe('player protocol', () => {
  const all = Object.entries(PLAYER_MESSAGE_MAPS).flatMap(([map, names]) =>
    Object.values(names).map((name: string) => ({ map, name })),
  );

  it('defines every message name once, across all namespaces and games', () => {
    const seen = new Map<string, string>();
    const twice = all.filter(({ map, name }) => {
      const before = seen.get(name);
      seen.set(name, map);
      return before !== undefined;
    });
    expect(twice).toEqual([]);
    expect(namesMatchPayloads).toBe(true);
  });

  it('names messages as namespace:event (or balance), commands in camelCase', () => {
    for (const { name } of all) expect(name).toMatch(/^(balance|[a-z]+:[a-zA-Z-]+)$/);
    const commands = Object.values(PLAYER_COMMANDS);
    expect(new Set(commands).size).toBe(commands.length);
    for (const command of commands) expect(command).toMatch(/^[a-z][a-zA-Z]*$/);
  });

  it('names every relayed blackjack engine event in the blackjack map', () => {
    const names: string[] = Object.values(BLACKJACK_MESSAGES);
    for (const type of BLACKJACK_ENGINE_EVENTS) expect(names).toContain(blackjackEventMessage(type));
  });
});
