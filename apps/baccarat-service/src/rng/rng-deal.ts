import { dealFairRound, validateBet } from '@casino/baccarat';
import {
  cardToText,
  FAIR_SCHEME,
  newClientSeed,
  newServerSeed,
  RandomSource,
  serverSeedHash,
} from '@casino/cards';
import { makeEvent } from '@casino/events';
import {
  acceptedBets,
  bookCommand,
  Effects,
  emptyBook,
  placeBetCommand,
  rejection,
  sessionTableId,
  playerKey,
} from '@casino/table-kit/core';
import { randomUUID } from 'node:crypto';
import { ENGINE_CODES } from '../bets/engine-codes';
import { ledgerTableConfig } from '../bets/ledger-table-config';
import { BaccaratTableConfig } from '../config/baccarat-config';
import {
  RNG_HISTORY_LENGTH,
  RNG_MESSAGES,
  RngBetType,
  RngCommitment,
  RngFairness,
  RngInput,
  RngReply,
  RngSession,
  RngStakes,
} from './rng-sessions.state';

export interface RngContext {
  config: BaccaratTableConfig;
  random: RandomSource;
  now: number;
  fx: Effects<RngInput>;
}
export type Dealt = { session: RngSession; reply: RngReply };

const GAME = 'baccarat' as const;

/**
 * Seeds for a session's next round: a new server seed from the CSPRNG (the injected RandomSource) and its hash;
 * the client seed carries over (a random default for a new session) and the nonce counts the dealt rounds.
 */
export function nextFairness(random: RandomSource, previous?: RngFairness): RngFairness {
  const serverSeed = newServerSeed(random);
  return {
    scheme: FAIR_SCHEME,
    serverSeed,
    serverSeedHash: serverSeedHash(serverSeed),
    clientSeed: previous?.clientSeed ?? newClientSeed(random),
    nonce: previous ? previous.nonce + 1 : 1,
  };
}

/** The commitment the player holds before betting: the seeds without the server seed. */
export function commitmentOf(fair: RngFairness): RngCommitment {
  const { serverSeed: _secret, ...commitment } = fair;
  return commitment;
}

export function stakesEntries(stakes: RngStakes): [RngBetType, bigint][] {
  return (Object.entries(stakes) as [RngBetType, bigint][]).filter(([, v]) => v > 0n);
}

/**
 * DEAL: checks the stakes against the table (type, limits), opens the session's round at the ledger and sends
 * one command per stake; the cards are dealt once every stake is decided.
 */
export function deal(
  session: RngSession,
  ctx: RngContext,
  tableId: string,
  decisionTimeoutMs: number,
): Dealt {
  if (session.round)
    return { session, reply: rejection('SESSION_BUSY', 'the previous DEAL is still in progress') };
  const entries = stakesEntries(session.stakes);
  if (entries.length === 0) return { session, reply: rejection('NO_STAKE', 'place a stake before DEAL') };
  for (const [type, stake] of entries) {
    const check = validateBet(ctx.config.rules, { type, stake }, 1);
    if (!check.ok) return { session, reply: rejection(ENGINE_CODES[check.code], check.message) };
  }
  const roundId = randomUUID();
  const ledgerTableId = sessionTableId(tableId, session.player);
  ctx.fx.publish(
    makeEvent('RoundOpened', {
      tableId: ledgerTableId,
      roundId,
      game: GAME,
      currency: ctx.config.currency,
      table: ledgerTableConfig(ctx.config, 1),
    }),
  );
  let book = emptyBook(roundId);
  for (const [type, stake] of entries) {
    const command = placeBetCommand({ tableId: ledgerTableId, roundId, game: GAME }, session.player, stake, {
      game: GAME,
      type,
    });
    ctx.fx.publish(command);
    book = bookCommand(book, command);
  }
  const key = playerKey(session.player);
  ctx.fx.schedule(`timeout:${key}`, decisionTimeoutMs, { kind: 'rngTimeout', key, roundId });
  const next: RngSession = {
    ...session,
    round: { roundId, ledgerTableId, stakes: session.stakes, book, openedAt: ctx.now },
  };
  return { session: next, reply: { ok: true, session: { roundId, status: 'deciding' } } };
}

/**
 * Every stake decided: with at least one accepted, betting closes and the round is dealt from the 6-deck shoe its
 * seeds derive (provably fair: HMAC-SHA256 of the committed server seed, the client seed and the nonce drives
 * the shuffle; cards P, P, B, B); the result reveals the server seed and the next round's commitment follows.
 * With none accepted, the round is cancelled, the seeds stay unused and secret, and the chips stay on the layout.
 */
export function finishDeal(session: RngSession, ctx: RngContext, tableId: string): RngSession {
  const round = session.round;
  if (!round) return session;
  ctx.fx.cancel(`timeout:${playerKey(session.player)}`);
  const ids = { tableId: round.ledgerTableId, roundId: round.roundId, game: GAME };
  if (acceptedBets(round.book).length === 0) {
    ctx.fx.publish(
      makeEvent('RoundVoided', { ...ids, reason: 'cancelled', message: 'no stake was accepted' }),
    );
    ctx.fx.send(session.player, RNG_MESSAGES.voided, {
      tableId,
      roundId: round.roundId,
      reason: 'cancelled',
    });
    return { ...session, round: null };
  }
  ctx.fx.publish(makeEvent('BettingClosed', ids));
  const fair = session.fair;
  const { shoe, outcome, drawn } = dealFairRound(
    { serverSeed: fair.serverSeed, clientSeed: fair.clientSeed, nonce: fair.nonce },
    ctx.config.rules,
  );
  const commitment = shoe.commitment();
  const cards = outcome.cards.map(cardToText);
  const shoeId = randomUUID();
  const resultEvent = makeEvent('RoundResult', {
    ...ids,
    result: { game: GAME, cards },
    shoe: { shoeId, hash: commitment.hash },
  });
  ctx.fx.publish(resultEvent);
  const entry = {
    roundId: round.roundId,
    winner: outcome.winner,
    playerTotal: outcome.playerTotal,
    bankerTotal: outcome.bankerTotal,
    cards,
    stakes: round.stakes,
    at: ctx.now,
    fairness: fair,
  };
  ctx.fx.send(session.player, RNG_MESSAGES.result, {
    tableId,
    ...entry,
    drawn: drawn.map(cardToText),
    playerCards: outcome.playerCards.map(cardToText),
    bankerCards: outcome.bankerCards.map(cardToText),
    shoe: { shoeId, commitment, reveal: shoe.reveal() },
  });
  const next = nextFairness(ctx.random, fair);
  ctx.fx.send(session.player, RNG_MESSAGES.commitment, { tableId, ...commitmentOf(next) });
  return {
    ...session,
    round: null,
    stakes: {},
    lastStakes: round.stakes,
    lastResultEvent: resultEvent,
    history: [...session.history, entry].slice(-RNG_HISTORY_LENGTH),
    fair: next,
  };
}
