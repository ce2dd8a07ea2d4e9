import { buildEvent } from '@casino/events';
import { playerAccount, accountKey, sqlOf, WalletError, WalletService } from '@casino/wallet';
import {
  Body,
  ConflictException,
  Controller,
  DefaultValuePipe,
  Get,
  HttpCode,
  Param,
  ParseIntPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { OutboxBatch, OutboxRow } from '../outbox/outbox.writer';
import { LedgerRuntime } from '../ledger.runtime';
import {
  DepositDto,
  DepositRequest,
  DepositResultDto,
  depositSchema,
  limitSchema,
  PersonalLimitDto,
} from './deposit.dto';
import { LedgerQueries } from './ledger.queries';
import { BalanceDto, BetViewDto } from './views.dto';
import { ZodValidationPipe } from './zod-validation.pipe';

@ApiTags('players')
@Controller('operators/:operatorId/players/:playerId')
export class PlayersController {
  private readonly queries: LedgerQueries;
  private readonly wallet: WalletService;

  constructor(
    private readonly ds: DataSource,
    private readonly runtime: LedgerRuntime,
  ) {
    this.queries = new LedgerQueries(ds);
    this.wallet = new WalletService(ds);
  }

  @Get('balances')
  @ApiOperation({ summary: "A player's wallet balances (minor units), one per currency" })
  @ApiOkResponse({ type: [BalanceDto] })
  balances(@Param('operatorId') operatorId: string, @Param('playerId') playerId: string) {
    return this.queries.balances(operatorId, playerId);
  }

  @Get('bets')
  @ApiOperation({ summary: "A player's bets, newest first, with their settlement" })
  @ApiOkResponse({ type: [BetViewDto] })
  bets(
    @Param('operatorId') operatorId: string,
    @Param('playerId') playerId: string,
    @Query('limit', new DefaultValuePipe(100), ParseIntPipe) limit: number,
  ) {
    return this.queries.playerBets(operatorId, playerId, Math.min(Math.max(limit, 1), 1000));
  }

  @Post('deposits')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Funds a (demo/test) player's wallet from the operator's funding account; once per idempotency key",
  })
  @ApiBody({ type: DepositDto })
  @ApiOkResponse({ type: DepositResultDto })
  async deposit(
    @Param('operatorId') operatorId: string,
    @Param('playerId') playerId: string,
    @Body(new ZodValidationPipe(depositSchema)) body: DepositRequest,
  ): Promise<DepositResultDto> {
    try {
      let committed: OutboxRow[] = [];
      const result = await this.ds.transaction(async (m) => {
        const ref = { operatorId, playerId, currency: body.currency };
        const r = await this.wallet.deposit(
          {
            ...ref,
            idempotencyKey: `deposit:${operatorId}:${body.idempotencyKey}`,
            amount: body.amount,
            reference: body.reference,
          },
          m,
        );
        const balance = r.balances.get(accountKey(playerAccount(operatorId, playerId, body.currency)))!;
        if (!r.duplicate) {
          const outbox = new OutboxBatch(this.runtime.topics);
          outbox.add(
            buildEvent('BalanceChanged', { ...ref, reason: 'deposit', delta: body.amount, balance }),
          );
          committed = await outbox.flush(sqlOf(m));
        }
        return { duplicate: r.duplicate, balance: balance.toString(), currency: body.currency };
      });
      // Committed: the relay publishes the BalanceChanged at once.
      if (committed.length > 0) this.runtime.relay?.handOff(committed);
      return result;
    } catch (err) {
      return walletErrorToHttp(err);
    }
  }

  @Put('limits/:game/:limitKey')
  @ApiOperation({
    summary: "Sets a personal limit replacing the table's min/max (limitKey '*' = every bet kind)",
  })
  @ApiBody({ type: PersonalLimitDto })
  async setLimit(
    @Param('operatorId') operatorId: string,
    @Param('playerId') playerId: string,
    @Param('game') game: string,
    @Param('limitKey') limitKey: string,
    @Body(new ZodValidationPipe(limitSchema)) body: { min: bigint; max: bigint },
  ) {
    await this.ds.query(
      `INSERT INTO ledger_player_limits (operator_id, player_id, game, limit_key, min_stake, max_stake)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (operator_id, player_id, game, limit_key) DO UPDATE SET min_stake = $5, max_stake = $6`,
      [operatorId, playerId, game, limitKey, body.min.toString(), body.max.toString()],
    );
    return { operatorId, playerId, game, limitKey, min: body.min.toString(), max: body.max.toString() };
  }
}

export function walletErrorToHttp(err: unknown): never {
  if (err instanceof WalletError) throw new ConflictException({ code: err.code, message: err.message });
  throw err;
}
