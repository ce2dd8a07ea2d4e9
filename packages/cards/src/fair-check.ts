import { parseArgs } from 'node:util';
import {
  clientSeedProblem,
  FairSeeds,
  isServerSeed,
  serverSeedHash,
  verifyServerSeed,
} from './provably-fair';

/** A round to check: the revealed seeds, and optionally the commitment received before the bets. */
export interface FairClaim extends FairSeeds {
  /** The SHA-256 commitment received before betting opened (`serverSeedHash`). */
  commitment?: string;
}

/** The seeds of a revealed round and whether they are the ones committed to. */
export interface FairCheck extends FairSeeds {
  serverSeedHash: string;
  /** null when no commitment was given to compare with. */
  commitmentMatches: boolean | null;
}

/** The revealed seeds against the commitment (a game then recomputes its draw from `fairRandom(seeds)`). */
export function checkFairClaim(claim: FairClaim): FairCheck {
  const seeds = { serverSeed: claim.serverSeed, clientSeed: claim.clientSeed, nonce: claim.nonce };
  return {
    ...seeds,
    serverSeedHash: serverSeedHash(seeds.serverSeed),
    commitmentMatches:
      claim.commitment === undefined ? null : verifyServerSeed(seeds.serverSeed, claim.commitment),
  };
}

/** The text line of a check's commitment. */
export function commitmentText(check: Pick<FairCheck, 'commitmentMatches'>): string {
  return check.commitmentMatches === null
    ? 'not given (pass --commitment to check it)'
    : check.commitmentMatches
      ? 'matches sha256(server seed)'
      : 'DOES NOT MATCH sha256(server seed)';
}

/** A `verify` command's arguments: the claim, --json, any extra string options; or why they are refused. */
export type FairArgs =
  | { ok: true; help: boolean; json: boolean; claim: FairClaim; extra: Record<string, string | undefined> }
  | { ok: false; message: string };

/**
 * Parses `--server-seed <64 hex> --client-seed <seed> --nonce <n> [--commitment <sha256 hex>] [--json]` and the
 * extra string options a game's check takes (`npm run verify`).
 */
export function parseFairArgs(argv: readonly string[], extra: readonly string[] = []): FairArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        'server-seed': { type: 'string' },
        'client-seed': { type: 'string' },
        nonce: { type: 'string' },
        commitment: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean' },
        ...Object.fromEntries(extra.map((name) => [name, { type: 'string' as const }])),
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  const extras = Object.fromEntries(extra.map((name) => [name, values[name] as string | undefined]));
  if (values.help) {
    return {
      ok: true,
      help: true,
      json: false,
      claim: { serverSeed: '', clientSeed: '', nonce: 0 },
      extra: extras,
    };
  }
  const serverSeed = values['server-seed'];
  const clientSeed = values['client-seed'];
  const nonceText = values.nonce;
  const commitment = values.commitment;
  if (typeof serverSeed !== 'string' || !isServerSeed(serverSeed)) {
    return { ok: false, message: '--server-seed must be 64 lowercase hex characters' };
  }
  const clientProblem = clientSeedProblem(clientSeed);
  if (clientProblem) return { ok: false, message: `--client-seed: ${clientProblem}` };
  if (typeof nonceText !== 'string' || !/^(0|[1-9][0-9]{0,14})$/.test(nonceText)) {
    return { ok: false, message: '--nonce must be a non-negative integer' };
  }
  if (commitment !== undefined && !/^[0-9a-f]{64}$/.test(String(commitment))) {
    return {
      ok: false,
      message: '--commitment must be 64 lowercase hex characters (the SHA-256 received before the bets)',
    };
  }
  return {
    ok: true,
    help: false,
    json: values.json === true,
    claim: {
      serverSeed,
      clientSeed: clientSeed as string,
      nonce: Number(nonceText),
      ...(commitment === undefined ? {} : { commitment: String(commitment) }),
    },
    extra: extras,
  };
}
