/** The state store on PostgreSQL (`@casino/table-kit/postgres`). */
export * from './postgres/pg-state-store';
