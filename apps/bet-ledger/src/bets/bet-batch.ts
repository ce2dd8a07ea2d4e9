import { BetCommand, BetSpec, CancelTarget, PersonalBetLimit } from '@casino/events';
import { accountKey, betsInPlayAccount, playerAccount } from '@casino/wallet';
import { BetBonusPart } from '../bonus/bonus.repository';
import { BonusView } from '../bonus/bonus-split';
import { FreeBetRow, FreeBetUse } from '../free-bets/free-bet.repository';
import { balanceCeilings } from '../config/balance-ceilings';
import { roundKey, RoundView } from '../rounds/round-view';

export interface WalletView {
  accountId: string;
  balance: bigint;
}

/** One of the player's accepted bets in the round. */
export interface PlacedBet {
  betId: string;
  key: string;
  /** The bet's currency (a table may take several: docs/ledger.md#currencies-per-table); absent: the round's. */
  currency?: string;
  stake: bigint;
  spec: BetSpec;
  numbers?: readonly number[];
  /** The part of the stake paid from bonus funds (docs/ledger.md#bonus-funds); absent: none. */
  bonusStake?: bigint;
}

/** One responsible-gambling period (UTC day or week): its limits in force and what the player used of it. */
export interface GamblingPeriod {
  wagerLimit?: bigint;
  lossLimit?: bigint;
  /** Accepted stakes of the period, cancels taken back. */
  wagered: bigint;
  /** Stakes minus returns of the bets settled in the period (negative after a net win). */
  netLoss: bigint;
}

/** The operator-set responsible-gambling limits of a player in one currency, with the current periods' usage. */
export interface GamblingLimitsView {
  maxStake?: bigint;
  /** The end (Unix ms) of the player's cooling-off when one lasts at the batch's time: every bet is refused. */
  coolingOffUntil?: bigint;
  /** Accepted stakes not yet settled, refunded or cancelled (any period): potential losses. */
  open: bigint;
  day: GamblingPeriod;
  week: GamblingPeriod;
}

/** What deciding one command sees: its round, the player's wallet, bets in the round and personal limits. */
export interface DecisionContext {
  round: RoundView | undefined;
  wallet: WalletView | undefined;
  playerBets: PlacedBet[];
  personalLimits: readonly PersonalBetLimit[];
  /** Operator-granted VIP maxima (docs/rules/restrictions.md#vip-limits); absent: none. */
  vipLimits?: readonly PersonalBetLimit[];
  /** The player's responsible-gambling limits and usage in the command's currency (absent: no limit set). */
  gambling?: GamblingLimitsView;
  /** The most the wallet may hold (config/balance-ceilings.ts; absent: not checked). */
  balanceCeiling?: bigint;
  /** The player's active bonus in the command's currency, its account locked (absent: none). */
  bonus?: BonusView;
}

/** A player-currency key of the responsible-gambling limits and totals. */
export const gamblingKey = (operatorId: string, playerId: string, currency: string) =>
  `${operatorId}\u0000${playerId}\u0000${currency}`;

/** A command that was accepted had a round and a wallet: anything else is a bug of the caller. */
export function requireDecidable(
  ctx: DecisionContext,
): asserts ctx is DecisionContext & { round: RoundView; wallet: WalletView } {
  if (!ctx.round || !ctx.wallet) throw new Error('an accepted command needs its round and wallet');
}

/** A bet a cancel may name, loaded by id or by its PlaceBet command id (or accepted earlier in the batch). */
export interface CancellableBet {
  betId: string;
  commandId: string;
  tableId: string;
  roundId: string;
  playerId: string;
  operatorId: string;
  currency: string;
  accountId: string;
  /** The bets-in-play account (shard) its stake went into, which a cancel takes it back from. */
  inPlayAccountId: string;
  stake: bigint;
  key: string;
  spec: BetSpec;
  cancelled: boolean;
  /** The bet's bonus part: the bonus account it came from and how much (absent: all cash). */
  bonus?: { accountId: string; stake: bigint };
}

export interface NewBetRow {
  betId: string;
  commandId: string;
  tableId: string;
  roundId: string;
  game: string;
  playerId: string;
  operatorId: string;
  currency: string;
  accountId: string;
  /** The bets-in-play account (this batch's shard of the table's) the stake goes into. */
  inPlayAccountId: string;
  stake: bigint;
  limitKey: string;
  spec: BetSpec;
  acceptedAt: string;
  /** Staked while the player's bonus was active: its part (bonus account, amount, whether turnover counts). */
  bonus?: { accountId: string; bonusId: string; stake: bigint; counts: boolean };
  /** A free bet (docs/ledger.md#free-bets): its stake comes from the operator's promotion book, not the wallet. */
  freeBet?: { accountId: string; freeBetId: string };
}

/** The fields every decision event repeats from its command. */
export const commandIds = (cmd: BetCommand) => ({
  tableId: cmd.tableId,
  roundId: cmd.roundId,
  game: cmd.game,
  playerId: cmd.playerId,
  operatorId: cmd.operatorId,
  currency: cmd.currency,
  commandId: cmd.id,
  causationId: cmd.id,
});

export const playerKey = (operatorId: string, playerId: string) => `${operatorId}\u0000${playerId}`;
/** A player is (operator, player): two operators' player "42" are two players. */
export const playerRoundKey = (tableId: string, roundId: string, operatorId: string, playerId: string) =>
  `${tableId}\u0000${roundId}\u0000${operatorId}\u0000${playerId}`;

/** Who holds a blackjack seat, as stored in the round's `seats` (JSON, so no NUL separator). */
export const seatHolder = (operatorId: string, playerId: string) => JSON.stringify([operatorId, playerId]);
export const walletKeyOf = (c: BetCommand) => accountKey(playerAccount(c.operatorId, c.playerId, c.currency));
export const inPlayKeyOf = (operatorId: string, tableId: string, currency: string, shard: number) =>
  accountKey(betsInPlayAccount(operatorId, tableId, currency, shard));

/** A grant's free bets as the batch sees them: how many are left, and the promotion book that pays them. */
export interface FreeBetState {
  grant: FreeBetRow;
  left: number;
  promotionAccountId: string;
}

/** What a batch's lock/load step found (bets/bet-batch.repository.ts). */
export interface LoadedBets {
  /** The rounds that exist, locked, by roundKey. */
  rounds: Map<string, RoundView>;
  /** Player wallets by account key, locked. */
  wallets: Map<string, WalletView>;
  /** The accepted, not cancelled bets of each (round, player) pair. */
  playerBets: Map<string, PlacedBet[]>;
  personalLimits: Map<string, PersonalBetLimit[]>;
  vipLimits: Map<string, PersonalBetLimit[]>;
  /** Responsible-gambling limits and current-period usage by gamblingKey, of the players who have limits. */
  gambling: Map<string, GamblingLimitsView>;
  /** Bets-in-play account ids by account key, locked: the batch's shard of each table's. */
  inPlayIds: ReadonlyMap<string, string>;
  /** The shard new stakes go into (TransactionContext.inPlayShard). */
  inPlayShard: number;
  /** The bets the batch's cancels name. */
  cancelTargets: readonly CancellableBet[];
  /** When the batch was loaded (ISO), default now. */
  at?: string;
  /** Whether the batch has cancels at all (only then are its new bets kept as cancel targets). */
  hasCancels: boolean;
  /** The players' active bonuses by wallet key (bonus accounts locked with the wallets). */
  bonuses?: Map<string, BonusView>;
}

export interface BetBatchStats {
  accepted: number;
  rejected: number;
  cancelled: number;
  cancelRejected: number;
  duplicates: number;
}

/**
 * The state of one batch of bet commands while they are decided in message order: what was loaded and locked,
 * and what the decisions leave to write (new bets, stake debits, cancelled bets, refund credits). The place-bets
 * and cancel-bets use cases change it; bets/bet-batch.writer.ts writes it.
 */
export class BetBatch {
  /** When the batch's bets are accepted: also what the responsible-gambling periods are taken at. */
  readonly acceptedAt: string;
  readonly newBets: NewBetRow[] = [];
  /** The bonus parts of the new bets staked while their player's bonus was active. */
  readonly bonusParts: BetBonusPart[] = [];
  /** The new bets that used a free bet. */
  readonly freeBetUses: FreeBetUse[] = [];
  /** The players' usable free bets by wallet key (bets/free-bet-stake.ts; absent: none). */
  freeBets?: Map<string, FreeBetState[]>;
  readonly cancelled: { betId: string; cancelCommandId: string }[] = [];
  /** One journal entry per table's bets-in-play account: each player's stakes out, their sum in. */
  readonly debits = new Map<string, { first: string; currency: string; stakes: Map<string, bigint> }>();
  /** Refunds per wallet and round, published as one BalanceChanged each at the end. */
  readonly refunds = new Map<string, { cmd: BetCommand; wallet: WalletView; delta: bigint }>();
  /** Change of each wallet's wager in the current periods and of its open stakes (accepted less cancelled). */
  readonly wageredDelta = new Map<string, bigint>();
  readonly stats: BetBatchStats = {
    accepted: 0,
    rejected: 0,
    cancelled: 0,
    cancelRejected: 0,
    duplicates: 0,
  };
  private readonly byBetId = new Map<string, CancellableBet>();
  private readonly byCommandId = new Map<string, CancellableBet>();

  constructor(readonly loaded: LoadedBets) {
    this.acceptedAt = loaded.at ?? new Date().toISOString();
    for (const t of loaded.cancelTargets) this.rememberCancellable(t);
  }

  get rounds(): Iterable<RoundView> {
    return this.loaded.rounds.values();
  }

  contextFor(cmd: BetCommand): DecisionContext {
    const { playerBets } = this.loaded;
    const prKey = playerRoundKey(cmd.tableId, cmd.roundId, cmd.operatorId, cmd.playerId);
    let bets = playerBets.get(prKey);
    if (!bets) playerBets.set(prKey, (bets = []));
    return {
      round: this.loaded.rounds.get(roundKey(cmd.tableId, cmd.roundId)),
      wallet: this.loaded.wallets.get(walletKeyOf(cmd)),
      playerBets: bets,
      personalLimits: this.loaded.personalLimits.get(playerKey(cmd.operatorId, cmd.playerId)) ?? [],
      vipLimits: this.loaded.vipLimits.get(playerKey(cmd.operatorId, cmd.playerId)) ?? [],
      gambling: this.loaded.gambling.get(gamblingKey(cmd.operatorId, cmd.playerId, cmd.currency)),
      balanceCeiling: balanceCeilings.of(cmd.currency),
      bonus: this.loaded.bonuses?.get(walletKeyOf(cmd)),
    };
  }

  /** The batch's shard of the bets-in-play account of a table's bets in one currency (locked by the load step). */
  inPlayAccount(operatorId: string, tableId: string, currency: string): string {
    const id = this.loaded.inPlayIds.get(inPlayKeyOf(operatorId, tableId, currency, this.loaded.inPlayShard));
    if (id === undefined) throw new Error(`bets-in-play account of ${operatorId}/${tableId} was not loaded`);
    return id;
  }

  cancelTarget(target: CancelTarget): CancellableBet | undefined {
    return 'betId' in target ? this.byBetId.get(target.betId) : this.byCommandId.get(target.betCommandId);
  }

  /** A bet accepted by this batch: inserted, debited, and cancellable later in the batch. */
  addAcceptedBet(row: NewBetRow): void {
    this.newBets.push(row);
    this.addWagered(row.accountId, row.stake);
    if (this.loaded.hasCancels)
      this.rememberCancellable({
        ...row,
        key: row.limitKey,
        cancelled: false,
        // A free bet's cancel gives its whole stake back to the promotion book, as a bonus part goes back.
        bonus: row.freeBet
          ? { accountId: row.freeBet.accountId, stake: row.stake }
          : row.bonus && { accountId: row.bonus.accountId, stake: row.bonus.stake },
      });
    const inPlay = row.inPlayAccountId;
    const debit = this.debits.get(inPlay) ?? {
      first: row.commandId,
      currency: row.currency,
      stakes: new Map<string, bigint>(),
    };
    // A bonus part comes out of the bonus account, the rest out of the wallet (docs/ledger.md#bonus-funds).
    const fromBonus = row.bonus?.stake ?? 0n;
    // A free bet's stake comes out of the promotion book (docs/ledger.md#free-bets).
    const payer = row.freeBet?.accountId ?? row.accountId;
    debit.stakes.set(payer, (debit.stakes.get(payer) ?? 0n) + row.stake - fromBonus);
    if (row.freeBet)
      this.freeBetUses.push({
        betId: row.betId,
        freeBetId: row.freeBet.freeBetId,
        tableId: row.tableId,
        roundId: row.roundId,
        stake: row.stake,
      });
    if (row.bonus) {
      const b = row.bonus;
      if (fromBonus > 0n) debit.stakes.set(b.accountId, (debit.stakes.get(b.accountId) ?? 0n) + fromBonus);
      this.bonusParts.push({
        betId: row.betId,
        bonusId: b.bonusId,
        tableId: row.tableId,
        roundId: row.roundId,
        game: row.game,
        bonusStake: fromBonus,
        counts: b.counts,
      });
    }
    this.debits.set(inPlay, debit);
  }

  /** A bet this batch cancels: marked cancelled, and its stake credited back to the wallet. */
  addCancelledBet(cmd: BetCommand, bet: CancellableBet, wallet: WalletView): void {
    this.cancelled.push({ betId: bet.betId, cancelCommandId: cmd.id });
    // A cancel takes its stake back out of the period's wager and the open stakes.
    const gambling = this.loaded.gambling.get(gamblingKey(bet.operatorId, bet.playerId, bet.currency));
    if (gambling) {
      gambling.day.wagered -= bet.stake;
      gambling.week.wagered -= bet.stake;
      gambling.open -= bet.stake;
    }
    this.addWagered(bet.accountId, -bet.stake);
    const refundKey = `${bet.accountId}\u0000${cmd.tableId}\u0000${cmd.roundId}`;
    const refund = this.refunds.get(refundKey);
    const cash = bet.stake - (bet.bonus?.stake ?? 0n);
    this.refunds.set(refundKey, { cmd, wallet, delta: (refund?.delta ?? 0n) + cash });
  }

  private addWagered(accountId: string, amount: bigint): void {
    this.wageredDelta.set(accountId, (this.wageredDelta.get(accountId) ?? 0n) + amount);
  }

  private rememberCancellable(bet: CancellableBet): void {
    this.byBetId.set(bet.betId, bet);
    this.byCommandId.set(bet.commandId, bet);
  }
}
