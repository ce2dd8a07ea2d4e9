/** Payouts as the rules state them (docs/rules/baccarat.md#bets-and-payouts). */
export function baccaratPayout(type: string, variant: string): string {
  switch (type) {
    case 'player':
      return '1:1';
    case 'banker':
      return variant === 'no-commission' ? '1:1 · 6 → 1:2' : '0.95:1';
    case 'tie':
      return '8:1';
    case 'playerPair':
    case 'bankerPair':
      return '11:1';
    case 'luckySix':
      return '12:1 / 20:1';
    case 'playerNatural':
    case 'bankerNatural':
      return '7:2';
    default:
      return '';
  }
}
