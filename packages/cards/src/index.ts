export * from './card';
export * from './random';
