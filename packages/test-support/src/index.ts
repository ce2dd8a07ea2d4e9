export * from './test-kafka';
export * from './test-database';
export * from './unique-name';
export * from './urls';
export * from './ledger-process';
export * from './manual-clock';
