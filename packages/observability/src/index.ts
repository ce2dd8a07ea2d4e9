export * from './metrics-registry';
export * from './metric-definitions';
export * from './metrics.module';
export * from './http-metrics.middleware';
export * from './log-fields';
export * from './service-logger';
export * from './observability-config';
export * from './file-variables';
