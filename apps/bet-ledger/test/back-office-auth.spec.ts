import {
  bac,
  baccaratResult,
  baccaratTable,
  closed,
  newRound,
  OP,
  place,
  RoundRef,
} from './support/builders';
import { bo, ensureOperator, staffLogin } from './support/back-office';
import { codeOf, decide, openRound } from './support/flow';
import { balanceOf, createHarness, deposit, Harness } from './support/ledger-harness';
import { eventually } from './support/raw-topics';

jest.setTimeout(90_000);

// Staff accounts, sessions, roles and operator scoping of the back office (docs/back-office.md).

const OTHER = 'op-other';
let h: Harness;
beforeAll(async () => {
  h = await createHarness('bo-auth');
  await h.startLedger();
  await ensureOperator(h, OP);
  await ensureOperator(h, OTHER);
});
afterAll(async () => h?.close());

describe('staff sessions', () => {
  it('logs in with a session token, answers /me with the role and its permissions, logs out', async () => {
    const { token } = await staffLogin(h, 'fin.ana', 'finance');
    const me = await bo(h, 'GET', '/back-office/me', token);
    expect(me).toMatchObject({
      status: 200,
      body: { username: 'fin.ana', role: 'finance', operatorId: null },
    });
    expect(me.body.permissions).toEqual(expect.arrayContaining(['reports.financial', 'reports.rtp']));
    expect(me.body.permissions).not.toContain('rounds.intervene');
    const [stored] = await h.ds.query(
      `SELECT encode(token_hash, 'hex') AS t FROM ledger_staff_sessions LIMIT 1`,
    );
    expect(stored.t).not.toContain(token); // only its hash is kept

    expect((await bo(h, 'POST', '/back-office/logout', token)).status).toBe(200);
    expect(await bo(h, 'GET', '/back-office/me', token)).toMatchObject({
      status: 401,
      body: { code: 'BACKOFFICE_UNAUTHORIZED' },
    });
  });

  it('refuses a wrong password, then locks the account after five failures in a row', async () => {
    const { password } = await staffLogin(h, 'sup.locked', 'support');
    const login = (pw: string, username = 'sup.locked') =>
      bo(h, 'POST', '/back-office/login', undefined, { username, password: pw });
    expect(await login('nope', 'nobody')).toMatchObject({
      status: 401,
      body: { code: 'STAFF_LOGIN_FAILED' },
    });
    for (let i = 0; i < 5; i++)
      expect(await login('wrong')).toMatchObject({ status: 401, body: { code: 'STAFF_LOGIN_FAILED' } });
    // Locked: even the right password is refused without being checked.
    expect(await login(password)).toMatchObject({ status: 429, body: { code: 'STAFF_LOGIN_THROTTLED' } });
    expect((await bo(h, 'POST', '/back-office/login', undefined, { username: 'x' })).body).toMatchObject({
      code: 'INVALID_REQUEST',
    });
  });

  it('keeps the system token working as the platform admin', async () => {
    expect(await bo(h, 'GET', '/back-office/me')).toMatchObject({
      status: 200,
      body: { username: 'system', role: 'admin', operatorId: null },
    });
    expect((await bo(h, 'GET', '/back-office/me', 'not-a-token')).status).toBe(401);
  });
});

describe('roles and operator scope', () => {
  it('gives each role its routes only', async () => {
    const dealer = (await staffLogin(h, 'dealer.dan', 'dealer')).token;
    const finance = (await staffLogin(h, 'fin.bo', 'finance')).token;
    expect(await bo(h, 'GET', '/back-office/reports/summary', dealer)).toMatchObject({
      status: 403,
      body: { code: 'STAFF_FORBIDDEN' },
    });
    expect((await bo(h, 'GET', '/back-office/reports/summary', finance)).status).toBe(200);
    expect((await bo(h, 'GET', '/tables', dealer)).status).toBe(200);
    expect((await bo(h, 'GET', '/quarantine', finance)).body).toMatchObject({ code: 'STAFF_FORBIDDEN' });
    expect((await bo(h, 'GET', '/rounds/attention', finance)).body).toMatchObject({
      code: 'STAFF_FORBIDDEN',
    });
    expect(
      (await bo(h, 'POST', '/back-office/staff', finance, { username: 'x.y', role: 'admin', reason: 'r' }))
        .body,
    ).toMatchObject({ code: 'STAFF_FORBIDDEN' });
  });

  it("keeps an operator's support user to that operator's players", async () => {
    await deposit(h, OP, 'scope-p1', 5_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const bet = place(r, 'scope-p1', 100n, bac('player'));
    expect(codeOf((await decide(h, bet)).get(bet.id))).toBe('ACCEPTED');

    const support = (await staffLogin(h, 'sup.a', 'support', OP)).token;
    expect((await bo(h, 'GET', `/operators/${OP}/players/scope-p1/balances`, support)).status).toBe(200);
    expect(await bo(h, 'GET', `/operators/${OTHER}/players/scope-p1/balances`, support)).toMatchObject({
      status: 403,
      body: { code: 'OPERATOR_FORBIDDEN' },
    });
    expect(
      (await bo(h, 'GET', `/back-office/players/${OTHER}/scope-p1/history`, support)).body,
    ).toMatchObject({
      code: 'OPERATOR_FORBIDDEN',
    });
    expect(
      (await bo(h, 'GET', `/back-office/bets?operator=${OTHER}&player=scope-p1`, support)).body,
    ).toMatchObject({ code: 'OPERATOR_FORBIDDEN' });
    // A table search is kept to the support user's operator.
    const found = await bo<{ items: { operatorId: string }[] }>(
      h,
      'GET',
      `/back-office/bets?table=${r.tableId}`,
      support,
    );
    expect(found.status).toBe(200);
    expect(found.body.items.map((b) => b.operatorId)).toEqual([OP]);
    // Platform-only actions stay closed to an operator's staff whatever the role.
    const opAdmin = (await staffLogin(h, 'admin.op', 'admin', OTHER)).token;
    expect((await bo(h, 'GET', '/back-office/staff', opAdmin)).body).toMatchObject({
      code: 'STAFF_FORBIDDEN',
    });
    expect((await bo(h, 'GET', `/back-office/rounds/${r.tableId}/${r.roundId}`, opAdmin)).body).toMatchObject(
      {
        code: 'ROUND_NOT_FOUND',
      },
    );
  });
});

describe('audited manual actions', () => {
  async function disputedRound(): Promise<RoundRef> {
    await deposit(h, OP, 'pit-p1', 10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const bet = place(r, 'pit-p1', 500n, bac('player'));
    expect(codeOf((await decide(h, bet)).get(bet.id))).toBe('ACCEPTED');
    // Both hands stand on 9 vs 5: a fifth card is impossible, so the engine refuses the result.
    await h.send(closed(r), baccaratResult(r, ['9H', '2C', 'KD', '3S', '5H']));
    await eventually(`${r.roundId} disputed`, async () => {
      const [row] = await h.ds.query(
        `SELECT status FROM ledger_rounds WHERE table_id = $1 AND round_id = $2`,
        [r.tableId, r.roundId],
      );
      return row?.status === 'disputed' ? true : undefined;
    });
    return r;
  }

  it('lets a pit boss void a disputed round, audited under their name', async () => {
    const r = await disputedRound();
    const pit = (await staffLogin(h, 'pit.pia', 'pit_boss')).token;
    const support = (await staffLogin(h, 'sup.sam', 'support')).token;
    const path = `/rounds/${r.tableId}/${r.roundId}/void`;
    const claim = { actor: 'someone-else', reason: 'cards misread, ticket PIT-7' };
    expect((await bo(h, 'POST', path, support, claim)).body).toMatchObject({ code: 'STAFF_FORBIDDEN' });
    const res = await bo<{ id: string; actor: string }>(h, 'POST', path, pit, claim);
    expect(res).toMatchObject({ status: 200, body: { statusAfter: 'voided' } });
    await eventually('refund', async () =>
      (await balanceOf(h, OP, 'pit-p1')) === 10_000n ? true : undefined,
    );

    const audit = await bo<Record<string, unknown>[]>(h, 'GET', '/back-office/audit?action=round.void');
    expect(audit.body).toEqual([
      expect.objectContaining({
        actor: 'pit.pia',
        role: 'pit_boss',
        action: 'round.void',
        target: `round/${r.tableId}/${r.roundId}`,
        reason: claim.reason,
        details: { intervention: res.body.id },
      }),
    ]);
    const recall = await bo(h, 'GET', `/back-office/rounds/${r.tableId}/${r.roundId}`, pit);
    expect(recall.body).toMatchObject({
      status: 'voided',
      settlementKind: 'refunded',
      interventions: [expect.objectContaining({ action: 'void', actor: 'pit.pia' })],
    });
  });

  it('creates a staff account from the API: password shown once, audited, usable', async () => {
    const admin = (await staffLogin(h, 'admin.ada', 'admin')).token;
    const made = await bo<{ staff: { id: string }; password: string }>(
      h,
      'POST',
      '/back-office/staff',
      admin,
      {
        username: 'sup.new',
        role: 'support',
        operatorId: OP,
        reason: 'new hire, HR-12',
      },
    );
    expect(made.status).toBe(201);
    expect(made.body.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const login = await bo(h, 'POST', '/back-office/login', undefined, {
      username: 'sup.new',
      password: made.body.password,
    });
    expect(login).toMatchObject({ status: 200, body: { staff: { role: 'support', operatorId: OP } } });
    expect(
      (
        await bo(h, 'POST', '/back-office/staff', admin, {
          username: 'sup.new',
          role: 'support',
          reason: 'again',
        })
      ).body,
    ).toMatchObject({ code: 'STAFF_EXISTS' });
    const disabled = await bo(h, 'POST', `/back-office/staff/${made.body.staff.id}/disable`, admin, {
      reason: 'left',
    });
    expect(disabled.body).toMatchObject({ status: 'disabled' });
    expect((await bo(h, 'GET', '/back-office/me', String(login.body.token))).status).toBe(401);
    const audit = await bo<{ action: string; actor: string }[]>(h, 'GET', '/back-office/audit', admin);
    expect(audit.body.slice(0, 2).map((a) => [a.action, a.actor])).toEqual([
      ['staff.disable', 'admin.ada'],
      ['staff.create', 'admin.ada'],
    ]);
  });
});
