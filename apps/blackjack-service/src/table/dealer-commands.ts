import { BlackjackInput, replayRound, SeatNumber } from '@casino/blackjack';
import { parseCard } from '@casino/cards';
import { BlackjackInput as LoggedInput } from '@casino/events';
import {
  commandDone,
  DealerCommandResult,
  newShoeCommand,
  notAllowed,
  voidAfterResult,
  voidNeedsApproval,
  readScannedCard,
  reportCutCard,
  withCardSignature,
} from '@casino/table-kit/core';
import { BlackjackDealerCommand, BlackjackTableState } from './blackjack-table.state';
import { applyEngine, drive } from './engine-driver';
import { openRound, voidRound } from './round-flow';
import { startShoe } from './shoe-flow';
import { TableContext } from './table-context';

type Result = DealerCommandResult<BlackjackTableState>;

/** The blackjack console: scanned cards and rescans (studio), voids, a new shoe, the cut card. */
export function dealerCommand(
  state: BlackjackTableState,
  ctx: TableContext,
  command: BlackjackDealerCommand,
): Result {
  const studio = ctx.config.dealer === 'studio';
  switch (command.kind) {
    case 'card': {
      if (!studio) return notAllowed(state, 'the automatic dealer deals this table');
      if (state.round?.engine?.awaiting.kind !== 'card') return notAllowed(state, 'no card is due now');
      const scanned = readScannedCard(
        command.card,
        { tableId: state.tableId, roundId: state.round.roundId },
        ctx.fx,
      );
      if (!scanned.ok) return { state, reply: scanned };
      // The studio's signature of the card goes with the result (docs/kafka-security.md#signed-live-results).
      const round = state.round;
      const index = round.inputs.filter((i) => i.kind === 'card').length;
      const signed =
        command.signature === undefined && !round.cardSignatures
          ? state
          : {
              ...state,
              round: {
                ...round,
                cardSignatures: withCardSignature(round.cardSignatures, index, command.signature),
              },
            };
      const r = applyEngine(signed, ctx, { kind: 'card', card: scanned.card });
      return 'ok' in r ? { state, reply: r } : commandDone(r.state, 'card');
    }
    case 'rescan':
      return rescan(state, ctx, studio);
    case 'void':
      if (state.phase === 'result' && state.round && !state.round.voidEvent) return voidAfterResult(state);
      if (!state.round || !['betting', 'awaiting-bets', 'dealing'].includes(state.phase))
        return notAllowed(state, 'only a round before its result can be voided');
      // Betting has closed: the ledger applies a void only with a pit boss's approval of the round
      // (docs/ledger.md#voids-after-betting-closed), whose id the console passes on.
      if (state.phase !== 'betting' && command.approvalId === undefined) return voidNeedsApproval(state);
      return commandDone(voidRound(state, ctx, command.reason, command.message, command.approvalId), 'void');
    case 'newShoe':
      return newShoeCommand(state, ctx.fx, (waiting) => openRound(startShoe(waiting, ctx), ctx));
    case 'cutCard':
      return reportCutCard(state, ctx.fx, studio);
  }
}

/** Takes back the last scanned card (a misread): the round is rebuilt from its log without it. */
function rescan(state: BlackjackTableState, ctx: TableContext, studio: boolean): Result {
  const round = state.round;
  const last = round?.inputs.at(-1);
  if (!studio || state.phase !== 'dealing' || !round?.engine || last?.kind !== 'card')
    return notAllowed(state, 'the last input of the round is not a scanned card');
  const inputs = round.inputs.slice(0, -1);
  const seats = round.engine.seats.map((s) => ({ seat: s.seat, playerId: s.playerId, stake: s.stake }));
  const rebuilt = replayRound(ctx.config.rules, seats, inputs.map(fromLogged)).state;
  ctx.fx.broadcast('round:cardRetracted', {
    tableId: state.tableId,
    roundId: round.roundId,
    card: last.card,
  });
  ctx.fx.cancel('decision');
  return commandDone(drive({ ...state, round: { ...round, engine: rebuilt, inputs } }, ctx), 'rescan');
}

function fromLogged(input: LoggedInput): BlackjackInput {
  switch (input.kind) {
    case 'card':
      return { kind: 'card', card: parseCard(input.card) };
    case 'insurance':
      return { kind: 'insurance', seat: input.seat as SeatNumber, take: input.take };
    case 'action':
      return {
        kind: 'action',
        seat: input.seat as SeatNumber,
        hand: input.hand,
        action: input.action,
        stake: input.stake,
      };
    case 'timeout':
      return { kind: 'timeout' };
  }
}
