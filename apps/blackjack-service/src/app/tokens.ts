/** Injection token of the validated service configuration (the shared ports' tokens live in table-kit). */
export const BLACKJACK_CONFIG = 'BLACKJACK_CONFIG';
