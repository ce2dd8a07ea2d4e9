import { bigintTransformer } from '@casino/wallet';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A personal limit: narrows the table's min/max for one player, game and limit key ('*' = every key). */
@Entity({ name: 'ledger_player_limits' })
export class PlayerLimitEntity {
  @PrimaryColumn({ name: 'operator_id', type: 'text' })
  operatorId!: string;

  @PrimaryColumn({ name: 'player_id', type: 'text' })
  playerId!: string;

  @PrimaryColumn({ type: 'text' })
  game!: string;

  @PrimaryColumn({ name: 'limit_key', type: 'text' })
  limitKey!: string;

  @Column({ name: 'min_stake', type: 'bigint', transformer: bigintTransformer })
  minStake!: bigint;

  @Column({ name: 'max_stake', type: 'bigint', transformer: bigintTransformer })
  maxStake!: bigint;
}
