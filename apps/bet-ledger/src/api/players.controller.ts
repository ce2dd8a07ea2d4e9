import {
  Body,
  Controller,
  DefaultValuePipe,
  Get,
  HttpCode,
  Param,
  ParseIntPipe,
  Post,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuditService } from '../back-office/audit/audit.service';
import { CurrentStaff, Requires } from '../back-office/auth/back-office.guard';
import { StaffPrincipal } from '../back-office/auth/permissions';
import { DepositUseCase } from '../use-cases/deposit/deposit.use-case';
import { LedgerQueries } from '../use-cases/queries/ledger.queries';
import { BalanceDto, BetViewDto } from '../use-cases/queries/views.dto';
import { SetPersonalLimitUseCase } from '../use-cases/set-personal-limit/set-personal-limit.use-case';
import {
  DepositDto,
  DepositRequest,
  DepositResultDto,
  depositSchema,
  LimitRequest,
  limitSchema,
  PersonalLimitDto,
} from './deposit.dto';
import { BackOfficeGuard } from './operator-auth.guard';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';

@ApiTags('back office: players')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@Controller('operators/:operatorId/players/:playerId')
export class PlayersController {
  constructor(
    private readonly queries: LedgerQueries,
    private readonly deposits: DepositUseCase,
    private readonly limits: SetPersonalLimitUseCase,
    private readonly audit: AuditService,
  ) {}

  @Get('balances')
  @Requires('players.read')
  @ApiOperation({ summary: "A player's wallet balances (minor units), one per currency" })
  @ApiOkResponse({ type: [BalanceDto] })
  balances(@Param('operatorId') operatorId: string, @Param('playerId') playerId: string) {
    return this.queries.balances(operatorId, playerId);
  }

  @Get('bets')
  @Requires('players.read')
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
  @Requires('players.fund')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Funds a (demo/test) player's wallet from the operator's funding account; once per idempotency key",
  })
  @ApiBody({ type: DepositDto })
  @ApiOkResponse({ type: DepositResultDto })
  async deposit(
    @CurrentStaff() who: StaffPrincipal,
    @Param('operatorId') operatorId: string,
    @Param('playerId') playerId: string,
    @Body(new ZodValidationPipe(depositSchema)) body: DepositRequest,
  ): Promise<DepositResultDto> {
    const r = await this.deposits.execute({ operatorId, playerId, ...body });
    if (!r.duplicate)
      await this.audit.record(who, 'player.deposit', `player/${operatorId}/${playerId}`, null, {
        currency: body.currency,
        amount: body.amount.toString(),
        idempotencyKey: body.idempotencyKey,
      });
    return { duplicate: r.duplicate, balance: r.balance.toString(), currency: r.currency };
  }

  @Put('limits/:game/:limitKey')
  @Requires('players.write')
  @ApiOperation({
    summary: "Sets a personal limit narrowing the table's min/max (limitKey '*' = every bet kind)",
  })
  @ApiBody({ type: PersonalLimitDto })
  async setLimit(
    @CurrentStaff() who: StaffPrincipal,
    @Param('operatorId') operatorId: string,
    @Param('playerId') playerId: string,
    @Param('game') game: string,
    @Param('limitKey') limitKey: string,
    @Body(new ZodValidationPipe(limitSchema)) body: LimitRequest,
  ) {
    const set = await this.limits.execute({ operatorId, playerId, game, limitKey, ...body });
    await this.audit.record(who, 'player.limit', `player/${operatorId}/${playerId}`, null, {
      game,
      limitKey,
      min: set.min.toString(),
      max: set.max.toString(),
    });
    return { ...set, min: set.min.toString(), max: set.max.toString() };
  }
}
