import { Clock } from '../timers/clock';
import { DealerAccountsEnv } from './dealer-accounts-config';

/** Injection tokens of the dealer accounts' settings and store. */
export const DEALER_ACCOUNTS_OPTIONS = 'DEALER_ACCOUNTS_OPTIONS';
export const DEALER_STORE = 'DEALER_STORE';

export interface DealerAccountsOptions {
  /** The game: `baccarat`, `blackjack`, `roulette` (the registry's rows and the tokens are per game). */
  service: string;
  env: DealerAccountsEnv;
  /** Real time by default, even when a test drives the tables' clock: token expiry is not game time. */
  clock: Clock;
}
