import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '@casino/wallet';

@Entity('wallet_players')
export class WalletPlayerEntity {
  @PrimaryColumn({ name: 'player_id', type: 'text' }) playerId!: string;
  @Column({ type: 'char', length: 3 }) currency!: string;
  @Column({ name: 'balance', type: 'bigint', transformer: bigintTransformer }) balance!: bigint;
  @Column({ type: 'text' }) status!: 'active' | 'blocked';
  @Column({ name: 'max_stake', type: 'bigint', nullable: true, transformer: bigintTransformer }) maxStake!:
    bigint | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
