import { bigintTransformer } from '@casino/wallet';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An accepted bet (possibly cancelled later). Rejected commands leave no row (their decision is in the outbox / on Kafka). */
@Entity({ name: 'ledger_bets' })
export class BetEntity {
  @PrimaryColumn({ name: 'bet_id', type: 'text' })
  betId!: string;

  /** The PlaceBet event id: one bet per command. */
  @Column({ name: 'command_id', type: 'text', unique: true })
  commandId!: string;

  @Column({ name: 'table_id', type: 'text' })
  tableId!: string;

  @Column({ name: 'round_id', type: 'text' })
  roundId!: string;

  @Column({ type: 'text' })
  game!: string;

  @Column({ name: 'player_id', type: 'text' })
  playerId!: string;

  @Column({ name: 'operator_id', type: 'text' })
  operatorId!: string;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  /** The player's wallet account the stake came from (and the settlement goes to). */
  @Column({ name: 'account_id', type: 'bigint' })
  accountId!: string;

  @Column({ type: 'bigint', transformer: bigintTransformer })
  stake!: bigint;

  @Column({ name: 'limit_key', type: 'text' })
  limitKey!: string;

  /** PlaceBet.bet as sent. */
  @Column({ type: 'jsonb' })
  spec!: Record<string, unknown>;

  @Column({ type: 'smallint', nullable: true })
  seat!: number | null;

  @Column({ type: 'smallint', nullable: true })
  hand!: number | null;

  @Column({ name: 'accepted_at', type: 'timestamptz' })
  acceptedAt!: Date;

  /** Set when the player withdrew the bet while betting was open (its stake went back to the wallet). */
  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt!: Date | null;

  /** The CancelBet event id that withdrew it. */
  @Column({ name: 'cancel_command_id', type: 'text', nullable: true })
  cancelCommandId!: string | null;
}
