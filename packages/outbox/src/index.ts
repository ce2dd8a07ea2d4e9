export * from './ports';
export * from './refusals';
export * from './causal-waves';
export * from './relay-options';
export * from './outbox-relay';
export * from './system-clock';
