/** Injection token of the validated service configuration (the shared ports' tokens live in table-kit). */
export const BACCARAT_CONFIG = 'BACCARAT_CONFIG';
