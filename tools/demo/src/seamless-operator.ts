import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { recreateDatabase } from './demo-database';
import { createOperator, DemoPlayer, launchSession, OperatorKey } from './operator-api';
import { ManagedProcess, startProcess, waitForHealth } from './processes';

export const SEAMLESS_OPERATOR = { id: 'demo-seamless', name: 'Demo Seamless Casino', currencies: ['EUR'] };

/** The demo's seamless operator: its players' money stays in the reference operator wallet (apps/operator-wallet). */
export interface SeamlessOperator {
  key: OperatorKey;
  walletUrl: string;
  adminToken: string;
  process: ManagedProcess;
  /** What each player was given in the operator's wallet. */
  funded: Map<string, bigint>;
}

/**
 * Creates the seamless operator with the ledger's admin command, starts the reference wallet on a database of its
 * own (casino_demo_wallet) holding that operator's key, and points the operator at it (`set-wallet`) with the
 * wallet protocol's version 2.
 */
export async function startSeamlessOperator(
  root: string,
  ledgerEnv: Record<string, string>,
  serverUrl: string,
  port: number,
  logDir: string,
): Promise<SeamlessOperator> {
  const key = createOperator(root, ledgerEnv, SEAMLESS_OPERATOR);
  const walletDb = await recreateDatabase(serverUrl, 'casino_demo_wallet');
  const adminToken = randomBytes(24).toString('hex');
  const walletUrl = `http://127.0.0.1:${port}`;
  const proc = startProcess(
    'operator-wallet',
    join(root, 'apps/operator-wallet/dist/main.js'),
    {
      HTTP_PORT: String(port),
      DATABASE_URL: walletDb,
      OPERATOR_KEY_ID: key.keyId,
      OPERATOR_KEY_SECRET: key.secret,
      OPERATOR_WALLET_ADMIN_TOKEN: adminToken,
      NODE_ENV: 'production',
    },
    logDir,
  );
  await waitForHealth(proc, `${walletUrl}/health`);
  // Its wallet, and the wallet protocol's version 2: a player's slip debited in one call, a round credited in one
  // call that closes it, each with its bets' descriptions (docs/operator-integration.md#seamless-wallet).
  operatorCommand(root, ledgerEnv, [
    'set-wallet',
    '--id',
    SEAMLESS_OPERATOR.id,
    '--mode',
    'seamless',
    '--url',
    walletUrl,
  ]);
  operatorCommand(root, ledgerEnv, ['set-wallet-protocol', '--id', SEAMLESS_OPERATOR.id, '--version', '2']);
  return { key, walletUrl, adminToken, process: proc, funded: new Map() };
}

/** `npm run operator -- <args>` against the demo's ledger database. */
function operatorCommand(root: string, ledgerEnv: Record<string, string>, args: string[]): void {
  const run = spawnSync(process.execPath, [join(root, 'apps/bet-ledger/dist/cli/operator.js'), ...args], {
    env: { ...process.env, ...ledgerEnv },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`operator ${args[0]} failed: ${run.stderr || run.stdout}`);
}

async function admin(op: SeamlessOperator, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(op.walletUrl + path, {
    method,
    headers: { authorization: `Bearer ${op.adminToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`operator wallet ${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Funds the player in the operator's wallet (never on the platform) and launches their session by signed API. */
export async function onboardSeamlessPlayer(
  ledgerUrl: string,
  op: SeamlessOperator,
  player: DemoPlayer,
): Promise<{ token: string }> {
  await admin(op, 'PUT', `/admin/players/${encodeURIComponent(player.playerId)}`, {
    currency: player.currency,
    balance: player.amount.toString(),
  });
  op.funded.set(player.playerId, player.amount);
  return launchSession(ledgerUrl, op.key, player);
}

/**
 * Waits (at most `timeoutMs`) until the platform owes the operator's wallet nothing: no bet being debited or
 * decided, no credit or rollback pending, no finished bet whose credit is still to be queued.
 */
export async function waitSeamlessSettled(demoDb: string, timeoutMs: number): Promise<number> {
  const client = new Client({ connectionString: demoDb });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ n: string }>(
        `SELECT (SELECT count(*) FROM ledger_seamless_calls WHERE state = 'pending')
          + (SELECT count(*) FROM ledger_seamless_bets WHERE state IN ('debiting', 'funded', 'rolling_back'))
          + (SELECT count(*) FROM ledger_seamless_bets s JOIN ledger_bets b ON b.command_id = s.command_id
             WHERE s.state = 'accepted' AND (b.cancelled_at IS NOT NULL OR EXISTS (
               SELECT 1 FROM ledger_round_settlements rs WHERE rs.table_id = s.table_id AND rs.round_id = s.round_id)))
          AS n`,
      );
      const n = Number(rows[0].n);
      if (n === 0 || Date.now() > deadline) return n;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await client.end();
  }
}

const money = (minor: bigint): string => {
  const abs = minor < 0n ? -minor : minor;
  return `${minor < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/**
 * Each operator's figures from the ledger's books; for the seamless one, every player's balance in the operator's
 * wallet beside what the platform believes it is (funding − confirmed debits + confirmed credits). Returns how
 * many seamless players differ.
 */
export async function printOperatorFigures(
  demoDb: string,
  transferOperator: string,
  op: SeamlessOperator,
): Promise<number> {
  const client = new Client({ connectionString: demoDb });
  await client.connect();
  try {
    console.log('\n==> operators');
    console.log('operator             wallet     bets   turnover   returned   house result');
    const { rows } = await client.query<{ operator_id: string; n: string; staked: string; returned: string }>(
      `SELECT b.operator_id, count(*) AS n, sum(b.stake)::text AS staked, coalesce(sum(u.returned), 0)::text AS returned
       FROM ledger_bets b LEFT JOIN LATERAL (
         SELECT x.returned FROM ledger_round_settlements s, unnest(s.bet_ids, s.returned) AS x(bet_id, returned)
         WHERE s.table_id = b.table_id AND s.round_id = b.round_id AND x.bet_id = b.bet_id) u ON true
       WHERE b.operator_id = ANY($1) AND b.cancelled_at IS NULL GROUP BY b.operator_id ORDER BY b.operator_id`,
      [[transferOperator, op.key.operatorId]],
    );
    for (const r of rows) {
      const mode = r.operator_id === op.key.operatorId ? 'seamless' : 'transfer';
      console.log(
        `${r.operator_id.padEnd(20)} ${mode.padEnd(9)} ${r.n.padStart(5)} ${money(BigInt(r.staked)).padStart(10)} ` +
          `${money(BigInt(r.returned)).padStart(10)} ${money(BigInt(r.staked) - BigInt(r.returned)).padStart(14)}`,
      );
    }
    const belief = await client.query<{
      player_id: string;
      debited: string;
      credited: string;
      transit: string;
    }>(
      `SELECT p.player_id,
         (SELECT coalesce(sum(s.stake), 0) FROM ledger_seamless_bets s
          JOIN wallet_entries e ON e.idempotency_key = 'seamless:' || s.debit_tx
          WHERE s.operator_id = $1 AND s.player_id = p.player_id)::text AS debited,
         (SELECT coalesce(sum(c.amount), 0) FROM ledger_seamless_calls c
          WHERE c.operator_id = $1 AND c.call = 'credit' AND c.state = 'confirmed' AND c.body->>'playerId' = p.player_id
         )::text AS credited,
         (SELECT coalesce(sum(a.balance), 0) FROM wallet_accounts a
          WHERE a.kind = 'player' AND a.operator_id = $1 AND a.player_id = p.player_id)::text AS transit
       FROM unnest($2::text[]) AS p(player_id)`,
      [op.key.operatorId, [...op.funded.keys()]],
    );
    console.log(`\n${op.key.operatorId}: the operator's wallet vs what the platform believes`);
    console.log('player                      operator wallet   platform belief   in transit');
    let differ = 0;
    for (const r of belief.rows) {
      const start = op.funded.get(r.player_id) ?? 0n;
      const believed = start - BigInt(r.debited) + BigInt(r.credited);
      const answer = (await admin(op, 'GET', `/admin/players/${encodeURIComponent(r.player_id)}`)) as {
        balance: string;
      };
      const actual = BigInt(answer.balance);
      // Stakes of bets still open at the stop are debited and not credited yet: the same on both sides.
      if (actual !== believed) differ++;
      console.log(
        `${r.player_id.padEnd(26)} ${money(actual).padStart(16)} ${money(believed).padStart(17)} ` +
          `${money(BigInt(r.transit)).padStart(12)}${actual === believed ? '' : '  DIFFERS'}`,
      );
    }
    console.log(
      differ === 0
        ? 'every seamless player: the operator wallet holds exactly what the platform believes'
        : `${differ} seamless players differ (see the operator-wallet and bet-ledger logs)`,
    );
    return differ;
  } finally {
    await client.end();
  }
}
