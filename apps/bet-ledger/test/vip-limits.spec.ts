import { prefixedTopics, TableConfig } from '@casino/events';
import { IssuedKey, ManageOperators } from '../src/use-cases/manage-operators/manage-operators.use-case';
import { bac, baccaratTable, newRound, OP, place } from './support/builders';
import { codeOf, decide, openRound } from './support/flow';
import { bo, staffLogin } from './support/back-office';
import { backOffice, createHarness, deposit, Harness } from './support/ledger-harness';
import { SignedAnswer, signedCall } from './support/operator-api';

jest.setTimeout(60_000);

// Operator-granted VIP limits (docs/rules/restrictions.md#vip-limits, seed 000 "KİŞİSEL LİMİT"): a maximum above
// the table's, granted through the signed /v1 API or the back office, audited, and bounded at each table by its VIP
// ceiling; the player's own narrowing limits still apply, and another operator's grant never does.

let h: Harness;
let mine: IssuedKey;
let other: IssuedKey;
beforeAll(async () => {
  h = await createHarness('vip-limits');
  await h.startLedger();
  const ops = new ManageOperators(
    h.ds,
    h.config.LEDGER_SECRETS_KEY,
    prefixedTopics(h.config.KAFKA_TOPIC_PREFIX),
  );
  mine = await ops.create({ operatorId: OP, name: 'Test', currencies: ['EUR'] });
  other = await ops.create({ operatorId: 'op-vip-other', name: 'Other', currencies: ['EUR'] });
});
afterAll(async () => h?.close());

type Answer = SignedAnswer<Record<string, unknown>>;
const call = (key: IssuedKey, method: string, path: string, body?: unknown): Promise<Answer> =>
  signedCall(h.url(''), key, method, path, body);

const lim = (min: bigint, max: bigint) => ({ min, max });
/** Player and Banker 1.00–10.00 with a VIP ceiling of 50.00; Tie 1.00–5.00 without one. */
const vipTable = (): TableConfig =>
  baccaratTable({
    limits: { player: lim(100n, 1_000n), banker: lim(100n, 1_000n), tie: lim(100n, 500n) },
    vipMax: { player: 5_000n, banker: 5_000n },
  });
const plainTable = (): TableConfig =>
  baccaratTable({ limits: { player: lim(100n, 1_000n), banker: lim(100n, 1_000n), tie: lim(100n, 500n) } });

async function codes(...bets: ReturnType<typeof place>[]): Promise<string[]> {
  const out: string[] = [];
  // One at a time: each decision sees the ones before (a spot's total).
  for (const b of bets) out.push(codeOf((await decide(h, b)).get(b.id)));
  return out;
}

describe('VIP limits above the table maximum', () => {
  it('lift the maximum up to the table ceiling once granted, and no more after they are revoked', async () => {
    await deposit(h, OP, 'vip-ann', 50_000n);
    await deposit(h, OP, 'vip-bob', 50_000n);
    const tableId = newRound('baccarat').tableId;

    const before = newRound('baccarat', tableId);
    await openRound(h, before, vipTable());
    expect(await codes(place(before, 'vip-ann', 2_000n, bac('player')))).toEqual(['ABOVE_TABLE_MAX']);

    const granted = await call(mine, 'PUT', '/v1/players/vip-ann/vip-limits/baccarat/*', {
      max: '8000',
      actor: 'j.smith',
      reason: 'VIP programme, tier 2',
    });
    expect(granted).toMatchObject({ status: 200, body: { max: '8000', previousMax: null } });
    // The other operator's player "vip-bob" is not this operator's "vip-bob".
    const foreign = await call(other, 'PUT', '/v1/players/vip-bob/vip-limits/baccarat/*', {
      max: '8000',
      actor: 'x',
      reason: 'their VIP',
    });
    expect(foreign.status).toBe(200);

    const r = newRound('baccarat', tableId);
    await openRound(h, r, vipTable());
    expect(
      await codes(
        place(r, 'vip-ann', 2_000n, bac('player')),
        // The spot's total, 5,000, reaches the table's ceiling (below the grant of 8,000)…
        place(r, 'vip-ann', 3_000n, bac('player')),
        // …which binds: one more unit is refused.
        place(r, 'vip-ann', 101n, bac('player')),
        // Tie has no ceiling at this table: the table's maximum for everyone.
        place(r, 'vip-ann', 600n, bac('tie')),
        place(r, 'vip-bob', 2_000n, bac('banker')),
      ),
    ).toEqual(['ACCEPTED', 'ACCEPTED', 'ABOVE_PERSONAL_LIMIT', 'ABOVE_TABLE_MAX', 'ABOVE_TABLE_MAX']);

    // A table without a VIP ceiling: the grant does not apply.
    const plain = newRound('baccarat');
    await openRound(h, plain, plainTable());
    expect(await codes(place(plain, 'vip-ann', 2_000n, bac('player')))).toEqual(['ABOVE_TABLE_MAX']);

    // The player's own (narrowing) limit still applies under the VIP maximum.
    const own = await call(mine, 'PUT', '/v1/players/vip-ann/limits/baccarat/player', {
      min: '100',
      max: '3000',
    });
    expect(own.status).toBe(200);
    const narrowed = newRound('baccarat', tableId);
    await openRound(h, narrowed, vipTable());
    expect(
      await codes(
        place(narrowed, 'vip-ann', 3_500n, bac('player')),
        place(narrowed, 'vip-ann', 3_000n, bac('player')),
        place(narrowed, 'vip-ann', 100n, bac('player')),
      ),
    ).toEqual(['ABOVE_PERSONAL_LIMIT', 'ACCEPTED', 'ABOVE_PERSONAL_LIMIT']);

    const revoked = await call(mine, 'POST', '/v1/players/vip-ann/vip-limits/baccarat/*/revoke', {
      actor: 'j.smith',
      reason: 'tier review',
    });
    expect(revoked).toMatchObject({ status: 200, body: { previousMax: '8000' } });
    const again = await call(mine, 'POST', '/v1/players/vip-ann/vip-limits/baccarat/*/revoke', {
      actor: 'j.smith',
      reason: 'twice',
    });
    expect(again).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const after = newRound('baccarat', tableId);
    await openRound(h, after, vipTable());
    expect(await codes(place(after, 'vip-ann', 2_000n, bac('banker')))).toEqual(['ABOVE_TABLE_MAX']);

    // The audit: who granted and revoked, why, from what to what; only this operator's.
    const list = await call(mine, 'GET', '/v1/players/vip-ann/vip-limits');
    expect(list.body.grants).toEqual([]);
    expect(list.body.audit).toMatchObject([
      {
        action: 'revoke',
        game: 'baccarat',
        limitKey: '*',
        maxBefore: '8000',
        maxAfter: null,
        actor: 'j.smith',
      },
      {
        action: 'grant',
        maxBefore: null,
        maxAfter: '8000',
        actor: 'j.smith',
        reason: 'VIP programme, tier 2',
      },
    ]);
    expect((await call(mine, 'GET', '/v1/players/vip-bob/vip-limits')).body).toEqual({
      grants: [],
      audit: [],
    });
  });

  it('are granted in the back office by an admin (not support, not another operator), in both audits', async () => {
    const admin = await staffLogin(h, 'vip.admin', 'admin', OP);
    const support = await staffLogin(h, 'vip.support', 'support', OP);
    const foreign = await staffLogin(h, 'vip.foreign', 'admin', 'op-vip-other');
    const path = `/operators/${OP}/players/vip-cy/vip-limits/roulette/straight`;
    const body = { max: '50000', reason: 'high roller' };
    expect(await bo(h, 'PUT', path, support.token, body)).toMatchObject({
      status: 403,
      body: { code: 'STAFF_FORBIDDEN' },
    });
    expect(await bo(h, 'PUT', path, foreign.token, body)).toMatchObject({
      status: 403,
      body: { code: 'OPERATOR_FORBIDDEN' },
    });
    expect(await bo(h, 'PUT', path, admin.token, body)).toMatchObject({ status: 200 });
    const list = await bo<{ grants: { max: string; grantedBy: string }[]; audit: { actor: string }[] }>(
      h,
      'GET',
      `/operators/${OP}/players/vip-cy/vip-limits`,
      support.token,
    );
    expect(list.body.grants).toMatchObject([{ max: '50000', grantedBy: 'vip.admin' }]);
    expect(list.body.audit).toMatchObject([{ actor: 'vip.admin' }]);
    const [entry] = (await h.ds.query(
      `SELECT actor, action, reason FROM ledger_backoffice_audit WHERE target = $1 ORDER BY id DESC LIMIT 1`,
      [`player/${OP}/vip-cy`],
    )) as { actor: string; action: string; reason: string }[];
    expect(entry).toEqual({ actor: 'vip.admin', action: 'player.vipLimit', reason: 'high roller' });
  });

  it('refuse bad grants and change nothing; the catalogue refuses a ceiling below the maximum', async () => {
    const grant = (path: string, body: unknown) =>
      call(mine, 'PUT', `/v1/players/vip-dee/vip-limits/${path}`, body);
    const ok = { max: '8000', actor: 'a', reason: 'r' };
    for (const [path, body] of [
      ['baccarat/player', { ...ok, max: '-5' }],
      ['baccarat/player', { ...ok, max: '0' }],
      ['baccarat/player', { ...ok, max: '99999999999999999999' }],
      ['baccarat/player', { ...ok, reason: '' }],
      ['baccarat/player', { max: '8000', reason: 'r' }],
      ['poker/player', ok],
      ['baccarat/dragon', ok],
      ['roulette/player', ok],
    ] as const) {
      const res = await grant(path, body);
      expect([path, res.status, res.body.code]).toEqual([path, 400, 'INVALID_REQUEST']);
    }
    const unsigned = await fetch(h.url('/v1/players/vip-dee/vip-limits/baccarat/player'), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ok),
    });
    expect(unsigned.status).toBe(401);
    expect((await call(mine, 'GET', '/v1/players/vip-dee/vip-limits')).body).toEqual({
      grants: [],
      audit: [],
    });

    const settings = JSON.parse(
      JSON.stringify({ ...vipTable(), vipMax: { player: 500n } }, (_k, v: unknown) =>
        typeof v === 'bigint' ? String(v) : v,
      ),
    ) as Record<string, unknown>;
    delete settings.roundInShoe;
    const res = await fetch(h.url('/tables/vip-bad'), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...backOffice(h) },
      body: JSON.stringify({
        variant: 'live',
        currency: 'EUR',
        producer: 'baccarat-service',
        settings,
        actor: 'jane.doe',
        reason: 'x',
      }),
    });
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('TABLE_SETTINGS_INVALID');
    expect(body.message).toContain('vipMax.player: 500 is below the table maximum 1000');
  });
});
