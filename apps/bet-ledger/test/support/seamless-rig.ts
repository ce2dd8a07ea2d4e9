import { EventOf } from '@casino/events';
import { createTestDatabase, TestDatabase } from '@casino/test-support';
import { randomUUID } from 'node:crypto';
import {
  Fault,
  loadWalletConfig,
  RunningWallet,
  startOperatorWallet,
} from '@casino/operator-wallet/dist/index';

import { IssuedKey, ManageOperators } from '../../src/use-cases/manage-operators/manage-operators.use-case';
import { asOperator, bac, baccaratResult, closed, isSettled, place, RoundRef } from './builders';
import { sleep } from './flow';
import { createHarness, Harness } from './ledger-harness';
import { SEAMLESS_OPERATORS_TTL_MS } from '../../src/seamless/seamless-operators';

/** The seamless operator of the rig: its players' money stays in the reference operator wallet. */
export const SEAM = 'op-seam';
const ADMIN = 'operator-wallet-admin-token';

export type OperatorTx = { transactionId: string; call: string; amount: string; state: string };

/** A seamless operator of the ledger and its wallet: the reference operator wallet, in-process, faults on. */
export interface SeamlessOperator {
  operatorId: string;
  /** The operator's key: its signed /v1 calls (signedCall). */
  key: IssuedKey;
  wallet: RunningWallet;
  admin(method: string, path: string, body?: unknown): Promise<Response>;
  operatorPlayer(balance: bigint): Promise<string>;
  operatorBalance(playerId: string): Promise<bigint>;
  operatorTransactions(playerId: string): Promise<OperatorTx[]>;
  faults(...list: Partial<Fault>[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * A ledger harness with a seamless operator (SEAM) whose wallet is the reference operator wallet, started
 * in-process on a database of its own with its faults on, signing with the operator's key from the registry.
 */
export interface SeamlessRig extends SeamlessOperator {
  h: Harness;
  /** Another seamless operator with a wallet of its own. */
  addOperator(operatorId: string): Promise<SeamlessOperator>;
  /** Waits until the platform's call with this transaction id is in `state`; returns its row. */
  callReaches(
    transactionId: string,
    state: string,
    timeoutMs?: number,
  ): Promise<{ state: string; attempts: number; amount: string }>;
}

async function startSeamlessOperator(h: Harness, operatorId: string): Promise<SeamlessOperator> {
  const ops = new ManageOperators(h.ds, h.config.LEDGER_SECRETS_KEY, h.topics);
  const key = await ops.create({ operatorId, name: `Seamless ${operatorId}`, currencies: ['EUR'] });
  const walletDb: TestDatabase = await createTestDatabase(`${operatorId.replace(/[^a-z0-9]/g, '')}w`);
  const wallet = await startOperatorWallet(
    loadWalletConfig({
      HTTP_PORT: '0',
      DATABASE_URL: walletDb.url,
      OPERATOR_KEY_ID: key.keyId,
      OPERATOR_KEY_SECRET: key.secret,
      OPERATOR_WALLET_ADMIN_TOKEN: ADMIN,
      OPERATOR_WALLET_FAULTS: 'on',
    }),
    ['error'],
  );
  await ops.setWallet(operatorId, 'seamless', wallet.url);
  // The ledger's bet batches see a mode change within their list's TTL: a bet sent sooner would take the transfer
  // path (rejected WALLET_UNKNOWN, never taken twice).
  await new Promise((r) => setTimeout(r, SEAMLESS_OPERATORS_TTL_MS + 100));
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(wallet.url + path, {
      method,
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  return {
    operatorId,
    key,
    wallet,
    admin,
    async operatorPlayer(balance) {
      const playerId = `sp-${randomUUID().slice(0, 8)}`;
      await admin('PUT', `/admin/players/${playerId}`, { currency: 'EUR', balance: String(balance) });
      return playerId;
    },
    async operatorBalance(playerId) {
      const res = await admin('GET', `/admin/players/${playerId}`);
      return BigInt(((await res.json()) as { balance: string }).balance);
    },
    async operatorTransactions(playerId) {
      return (await (await admin('GET', `/admin/players/${playerId}/transactions`)).json()) as OperatorTx[];
    },
    async faults(...list) {
      await admin('PUT', '/admin/faults', { faults: list });
    },
    async close() {
      await wallet.close();
      await walletDb.drop();
    },
  };
}

export async function createSeamlessRig(name: string): Promise<SeamlessRig> {
  const h = await createHarness(name);
  const main = await startSeamlessOperator(h, SEAM);
  const others: SeamlessOperator[] = [];
  return {
    ...main,
    h,
    async addOperator(operatorId) {
      const op = await startSeamlessOperator(h, operatorId);
      others.push(op);
      return op;
    },
    async callReaches(transactionId, state, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = (await h.ds.query(
          `SELECT state, attempts, amount::text FROM ledger_seamless_calls WHERE transaction_id = $1`,
          [transactionId],
        )) as { state: string; attempts: number; amount: string }[];
        if (row?.state === state) return row;
        if (Date.now() > deadline) throw new Error(`${transactionId} never reached ${state} (${row?.state})`);
        await sleep(50);
      }
    },
    async close() {
      await h.close();
      for (const op of [main, ...others]) await op.close();
    },
  };
}

/** A baccarat bet of a seamless player. */
export const seamlessBet = (
  r: RoundRef,
  playerId: string,
  stake: bigint,
  side: 'player' | 'banker' | 'tie',
): EventOf<'PlaceBet'> => asOperator(place(r, playerId, stake, bac(side)), SEAM);

/** Player wins 9 to 7, no pairs: Player pays 1:1, Banker loses. */
export async function settlePlayerWins(h: Harness, r: RoundRef): Promise<EventOf<'RoundSettled'>> {
  await h.send(closed(r));
  await h.send(baccaratResult(r, ['9S', '3C', 'KH', '4D']));
  const [settled] = await h.waitFor(isSettled(r));
  return settled;
}
