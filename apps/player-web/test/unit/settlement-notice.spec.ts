import { settlementNotice } from '../../src/tables/shared/settlement-notice';

const bet = (stake: bigint, returned: bigint, outcome: string) => ({ stake, returned, outcome });

describe('settlementNotice', () => {
  it('names the whole amount paid back when a bet won, even if the round lost overall', () => {
    // Roulette: €1 on red won (€2 back), €1 on 17 and €1 on the 20/23 split lost.
    expect(settlementNotice([bet(100n, 200n, 'win'), bet(100n, 0n, 'lose'), bet(100n, 0n, 'lose')])).toEqual({
      kind: 'win',
      amount: 200n,
    });
    // A win on red and a loss on black: the stakes came back, but one bet won.
    expect(settlementNotice([bet(100n, 200n, 'win'), bet(100n, 0n, 'lose')])).toEqual({
      kind: 'win',
      amount: 200n,
    });
  });

  it('calls a round whose every stake came back a push', () => {
    // Baccarat: Player on a tie.
    expect(settlementNotice([bet(500n, 500n, 'push')])).toEqual({ kind: 'pushed' });
  });

  it('names what came back when part of the stakes returned without a win', () => {
    // Blackjack: a surrender returns half; another bet pushed.
    expect(settlementNotice([bet(1000n, 500n, 'lose'), bet(1000n, 1000n, 'push')])).toEqual({
      kind: 'returned',
      amount: 1500n,
    });
  });

  it('says nothing for a lost round', () => {
    expect(settlementNotice([bet(500n, 0n, 'lose')])).toBeNull();
    expect(settlementNotice([])).toBeNull();
  });
});
