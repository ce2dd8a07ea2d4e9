import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '../../transaction/transaction.runner';

export interface SetPersonalLimitCommand {
  operatorId: string;
  playerId: string;
  game: string;
  /** A bet's limit key, or '*' for every bet of the game. */
  limitKey: string;
  min: bigint;
  max: bigint;
}

/**
 * Narrows the table's min/max for one player's bets of one kind (or every kind) of a game: never widens them
 * (docs/rules/restrictions.md#table-and-personal-limits; a higher limit is a VIP grant, grant-vip-limits).
 */
@Injectable()
export class SetPersonalLimitUseCase {
  constructor(private readonly transactions: TransactionRunner) {}

  async execute(cmd: SetPersonalLimitCommand): Promise<SetPersonalLimitCommand> {
    await this.transactions.run('tx.personalLimit', (ctx) =>
      ctx.sql.rows(
        `INSERT INTO ledger_player_limits (operator_id, player_id, game, limit_key, min_stake, max_stake)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (operator_id, player_id, game, limit_key) DO UPDATE SET min_stake = $5, max_stake = $6`,
        [cmd.operatorId, cmd.playerId, cmd.game, cmd.limitKey, cmd.min.toString(), cmd.max.toString()],
      ),
    );
    return cmd;
  }
}
