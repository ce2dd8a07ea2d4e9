import { Clock } from '../timers/clock';
import { DealerAccountsEnv } from './dealer-accounts-config';

/** Injection tokens of the dealer accounts' settings and store. */
export const DEALER_ACCOUNTS_OPTIONS = 'DEALER_ACCOUNTS_OPTIONS';
export const DEALER_STORE = 'DEALER_STORE';

export interface DealerAccountsOptions {
  /** The game service (its Kafka principal: `baccarat`, `studio-games`, …): the registry's rows and tokens are its. */
  service: string;
  env: DealerAccountsEnv;
  /** Real time by default, even when a test drives the tables' clock: token expiry is not game time. */
  clock: Clock;
}
