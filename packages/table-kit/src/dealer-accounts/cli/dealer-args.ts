import { GAME_PRINCIPALS } from '@casino/kafka';
import { z } from 'zod';
import { dealerIdSchema, dealerTablesSchema } from '../dealer-account';

export const USAGE = `usage: npm run dealer -- <command> --service <${GAME_PRINCIPALS.join('|')}> [flags]
  create     --id D --name "N" --tables t1,t2|* [--password-file F]   a new dealer (password prompted if no file)
  password   --id D [--password-file F]                              a new password
  tables     --id D --tables t1,t2|*                                 the tables the dealer may run
  suspend    --id D                                                  refuses the dealer's login and tokens
  activate   --id D
  list                                                               dealers, their status and tables
  schema-down                                                        drops the dealer tables (audit log too)
DATABASE_URL: the service's database.`;

/** A game service by its principal: a game's own (baccarat, …) or a shared service's (studio-games). */
const service = z.enum(GAME_PRINCIPALS as [string, ...string[]]);
const tables = z
  .string()
  .transform((s) => s.split(',').map((t) => t.trim()))
  .pipe(dealerTablesSchema);
const base = { service, passwordFile: z.string().min(1).optional() };

const commandSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('create'),
    ...base,
    id: dealerIdSchema,
    name: z.string().min(1).max(100),
    tables,
  }),
  z.object({ command: z.literal('password'), ...base, id: dealerIdSchema }),
  z.object({ command: z.literal('tables'), ...base, id: dealerIdSchema, tables }),
  z.object({ command: z.literal('suspend'), ...base, id: dealerIdSchema }),
  z.object({ command: z.literal('activate'), ...base, id: dealerIdSchema }),
  z.object({ command: z.literal('list'), ...base }),
  z.object({ command: z.literal('schema-down'), ...base }),
]);

export type DealerCommand = z.infer<typeof commandSchema>;

/** `create --id d1 --tables a,b` → `{ command: 'create', id: 'd1', tables: ['a', 'b'] }`; a reason when invalid. */
export function parseDealerArgs(
  argv: string[],
): { ok: true; value: DealerCommand } | { ok: false; reason: string } {
  const [command, ...rest] = argv;
  const flags: Record<string, string> = {};
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i];
    const value = rest[i + 1];
    if (!flag.startsWith('--') || value === undefined)
      return { ok: false, reason: `expected --flag value at ${flag}` };
    const key = flag.slice(2).replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
    if (key in flags) return { ok: false, reason: `${flag} given twice` };
    flags[key] = value;
  }
  const parsed = commandSchema.safeParse({ command, ...flags });
  if (parsed.success) {
    const known = new Set(Object.keys(parsed.data));
    const unknown = Object.keys(flags).filter((k) => !known.has(k));
    if (unknown.length > 0) return { ok: false, reason: `unknown flag --${unknown[0]}` };
    return { ok: true, value: parsed.data };
  }
  const issue = parsed.error.issues[0];
  return { ok: false, reason: `${issue.path.join('.') || 'command'}: ${issue.message}` };
}
