import { GAMES } from '@casino/games';
import { contractGameOf, describeGameServiceContract } from '@casino/service-testing';
import { harness } from './support/harness';

jest.setTimeout(90_000);

// The game service contract (packages/service-testing/src/contract) for every game the registry gives this service,
// their bets and settlement from their definitions; the dependency-failure cases run at the first game's table.
const [first, ...rest] = GAMES.filter((g) => g.service === 'studio-games').map((definition) =>
  contractGameOf(definition, (id, bettingMs) => ({
    id,
    game: definition.id,
    timers: { bettingMs, drawMs: 200, resultMs: 300 },
  })),
);

describeGameServiceContract({ app: 'studio-games-service', harness, games: [first, ...rest] });
