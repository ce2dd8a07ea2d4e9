import { BetSpec, buildEvent, TableConfig } from '@casino/events';
import { CancellableBet, DecisionContext, seatHolder } from '../../bets/bet-batch';
import { RoundView } from '../../rounds/round-view';
import { applyCancel, decideCancel } from './cancel-bet.decision';

const table: TableConfig = {
  game: 'baccarat',
  payTable: 'commission',
  roundInShoe: 1,
  limits: { player: { min: 1n, max: 1000n }, banker: { min: 1n, max: 1000n } },
  tableMax: {},
};
function round(status: RoundView['status'] = 'open', game: RoundView['game'] = 'baccarat'): RoundView {
  return {
    tableId: 't',
    roundId: 'r',
    game,
    currency: 'EUR',
    status,
    config: table,
    totals: new Map([['banker', 500n]]),
    seats: new Map([[2, seatHolder('o', 'p')]]),
    betCount: 1,
    totalStaked: 500n,
    changed: false,
    tableLocked: true,
  };
}
const bet = (over: Partial<CancellableBet> = {}, spec: BetSpec = { game: 'baccarat', type: 'banker' }) => ({
  betId: 'b1',
  commandId: 'c1',
  tableId: 't',
  roundId: 'r',
  playerId: 'p',
  operatorId: 'o',
  currency: 'EUR',
  accountId: '1',
  inPlayAccountId: '2',
  stake: 500n,
  key: spec.game === 'blackjack' ? spec.kind : 'banker',
  spec,
  cancelled: false,
  ...over,
});
const cancel = (playerId = 'p') =>
  buildEvent('CancelBet', {
    tableId: 't',
    roundId: 'r',
    game: 'baccarat',
    playerId,
    operatorId: 'o',
    currency: 'EUR',
    target: { betId: 'b1' },
  });
const ctx = (r: RoundView | undefined, accountId = '1'): DecisionContext => ({
  round: r,
  wallet: { accountId, balance: 1_000n },
  playerBets: [{ betId: 'b1', key: 'banker', stake: 500n, spec: { game: 'baccarat', type: 'banker' } }],
  personalLimits: [],
});
const codeOf = (d: ReturnType<typeof decideCancel>) => (d.ok ? 'OK' : d.code);

describe('decideCancel', () => {
  it('checks round, bet, owner, state, kind and window in that order', () => {
    expect(codeOf(decideCancel(cancel(), ctx(undefined), bet()))).toBe('ROUND_UNKNOWN');
    expect(codeOf(decideCancel(cancel(), ctx(round()), undefined))).toBe('BET_UNKNOWN');
    expect(codeOf(decideCancel(cancel(), ctx(round()), bet({ roundId: 'other' })))).toBe('BET_UNKNOWN');
    expect(codeOf(decideCancel(cancel('q'), ctx(round()), bet({ cancelled: true })))).toBe('NOT_YOUR_BET');
    expect(codeOf(decideCancel(cancel(), ctx(round()), bet({ cancelled: true })))).toBe('ALREADY_CANCELLED');
    const double = bet({}, { game: 'blackjack', seat: 2, kind: 'double', hand: 0 });
    expect(codeOf(decideCancel(cancel(), ctx(round('closed')), double))).toBe('NOT_CANCELLABLE');
    expect(codeOf(decideCancel(cancel(), ctx(round('closed')), bet()))).toBe('LATE_CANCEL');
    expect(codeOf(decideCancel(cancel(), ctx(round('settled')), bet()))).toBe('LATE_CANCEL');
    expect(codeOf(decideCancel(cancel(), ctx(round(), '9'), bet()))).toBe('CURRENCY_MISMATCH');
    expect(codeOf(decideCancel(cancel(), ctx(round()), bet()))).toBe('OK');
  });

  it('refuses a withdrawal that would take the table over its maximum Player−Banker difference', () => {
    // Player 3,200 and Banker 2,500 on a table allowing 1,000: withdrawing the 500 Banker bet leaves 1,200.
    const r = { ...round(), config: { ...table, maxDifference: 1_000n } };
    r.totals = new Map([
      ['player', 3_200n],
      ['banker', 2_500n],
    ]);
    expect(codeOf(decideCancel(cancel(), ctx(r), bet()))).toBe('MAX_DIFFERENCE_EXCEEDED');
    // Withdrawing it when the other side is small enough narrows or keeps the difference within the maximum.
    r.totals = new Map([
      ['player', 1_000n],
      ['banker', 2_500n],
    ]);
    expect(codeOf(decideCancel(cancel(), ctx(r), bet()))).toBe('OK');
  });

  it('gives the stake back and takes the bet out of the player and table state', () => {
    const c = ctx(round());
    const b = bet();
    applyCancel(c, b);
    expect(c.wallet!.balance).toBe(1_500n);
    expect(c.playerBets).toEqual([]);
    expect(c.round!.totals.has('banker')).toBe(false);
    expect(c.round).toMatchObject({ betCount: 0, totalStaked: 0n, changed: true });
    expect(b.cancelled).toBe(true);
  });

  it('frees the seat of a cancelled blackjack main bet', () => {
    const c = ctx(round('open', 'blackjack'));
    applyCancel(c, bet({}, { game: 'blackjack', seat: 2, kind: 'main', hand: 0 }));
    expect(c.round!.seats.has(2)).toBe(false);
  });
});
