import { EventOf, prefixedTopics, verifyPlayerToken } from '@casino/events';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { DEV_PLAYER_TOKEN_SECRET } from '../src/config/ledger-config';
import { funBalance } from '../src/operators/fun-book';
import { IssuedKey, ManageOperators } from '../src/use-cases/manage-operators/manage-operators.use-case';
import { SEAMLESS_OPERATORS_TTL_MS } from '../src/seamless/seamless-operators';
import { bo } from './support/back-office';
import {
  bac,
  baccaratResult,
  baccaratTable,
  closed,
  isDecisionFor,
  isSettled,
  newRound,
  place,
  RoundRef,
} from './support/builders';
import { codeOf, openRound, sleep } from './support/flow';
import { createHarness, Harness } from './support/ledger-harness';
import { SignedAnswer, signedCall } from './support/operator-api';

jest.setTimeout(120_000);

/** Fun mode (docs/operator-integration.md#fun-mode) through the signed /v1 API, on Kafka and PostgreSQL. */
let h: Harness;
let ops: ManageOperators;
let a: IssuedKey;
let s: IssuedKey;
/** The seamless operator's wallet: any call it gets is recorded (fun mode must never make one). */
let wallet: Server;
const walletCalls: string[] = [];

const ORIGINS = ['https://casino.example'];
const EVERY_OPTION = {
  game: 'baccarat',
  language: 'en',
  nickname: 'Lucky',
  lobbyUrl: 'https://casino.example/lobby',
  cashierUrl: 'https://casino.example/cashier',
  country: 'DE',
  device: 'mobile',
  realityCheckMinutes: 30,
  playerLimits: true,
};

beforeAll(async () => {
  h = await createHarness('fun-mode');
  await h.startLedger();
  ops = new ManageOperators(h.ds, h.config.LEDGER_SECRETS_KEY, prefixedTopics(h.config.KAFKA_TOPIC_PREFIX));
  a = await ops.create({
    operatorId: 'op-fa',
    name: 'A',
    currencies: ['EUR', 'TRY'],
    allowedOrigins: ORIGINS,
  });
  s = await ops.create({ operatorId: 'op-fs', name: 'S', currencies: ['EUR'] });
  wallet = createServer((req, res) => {
    walletCalls.push(`${req.method} ${req.url}`);
    res.writeHead(503).end();
  });
  await new Promise<void>((r) => wallet.listen(0, '127.0.0.1', r));
  await ops.setWallet('op-fs', 'seamless', `http://127.0.0.1:${(wallet.address() as AddressInfo).port}`);
  await sleep(SEAMLESS_OPERATORS_TTL_MS + 100);
});
afterAll(async () => {
  await h?.close();
  await new Promise((r) => wallet?.close(r));
});

type Body = Record<string, unknown>;
const call = (key: IssuedKey, method: string, path: string, body?: unknown): Promise<SignedAnswer<Body>> =>
  signedCall(h.url(''), key, method, path, body);
const launch = (key: IssuedKey, body: Body) => call(key, 'POST', '/v1/sessions', body);
const claimsOf = (token: unknown) => {
  const check = verifyPlayerToken(token, DEV_PLAYER_TOKEN_SECRET);
  if (!check.ok) throw new Error(check.message);
  return check.claims;
};
const walletBalance = async (operatorId: string, playerId: string, currency = 'EUR') =>
  BigInt(
    (
      await h.ds.query(
        `SELECT coalesce(sum(balance), 0)::text AS b FROM wallet_accounts
          WHERE kind = 'player' AND operator_id = $1 AND player_id = $2 AND currency = $3`,
        [operatorId, playerId, currency],
      )
    )[0].b,
  );

/** A bet of the player's session token (its operator is the token's: fun:… for a fun token). */
const betOf = (r: RoundRef, token: string, stake: bigint, side: 'player' | 'banker' = 'player') => {
  const claims = claimsOf(token);
  return {
    ...place(r, claims.playerId, stake, bac(side)),
    operatorId: claims.operatorId,
    playerToken: token,
  };
};

/**
 * Sends bet commands as they are and returns their decisions in order: their sessions were launched through
 * /v1/sessions (the harness's `send` would record test sessions, and a `fun:` operator row only a fun launch makes).
 */
async function decide(...commands: EventOf<'PlaceBet'>[]): Promise<string[]> {
  await h.sendUnregistered(...commands);
  const found = await h.waitFor(isDecisionFor(new Set(commands.map((c) => c.id))), commands.length);
  return commands.map((c) => codeOf(found.find((d) => d.commandId === c.id)));
}

/** Player wins 9 to 7, no pairs: Player pays 1:1. */
async function settlePlayerWins(r: RoundRef): Promise<EventOf<'RoundSettled'>> {
  await h.send(closed(r));
  await h.send(baccaratResult(r, ['9S', '3C', 'KH', '4D']));
  const [settled] = await h.waitFor(isSettled(r));
  return settled;
}

describe('fun mode on POST /v1/sessions', () => {
  it('launches with every option into a fun session and a real one', async () => {
    const fun = await launch(a, { playerId: 'p-1', currency: 'EUR', ...EVERY_OPTION, mode: 'fun' });
    expect(fun).toMatchObject({ status: 201, body: { mode: 'fun', funBalance: '100000' } });
    const real = await launch(a, { playerId: 'p-1', currency: 'EUR', ...EVERY_OPTION, mode: 'real' });
    expect(real.status).toBe(201);
    expect(real.body.mode).toBe('real');
    expect(real.body.funBalance).toBeUndefined();

    const options = {
      game: 'baccarat',
      language: 'en',
      lobbyUrl: EVERY_OPTION.lobbyUrl,
      cashierUrl: EVERY_OPTION.cashierUrl,
      country: 'DE',
      device: 'mobile',
      realityCheck: '30',
      playerLimits: '1',
    };
    const funUrl = Object.fromEntries(new URL(String(fun.body.launchUrl)).searchParams);
    const realUrl = Object.fromEntries(new URL(String(real.body.launchUrl)).searchParams);
    expect(funUrl).toMatchObject({ ...options, mode: 'fun' });
    expect(realUrl).toMatchObject(options);
    expect(realUrl.mode).toBeUndefined();

    // The fun token names the play-money book and says fun; the real one names the operator.
    expect(claimsOf(fun.body.token)).toMatchObject({
      operatorId: 'fun:op-fa',
      playerId: 'p-1',
      fun: true,
      nickname: 'Lucky',
      origins: ORIGINS,
    });
    expect(claimsOf(real.body.token)).toMatchObject({ operatorId: 'op-fa', playerId: 'p-1' });
    expect(claimsOf(real.body.token).fun).toBeUndefined();

    const [book] = await h.ds.query(
      `SELECT fun, wallet_mode, currencies, allowed_origins, status FROM ledger_operators WHERE operator_id = 'fun:op-fa'`,
    );
    expect(book).toEqual({
      fun: true,
      wallet_mode: 'transfer',
      currencies: ['EUR', 'TRY'],
      allowed_origins: ORIGINS,
      status: 'active',
    });
    const sessions = await h.ds.query(
      `SELECT operator_id, country, device, reality_check_minutes, player_limits FROM ledger_player_sessions
        WHERE session_id = ANY($1) ORDER BY operator_id`,
      [[fun.body.sessionId, real.body.sessionId]],
    );
    expect(sessions).toEqual([
      {
        operator_id: 'fun:op-fa',
        country: 'DE',
        device: 'mobile',
        reality_check_minutes: 30,
        player_limits: true,
      },
      {
        operator_id: 'op-fa',
        country: 'DE',
        device: 'mobile',
        reality_check_minutes: 30,
        player_limits: true,
      },
    ]);
    // Play money per currency, never in the real wallet.
    expect(await walletBalance('fun:op-fa', 'p-1')).toBe(100_000n);
    expect(await walletBalance('op-fa', 'p-1')).toBe(0n);
    const lira = await launch(a, { playerId: 'p-1', currency: 'TRY', mode: 'fun' });
    expect(lira.body.funBalance).toBe(funBalance('TRY').toString());
  });

  it('refuses a mode it does not know with LAUNCH_MODE_INVALID', async () => {
    for (const mode of ['demo', 'FUN', true]) {
      const r = await launch(a, { playerId: 'p-x', currency: 'EUR', mode });
      expect({ mode, status: r.status, code: r.body.code }).toEqual({
        mode,
        status: 400,
        code: 'LAUNCH_MODE_INVALID',
      });
    }
  });
});

describe('play money', () => {
  it('bets and settles in the fun book: the real balance, the operator calls and the reports stay as they were', async () => {
    expect(
      (
        await call(a, 'POST', '/v1/players/p-2/deposits', {
          transactionId: 'd-1',
          currency: 'EUR',
          amount: '5000',
        })
      ).status,
    ).toBe(200);
    const fun = String((await launch(a, { playerId: 'p-2', currency: 'EUR', mode: 'fun' })).body.token);
    const real = String((await launch(a, { playerId: 'p-2', currency: 'EUR' })).body.token);
    const reportBefore = await bo(h, 'GET', '/back-office/reports/summary?groupBy=none&by=operator');

    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const decided = await decide(betOf(r, fun, 30_000n), betOf(r, real, 1_000n, 'banker'));
    expect(decided).toEqual(['ACCEPTED', 'ACCEPTED']);
    // The fun bet was 30,000 of play money: the real wallet (5,000) could never have taken it.
    expect(await walletBalance('fun:op-fa', 'p-2')).toBe(70_000n);
    expect(await walletBalance('op-fa', 'p-2')).toBe(4_000n);
    await settlePlayerWins(r);
    expect(await walletBalance('fun:op-fa', 'p-2')).toBe(130_000n);
    expect(await walletBalance('op-fa', 'p-2')).toBe(4_000n);

    // The operator's own view: the real balance, the real transactions and bets only.
    expect((await call(a, 'GET', '/v1/players/p-2/balances')).body).toEqual([
      { currency: 'EUR', balance: '4000' },
    ]);
    const bets = (await call(a, 'GET', '/v1/players/p-2/bets')).body as { items: { stake: string }[] };
    expect(bets.items.map((b) => b.stake)).toEqual(['1000']);
    const txs = JSON.stringify((await call(a, 'GET', '/v1/players/p-2/transactions')).body);
    expect(txs).toContain('"5000"');
    expect(txs).not.toMatch(/30000|100000|130000/);

    // Reports: the real bet only, no play-money operator anywhere.
    const report = await bo<{ items: { group: string; turnover: string }[]; totals: { turnover: string }[] }>(
      h,
      'GET',
      '/back-office/reports/summary?groupBy=none&by=operator',
    );
    expect(report.body.items.map((i) => i.group)).not.toContain('fun:op-fa');
    const turnover = (body: unknown) =>
      BigInt((body as { totals: { turnover: string }[] }).totals[0]?.turnover ?? '0');
    expect(turnover(report.body) - turnover(reportBefore.body)).toBe(1_000n);
    const players = await bo<{ items: { operatorId: string }[] }>(h, 'GET', '/back-office/reports/players');
    expect(players.body.items.map((p) => p.operatorId)).not.toContain('fun:op-fa');
    const rtp = await bo<{ items: { turnover: string }[] }>(
      h,
      'GET',
      `/back-office/reports/rtp?table=${r.tableId}`,
    );
    expect(rtp.body.items.reduce((t, i) => t + BigInt(i.turnover), 0n)).toBe(1_000n);
    const operators = await bo<{ operatorId: string }[]>(h, 'GET', '/back-office/operators');
    expect(JSON.stringify(operators.body)).not.toContain('fun:');

    // The next fun launch tops a winner up by nothing, a loser back up to the fun balance.
    const again = await launch(a, { playerId: 'p-2', currency: 'EUR', mode: 'fun' });
    expect(again.body.funBalance).toBe('130000');
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });

  it("never calls a seamless operator's wallet for play money", async () => {
    const fun = String((await launch(s, { playerId: 'sp-1', currency: 'EUR', mode: 'fun' })).body.token);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const decided = await decide(betOf(r, fun, 2_000n), betOf(r, fun, 500n, 'banker'));
    // The platform's restrictions hold in play money as in real money.
    expect(decided).toEqual(['ACCEPTED', 'OPPOSING_BETS']);
    await settlePlayerWins(r);
    expect(await walletBalance('fun:op-fs', 'sp-1')).toBe(100_000n - 2_000n + 4_000n);
    const [book] = await h.ds.query(
      `SELECT wallet_mode FROM ledger_operators WHERE operator_id = 'fun:op-fs'`,
    );
    expect(book.wallet_mode).toBe('transfer');
    expect(await h.ds.query(`SELECT count(*)::int AS n FROM ledger_seamless_calls`)).toEqual([{ n: 0 }]);
    expect(walletCalls).toEqual([]);
  });
});

describe('the play-money book against misuse', () => {
  it('lets no token cross books: a fun token never bets real money, a real token never play money', async () => {
    await call(a, 'POST', '/v1/players/p-3/deposits', {
      transactionId: 'd-3',
      currency: 'EUR',
      amount: '5000',
    });
    const fun = String((await launch(a, { playerId: 'p-3', currency: 'EUR', mode: 'fun' })).body.token);
    const real = String((await launch(a, { playerId: 'p-3', currency: 'EUR' })).body.token);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const funAsReal = { ...betOf(r, fun, 1_000n), operatorId: 'op-fa' };
    const realAsFun = { ...betOf(r, real, 1_000n), operatorId: 'fun:op-fa' };
    const decided = await decide(funAsReal, realAsFun);
    expect(decided).toEqual(['PLAYER_SESSION_INVALID', 'PLAYER_SESSION_INVALID']);
    expect(await walletBalance('op-fa', 'p-3')).toBe(5_000n);
    expect(await walletBalance('fun:op-fa', 'p-3')).toBe(100_000n);
  });

  it('refuses deposits and withdrawals on the fun book with PLAY_MONEY_BOOK, and no real operator can take its id', async () => {
    // The operator's own calls reach its real book only: a withdrawal cannot draw play money.
    const w = await call(a, 'POST', '/v1/players/p-1/withdrawals', {
      transactionId: 'w-1',
      currency: 'EUR',
      amount: '1',
    });
    expect(w.body.code).toBe('INSUFFICIENT_FUNDS');
    // The book takes no key; one given to it by hand is refused whatever it asks.
    await expect(ops.addKey('fun:op-fa')).rejects.toMatchObject({ code: 'OPERATOR_NOT_FOUND' });
    const stolen = await ops.addKey('op-fa');
    await h.ds.query(`UPDATE ledger_operator_keys SET operator_id = 'fun:op-fa' WHERE key_id = $1`, [
      stolen.keyId,
    ]);
    const before = await walletBalance('fun:op-fa', 'p-1');
    const attempts = [
      await call(stolen, 'POST', '/v1/players/p-1/withdrawals', {
        transactionId: 'w-2',
        currency: 'EUR',
        amount: '100',
      }),
      await call(stolen, 'POST', '/v1/players/p-1/deposits', {
        transactionId: 'd-2',
        currency: 'EUR',
        amount: '100',
      }),
      await call(stolen, 'POST', '/v1/sessions', { playerId: 'p-1', currency: 'EUR' }),
      await call(stolen, 'GET', '/v1/players/p-1/balances'),
    ];
    expect(attempts.map((x) => [x.status, x.body.code])).toEqual(Array(4).fill([403, 'PLAY_MONEY_BOOK']));
    // Nor does the back office's deposit route fund it.
    const staff = await bo(h, 'POST', '/operators/fun%3Aop-fa/players/p-1/deposits', undefined, {
      currency: 'EUR',
      amount: '100',
      idempotencyKey: 'bo-1',
    });
    expect([staff.status, (staff.body as Body).code]).toEqual([403, 'PLAY_MONEY_BOOK']);
    expect(await walletBalance('fun:op-fa', 'p-1')).toBe(before);

    await expect(
      ops.create({ operatorId: 'fun:op-x', name: 'X', currencies: ['EUR'] }),
    ).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    });
    await expect(
      h.ds.query(
        `INSERT INTO ledger_operators (operator_id, name, currencies) VALUES ('fun:op-y', 'Y', '{EUR}')`,
      ),
    ).rejects.toThrow(/ledger_operators_fun_id/);
    await expect(
      h.ds.query(
        `INSERT INTO ledger_operators (operator_id, name, currencies, fun) VALUES ('op-z', 'Z', '{EUR}', true)`,
      ),
    ).rejects.toThrow(/ledger_operators_fun_id/);
    await expect(ops.setWallet('fun:op-fa', 'seamless', 'http://127.0.0.1:1')).rejects.toThrow(
      /ledger_operators_fun_transfer/,
    );
  });

  it('keeps responsible gambling: a suspended player or one on a break gets no fun session, a suspension ends them', async () => {
    const fun = await launch(a, { playerId: 'p-4', currency: 'EUR', mode: 'fun' });
    expect(fun.status).toBe(201);
    const suspended = await call(a, 'PATCH', '/v1/players/p-4', { status: 'suspended' });
    expect(suspended.body.sessionsRevoked).toBe(1);
    const [row] = await h.ds.query(`SELECT revoke_reason FROM ledger_player_sessions WHERE session_id = $1`, [
      fun.body.sessionId,
    ]);
    expect(row.revoke_reason).toBe('player-suspended');
    expect((await launch(a, { playerId: 'p-4', currency: 'EUR', mode: 'fun' })).body.code).toBe(
      'PLAYER_SUSPENDED',
    );

    await h.ds.query(
      `INSERT INTO ledger_gambling_limits (operator_id, player_id, currency, kind, amount, updated_at)
       VALUES ('op-fa', 'p-5', 'EUR', 'cooling_off', $1, now())`,
      [String(Date.now() + 3_600_000)],
    );
    const onBreak = await launch(a, { playerId: 'p-5', currency: 'EUR', mode: 'fun' });
    expect({ status: onBreak.status, code: onBreak.body.code }).toEqual({ status: 403, code: 'COOLING_OFF' });

    // A break the player takes in fun mode covers real money too (and one taken in real money, play money).
    await call(a, 'POST', '/v1/players/p-7/deposits', {
      transactionId: 'd-7',
      currency: 'EUR',
      amount: '500',
    });
    const funToken = String((await launch(a, { playerId: 'p-7', currency: 'EUR', mode: 'fun' })).body.token);
    const realToken = String((await launch(a, { playerId: 'p-7', currency: 'EUR' })).body.token);
    const cool = await fetch(h.url('/player/cooling-off'), {
      method: 'POST',
      headers: { authorization: `Bearer ${funToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ hours: 24 }),
    });
    expect(cool.status).toBe(201);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    expect(await decide(betOf(r, funToken, 100n), betOf(r, realToken, 100n))).toEqual([
      'COOLING_OFF',
      'COOLING_OFF',
    ]);

    // The operator revokes a fun session by its id, as any of its sessions.
    const other = await launch(a, { playerId: 'p-6', currency: 'EUR', mode: 'fun' });
    const revoked = await call(a, 'DELETE', `/v1/sessions/${String(other.body.sessionId)}`);
    expect(revoked).toMatchObject({ status: 200, body: { playerId: 'p-6' } });
  });
});
