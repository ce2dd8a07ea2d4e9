/**
 * Everything at once, for the importers not yet on a subpath: prefer `@casino/table-kit/core`, `/config`, `/kafka`,
 * `/postgres` or `/nest`.
 */
export * from './core';
export * from './config';
export * from './kafka';
export * from './postgres';
export * from './nest';
