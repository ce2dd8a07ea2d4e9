import { EventOf } from '@casino/events';
import { asOperator, bac, baccaratTable, bj, blackjackTable, newRound, place } from './support/builders';
import { codeOf, decide, openRound } from './support/flow';
import { balanceOf, createHarness, deposit, Harness } from './support/ledger-harness';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('opp');
  await h.startLedger();
});
afterAll(async () => h?.close());

/** The same bet as `place` makes it, for another operator's player. */
const placeFor = (operatorId: string, ...args: Parameters<typeof place>): EventOf<'PlaceBet'> =>
  asOperator(place(...args), operatorId);

describe('two operators, each with a player "42"', () => {
  it('are two players: restrictions, seats and wallets never mix', async () => {
    await deposit(h, 'op-a', '42', 10_000n);
    await deposit(h, 'op-b', '42', 10_000n);

    const bac1 = newRound('baccarat');
    await openRound(h, bac1, baccaratTable());
    const aPlayer = placeFor('op-a', bac1, '42', 1_000n, bac('player'));
    const bBanker = placeFor('op-b', bac1, '42', 2_000n, bac('banker'));
    const aBanker = placeFor('op-a', bac1, '42', 1_000n, bac('banker'));
    const decisions = await decide(h, aPlayer, bBanker, aBanker);
    expect(codeOf(decisions.get(aPlayer.id))).toBe('ACCEPTED');
    // Another operator's "42" on Banker is not this player's opposing bet.
    expect(codeOf(decisions.get(bBanker.id))).toBe('ACCEPTED');
    expect(codeOf(decisions.get(aBanker.id))).toBe('OPPOSING_BETS');

    const bj1 = newRound('blackjack');
    await openRound(h, bj1, blackjackTable());
    const aSeat = placeFor('op-a', bj1, '42', 500n, bj(1, 'main'));
    const bSameSeat = placeFor('op-b', bj1, '42', 500n, bj(1, 'main'));
    const bOwnSeat = placeFor('op-b', bj1, '42', 500n, bj(2, 'main'));
    const seats = await decide(h, aSeat, bSameSeat, bOwnSeat);
    expect(codeOf(seats.get(aSeat.id))).toBe('ACCEPTED');
    expect(codeOf(seats.get(bSameSeat.id))).toBe('SEAT_TAKEN');
    expect(codeOf(seats.get(bOwnSeat.id))).toBe('ACCEPTED');

    expect(await balanceOf(h, 'op-a', '42')).toBe(10_000n - 1_000n - 500n);
    expect(await balanceOf(h, 'op-b', '42')).toBe(10_000n - 2_000n - 500n);
  });
});
