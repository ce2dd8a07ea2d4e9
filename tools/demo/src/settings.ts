import { GAME_SERVICES, GameService } from '@casino/games';
import { Game, sharesService } from './model/game';

/** What the demo runs: tables' timers are short so that about two minutes give many rounds. */
export interface DemoSettings {
  /** Rounds to play on each live table before the demo stops. */
  roundsPerTable: number;
  /** The demo stops after this long even if a table has not played all its rounds. */
  maxSeconds: number;
  /**
   * Players at each game with a service of its own; a game of a shared service has at most
   * SHARED_SERVICE_PLAYERS of them.
   */
  playersPerGame: number;
  seed: string;
  ledgerPort: number;
  /** Each game service's port (the registry's services, from 3191 on). */
  servicePorts: Record<GameService, number>;
  /** The seamless operator's reference wallet (apps/operator-wallet). */
  walletPort: number;
  /** The players' lobby and web client (LOBBY_URL = http://127.0.0.1:<port>/lobby). */
  lobbyPort: number;
  /** `--keep`: the tables stay up with the simulated players until Ctrl-C, for a person to play in the browser. */
  keep: boolean;
}

export function readSettings(argv: readonly string[]): DemoSettings {
  const flag = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = flag(name) ?? process.env[`DEMO_${name.toUpperCase().replace(/-/g, '_')}`];
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new Error(`--${name} must be an integer in ${min}..${max}, got ${JSON.stringify(raw)}`);
    }
    return value;
  };
  return {
    roundsPerTable: int('rounds', 20, 1, 10_000),
    maxSeconds: int('max-seconds', 150, 10, 3_600),
    playersPerGame: int('players', 5, 1, 50),
    seed: flag('seed') ?? `demo-${Date.now()}`,
    ledgerPort: 3190,
    servicePorts: Object.fromEntries(GAME_SERVICES.map((service, i) => [service, 3191 + i])) as Record<
      GameService,
      number
    >,
    lobbyPort: 3189,
    walletPort: 3188,
    keep: argv.includes('--keep'),
  };
}

/** Timers (ms) given to the services: a brisk table, still slow enough for real sockets and Kafka. */
export const DEMO_TIMERS = {
  BETTING_MS: '2500',
  CARD_MS: '60',
  RESULT_MS: '400',
  SPIN_MS: '300',
  DECISION_MS: '3000',
  INSURANCE_MS: '1500',
  FINAL_BETS_MS: '8000',
};

/**
 * Players per game of a service that hosts several: those tables share one process and the demo's two cores with
 * the others, so they take fewer players than the games with a service of their own (the demo's time stays).
 */
export const SHARED_SERVICE_PLAYERS = 3;

/** How many players the demo seats at a game. */
export const playersOf = (game: Game, settings: DemoSettings): number =>
  sharesService(game) ? Math.min(settings.playersPerGame, SHARED_SERVICE_PLAYERS) : settings.playersPerGame;
