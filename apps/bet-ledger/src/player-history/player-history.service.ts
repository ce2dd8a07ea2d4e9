import { PlayerClaims, verifyPlayerToken } from '@casino/events';
import { Inject, Injectable } from '@nestjs/common';
import { LEDGER_CONFIG, LedgerConfig } from '../config/ledger-config';
import { LedgerError } from '../errors/ledger.errors';
import { sessionRefusal } from '../session-proofs/session-proof';
import { HistoryQuery, LinkQuery } from './player-history.dto';
import { PlayerHistoryRepository } from './player-history.repository';
import { betView, detailsOf, PlayerRoundDetails, PlayerRoundSummary, summaryOf } from './player-history.view';
import {
  DEFAULT_ROUND_LINK_TTL_SECONDS,
  RoundLinkClaims,
  roundLinkKey,
  signRoundLink,
  verifyRoundLink,
} from '../operators/round-link';

/** Who reads: always one operator's player, never a player id alone. */
export interface PlayerRef {
  operatorId: string;
  playerId: string;
}

/**
 * The player's own history (docs/player-client.md#history): the rounds they bet in, with their bets, the result,
 * what was paid and the shoe's commitment, read with their player token or an operator's signed link.
 */
@Injectable()
export class PlayerHistoryService {
  private readonly linkKey: Buffer;

  constructor(
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
    private readonly repo: PlayerHistoryRepository,
  ) {
    this.linkKey = roundLinkKey(config.LEDGER_SECRETS_KEY);
  }

  /**
   * The player of a bearer token: signed with PLAYER_TOKEN_SECRET, within its lifetime, naming a launch session
   * of that player that is neither revoked nor expired (as a bet command must: session-proof.ts).
   */
  async authenticate(authorization: string | undefined, nowMs = Date.now()): Promise<PlayerClaims> {
    const token = /^Bearer ([^\s]+)$/.exec(authorization ?? '')?.[1];
    if (!token) throw new LedgerError('UNAUTHENTICATED', 'Authorization: Bearer <player token> is required');
    const check = verifyPlayerToken(token, this.config.PLAYER_TOKEN_SECRET, nowMs, {
      maxLifetimeSeconds: this.config.PLAYER_TOKEN_MAX_TTL_SECONDS,
    });
    if (!check.ok) throw new LedgerError('UNAUTHENTICATED', `player token refused: ${check.code}`);
    const { sid } = check.claims;
    if (sid === undefined)
      throw new LedgerError('UNAUTHENTICATED', 'the player token names no launch session');
    const why = sessionRefusal(check.claims, await this.repo.session(sid), nowMs);
    if (why !== undefined) throw new LedgerError('UNAUTHENTICATED', why);
    return check.claims;
  }

  async history(
    who: PlayerRef,
    q: HistoryQuery,
  ): Promise<{ items: PlayerRoundSummary[]; nextBefore: string | null }> {
    const rows = await this.repo.playedRounds(
      who.operatorId,
      who.playerId,
      q.game ?? null,
      q.limit + 1,
      q.before ? decodeBefore(q.before) : null,
    );
    const page = rows.slice(0, q.limit);
    const bets = await this.repo.betsIn(
      who.operatorId,
      who.playerId,
      page.map((r) => ({ tableId: r.table_id, roundId: r.round_id })),
    );
    const last = page[page.length - 1];
    return {
      items: page.map((r) =>
        summaryOf(
          r,
          bets.filter((b) => b.table_id === r.table_id && b.round_id === r.round_id).map(betView),
          who.playerId,
        ),
      ),
      nextBefore:
        rows.length > q.limit && last ? encodeBefore([last.at_text, last.table_id, last.round_id]) : null,
    };
  }

  /** A round the player bet in; any other round, or another operator's, is ROUND_NOT_FOUND. */
  async round(who: PlayerRef, tableId: string, roundId: string): Promise<PlayerRoundDetails> {
    const notFound = () => new LedgerError('ROUND_NOT_FOUND', `you have no bets in ${tableId}/${roundId}`);
    const row = await this.repo.round(tableId, roundId);
    if (!row) throw notFound();
    const bets = await this.repo.betsIn(who.operatorId, who.playerId, [{ tableId, roundId }]);
    if (bets.length === 0) throw notFound();
    const reveal = row.shoe_id ? await this.repo.shoeReveal(tableId, row.shoe_id) : undefined;
    return detailsOf(row, bets.map(betView), who.playerId, reveal);
  }

  /**
   * A signed link to the round's details for the operator's player (the round must be one they bet in): the
   * query string of GET /round-links, and the player web page that opens it (LOBBY_URL?view=round&…).
   */
  async issueLink(
    who: PlayerRef,
    tableId: string,
    roundId: string,
    ttlSeconds = DEFAULT_ROUND_LINK_TTL_SECONDS,
    nowMs = Date.now(),
  ): Promise<{ url: string; query: string; expiresAt: string }> {
    await this.round(who, tableId, roundId);
    const claims: RoundLinkClaims = { ...who, tableId, roundId, exp: Math.floor(nowMs / 1000) + ttlSeconds };
    const query = new URLSearchParams({
      operator: claims.operatorId,
      player: claims.playerId,
      table: claims.tableId,
      round: claims.roundId,
      exp: String(claims.exp),
      sig: signRoundLink(claims, this.linkKey),
    }).toString();
    const url = new URL(this.config.LOBBY_URL);
    url.search = `view=round&${query}`;
    return { url: url.toString(), query, expiresAt: new Date(claims.exp * 1000).toISOString() };
  }

  /** The round a signed link names, without a player token; ROUND_LINK_INVALID or ROUND_LINK_EXPIRED otherwise. */
  async roundByLink(q: LinkQuery, nowMs = Date.now()): Promise<PlayerRoundDetails> {
    const claims: RoundLinkClaims = {
      operatorId: q.operator,
      playerId: q.player,
      tableId: q.table,
      roundId: q.round,
      exp: Number(q.exp),
    };
    const check = verifyRoundLink(claims, q.sig, this.linkKey, nowMs);
    if (!check.ok) throw new LedgerError(check.code);
    return this.round(claims, claims.tableId, claims.roundId);
  }
}

// timestamptz as PostgreSQL prints it (the cursor's first part).
const PG_TIMESTAMPTZ = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** `nextBefore`: base64url of the last round's sort key [at, table, round]. */
function encodeBefore(key: [string, string, string]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

function decodeBefore(before: string): [string, string, string] {
  try {
    const key: unknown = JSON.parse(Buffer.from(before, 'base64url').toString('utf8'));
    if (
      Array.isArray(key) &&
      key.length === 3 &&
      key.every((k) => typeof k === 'string' && k.length > 0 && k.length <= 128) &&
      PG_TIMESTAMPTZ.test(String(key[0]))
    )
      return key as [string, string, string];
  } catch {
    // falls through
  }
  throw new LedgerError('INVALID_REQUEST', 'before: not a cursor this API returned');
}
