export * from './password-hash';
export * from './rest-exception.filter';
