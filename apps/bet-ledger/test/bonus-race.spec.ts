import { prefixedTopics } from '@casino/events';
import { accountKey, bonusAccount } from '@casino/wallet';
import { ManageBonusesUseCase } from '../src/use-cases/manage-bonuses/manage-bonuses.use-case';
import { IssuedKey, ManageOperators } from '../src/use-cases/manage-operators/manage-operators.use-case';
import {
  asOperator,
  bac,
  baccaratResult,
  baccaratTable,
  closed,
  isSettled,
  newRound,
  place,
  RoundRef,
} from './support/builders';
import { openRound, sleep } from './support/flow';
import { signedCall } from './support/operator-api';
import { createHarness, deposit, Harness } from './support/ledger-harness';
import {
  blockedBy,
  closeInstances,
  decideOn,
  forcedRace,
  holdAccount,
  LedgerInstance,
  openInstances,
} from './support/ledger-instances';

/**
 * The bonus races of docs/ledger.md#bonus-funds, forced as in restriction-race.spec.ts: two ledger instances
 * spending a player's last bonus cent at once, and a settlement and an expiry of the same bonus at once; and the
 * free-bet race of docs/ledger.md#free-bets: two instances spending the last free bet of a grant at once. Never a
 * negative balance, never a cent or a free bet twice (ledger:verify's checks after each).
 */
jest.setTimeout(120_000);

const OPID = 'bonus-r';
let h: Harness;
let key: IssuedKey;
let instances: LedgerInstance[] = [];

beforeAll(async () => {
  h = await createHarness('bonus-race');
  // Expiries run only when this test calls them.
  await h.startLedger({ LEDGER_BONUS_SWEEP_MS: '0' });
  const ops = new ManageOperators(
    h.ds,
    h.config.LEDGER_SECRETS_KEY,
    prefixedTopics(h.config.KAFKA_TOPIC_PREFIX),
  );
  key = await ops.create({ operatorId: OPID, name: 'R', currencies: ['EUR'] });
  instances = await openInstances(h, ['bonus-race-a', 'bonus-race-b'], 2);
});
afterAll(async () => {
  await closeInstances(instances);
  await h?.close();
});

const grant = (player: string, grantId: string, amount: string, expiresAt: string) =>
  signedCall<Record<string, unknown>>(h.url(''), key, 'POST', `/v1/players/${player}/bonuses`, {
    grantId,
    currency: 'EUR',
    amount,
    wageringMultiple: 1,
    expiresAt,
  });
const bet = (r: RoundRef, player: string, stake: bigint) =>
  asOperator(place(r, player, stake, bac('player')), OPID);
const books = async (player: string) => {
  const rows: { kind: string; balance: string }[] = await h.ds.query(
    `SELECT kind, balance::text FROM wallet_accounts WHERE operator_id = $1 AND player_id = $2 ORDER BY kind`,
    [OPID, player],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, r.balance]));
};
const failed = async () => (await h.checks()).filter((c) => !c.ok);

describe('bonus races between two ledger instances', () => {
  it('two bets spending the last bonus cent: one accepted, the other refused, never below zero', async () => {
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    // Both instances know the table's bets-in-play account (each decides a bet there first).
    for (const [i, { runner }] of instances.entries()) {
      await deposit(h, OPID, `warm-${i}`, 1_000n);
      expect((await decideOn(runner, bet(r, `warm-${i}`, 100n))).accepted).toBe(1);
    }
    expect(
      await grant('last', 'g-last', '100', new Date(Date.now() + 86_400_000).toISOString()),
    ).toMatchObject({
      status: 200,
    });
    // A holds the player's wallet and bonus account and waits for the table's account; B waits behind A.
    const table = { operatorId: OPID, tableId: r.tableId, currency: 'EUR' };
    const { codes } = await forcedRace(h, instances, table, bet(r, 'last', 100n), bet(r, 'last', 100n));
    expect(codes).toEqual(['ACCEPTED', 'INSUFFICIENT_FUNDS']);
    expect(await books('last')).toMatchObject({ player: '0', bonus: '0' });
    expect(await failed()).toEqual([]);
  });

  it('a settlement and an expiry of the same bonus at once: what the bet brought back is removed once', async () => {
    const expiresAt = new Date(Date.now() + 2_500).toISOString();
    expect(await grant('exp', 'g-exp', '1000', expiresAt)).toMatchObject({ status: 200 });
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const all = bet(r, 'exp', 1000n);
    expect((await decideOn(instances[0].runner, all)).accepted).toBe(1);
    expect(await books('exp')).toMatchObject({ player: '0', bonus: '0' });
    await sleep(Math.max(0, Date.parse(expiresAt) - Date.now()) + 200);

    // Both wait for the bonus account: the settlement (the harness's ledger) and the expiry (instance B).
    const gate = await holdAccount(h, accountKey(bonusAccount(OPID, 'exp', 'EUR')));
    await h.send(closed(r), baccaratResult(r, ['9S', '3C', 'KH', '4D']));
    const expiry = new ManageBonusesUseCase(instances[1].runner).expireDue();
    await blockedBy(h, instances[1].name, gate.pid).catch(() => undefined);
    await sleep(300);
    await gate.release();
    await expiry;
    await h.waitFor(isSettled(r));
    await new ManageBonusesUseCase(instances[1].runner).expireDue();

    // Either order: the win (2000, all the bonus part's) is forfeited once, no turnover counted after the expiry.
    const [row] = await h.ds.query(
      `SELECT status, wagered::text, forfeited::text, converted::text FROM ledger_bonuses WHERE grant_id = 'g-exp'`,
    );
    expect(row).toEqual({ status: 'expired', wagered: '0', forfeited: '2000', converted: '0' });
    expect(await books('exp')).toMatchObject({ player: '0', bonus: '0' });
    expect(await failed()).toEqual([]);
  });

  it('two bets spending the last free bet of a grant: exactly one uses it, the other (no cash) is refused', async () => {
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    for (const [i, { runner }] of instances.entries()) {
      await deposit(h, OPID, `warm-${i}`, 100n);
      expect((await decideOn(runner, bet(r, `warm-${i}`, 100n))).accepted).toBe(1);
    }
    expect(
      await signedCall(h.url(''), key, 'POST', '/v1/players/free/free-bets', {
        grantId: 'g-free',
        currency: 'EUR',
        game: 'baccarat',
        stake: '100',
        count: 1,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    ).toMatchObject({ status: 200 });
    // The player has no cash: the bet that does not get the free bet is refused. A holds the player's wallet (and
    // so the grant, locked after it) and waits for the table's account; B waits behind A for the wallet.
    const table = { operatorId: OPID, tableId: r.tableId, currency: 'EUR' };
    const { codes } = await forcedRace(h, instances, table, bet(r, 'free', 100n), bet(r, 'free', 100n));
    expect(codes).toEqual(['ACCEPTED', 'INSUFFICIENT_FUNDS']);
    const [grant] = await h.ds.query(
      `SELECT f.used, (SELECT count(*)::int FROM ledger_free_bet_uses x WHERE x.free_bet_id = f.free_bet_id) AS uses
       FROM ledger_free_bets f WHERE f.operator_id = $1 AND f.grant_id = 'g-free'`,
      [OPID],
    );
    expect(grant).toEqual({ used: 1, uses: 1 });
    expect(await books('free')).toMatchObject({ player: '0' });
    expect(await failed()).toEqual([]);
  });
});
