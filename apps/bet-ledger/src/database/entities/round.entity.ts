import { bigintTransformer } from '@casino/wallet';
import { Column, Entity, PrimaryColumn } from 'typeorm';

export type RoundStatus = 'open' | 'closed' | 'settled' | 'voided' | 'disputed';

/**
 * The ledger's view of a round: its table settings (from RoundOpened), status, running totals per limit key
 * (table-wide restrictions), blackjack seat holders, and the result it was settled from.
 */
@Entity({ name: 'ledger_rounds' })
export class RoundEntity {
  @PrimaryColumn({ name: 'table_id', type: 'text' })
  tableId!: string;

  @PrimaryColumn({ name: 'round_id', type: 'text' })
  roundId!: string;

  @Column({ type: 'text' })
  game!: string;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  @Column({ type: 'text' })
  status!: RoundStatus;

  /** RoundOpened.table as sent (amounts as strings). */
  @Column({ type: 'jsonb' })
  config!: Record<string, unknown>;

  @Column({ name: 'shoe_id', type: 'text', nullable: true })
  shoeId!: string | null;

  @Column({ name: 'shoe_hash', type: 'text', nullable: true })
  shoeHash!: string | null;

  /** Total staked per limit key, minor units as strings. */
  @Column({ type: 'jsonb', default: {} })
  totals!: Record<string, string>;

  /** Blackjack: seat number → player id. */
  @Column({ type: 'jsonb', default: {} })
  seats!: Record<string, string>;

  @Column({ name: 'bet_count', type: 'int', default: 0 })
  betCount!: number;

  @Column({ name: 'total_staked', type: 'bigint', default: 0, transformer: bigintTransformer })
  totalStaked!: bigint;

  /** RoundResult.result as sent. */
  @Column({ type: 'jsonb', nullable: true })
  result!: Record<string, unknown> | null;

  @Column({ name: 'void_reason', type: 'text', nullable: true })
  voidReason!: string | null;

  /** Why a result could not be settled (status 'disputed'); a RoundVoided then refunds the round. */
  @Column({ type: 'text', nullable: true })
  problem!: string | null;

  @Column({ name: 'opened_at', type: 'timestamptz' })
  openedAt!: Date;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}
