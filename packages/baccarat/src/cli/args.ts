import { parseArgs } from 'node:util';
import { BaccaratVariant, defaultTableRules, isBaccaratVariant } from '../table-rules';

export interface CommonArgs {
  variant: BaccaratVariant;
  decks: number;
  json: boolean;
  values: Record<string, string | boolean | undefined>;
}

/** Parses --variant, --decks, --json plus any extra string options; exits with a usage line on bad input. */
export function parseCommonArgs(argv: string[], extra: string[], usage: string): CommonArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        variant: { type: 'string' },
        decks: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean' },
        ...Object.fromEntries(extra.map((name) => [name, { type: 'string' as const }])),
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    fail(usage, (error as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  const variant = (values.variant as string | undefined) ?? 'commission';
  if (!isBaccaratVariant(variant)) fail(usage, `unknown variant ${variant} (commission, no-commission, rng)`);
  const decks = values.decks === undefined ? defaultTableRules(variant).decks : Number(values.decks);
  if (!Number.isInteger(decks) || decks < 1 || decks > 8) fail(usage, `--decks must be an integer 1..8`);
  return { variant, decks, json: values.json === true, values };
}

export function fail(usage: string, message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

export function percent(fraction: number, digits = 4): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}
