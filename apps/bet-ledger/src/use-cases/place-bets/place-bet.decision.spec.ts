import { BetSpec, buildEvent, TableConfig } from '@casino/events';
import { DecisionContext, GamblingLimitsView, GamblingPeriod } from '../../bets/bet-batch';
import { RoundView } from '../../rounds/round-view';
import { applyAccepted, decideBet } from './place-bet.decision';

function round(config: TableConfig, status: RoundView['status'] = 'open'): RoundView {
  return {
    tableId: 't',
    roundId: 'r',
    game: config.game,
    currency: 'EUR',
    status,
    config,
    totals: new Map(),
    seats: new Map(),
    betCount: 0,
    totalStaked: 0n,
    changed: false,
    tableLocked: true,
  };
}
const baccarat = (over: Partial<Extract<TableConfig, { game: 'baccarat' }>> = {}): TableConfig => ({
  game: 'baccarat',
  payTable: 'commission',
  roundInShoe: 1,
  limits: {
    player: { min: 100n, max: 1000n },
    banker: { min: 100n, max: 1000n },
    luckySix: { min: 100n, max: 1000n },
  },
  tableMax: {},
  ...over,
});
const cmd = (stake: bigint, bet: BetSpec, playerId = 'p') =>
  buildEvent('PlaceBet', {
    tableId: 't',
    roundId: 'r',
    game: bet.game,
    playerId,
    operatorId: 'o',
    currency: 'EUR',
    stake,
    bet,
  });
const ctx = (r: RoundView | undefined, balance = 10_000n): DecisionContext => ({
  round: r,
  wallet: { accountId: '1', balance },
  playerBets: [],
  personalLimits: [],
});

describe('decideBet', () => {
  it('checks round, limits, restrictions and funds in that order', () => {
    const r = round(baccarat());
    expect(decideBet(cmd(100n, { game: 'baccarat', type: 'player' }), ctx(undefined))).toMatchObject({
      code: 'ROUND_UNKNOWN',
    });
    expect(decideBet(cmd(99n, { game: 'baccarat', type: 'player' }), ctx(r))).toMatchObject({
      code: 'BELOW_TABLE_MIN',
    });
    expect(decideBet(cmd(1001n, { game: 'baccarat', type: 'player' }), ctx(r))).toMatchObject({
      code: 'ABOVE_TABLE_MAX',
    });
    expect(decideBet(cmd(100n, { game: 'baccarat', type: 'tie' }), ctx(r))).toMatchObject({
      code: 'BET_NOT_OFFERED',
    });
    expect(decideBet(cmd(500n, { game: 'baccarat', type: 'player' }), ctx(r, 499n))).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(decideBet(cmd(500n, { game: 'roulette', spec: { type: 'red' } }), ctx(r))).toMatchObject({
      code: 'GAME_MISMATCH',
    });
    expect(
      decideBet(cmd(100n, { game: 'baccarat', type: 'player' }), ctx(round(baccarat(), 'closed'))),
    ).toMatchObject({
      code: 'LATE_BET',
    });
  });

  it('applies personal limits within the table limits', () => {
    const c = {
      ...ctx(round(baccarat())),
      personalLimits: [{ game: 'baccarat', key: '*', min: 200n, max: 500n }],
    };
    expect(decideBet(cmd(300n, { game: 'baccarat', type: 'player' }), c)).toMatchObject({ accepted: true });
    expect(decideBet(cmd(150n, { game: 'baccarat', type: 'player' }), c)).toMatchObject({
      code: 'BELOW_PERSONAL_LIMIT',
    });
    expect(decideBet(cmd(501n, { game: 'baccarat', type: 'player' }), c)).toMatchObject({
      code: 'ABOVE_PERSONAL_LIMIT',
    });
  });

  it('never lets a personal maximum above the table maximum allow a larger bet', () => {
    const c = {
      ...ctx(round(baccarat()), 1_000_000n),
      personalLimits: [{ game: 'baccarat', key: '*', min: 10n, max: 5_000n }],
    };
    expect(decideBet(cmd(1_001n, { game: 'baccarat', type: 'player' }), c)).toMatchObject({
      code: 'ABOVE_TABLE_MAX',
    });
    expect(decideBet(cmd(50n, { game: 'baccarat', type: 'player' }), c)).toMatchObject({
      code: 'BELOW_TABLE_MIN',
    });
  });

  describe('responsible-gambling limits', () => {
    const player = { game: 'baccarat', type: 'player' } as const;
    const period = (over: Partial<GamblingPeriod> = {}): GamblingPeriod => ({
      wagered: 0n,
      netLoss: 0n,
      ...over,
    });
    const withLimits = (g: Partial<GamblingLimitsView>): DecisionContext => ({
      ...ctx(round(baccarat())),
      gambling: { open: 0n, day: period(), week: period(), ...g },
    });

    it('refuses every bet while a cooling-off lasts (docs/rules/restrictions.md#cooling-off)', () => {
      const c = withLimits({ coolingOffUntil: BigInt(Date.now() + 3_600_000) });
      expect(decideBet(cmd(100n, player), c)).toMatchObject({ accepted: false, code: 'COOLING_OFF' });
    });

    it('refuses a stake above the stake limit', () => {
      const c = withLimits({ maxStake: 300n });
      expect(decideBet(cmd(300n, player), c)).toMatchObject({ accepted: true });
      expect(decideBet(cmd(301n, player), c)).toMatchObject({ code: 'ABOVE_PERSONAL_LIMIT' });
    });

    it("refuses the bet that would take the period's wager over the limit, counting the batch's accepted bets", () => {
      const c = withLimits({ day: period({ wagerLimit: 1_000n, wagered: 600n }) });
      expect(decideBet(cmd(401n, player), c)).toMatchObject({ code: 'WAGER_LIMIT_REACHED' });
      const ok = cmd(400n, player);
      expect(decideBet(ok, c)).toMatchObject({ accepted: true });
      applyAccepted(ok, c, { betId: 'b1', key: 'player', stake: 400n, spec: ok.bet });
      expect(c.gambling?.day.wagered).toBe(1_000n);
      expect(c.gambling?.week.wagered).toBe(400n);
      expect(decideBet(cmd(100n, player), c)).toMatchObject({ code: 'WAGER_LIMIT_REACHED' });
    });

    it('checks the weekly wager limit as well', () => {
      const c = withLimits({ week: period({ wagerLimit: 500n, wagered: 450n }) });
      expect(decideBet(cmd(100n, player), c)).toMatchObject({
        code: 'WAGER_LIMIT_REACHED',
        message: expect.stringContaining('weekly'),
      });
    });

    it('counts the stake as a potential loss on top of the net loss; a net win leaves room', () => {
      const lost = withLimits({ day: period({ lossLimit: 1_000n, netLoss: 800n }) });
      expect(decideBet(cmd(200n, player), lost)).toMatchObject({ accepted: true });
      expect(decideBet(cmd(201n, player), lost)).toMatchObject({ code: 'LOSS_LIMIT_REACHED' });
      const won = withLimits({ week: period({ lossLimit: 500n, netLoss: -500n }) });
      expect(decideBet(cmd(1_000n, player), won)).toMatchObject({ accepted: true });
    });

    it('counts stakes still open (not settled) as potential losses, the batch’s own included', () => {
      const c = withLimits({ open: 300n, day: period({ lossLimit: 1_000n, netLoss: 200n }) });
      expect(decideBet(cmd(501n, player), c)).toMatchObject({ code: 'LOSS_LIMIT_REACHED' });
      const ok = cmd(500n, player);
      expect(decideBet(ok, c)).toMatchObject({ accepted: true });
      applyAccepted(ok, c, { betId: 'b1', key: 'player', stake: 500n, spec: ok.bet });
      expect(c.gambling?.open).toBe(800n);
      expect(decideBet(cmd(100n, player), c)).toMatchObject({ code: 'LOSS_LIMIT_REACHED' });
    });

    it('comes after the table limits and before the funds', () => {
      const c = { ...withLimits({ maxStake: 50n }), wallet: { accountId: '1', balance: 0n } };
      expect(decideBet(cmd(99n, player), c)).toMatchObject({ code: 'BELOW_TABLE_MIN' });
      expect(decideBet(cmd(100n, player), c)).toMatchObject({ code: 'ABOVE_PERSONAL_LIMIT' });
    });
  });

  it('closes side bets after their round of the shoe', () => {
    const late = round(baccarat({ roundInShoe: 51 }));
    expect(decideBet(cmd(100n, { game: 'baccarat', type: 'luckySix' }), ctx(late))).toMatchObject({
      code: 'SIDE_BET_CUTOFF',
    });
    // A table with its own cut-offs: the round's settings decide, not the defaults.
    const own = round(baccarat({ roundInShoe: 21, sideBetLastRound: { luckySix: 20 } }));
    expect(decideBet(cmd(100n, { game: 'baccarat', type: 'luckySix' }), ctx(own))).toMatchObject({
      code: 'SIDE_BET_CUTOFF',
    });
    // A type the table's cut-offs leave out keeps the default (pairs: 60), as at the game service.
    const limits = { bankerPair: { min: 100n, max: 1000n } };
    const partial = round(baccarat({ roundInShoe: 61, limits, sideBetLastRound: { luckySix: 20 } }));
    expect(decideBet(cmd(100n, { game: 'baccarat', type: 'bankerPair' }), ctx(partial))).toMatchObject({
      code: 'SIDE_BET_CUTOFF',
    });
    const empty = round(baccarat({ roundInShoe: 51, sideBetLastRound: {} }));
    expect(decideBet(cmd(100n, { game: 'baccarat', type: 'luckySix' }), ctx(empty))).toMatchObject({
      code: 'SIDE_BET_CUTOFF',
    });
  });

  it('remembers accepted bets for the next decision of the batch', () => {
    const r = round(baccarat());
    const c = ctx(r, 1_000n);
    const first = cmd(600n, { game: 'baccarat', type: 'player' });
    const d = decideBet(first, c);
    if (!d.accepted) throw new Error('expected acceptance');
    applyAccepted(first, c, { betId: 'b1', key: d.key, stake: 600n, spec: first.bet });
    expect(c.wallet!.balance).toBe(400n);
    expect(decideBet(cmd(100n, { game: 'baccarat', type: 'banker' }), c)).toMatchObject({
      code: 'OPPOSING_BETS',
    });
    // Another spot, within its limit: the balance the first bet left decides.
    expect(decideBet(cmd(500n, { game: 'baccarat', type: 'luckySix' }), c)).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
  });

  it("checks a spot's maximum against the player's total on it", () => {
    const c = ctx(round(baccarat()), 10_000n);
    const first = cmd(600n, { game: 'baccarat', type: 'player' });
    const d = decideBet(first, c);
    if (!d.accepted) throw new Error('expected acceptance');
    applyAccepted(first, c, { betId: 'b1', key: d.key, stake: 600n, spec: first.bet });
    expect(decideBet(cmd(600n, { game: 'baccarat', type: 'player' }), c)).toMatchObject({
      code: 'ABOVE_TABLE_MAX',
    });
    expect(decideBet(cmd(400n, { game: 'baccarat', type: 'player' }), c)).toMatchObject({ accepted: true });

    const roulette = ctx(
      round({ game: 'roulette', limits: { straight: { min: 1n, max: 100n } }, tableMax: {} }),
    );
    const on17 = { game: 'roulette' as const, spec: { type: 'straight' as const, numbers: [17] } };
    for (let i = 0; i < 10; i++) {
      const chip = cmd(10n, on17);
      const decided = decideBet(chip, roulette);
      if (!decided.accepted) throw new Error(`chip ${i} refused`);
      applyAccepted(chip, roulette, { betId: `s${i}`, key: decided.key, stake: 10n, spec: chip.bet });
    }
    expect(decideBet(cmd(1n, on17), roulette)).toMatchObject({ code: 'ABOVE_TABLE_MAX' });
    const on18 = { game: 'roulette' as const, spec: { type: 'straight' as const, numbers: [18] } };
    expect(decideBet(cmd(100n, on18), roulette)).toMatchObject({ accepted: true });
  });

  it('rejects an invalid roulette shape', () => {
    const r = round({ game: 'roulette', limits: { split: { min: 1n, max: 100n } }, tableMax: {} });
    expect(
      decideBet(cmd(10n, { game: 'roulette', spec: { type: 'split', numbers: [1, 5] } }), ctx(r)),
    ).toMatchObject({
      code: 'INVALID_BET',
    });
  });
});

describe('decideBet: the balance ceiling', () => {
  const withCeiling = (r: RoundView, balance: bigint, ceiling: bigint): DecisionContext => ({
    ...ctx(r, balance),
    balanceCeiling: ceiling,
  });

  it("refuses a bet whose largest payout could take the wallet above it, counting the round's other bets", () => {
    const r = round(baccarat());
    // 10,000 − 1,000 + 21 × 1,000 = 30,000.
    const lucky = cmd(1_000n, { game: 'baccarat', type: 'luckySix' });
    expect(decideBet(lucky, withCeiling(r, 10_000n, 30_000n))).toMatchObject({ accepted: true });
    expect(decideBet(lucky, withCeiling(r, 10_000n, 29_999n))).toMatchObject({
      accepted: false,
      code: 'BALANCE_CEILING_EXCEEDED',
    });
    // An even-money bet of the same stake fits: 9,000 + 2,000.
    expect(
      decideBet(cmd(1_000n, { game: 'baccarat', type: 'player' }), withCeiling(r, 10_000n, 11_000n)),
    ).toMatchObject({
      accepted: true,
    });
    const c = withCeiling(r, 10_000n, 30_600n);
    const first = cmd(500n, { game: 'baccarat', type: 'player' });
    expect(decideBet(first, c)).toMatchObject({ accepted: true });
    applyAccepted(first, c, { betId: 'b1', key: 'player', stake: 500n, spec: first.bet });
    // 8,500 + 21,000 (this one) + 1,000 (the first) = 30,500 fits; 200 more on Player would not.
    const second = cmd(1_000n, { game: 'baccarat', type: 'luckySix' });
    expect(decideBet(second, c)).toMatchObject({ accepted: true });
    applyAccepted(second, c, { betId: 'b2', key: 'luckySix', stake: 1_000n, spec: second.bet });
    expect(decideBet(cmd(200n, { game: 'baccarat', type: 'player' }), c)).toMatchObject({
      code: 'BALANCE_CEILING_EXCEEDED',
    });
  });

  it('a wallet already above the ceiling takes no bet', () => {
    const r = round(baccarat());
    expect(
      decideBet(
        cmd(100n, { game: 'baccarat', type: 'player' }),
        withCeiling(r, 9_223_372_036_854_775_000n, 10n ** 15n),
      ),
    ).toMatchObject({ code: 'BALANCE_CEILING_EXCEEDED' });
  });
});

describe('decideBet at a table of several currencies', () => {
  const tryCmd = (stake: bigint, type: 'player' | 'banker' | 'tie', playerId = 'p') => ({
    ...cmd(stake, { game: 'baccarat', type }, playerId),
    currency: 'TRY',
  });
  const multi = () =>
    round(
      baccarat({
        maxDifference: 1_000n,
        currencies: {
          TRY: {
            limits: { player: { min: 1_000n, max: 50_000n }, banker: { min: 1_000n, max: 50_000n } },
            tableMax: {},
            maxDifference: 30_000n,
          },
        },
      }),
    );

  it("picks the bet's currency profile, refuses a currency the table does not take", () => {
    const r = multi();
    expect(decideBet(tryCmd(999n, 'player'), ctx(r, 100_000n))).toMatchObject({ code: 'BELOW_TABLE_MIN' });
    expect(decideBet(tryCmd(50_001n, 'player'), ctx(r, 100_000n))).toMatchObject({ code: 'ABOVE_TABLE_MAX' });
    expect(decideBet(tryCmd(1_000n, 'tie'), ctx(r, 100_000n))).toMatchObject({ code: 'BET_NOT_OFFERED' });
    expect(decideBet(tryCmd(20_000n, 'player'), ctx(r, 100_000n))).toMatchObject({ accepted: true });
    expect(decideBet({ ...tryCmd(1_000n, 'player'), currency: 'PLN' }, ctx(r))).toMatchObject({
      code: 'CURRENCY_MISMATCH',
      message: 'table t does not take PLN (it takes EUR, TRY)',
    });
  });

  it("keeps each currency's table totals apart", () => {
    const r = multi();
    // EUR: Banker 1,000 (the EUR maximum difference); TRY totals start empty.
    const eur = ctx(r);
    const first = cmd(1_000n, { game: 'baccarat', type: 'banker' });
    const decided = decideBet(first, eur);
    if (!decided.accepted) throw new Error(decided.message);
    applyAccepted(first, eur, {
      betId: 'b1',
      key: decided.key,
      stake: 1_000n,
      spec: first.bet,
      currency: 'EUR',
    });
    expect([...r.totals]).toEqual([['banker', 1_000n]]);
    // A TRY Player bet neither narrows the EUR gap nor meets the EUR difference.
    const tryBet = tryCmd(30_000n, 'player', 'q');
    const tryCtx = ctx(r, 100_000n);
    const tryDecided = decideBet(tryBet, tryCtx);
    if (!tryDecided.accepted) throw new Error(tryDecided.message);
    applyAccepted(tryBet, tryCtx, {
      betId: 'b2',
      key: 'player',
      stake: 30_000n,
      spec: tryBet.bet,
      currency: 'TRY',
    });
    expect([...r.totals]).toEqual([
      ['banker', 1_000n],
      ['player@TRY', 30_000n],
    ]);
    expect(decideBet(cmd(100n, { game: 'baccarat', type: 'banker' }, 'z'), ctx(r))).toMatchObject({
      code: 'MAX_DIFFERENCE_EXCEEDED',
    });
    expect(decideBet(tryCmd(1_000n, 'player', 'z'), ctx(r, 100_000n))).toMatchObject({
      code: 'MAX_DIFFERENCE_EXCEEDED',
    });
  });
});
