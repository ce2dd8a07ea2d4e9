import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How a round's bets ended: parallel arrays, one element per bet. One row per round, so the primary key makes
 * every bet of it settled or refunded at most once. Per bet: the view ledger_bet_outcomes.
 */
@Entity({ name: 'ledger_round_settlements' })
export class RoundSettlementEntity {
  @PrimaryColumn({ name: 'table_id', type: 'text' })
  tableId!: string;

  @PrimaryColumn({ name: 'round_id', type: 'text' })
  roundId!: string;

  @Column({ type: 'text' })
  kind!: 'settled' | 'refunded';

  @Column({ name: 'bet_ids', type: 'text', array: true })
  betIds!: string[];

  /** Minor units (bigint[] arrives as decimal strings). */
  @Column({ type: 'bigint', array: true })
  stakes!: string[];

  /** Paid back per bet, stake included. */
  @Column({ type: 'bigint', array: true })
  returned!: string[];

  /** win | lose | push | refund */
  @Column({ type: 'text', array: true })
  outcomes!: string[];

  @Column({ name: 'settled_at', type: 'timestamptz' })
  settledAt!: Date;
}
