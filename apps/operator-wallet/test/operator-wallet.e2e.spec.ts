import {
  callOperatorWallet,
  CreditCall,
  DebitCall,
  encodeWalletCall,
  RollbackCall,
  SIGNATURE_HEADERS,
  signRequest,
  WalletEndpoint,
  WalletOutcome,
} from '@casino/operator-protocol';
import { createTestDatabase, TestDatabase } from '@casino/test-support';
import { randomUUID } from 'node:crypto';
import { loadWalletConfig, RunningWallet, startOperatorWallet } from '../src';
import { MoneyCallPool } from '../src/database/money-call-pool';
import { Fault } from '../src/faults/fault-plan';

const KEY_ID = 'ck_reference';
const SECRET = 's'.repeat(48);
const ADMIN = 'admin-token-for-tests';
const TIMEOUT_MS = 1500;

let db: TestDatabase;
let wallet: RunningWallet;
let endpoint: WalletEndpoint;

beforeAll(async () => {
  db = await createTestDatabase('opwallet');
  const config = loadWalletConfig({
    HTTP_PORT: '0',
    DATABASE_URL: db.url,
    OPERATOR_KEY_ID: KEY_ID,
    OPERATOR_KEY_SECRET: SECRET,
    OPERATOR_WALLET_ADMIN_TOKEN: ADMIN,
    OPERATOR_WALLET_FAULTS: 'on',
  });
  wallet = await startOperatorWallet(config, ['error']);
  endpoint = { baseUrl: wallet.url, keyId: KEY_ID, secret: SECRET };
});

afterAll(async () => {
  await wallet?.close();
  await db?.drop();
});

async function admin(method: string, path: string, body?: unknown, token = ADMIN): Promise<Response> {
  return fetch(wallet.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function newPlayer(balance: bigint, extra: Record<string, unknown> = {}): Promise<string> {
  const playerId = `p-${randomUUID()}`;
  const res = await admin('PUT', `/admin/players/${playerId}`, {
    currency: 'EUR',
    balance: String(balance),
    ...extra,
  });
  expect(res.status).toBe(200);
  return playerId;
}

async function balanceOf(playerId: string): Promise<bigint> {
  const res = await admin('GET', `/admin/players/${playerId}`);
  return BigInt(((await res.json()) as { balance: string }).balance);
}

async function faults(...list: Partial<Fault>[]): Promise<void> {
  expect((await admin('PUT', '/admin/faults', { faults: list })).status).toBe(200);
}

function debitOf(playerId: string, amount: bigint, transactionId = `d-${randomUUID()}`): DebitCall {
  return {
    transactionId,
    playerId,
    currency: 'EUR',
    amount,
    game: 'baccarat',
    tableId: 'bac-1',
    roundId: 'r-1',
    betId: `b-${transactionId}`,
  };
}

function rollbackOf(d: DebitCall): RollbackCall {
  return {
    transactionId: `rb-${d.transactionId}`,
    playerId: d.playerId,
    currency: 'EUR',
    debitTransactionId: d.transactionId,
    roundId: d.roundId,
    betId: d.betId,
  };
}

function creditOf(d: DebitCall, amount: bigint): CreditCall {
  return {
    transactionId: `c-${d.transactionId}`,
    playerId: d.playerId,
    currency: 'EUR',
    amount,
    kind: 'win',
    debitTransactionId: d.transactionId,
    roundId: d.roundId,
    betId: d.betId,
  };
}

function answered(outcome: WalletOutcome) {
  if (outcome.kind !== 'answered') throw new Error(`expected an answer, got ${outcome.reason}`);
  return outcome.answer;
}

afterEach(async () => {
  await admin('DELETE', '/admin/faults');
});

describe('reference operator wallet (real HTTP, real PostgreSQL)', () => {
  it('debits, credits, and answers a retry with the first answer without moving money again', async () => {
    const playerId = await newPlayer(1000n);
    const d = debitOf(playerId, 300n);
    expect(answered(await callOperatorWallet(endpoint, 'debit', d, TIMEOUT_MS))).toMatchObject({
      status: 'ok',
      balance: 700n,
    });
    expect(answered(await callOperatorWallet(endpoint, 'debit', d, TIMEOUT_MS))).toMatchObject({
      balance: 700n,
    });
    expect(
      answered(await callOperatorWallet(endpoint, 'debit', { ...d, amount: 1n }, TIMEOUT_MS)),
    ).toMatchObject({ status: 'refused', code: 'TRANSACTION_CONFLICT' });
    expect(
      answered(await callOperatorWallet(endpoint, 'credit', creditOf(d, 600n), TIMEOUT_MS)),
    ).toMatchObject({
      balance: 1300n,
    });
    expect(answered(await callOperatorWallet(endpoint, 'rollback', rollbackOf(d), TIMEOUT_MS))).toMatchObject(
      {
        status: 'refused',
        code: 'ROLLBACK_NOT_ALLOWED',
      },
    );
    expect(
      answered(await callOperatorWallet(endpoint, 'balance', { playerId, currency: 'EUR' }, TIMEOUT_MS)),
    ).toMatchObject({ status: 'ok', balance: 1300n });
    expect(await balanceOf(playerId)).toBe(1300n);
  });

  it('refuses with the coded reasons, and validates every field', async () => {
    const poor = await newPlayer(50n);
    const blocked = await newPlayer(1000n, { status: 'blocked' });
    const capped = await newPlayer(1000n, { maxStake: '100' });
    const codeOf = async (d: DebitCall) =>
      answered(await callOperatorWallet(endpoint, 'debit', d, TIMEOUT_MS));
    expect(await codeOf(debitOf(poor, 51n))).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await codeOf(debitOf(blocked, 1n))).toMatchObject({ code: 'PLAYER_BLOCKED' });
    expect(await codeOf(debitOf(capped, 101n))).toMatchObject({ code: 'LIMIT_REACHED' });
    expect(await codeOf(debitOf('nobody', 1n))).toMatchObject({ code: 'UNKNOWN_PLAYER' });
    expect(await codeOf({ ...debitOf(poor, 1n), currency: 'USD' })).toMatchObject({
      code: 'CURRENCY_MISMATCH',
    });
    const huge = { ...debitOf(poor, 1n), amount: 2n ** 63n };
    expect(await codeOf(huge)).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(await codeOf({ ...debitOf(poor, 1n), amount: -5n })).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(await balanceOf(poor)).toBe(50n);
  });

  it('refuses unsigned, badly signed or foreign-key calls, and the platform refuses an unsigned answer', async () => {
    const playerId = await newPlayer(100n);
    const unsigned = await fetch(`${wallet.url}/wallet/debit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: encodeWalletCall<'debit'>(debitOf(playerId, 10n)),
    });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    const wrongSecret = await callOperatorWallet(
      { ...endpoint, secret: 'x'.repeat(48) },
      'debit',
      debitOf(playerId, 10n),
      TIMEOUT_MS,
    );
    // The wallet's refusal is signed with the real secret: the caller cannot trust it either.
    expect(wrongSecret.kind).toBe('unknown');
    const otherKey = await callOperatorWallet(
      { ...endpoint, keyId: 'ck_other' },
      'debit',
      debitOf(playerId, 10n),
      TIMEOUT_MS,
    );
    expect(answered(otherKey)).toMatchObject({ code: 'INVALID_SIGNATURE' });
    expect(await balanceOf(playerId)).toBe(100n);
    expect((await admin('GET', `/admin/players/${playerId}`, undefined, 'wrong-token-xxxxx')).status).toBe(
      401,
    );
  });

  it('takes concurrent debits one at a time: never below zero', async () => {
    const playerId = await newPlayer(1000n);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        callOperatorWallet(endpoint, 'debit', debitOf(playerId, 100n), 10_000),
      ),
    );
    const answers = outcomes.map(answered);
    expect(answers.filter((a) => a.status === 'ok')).toHaveLength(10);
    expect(answers.filter((a) => a.status === 'refused' && a.code === 'INSUFFICIENT_FUNDS')).toHaveLength(10);
    expect(await balanceOf(playerId)).toBe(0n);
  });

  it('one player under debits, credits, rollbacks and repeats at once: every cent as the answers say', async () => {
    const playerId = await newPlayer(10_000n);
    const debits = Array.from({ length: 30 }, () => debitOf(playerId, 100n));
    const calls = <T>(list: T[], call: 'debit' | 'credit' | 'rollback', body: (x: T) => object) =>
      list.map((x) => callOperatorWallet(endpoint, call, body(x) as never, 10_000).then(answered));
    // Each debit sent twice at once, beside its credit (even ones) or its rollback (odd ones) racing it.
    const answers = await Promise.all([
      ...calls(debits, 'debit', (d) => d),
      ...calls(debits, 'debit', (d) => d),
      ...calls(
        debits.filter((_, i) => i % 2 === 0),
        'credit',
        (d) => creditOf(d, 250n),
      ),
      ...calls(
        debits.filter((_, i) => i % 2 === 1),
        'rollback',
        rollbackOf,
      ),
    ]);
    // Whatever order they landed in, the balance is what the acknowledged calls add up to.
    const rows = (await (await admin('GET', `/admin/players/${playerId}/transactions`)).json()) as {
      transactionId: string;
      call: string;
      amount: string;
      state: string;
    }[];
    const moved = rows.reduce((sum, r) => {
      if (r.call === 'debit' && r.state !== 'refused' && r.state !== 'rolled_back')
        return sum - BigInt(r.amount);
      if (r.call === 'credit' && r.state === 'applied') return sum + BigInt(r.amount);
      return sum;
    }, 0n);
    expect(await balanceOf(playerId)).toBe(10_000n + moved);
    // A repeat answers exactly as its first try: the two answers of each debit are the same.
    for (let i = 0; i < debits.length; i++) expect(answers[i]).toEqual(answers[debits.length + i]);
    expect(new Set(rows.map((r) => r.transactionId)).size).toBe(rows.length);
  });

  it('a rollback that overtakes its slow debit stops it: the late debit is refused and nothing moves', async () => {
    const playerId = await newPlayer(500n);
    const d = debitOf(playerId, 200n);
    await faults({ call: 'debit', mode: 'slow', delayMs: 800, times: 1 });
    const slowDebit = callOperatorWallet(endpoint, 'debit', d, 5000);
    await new Promise((r) => setTimeout(r, 200));
    expect(answered(await callOperatorWallet(endpoint, 'rollback', rollbackOf(d), TIMEOUT_MS))).toMatchObject(
      {
        status: 'ok',
        balance: 500n,
      },
    );
    expect(answered(await slowDebit)).toMatchObject({ status: 'refused', code: 'TRANSACTION_ROLLED_BACK' });
    expect(await balanceOf(playerId)).toBe(500n);
  });

  it('timeout and dropped answer: unknown to the caller, money moved, and one rollback returns it', async () => {
    for (const fault of [
      { call: 'debit' as const, mode: 'timeout' as const, delayMs: 2500, times: 1 },
      { call: 'debit' as const, mode: 'drop' as const, times: 1 },
    ]) {
      const playerId = await newPlayer(500n);
      const d = debitOf(playerId, 200n);
      await faults(fault);
      const outcome = await callOperatorWallet(endpoint, 'debit', d, TIMEOUT_MS);
      expect(outcome.kind).toBe('unknown');
      expect(await balanceOf(playerId)).toBe(300n);
      expect(
        answered(await callOperatorWallet(endpoint, 'rollback', rollbackOf(d), TIMEOUT_MS)),
      ).toMatchObject({
        balance: 500n,
      });
      expect(
        answered(await callOperatorWallet(endpoint, 'rollback', rollbackOf(d), TIMEOUT_MS)),
      ).toMatchObject({
        balance: 500n,
      });
      expect(await balanceOf(playerId)).toBe(500n);
    }
  });

  it('a 503 moves nothing; a call delivered twice at once moves money once', async () => {
    const playerId = await newPlayer(500n);
    await faults({ call: 'debit', mode: 'fail', times: 1 }, { call: 'credit', mode: 'duplicate', times: 1 });
    const d = debitOf(playerId, 200n);
    expect((await callOperatorWallet(endpoint, 'debit', d, TIMEOUT_MS)).kind).toBe('unknown');
    expect(await balanceOf(playerId)).toBe(500n);
    expect(answered(await callOperatorWallet(endpoint, 'debit', d, TIMEOUT_MS))).toMatchObject({
      balance: 300n,
    });
    expect(
      answered(await callOperatorWallet(endpoint, 'credit', creditOf(d, 400n), TIMEOUT_MS)),
    ).toMatchObject({
      balance: 700n,
    });
    expect(await balanceOf(playerId)).toBe(700n);
    const rows = (await (await admin('GET', `/admin/players/${playerId}/transactions`)).json()) as unknown[];
    expect(rows).toHaveLength(2);
  });

  it('money calls run on sessions that plan key lookups only (their prepared plans outlive an empty table)', async () => {
    const pool = wallet.app.get(MoneyCallPool);
    expect(await pool.query('test_seqscan', 'SHOW enable_seqscan', [])).toEqual([{ enable_seqscan: 'off' }]);
    const playerId = await newPlayer(1_000n);
    // Past the five runs after which PostgreSQL settles on a prepared statement's generic plan.
    for (let i = 0; i < 8; i++)
      await callOperatorWallet(endpoint, 'debit', debitOf(playerId, 10n), TIMEOUT_MS);
    expect(await balanceOf(playerId)).toBe(920n);
  });

  it('a body that is not JSON or too large, or an unknown call: signed coded refusals, nothing moved', async () => {
    const playerId = await newPlayer(100n);
    const post = async (path: string, body: string) => {
      const timestamp = String(Date.now());
      const requestId = randomUUID();
      const signed = { method: 'POST', pathWithQuery: path, timestamp, requestId, body };
      const res = await fetch(wallet.url + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADERS.key]: KEY_ID,
          [SIGNATURE_HEADERS.timestamp]: timestamp,
          [SIGNATURE_HEADERS.requestId]: requestId,
          [SIGNATURE_HEADERS.signature]: signRequest(SECRET, signed),
        },
        body,
      });
      return {
        status: res.status,
        signed: res.headers.has(SIGNATURE_HEADERS.signature),
        answer: await res.json(),
      };
    };
    const debit = encodeWalletCall<'debit'>(debitOf(playerId, 10n));
    expect(await post('/wallet/debit', '{"transactionId":')).toMatchObject({
      status: 400,
      signed: true,
      answer: { code: 'INVALID_REQUEST' },
    });
    expect(await post('/wallet/debit', debit.replace('}', `,"pad":"${'x'.repeat(300_000)}"}`))).toMatchObject(
      {
        status: 413,
        answer: { code: 'INVALID_REQUEST' },
      },
    );
    expect(await post('/wallet/transfer', debit)).toMatchObject({
      status: 404,
      answer: { code: 'INVALID_REQUEST' },
    });
    expect(await balanceOf(playerId)).toBe(100n);
    expect(await post('/wallet/debit', debit)).toMatchObject({ status: 200, answer: { balance: '90' } });
  });
});
