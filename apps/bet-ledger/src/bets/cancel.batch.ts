import { buildEvent, CancelBetEvent } from '@casino/events';
import { accountKey, betsInPlayAccount } from '@casino/wallet';
import { PostingBatch } from '../accounts/posting.batch';
import { OutboxBatch } from '../outbox/outbox.writer';
import { DecisionContext } from './bet-decider';
import { applyCancel, decideCancel } from './cancel-decider';
import { CancellableBet } from './cancel.repository';
import { NewBetRow } from './bet.repository';

/**
 * The cancels of one bet batch: the bets they may name (loaded in one query, plus those the batch accepts before
 * them), their refunds (one journal entry per cancel, keyed by its command id), the bets to mark cancelled, and a
 * BalanceChanged per wallet and round at the end.
 */
export class CancelBatch {
  private readonly byBetId = new Map<string, CancellableBet>();
  private readonly byCommandId = new Map<string, CancellableBet>();
  readonly cancelled: { betId: string; cancelCommandId: string }[] = [];
  private readonly credits = new Map<
    string,
    { cmd: CancelBetEvent; wallet: NonNullable<DecisionContext['wallet']>; delta: bigint }
  >();
  stats = { cancelled: 0, rejected: 0 };

  constructor(
    targets: readonly CancellableBet[],
    private readonly inPlayIds: ReadonlyMap<string, string>,
  ) {
    for (const t of targets) this.remember(t);
  }

  remember(bet: CancellableBet): void {
    this.byBetId.set(bet.betId, bet);
    this.byCommandId.set(bet.commandId, bet);
  }

  /** A bet accepted earlier in this batch may be cancelled later in it. */
  rememberNew(row: NewBetRow): void {
    this.remember({ ...row, key: row.limitKey, cancelled: false });
  }

  decide(cmd: CancelBetEvent, ctx: DecisionContext, outbox: OutboxBatch, postings: PostingBatch): void {
    const t = cmd.target;
    const bet = 'betId' in t ? this.byBetId.get(t.betId) : this.byCommandId.get(t.betCommandId);
    const decision = decideCancel(cmd, ctx, bet);
    const ids = {
      tableId: cmd.tableId,
      roundId: cmd.roundId,
      game: cmd.game,
      playerId: cmd.playerId,
      operatorId: cmd.operatorId,
      currency: cmd.currency,
      commandId: cmd.id,
      causationId: cmd.id,
    };
    if (!decision.ok) {
      this.stats.rejected++;
      outbox.add(
        buildEvent('BetCancelRejected', {
          ...ids,
          target: t,
          code: decision.code,
          message: decision.message,
        }),
      );
      return;
    }
    this.stats.cancelled++;
    const b = decision.bet;
    applyCancel(ctx, b);
    const wallet = ctx.wallet!;
    const inPlay = this.inPlayIds.get(accountKey(betsInPlayAccount(b.operatorId, b.tableId, b.currency)))!;
    postings.add({
      idempotencyKey: `cancel:${cmd.id}`,
      kind: 'refund',
      reference: `cancel of bet ${b.betId}`,
      currency: b.currency,
      lines: [
        { accountId: inPlay, amount: -b.stake },
        { accountId: b.accountId, amount: b.stake },
      ],
    });
    this.cancelled.push({ betId: b.betId, cancelCommandId: cmd.id });
    const creditKey = `${b.accountId}\u0000${cmd.tableId}\u0000${cmd.roundId}`;
    const credit = this.credits.get(creditKey);
    this.credits.set(creditKey, { cmd, wallet, delta: (credit?.delta ?? 0n) + b.stake });
    outbox.add(
      buildEvent('BetCancelled', {
        ...ids,
        betId: b.betId,
        betCommandId: b.commandId,
        stake: b.stake,
        bet: b.spec,
        balance: wallet.balance,
      }),
    );
  }

  /** BalanceChanged (reason refund) per wallet and round, with the wallet's balance at the end of the batch. */
  publishCredits(outbox: OutboxBatch): void {
    for (const { cmd, wallet, delta } of this.credits.values()) {
      outbox.add(
        buildEvent('BalanceChanged', {
          playerId: cmd.playerId,
          operatorId: cmd.operatorId,
          currency: cmd.currency,
          reason: 'refund',
          delta,
          balance: wallet.balance,
          tableId: cmd.tableId,
          roundId: cmd.roundId,
          causationId: cmd.id,
        }),
      );
    }
  }
}
