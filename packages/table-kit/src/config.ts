/** A game service's configuration (`@casino/table-kit/config`): the environment, its tables and currencies. */
export * from './config/load-config';
export * from './config/table-settings';
export * from './config/currency-profiles';
export * from './config/catalogue-entry';
export * from './config/service-config';
export * from './config/table-state-key-config';
