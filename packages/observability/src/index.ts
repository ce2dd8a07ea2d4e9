export * from './metrics-registry';
export * from './metric-definitions';
export * from './metrics.module';
export * from './log-fields';
export * from './service-logger';
export * from './observability-config';
export * from './file-variables';
