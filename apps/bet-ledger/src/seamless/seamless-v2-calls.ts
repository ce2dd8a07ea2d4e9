import { BetSpec, PlaceBetEvent } from '@casino/events';
import {
  callOperatorWalletV2,
  CreditKind,
  CreditV2Call,
  DebitV2Call,
  describeBet,
  RollbackV2Call,
  WalletEndpoint,
  WalletOutcome,
  WalletV2Call,
  WalletV2CallBodies,
} from '@casino/operator-protocol';
import { seamlessMetrics } from '@casino/observability';
import { outcomeLabel } from '../observability/seamless-metrics';
import {
  MAX_ROUND_LINK_TTL_SECONDS,
  RoundLinkClaims,
  roundLinkKey,
  signRoundLink,
} from '../operators/round-link';

/**
 * The version 2 calls' bodies (docs/operator-integration.md#seamless-wallet-versions), built from what is stored
 * so that a retry is byte for byte the first try: descriptions are derived from the bets, and the round-details
 * link's expiry from when the call was first queued (a link made at each try would be a conflicting call).
 */

/** A v2 call, timed in casino_seamless_call_seconds under its call's name as a v1 call is (observedWalletCall). */
export async function observedWalletV2Call<C extends WalletV2Call>(
  operatorId: string,
  endpoint: WalletEndpoint,
  call: C,
  body: WalletV2CallBodies[C],
  timeoutMs: number,
): Promise<WalletOutcome> {
  const start = process.hrtime.bigint();
  const outcome = await callOperatorWalletV2(endpoint, call, body, timeoutMs);
  seamlessMetrics().callSeconds.observe(
    { operator: operatorId, call, outcome: outcomeLabel(outcome) },
    Number(process.hrtime.bigint() - start) / 1e9,
  );
  return outcome;
}

/** Signs round-details links as POST /v1/…/link does (player-history), expiring 24 hours after `issuedAtMs`. */
export type RoundLinker = (round: Omit<RoundLinkClaims, 'exp'>, issuedAtMs: number) => string;

export function roundLinker(lobbyUrl: string, secretsKeyHex: string): RoundLinker {
  const key = roundLinkKey(secretsKeyHex);
  return (round, issuedAtMs) => {
    const claims: RoundLinkClaims = {
      ...round,
      exp: Math.floor(issuedAtMs / 1000) + MAX_ROUND_LINK_TTL_SECONDS,
    };
    const url = new URL(lobbyUrl);
    url.search = `view=round&${new URLSearchParams({
      operator: claims.operatorId,
      player: claims.playerId,
      table: claims.tableId,
      round: claims.roundId,
      exp: String(claims.exp),
      sig: signRoundLink(claims, key),
    }).toString()}`;
    return url.toString();
  };
}

/** A bet of a v2 debit call, as the worker read it. */
export interface GroupBet {
  cmd: PlaceBetEvent;
  /** The bet's own funding key (debit:<commandId>), as for version 1. */
  debitTx: string;
}

/** The one debit of a player's bets of one round (their shared `call_tx`), in command id order. */
export function debitV2Call(
  callTx: string,
  bets: readonly GroupBet[],
  link: RoundLinker,
  queuedAtMs: number,
): DebitV2Call {
  const first = bets[0].cmd;
  return {
    transactionId: callTx,
    playerId: first.playerId,
    currency: first.currency,
    amount: bets.reduce((sum, b) => sum + b.cmd.stake, 0n),
    game: first.game,
    tableId: first.tableId,
    roundId: first.roundId,
    bets: bets.map(({ cmd }) => ({
      betId: cmd.id,
      amount: cmd.stake,
      description: describeBet(cmd.bet, cmd.stake, cmd.currency),
    })),
    roundDetailsUrl: link(
      {
        operatorId: first.operatorId,
        playerId: first.playerId,
        tableId: first.tableId,
        roundId: first.roundId,
      },
      queuedAtMs,
    ),
  };
}

/** A credit of a v2 call as ledger_seamless_calls stores it (amounts as decimal strings, the bet for its text). */
export interface StoredCreditItem {
  betId: string;
  amount: string;
  kind: CreditKind;
  debitTransactionId?: string;
  promotionId?: string;
  bet: BetSpec;
  stake: string;
}

/** A v2 credit or rollback as stored (the call's body, less what is derived when it is sent). */
export interface StoredV2Call {
  transactionId: string;
  playerId: string;
  currency: string;
  roundId: string;
  tableId: string;
  game: DebitV2Call['game'];
  /** Credits only. */
  roundClosed?: boolean;
  credits?: StoredCreditItem[];
  /** Rollbacks only. */
  debitTransactionId?: string;
  betIds?: string[];
}

export function creditV2Call(
  operatorId: string,
  body: StoredV2Call,
  link: RoundLinker,
  queuedAtMs: number,
): CreditV2Call {
  const credits = body.credits ?? [];
  return {
    transactionId: body.transactionId,
    playerId: body.playerId,
    currency: body.currency,
    amount: credits.reduce((sum, c) => sum + BigInt(c.amount), 0n),
    game: body.game,
    tableId: body.tableId,
    roundId: body.roundId,
    credits: credits.map((c) => ({
      betId: c.betId,
      amount: BigInt(c.amount),
      kind: c.kind,
      ...(c.promotionId === undefined
        ? { debitTransactionId: c.debitTransactionId }
        : { promotionId: c.promotionId }),
      description: describeBet(c.bet, BigInt(c.stake), body.currency),
    })),
    roundClosed: body.roundClosed === true,
    roundDetailsUrl: link(
      { operatorId, playerId: body.playerId, tableId: body.tableId, roundId: body.roundId },
      queuedAtMs,
    ),
  };
}

export function rollbackV2Call(body: StoredV2Call): RollbackV2Call {
  return {
    transactionId: body.transactionId,
    playerId: body.playerId,
    currency: body.currency,
    debitTransactionId: body.debitTransactionId ?? '',
    roundId: body.roundId,
    betIds: body.betIds ?? [],
  };
}

/** The refund of a bet refused by the decision after its v2 debit: sent at once, the round not closed by it. */
export function refundV2Body(callTx: string, cmd: PlaceBetEvent): StoredV2Call {
  return {
    transactionId: `credit:${cmd.id}`,
    playerId: cmd.playerId,
    currency: cmd.currency,
    roundId: cmd.roundId,
    tableId: cmd.tableId,
    game: cmd.game,
    roundClosed: false,
    credits: [
      {
        betId: cmd.id,
        amount: cmd.stake.toString(),
        kind: 'refund',
        debitTransactionId: callTx,
        bet: cmd.bet,
        stake: cmd.stake.toString(),
      },
    ],
  };
}
