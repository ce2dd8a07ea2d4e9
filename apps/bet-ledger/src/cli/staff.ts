import 'reflect-metadata';
import { applyFileVariables } from '@casino/observability';
import { AuditService } from '../back-office/audit/audit.service';
import { STAFF_ROLES, StaffPrincipal, StaffRole } from '../back-office/auth/permissions';
import { StaffRepository } from '../back-office/auth/staff.repository';
import { StaffService } from '../back-office/staff/staff.service';
import { ConfigError, loadLedgerConfig } from '../config/ledger-config';
import { openLedgerDataSource } from '../database/data-source';
import { LedgerError } from '../errors/ledger.errors';

const USAGE = `usage:
  npm run staff -- create --username <name> --role ${STAFF_ROLES.join('|')} [--operator <operator id>]
  npm run staff -- password --id <staff id>
  npm run staff -- disable|enable --id <staff id>
  npm run staff -- list [--operator <operator id>]
(DATABASE_URL from the environment; a generated password is printed once)`;

/** The command line acts as the platform's system principal; its changes are audited as `cli`. */
const CLI: StaffPrincipal = {
  kind: 'system',
  staffId: null,
  username: 'cli',
  role: 'admin',
  operatorId: null,
};

function flags(args: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    if (!args[i].startsWith('--') || args[i + 1] === undefined)
      throw new LedgerError('INVALID_REQUEST', USAGE);
    out.set(args[i].slice(2), args[i + 1]);
  }
  return out;
}

const need = (f: Map<string, string>, name: string) => {
  const v = f.get(name);
  if (!v) throw new LedgerError('INVALID_REQUEST', `--${name} is required\n${USAGE}`);
  return v;
};

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  // In a ledger pod the secrets are files (DATABASE_URL_FILE, LEDGER_SECRETS_KEY_FILE…; docs/deployment.md).
  applyFileVariables();
  const config = loadLedgerConfig();
  const ds = await openLedgerDataSource(config.DATABASE_URL, 2, true);
  try {
    const staff = new StaffService(new StaffRepository(ds));
    const audit = new AuditService(ds);
    const f = flags(rest);
    switch (command) {
      case 'create': {
        const role = need(f, 'role');
        if (!(STAFF_ROLES as readonly string[]).includes(role))
          throw new LedgerError('INVALID_REQUEST', `--role must be one of ${STAFF_ROLES.join(', ')}`);
        const username = need(f, 'username');
        if (!/^[a-zA-Z0-9._@-]{3,100}$/.test(username))
          throw new LedgerError('INVALID_REQUEST', '--username: letters, digits and . _ @ -, 3 to 100');
        const made = await staff.create({
          username,
          role: role as StaffRole,
          operatorId: f.get('operator') ?? null,
        });
        await audit.record(CLI, 'staff.create', `staff/${made.staff.id}`, 'npm run staff', {
          username,
          role,
          operatorId: made.staff.operatorId,
        });
        console.log(JSON.stringify(made));
        return 0;
      }
      case 'password': {
        const id = need(f, 'id');
        const done = await staff.resetPassword(id);
        await audit.record(CLI, 'staff.password', `staff/${id}`, 'npm run staff');
        console.log(JSON.stringify(done));
        return 0;
      }
      case 'disable':
      case 'enable': {
        const id = need(f, 'id');
        const done = await staff.setStatus(id, command === 'disable' ? 'disabled' : 'active');
        await audit.record(CLI, `staff.${command}`, `staff/${id}`, 'npm run staff');
        console.log(JSON.stringify(done));
        return 0;
      }
      case 'list':
        console.log(JSON.stringify(await staff.list({ operatorId: f.get('operator'), limit: 1000 })));
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
