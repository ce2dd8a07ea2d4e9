import { bo, staffLogin } from './support/back-office';
import { createHarness, Harness } from './support/ledger-harness';
import { signedCall } from './support/operator-api';

jest.setTimeout(90_000);

// The operator registry in the back office (docs/back-office.md, "Operators"): admins only, keys shown once.

interface KeyView {
  keyId: string;
  status: string;
  createdAt: string;
  revokedAt: string | null;
}
interface OperatorView {
  operatorId: string;
  name: string;
  status: string;
  walletMode: string;
  walletUrl: string | null;
  keys: KeyView[];
}
interface Issued {
  operatorId: string;
  keyId: string;
  secret: string;
}

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await createHarness('bo-operators');
  await h.startLedger();
  admin = (await staffLogin(h, 'adm.olga', 'admin')).token;
});
afterAll(async () => h?.close());

const balances = (key: Issued) => signedCall(h.url(''), key, 'GET', '/v1/players/p-1/balances');

describe('operators in the back office', () => {
  it('creates an operator, issues a key that signs, revokes it and the same request is refused', async () => {
    const created = await bo<{ operator: OperatorView; key: Issued }>(
      h,
      'POST',
      '/back-office/operators',
      admin,
      {
        operatorId: 'bo-op-a',
        name: 'Casino A',
        currencies: ['EUR'],
        walletMode: 'transfer',
        reason: 'onboarding ticket 16',
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.operator).toMatchObject({
      operatorId: 'bo-op-a',
      name: 'Casino A',
      status: 'active',
      walletMode: 'transfer',
      walletUrl: null,
    });
    expect(created.body.operator.keys).toHaveLength(1);
    const firstSecret = created.body.key.secret;

    const issued = await bo<Issued>(h, 'POST', '/back-office/operators/bo-op-a/keys', admin, {
      reason: 'second key for rotation',
    });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ operatorId: 'bo-op-a', keyId: expect.stringMatching(/^ck_/) });
    expect(issued.body.secret.length).toBeGreaterThanOrEqual(40);
    const key = issued.body;

    const ok = await balances(key);
    expect(ok).toMatchObject({ status: 200, body: [] });

    const list = await bo<OperatorView[]>(h, 'GET', '/back-office/operators', admin);
    expect(list.status).toBe(200);
    const op = list.body.find((o) => o.operatorId === 'bo-op-a')!;
    expect(op.keys.map((k) => k.keyId)).toEqual([created.body.key.keyId, key.keyId]);
    expect(op.keys.every((k) => k.status === 'active' && k.revokedAt === null)).toBe(true);
    for (const secret of [firstSecret, key.secret]) expect(list.text).not.toContain(secret);
    expect(list.text).not.toMatch(/secret/i);

    const revoked = await bo<OperatorView>(
      h,
      'POST',
      `/back-office/operators/bo-op-a/keys/${key.keyId}/revoke`,
      admin,
      { reason: 'leaked in a log' },
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.keys.find((k) => k.keyId === key.keyId)).toMatchObject({
      status: 'revoked',
      revokedAt: expect.any(String),
    });
    expect(await balances(key)).toMatchObject({ status: 401, body: { code: 'KEY_UNKNOWN' } });
    // The other key still signs.
    expect((await balances(created.body.key)).status).toBe(200);

    // The audit names the admin and the reason, never a secret.
    const audit = (await h.ds.query(
      `SELECT actor, staff_id, action, target, reason, details::text AS details FROM ledger_backoffice_audit
        WHERE target = 'operator/bo-op-a' ORDER BY id`,
    )) as { actor: string; staff_id: string; action: string; reason: string; details: string }[];
    expect(audit.map((a) => [a.actor, a.action, a.reason])).toEqual([
      ['adm.olga', 'operator.create', 'onboarding ticket 16'],
      ['adm.olga', 'operator.key.issue', 'second key for rotation'],
      ['adm.olga', 'operator.key.revoke', 'leaked in a log'],
    ]);
    expect(audit.every((a) => a.staff_id !== null)).toBe(true);
    const everything = JSON.stringify(await h.ds.query(`SELECT * FROM ledger_backoffice_audit`));
    for (const secret of [firstSecret, key.secret]) expect(everything).not.toContain(secret);
  });

  it('creates a seamless operator with its wallet URL, suspends and reactivates it', async () => {
    const bad = await bo(h, 'POST', '/back-office/operators', admin, {
      operatorId: 'bo-op-s',
      name: 'Seamless',
      walletMode: 'seamless',
      reason: 'x',
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    for (const body of [
      { operatorId: 'bad id!', name: 'n', walletMode: 'transfer', reason: 'x' },
      { operatorId: 'bo-op-s', name: 'n', walletMode: 'bank', reason: 'x' },
      { operatorId: 'bo-op-s', name: 'n', walletMode: 'seamless', walletUrl: 'ftp://w', reason: 'x' },
      { operatorId: 'bo-op-s', name: 'n', walletMode: 'transfer' },
    ])
      expect((await bo(h, 'POST', '/back-office/operators', admin, body)).body).toMatchObject({
        code: 'INVALID_REQUEST',
      });

    const made = await bo<{ operator: OperatorView }>(h, 'POST', '/back-office/operators', admin, {
      operatorId: 'bo-op-s',
      name: 'Seamless',
      walletMode: 'seamless',
      walletUrl: 'https://wallet.example/api',
      reason: 'new seamless operator',
    });
    expect(made.status).toBe(201);
    expect(made.body.operator).toMatchObject({
      walletMode: 'seamless',
      walletUrl: 'https://wallet.example/api',
    });
    expect(
      (
        await bo(h, 'POST', '/back-office/operators', admin, {
          operatorId: 'bo-op-s',
          name: 'again',
          walletMode: 'transfer',
          reason: 'x',
        })
      ).body,
    ).toMatchObject({ code: 'OPERATOR_EXISTS' });

    const suspended = await bo<OperatorView>(h, 'POST', '/back-office/operators/bo-op-s/suspend', admin, {
      reason: 'unpaid invoices',
    });
    expect(suspended).toMatchObject({ status: 200, body: { status: 'suspended' } });
    const active = await bo<OperatorView>(h, 'POST', '/back-office/operators/bo-op-s/activate', admin, {
      reason: 'paid',
    });
    expect(active).toMatchObject({ status: 200, body: { status: 'active' } });

    expect(
      (await bo(h, 'POST', '/back-office/operators/nobody/keys', admin, { reason: 'x' })).body,
    ).toMatchObject({ code: 'OPERATOR_NOT_FOUND' });
    expect(
      (await bo(h, 'POST', '/back-office/operators/bo-op-s/keys/ck_00/revoke', admin, { reason: 'x' })).body,
    ).toMatchObject({ code: 'OPERATOR_KEY_NOT_FOUND' });
  });

  it("chooses a seamless operator's wallet protocol version at creation and changes it, audited", async () => {
    const made = await bo<{ operator: OperatorView & { walletProtocol: number } }>(
      h,
      'POST',
      '/back-office/operators',
      admin,
      {
        operatorId: 'bo-op-v2',
        name: 'Bookable',
        walletMode: 'seamless',
        walletUrl: 'https://wallet.example/v2',
        walletProtocol: 2,
        reason: 'an aggregator that books rounds',
      },
    );
    expect(made).toMatchObject({ status: 201, body: { operator: { walletProtocol: 2 } } });
    const [row] = await h.ds.query(
      `SELECT wallet_protocol FROM ledger_operators WHERE operator_id = 'bo-op-v2'`,
    );
    expect(Number(row.wallet_protocol)).toBe(2);
    const back = await bo(h, 'POST', '/back-office/operators/bo-op-v2/wallet-protocol', admin, {
      version: 1,
      reason: 'its wallet is not ready for v2',
    });
    expect(back).toMatchObject({ status: 200, body: { walletProtocol: 1 } });
    const [audit] = await h.ds.query(
      `SELECT details FROM ledger_backoffice_audit WHERE action = 'operator.wallet-protocol' AND target = 'operator/bo-op-v2'`,
    );
    expect(audit.details).toEqual({ from: 2, to: 1 });
    // No version 3; a transfer operator has no wallet protocol to choose; another operator is not found.
    for (const [path, body, code] of [
      ['/back-office/operators/bo-op-v2/wallet-protocol', { version: 3, reason: 'x' }, 'INVALID_REQUEST'],
      ['/back-office/operators/bo-op-v2/wallet-protocol', { version: '2', reason: 'x' }, 'INVALID_REQUEST'],
      ['/back-office/operators/nobody/wallet-protocol', { version: 2, reason: 'x' }, 'OPERATOR_NOT_FOUND'],
    ] as const)
      expect((await bo(h, 'POST', path, admin, body)).body).toMatchObject({ code });
    expect(
      (
        await bo(h, 'POST', '/back-office/operators', admin, {
          operatorId: 'bo-op-t2',
          name: 'n',
          walletMode: 'transfer',
          walletProtocol: 2,
          reason: 'x',
        })
      ).body,
    ).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('refuses every other role and any operator-scoped staff with 403', async () => {
    const tokens = [
      (await staffLogin(h, 'fin.fay', 'finance')).token,
      (await staffLogin(h, 'sup.sam', 'support')).token,
      (await staffLogin(h, 'pit.pia', 'pit_boss')).token,
      (await staffLogin(h, 'adm.scoped', 'admin', 'bo-op-a')).token,
    ];
    for (const token of tokens) {
      for (const [method, path, body] of [
        ['GET', '/back-office/operators', undefined],
        [
          'POST',
          '/back-office/operators',
          { operatorId: 'x1', name: 'x', walletMode: 'transfer', reason: 'x' },
        ],
        ['POST', '/back-office/operators/bo-op-a/keys', { reason: 'x' }],
        ['POST', '/back-office/operators/bo-op-a/suspend', { reason: 'x' }],
      ] as const)
        expect(await bo(h, method, path, token, body)).toMatchObject({
          status: 403,
          body: { code: 'STAFF_FORBIDDEN' },
        });
    }
    const [row] = (await h.ds.query(
      `SELECT count(*)::int AS n FROM ledger_operators WHERE operator_id = 'x1'`,
    )) as {
      n: number;
    }[];
    expect(row.n).toBe(0);
  });
});
