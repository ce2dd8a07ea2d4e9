import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '../../transaction/transaction.runner';
import { putPersonalLimit } from '../../vip-limits/personal-limits.repository';

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
    await this.transactions.run('tx.personalLimit', (ctx) => putPersonalLimit(ctx.sql, cmd));
    return cmd;
  }
}
