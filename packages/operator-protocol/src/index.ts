export * from './signature';
export * from './seamless-wallet';
export * from './wallet-client';
