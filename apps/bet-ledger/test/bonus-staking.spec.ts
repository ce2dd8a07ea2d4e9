import { EventOf, prefixedTopics } from '@casino/events';
import { IssuedKey, ManageOperators } from '../src/use-cases/manage-operators/manage-operators.use-case';
import {
  asOperator,
  bac,
  baccaratResult,
  baccaratTable,
  cancel,
  closed,
  defaultTable,
  isRefunded,
  isSettled,
  newRound,
  place,
  resultOf,
  rou,
  rouletteTable,
  voided,
} from './support/builders';
import { cancelCodeOf, codeOf, decide, decideCancels, openRound, sleep } from './support/flow';
import { fan } from './support/dice-games';
import { signedCall } from './support/operator-api';
import { createHarness, Harness } from './support/ledger-harness';

jest.setTimeout(90_000);

const OPID = 'bonus-s';
let h: Harness;
let key: IssuedKey;
let ops: ManageOperators;
beforeAll(async () => {
  h = await createHarness('bonus-staking');
  // The sweeper clears a cancel's leftover quickly here.
  await h.startLedger({ LEDGER_BONUS_SWEEP_MS: '200' });
  ops = new ManageOperators(h.ds, h.config.LEDGER_SECRETS_KEY, prefixedTopics(h.config.KAFKA_TOPIC_PREFIX));
  key = await ops.create({ operatorId: OPID, name: 'S', currencies: ['EUR'] });
});
afterAll(async () => h?.close());

const call = (method: string, path: string, body?: unknown) =>
  signedCall<Record<string, unknown>>(h.url(''), key, method, path, body);
const fund = async (player: string, amount: string) =>
  expect(
    await call('POST', `/v1/players/${player}/deposits`, {
      transactionId: `d-${player}-${amount}`,
      currency: 'EUR',
      amount,
    }),
  ).toMatchObject({ status: 200 });
const grant = (player: string, grantId: string, over: Record<string, unknown> = {}) =>
  call('POST', `/v1/players/${player}/bonuses`, {
    grantId,
    currency: 'EUR',
    amount: '1000',
    wageringMultiple: 1,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    ...over,
  });
const books = async (player: string) => {
  const rows: { kind: string; balance: string }[] = await h.ds.query(
    `SELECT kind, balance::text FROM wallet_accounts WHERE operator_id = $1 AND player_id = $2 ORDER BY kind`,
    [OPID, player],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, r.balance]));
};
const bonusOf = async (grantId: string) =>
  (
    await h.ds.query(
      `SELECT status, wagered::text, converted::text FROM ledger_bonuses WHERE grant_id = $1`,
      [grantId],
    )
  )[0];
const bet = (r: ReturnType<typeof newRound>, player: string, stake: bigint, spec = bac('player')) =>
  asOperator(place(r, player, stake, spec), OPID);
const playerWins = (r: ReturnType<typeof newRound>) => baccaratResult(r, ['9S', '3C', 'KH', '4D']);
const bankerWins = (r: ReturnType<typeof newRound>) => baccaratResult(r, ['3C', '9S', '4D', 'KH']);
const settle = async (r: ReturnType<typeof newRound>, result: EventOf<'RoundResult'>) => {
  await h.send(closed(r), result);
  await h.waitFor(isSettled(r));
};
const failed = async () => (await h.checks()).filter((c) => !c.ok);

describe('staking bonus funds', () => {
  it('stakes cash then bonus, pays the bonus part to the bonus balance, counts turnover and converts', async () => {
    await fund('p1', '100');
    expect(await grant('p1', 'g1', { games: ['baccarat'] })).toMatchObject({ status: 200 });

    const r1 = newRound('baccarat');
    await openRound(h, r1, baccaratTable());
    const b1 = bet(r1, 'p1', 600n);
    expect(codeOf((await decide(h, b1)).get(b1.id))).toBe('ACCEPTED');
    expect(await books('p1')).toMatchObject({ player: '0', bonus: '500' });
    expect(
      await h.ds.query(
        `SELECT bonus_stake::text, counts FROM ledger_bet_bonus_parts p JOIN ledger_bets b USING (bet_id)
        WHERE b.command_id = $1`,
        [b1.id],
      ),
    ).toEqual([{ bonus_stake: '500', counts: true }]);

    // Roulette is not on the bonus's list: a stake cash does not cover is refused, never paid from bonus.
    const rr = newRound('roulette');
    await openRound(h, rr, rouletteTable());
    const refused = bet(rr, 'p1', 100n, rou({ type: 'red' }));
    const decided = (await decide(h, refused)).get(refused.id);
    expect(codeOf(decided)).toBe('BONUS_FUNDS_NOT_ALLOWED');

    // Player wins 1:1 → 1200 back: 200 (the cash part's share) to cash, 1000 to the bonus balance.
    await settle(r1, playerWins(r1));
    expect(await books('p1')).toMatchObject({ player: '200', bonus: '1500' });
    expect(await bonusOf('g1')).toEqual({ status: 'active', wagered: '600', converted: '0' });

    // A second bet reaches the requirement (1000): what is left of the bonus becomes cash, in that transaction.
    const r2 = newRound('baccarat');
    await openRound(h, r2, baccaratTable());
    const b2 = bet(r2, 'p1', 500n);
    expect(codeOf((await decide(h, b2)).get(b2.id))).toBe('ACCEPTED');
    expect(await books('p1')).toMatchObject({ player: '0', bonus: '1200' });
    await settle(r2, bankerWins(r2));
    expect(await bonusOf('g1')).toEqual({ status: 'converted', wagered: '1100', converted: '1200' });
    expect(await books('p1')).toMatchObject({ player: '1200', bonus: '0' });
    const [conversion] = await h.waitFor(
      (e): e is EventOf<'BalanceChanged'> =>
        e.type === 'BalanceChanged' && e.playerId === 'p1' && e.reason === 'bonus-conversion',
    );
    expect(conversion).toMatchObject({ delta: 1200n, balance: 1200n, bonusBalance: 0n, bonusDelta: -1200n });
    expect(await failed()).toEqual([]);
  });

  it('pays bonus first for an operator that says so, and a cancel gives each part back', async () => {
    await ops.setBonusFirst(OPID, true);
    try {
      await fund('p2', '300');
      await grant('p2', 'g2', { amount: '200', wageringMultiple: 30 });
      const r = newRound('baccarat');
      await openRound(h, r, baccaratTable());
      const b = bet(r, 'p2', 250n);
      expect(codeOf((await decide(h, b)).get(b.id))).toBe('ACCEPTED');
      expect(await books('p2')).toMatchObject({ player: '250', bonus: '0' });
      const c = asOperator(cancel(r, 'p2', { betCommandId: b.id }), OPID);
      expect(cancelCodeOf((await decideCancels(h, c)).get(c.id))).toBe('CANCELLED');
      expect(await books('p2')).toMatchObject({ player: '300', bonus: '200' });
      expect(await failed()).toEqual([]);
    } finally {
      await ops.setBonusFirst(OPID, false);
    }
  });

  it('a void gives each part back; a part of a bonus forfeited meanwhile goes where the bonus went', async () => {
    await fund('p3', '100');
    await grant('p3', 'g3', { amount: '400', wageringMultiple: 5 });
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const b = bet(r, 'p3', 300n);
    expect(codeOf((await decide(h, b)).get(b.id))).toBe('ACCEPTED');
    expect(await books('p3')).toMatchObject({ player: '0', bonus: '200' });
    expect(await call('POST', '/v1/players/p3/bonuses/g3/forfeit', { reason: 'terms' })).toMatchObject({
      status: 200,
      body: { status: 'forfeited', forfeited: '200' },
    });
    await h.send(voided(r));
    await h.waitFor(isRefunded(r));
    // The cash part (100) back to the wallet; the bonus part (200) forfeited with its bonus, not left to play.
    expect(await books('p3')).toMatchObject({ player: '100', bonus: '0' });
    expect(await bonusOf('g3')).toEqual({ status: 'forfeited', wagered: '0', converted: '0' });
    const [row] = await h.ds.query(`SELECT forfeited::text FROM ledger_bonuses WHERE grant_id = 'g3'`);
    expect(row.forfeited).toBe('400');
    expect(await failed()).toEqual([]);
  });

  it('a cancel after a forfeit gives the bonus part back, and the sweeper removes it with its bonus', async () => {
    await fund('p4', '100');
    await grant('p4', 'g4', { amount: '200', wageringMultiple: 5 });
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const b = bet(r, 'p4', 300n);
    expect(codeOf((await decide(h, b)).get(b.id))).toBe('ACCEPTED');
    await call('POST', '/v1/players/p4/bonuses/g4/forfeit', { reason: 'terms' });
    const c = asOperator(cancel(r, 'p4', { betCommandId: b.id }), OPID);
    expect(cancelCodeOf((await decideCancels(h, c)).get(c.id))).toBe('CANCELLED');
    const deadline = Date.now() + 10_000;
    while ((await books('p4')).bonus !== '0' && Date.now() < deadline) await sleep(100);
    expect(await books('p4')).toMatchObject({ player: '100', bonus: '0' });
    const [row] = await h.ds.query(`SELECT forfeited::text FROM ledger_bonuses WHERE grant_id = 'g4'`);
    expect(row.forfeited).toBe('200');
    expect(await failed()).toEqual([]);
  });

  it('Fan Tan: bonus money is never staked; a stake cash does not cover is refused, its turnover never counts', async () => {
    await fund('p5', '150');
    await grant('p5', 'g5', { amount: '1000', wageringMultiple: 1 });
    const r = newRound('fanTan');
    await openRound(h, r, defaultTable('fanTan'));
    const uncovered = bet(r, 'p5', 200n, fan({ type: 'odd' }));
    const covered = bet(r, 'p5', 100n, fan({ type: 'fan', number: 2 }));
    const decisions = await decide(h, uncovered, covered);
    expect(codeOf(decisions.get(uncovered.id))).toBe('BONUS_FUNDS_NOT_ALLOWED');
    expect(codeOf(decisions.get(covered.id))).toBe('ACCEPTED');
    expect(await books('p5')).toMatchObject({ player: '50', bonus: '1000' });
    expect(
      await h.ds.query(
        `SELECT bonus_stake::text, counts FROM ledger_bet_bonus_parts p JOIN ledger_bets b USING (bet_id)
         WHERE b.command_id = $1`,
        [covered.id],
      ),
    ).toEqual([{ bonus_stake: '0', counts: false }]);
    await h.send(closed(r), resultOf(r, { game: 'fanTan', count: 86, result: 2 }));
    await h.waitFor(isSettled(r));
    // Fan 2 wins (cash only): the bonus is untouched and no turnover counted.
    expect((await books('p5')).bonus).toBe('1000');
    expect(await bonusOf('g5')).toEqual({ status: 'active', wagered: '0', converted: '0' });
    expect(await failed()).toEqual([]);
  });
});
