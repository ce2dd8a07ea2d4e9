import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One back-office intervention on a disputed or stuck round: who, when, why, and what it did. */
@Entity({ name: 'ledger_round_interventions' })
export class RoundInterventionEntity {
  /** Also the causation id of the events the intervention published. */
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'table_id', type: 'text' })
  tableId!: string;

  @Column({ name: 'round_id', type: 'text' })
  roundId!: string;

  @Column({ type: 'text' })
  action!: 'void' | 'resubmit';

  @Column({ type: 'text' })
  actor!: string;

  @Column({ type: 'text' })
  reason!: string;

  @Column({ name: 'status_before', type: 'text' })
  statusBefore!: string;

  @Column({ name: 'status_after', type: 'text' })
  statusAfter!: string;

  /** Why the round was disputed, as it stood before the intervention. */
  @Column({ name: 'problem_before', type: 'text', nullable: true })
  problemBefore!: string | null;

  /** The corrected result of a resubmit. */
  @Column({ type: 'jsonb', nullable: true })
  result!: Record<string, unknown> | null;

  @Column({ type: 'timestamptz' })
  at!: Date;
}
