import 'reflect-metadata';
import { applyFileVariables } from '@casino/observability';
import { prefixedTopics } from '@casino/events';
import { ConfigError, loadLedgerConfig } from '../config/ledger-config';
import { openLedgerDataSource } from '../database/data-source';
import { LedgerError } from '../errors/ledger.errors';
import { ManageOperators } from '../use-cases/manage-operators/manage-operators.use-case';
import { setWalletProtocol } from '../seamless/seamless-operators';
import { sqlOf } from '@casino/wallet';

const USAGE = `usage:
  npm run operator -- create --id <id> --name <name> --currencies EUR,USD [--max-deposit <minor>] [--max-daily-deposits <minor>] [--max-balance <minor>] [--origins https://a,https://b]
  npm run operator -- set-caps --id <operator id> [--max-deposit <minor>] [--max-daily-deposits <minor>]
  npm run operator -- add-key --id <operator id>
  npm run operator -- revoke-key --key <key id>
  npm run operator -- set-origins --id <operator id> --origins https://a,https://b:*
  npm run operator -- suspend|activate --id <operator id>
  npm run operator -- set-wallet --id <operator id> --mode transfer|seamless [--url https://wallet.example]
  npm run operator -- set-wallet-protocol --id <operator id> --version 1|2
  npm run operator -- set-bonus-order --id <operator id> --order cash-first|bonus-first
(DATABASE_URL, LEDGER_SECRETS_KEY from the environment)`;

function flags(args: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    if (!args[i].startsWith('--') || args[i + 1] === undefined)
      throw new LedgerError('INVALID_REQUEST', USAGE);
    out.set(args[i].slice(2), args[i + 1]);
  }
  return out;
}

const list = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
const need = (f: Map<string, string>, name: string) => {
  const v = f.get(name);
  if (!v) throw new LedgerError('INVALID_REQUEST', `--${name} is required\n${USAGE}`);
  return v;
};
const amount = (v: string | undefined) => {
  if (v === undefined) return undefined;
  if (!/^[1-9][0-9]{0,18}$/.test(v)) throw new LedgerError('INVALID_AMOUNT', `not a positive amount: ${v}`);
  return BigInt(v);
};

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  // In a ledger pod the secrets are files (DATABASE_URL_FILE, LEDGER_SECRETS_KEY_FILE…; docs/deployment.md).
  applyFileVariables();
  const config = loadLedgerConfig();
  const ds = await openLedgerDataSource(config.DATABASE_URL, 2, true);
  try {
    const ops = new ManageOperators(ds, config.LEDGER_SECRETS_KEY, prefixedTopics(config.KAFKA_TOPIC_PREFIX));
    const f = flags(rest);
    switch (command) {
      case 'create': {
        const key = await ops.create({
          operatorId: need(f, 'id'),
          name: need(f, 'name'),
          currencies: list(need(f, 'currencies')),
          allowedOrigins: list(f.get('origins')),
          maxDeposit: amount(f.get('max-deposit')),
          maxBalance: amount(f.get('max-balance')),
          maxDailyDeposits: amount(f.get('max-daily-deposits')),
        });
        console.log(JSON.stringify(key, null, 2));
        console.error('The secret is shown this once: store it now.');
        return 0;
      }
      case 'add-key':
        console.log(JSON.stringify(await ops.addKey(need(f, 'id')), null, 2));
        console.error('The secret is shown this once: store it now.');
        return 0;
      case 'revoke-key':
        console.log(JSON.stringify(await ops.revokeKey(need(f, 'key'))));
        return 0;
      case 'set-origins': {
        const origins = list(need(f, 'origins'));
        await ops.setOrigins(need(f, 'id'), origins);
        console.log(JSON.stringify({ operatorId: f.get('id'), allowedOrigins: origins }));
        return 0;
      }
      case 'set-caps': {
        const caps = await ops.setCaps(need(f, 'id'), {
          maxDeposit: amount(f.get('max-deposit')),
          maxDailyDeposits: amount(f.get('max-daily-deposits')),
        });
        console.log(
          JSON.stringify({
            operatorId: f.get('id'),
            maxDeposit: caps.maxDeposit.toString(),
            maxDailyDeposits: caps.maxDailyDeposits.toString(),
          }),
        );
        return 0;
      }
      case 'set-wallet': {
        const mode = need(f, 'mode');
        if (mode !== 'transfer' && mode !== 'seamless')
          throw new LedgerError('INVALID_REQUEST', `--mode transfer|seamless\n${USAGE}`);
        await ops.setWallet(need(f, 'id'), mode, f.get('url'));
        console.log(JSON.stringify({ operatorId: f.get('id'), walletMode: mode, walletUrl: f.get('url') }));
        return 0;
      }
      case 'set-wallet-protocol': {
        const version = need(f, 'version');
        if (version !== '1' && version !== '2')
          throw new LedgerError('INVALID_REQUEST', `--version 1|2\n${USAGE}`);
        if (
          !(await ds.transaction((m) => setWalletProtocol(sqlOf(m), need(f, 'id'), version === '2' ? 2 : 1)))
        )
          throw new LedgerError('NOT_FOUND', `no operator ${f.get('id')}`);
        console.log(JSON.stringify({ operatorId: f.get('id'), walletProtocol: Number(version) }));
        return 0;
      }
      case 'set-bonus-order': {
        const order = need(f, 'order');
        if (order !== 'cash-first' && order !== 'bonus-first')
          throw new LedgerError('INVALID_REQUEST', `--order cash-first|bonus-first\n${USAGE}`);
        await ops.setBonusFirst(need(f, 'id'), order === 'bonus-first');
        console.log(JSON.stringify({ operatorId: f.get('id'), stakeOrder: order }));
        return 0;
      }
      case 'suspend':
      case 'activate':
        await ops.setStatus(need(f, 'id'), command === 'suspend' ? 'suspended' : 'active');
        console.log(
          JSON.stringify({ operatorId: f.get('id'), status: command === 'suspend' ? 'suspended' : 'active' }),
        );
        return 0;
      default:
        console.error(USAGE);
        return 2;
    }
  } finally {
    await ds.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof LedgerError || err instanceof ConfigError) {
      console.error(`${err instanceof LedgerError ? err.code : 'INVALID_CONFIG'}: ${err.message}`);
      process.exit(2);
    }
    console.error(err instanceof Error ? err.stack : String(err));
    process.exit(1);
  },
);
