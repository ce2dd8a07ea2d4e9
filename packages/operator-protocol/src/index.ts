export * from './signature';
export * from './seamless-wallet';
export * from './seamless-wallet-v2';
export * from './bet-description';
export * from './wallet-client';
