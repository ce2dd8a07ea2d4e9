import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A revealed shoe as published (commitment and reveal) and the ledger's audit of it (see shoe-audit.ts). */
@Entity({ name: 'ledger_shoe_reveals' })
export class ShoeRevealEntity {
  @PrimaryColumn({ name: 'table_id', type: 'text' })
  tableId!: string;

  @PrimaryColumn({ name: 'shoe_id', type: 'text' })
  shoeId!: string;

  @Column({ type: 'text' })
  game!: string;

  @Column({ type: 'jsonb' })
  commitment!: unknown;

  @Column({ type: 'jsonb' })
  reveal!: unknown;

  @Column({ name: 'rounds_dealt', type: 'integer' })
  roundsDealt!: number;

  @Column({ name: 'rounds_checked', type: 'integer' })
  roundsChecked!: number;

  @Column({ name: 'cards_matched', type: 'integer' })
  cardsMatched!: number;

  @Column({ name: 'cards_skipped', type: 'integer' })
  cardsSkipped!: number;

  @Column({ name: 'problem_code', type: 'text', nullable: true })
  problemCode!: string | null;

  @Column({ type: 'text', nullable: true })
  problem!: string | null;

  @Column({ name: 'revealed_at', type: 'timestamptz' })
  revealedAt!: Date;
}
