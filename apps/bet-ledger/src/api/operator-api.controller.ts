import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import { LedgerError } from '../errors/ledger.errors';
import { OperatorAccount } from '../operators/operator-account';
import { LaunchSessionUseCase } from '../use-cases/launch-session/launch-session.use-case';
import { ManagePlayersUseCase } from '../use-cases/manage-players/manage-players.use-case';
import { LedgerQueries } from '../use-cases/queries/ledger.queries';
import { RoundViewDto } from '../use-cases/queries/views.dto';
import { SetGamblingLimitsUseCase } from '../use-cases/set-gambling-limits/set-gambling-limits.use-case';
import { SetPersonalLimitUseCase } from '../use-cases/set-personal-limit/set-personal-limit.use-case';
import { TransferFundsUseCase, TransferKind } from '../use-cases/transfer-funds/transfer-funds.use-case';
import { LimitRequest, limitSchema } from './deposit.dto';
import {
  GamblingLimitsQuery,
  gamblingLimitsQuerySchema,
  GamblingLimitsRequest,
  gamblingLimitsSchema,
  launchSchema,
  PageQuery,
  pageSchema,
  PlayerPatch,
  playerPatchSchema,
  TransferRequest,
  transferSchema,
} from './operator-api.dto';
import { CurrentOperator, OperatorAuthGuard } from './operator-auth.guard';
import { LaunchResult, TransferReceipt } from './operator-api.responses';
import { parseLaunchBody } from './launch-options';
import {
  GamesResponse,
  TablesQuery,
  tablesQuerySchema,
  TablesResponse,
} from '../use-cases/operator-catalogue/operator-catalogue.schemas';
import { OperatorCatalogueUseCase } from '../use-cases/operator-catalogue/operator-catalogue.use-case';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';

/**
 * The signed operator API. Every route acts for the operator of the credential that signed the request (never an
 * operator named in the path or body); see docs/operator-integration.md. Its OpenAPI is generated from the zod
 * schemas it validates with (src/api/openapi/operator-openapi.ts), not from decorators.
 */
@UseGuards(OperatorAuthGuard)
@Controller('v1')
export class OperatorApiController {
  constructor(
    private readonly sessions: LaunchSessionUseCase,
    private readonly players: ManagePlayersUseCase,
    private readonly transfers: TransferFundsUseCase,
    private readonly limits: SetPersonalLimitUseCase,
    private readonly gambling: SetGamblingLimitsUseCase,
    private readonly queries: LedgerQueries,
    private readonly catalogue: OperatorCatalogueUseCase,
  ) {}

  @Get('games')
  games(@CurrentOperator() op: OperatorAccount): Promise<GamesResponse> {
    return this.catalogue.games(op);
  }

  @Get('tables')
  tables(
    @CurrentOperator() op: OperatorAccount,
    @Query(new ZodValidationPipe(tablesQuerySchema)) query: TablesQuery,
  ): Promise<TablesResponse> {
    return this.catalogue.tables(op, query);
  }

  @Post('sessions')
  @HttpCode(201)
  launch(@CurrentOperator() op: OperatorAccount, @Body() body: unknown): Promise<LaunchResult> {
    return this.sessions.execute(op, parseLaunchBody(launchSchema, body));
  }

  @Delete('sessions/:sessionId')
  revokeSession(@CurrentOperator() op: OperatorAccount, @Param('sessionId') sessionId: string) {
    return this.players.revokeSession(op.operatorId, sessionId);
  }

  @Patch('players/:playerId')
  updatePlayer(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Body(new ZodValidationPipe(playerPatchSchema)) body: PlayerPatch,
  ) {
    return this.players.updatePlayer(op.operatorId, playerId, body);
  }

  @Post('players/:playerId/deposits')
  @HttpCode(200)
  deposit(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Body(new ZodValidationPipe(transferSchema)) body: TransferRequest,
  ): Promise<TransferReceipt> {
    return this.transfer(op, 'deposit', playerId, body);
  }

  @Post('players/:playerId/withdrawals')
  @HttpCode(200)
  withdraw(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Body(new ZodValidationPipe(transferSchema)) body: TransferRequest,
  ): Promise<TransferReceipt> {
    return this.transfer(op, 'withdrawal', playerId, body);
  }

  @Get('players/:playerId/balances')
  balances(@CurrentOperator() op: OperatorAccount, @Param('playerId') playerId: string) {
    return this.queries.balances(op.operatorId, playerId);
  }

  @Get('players/:playerId/transactions')
  transactions(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Query(new ZodValidationPipe(pageSchema)) page: PageQuery,
  ) {
    return this.queries.playerTransactions(op.operatorId, playerId, page.limit, page.cursor);
  }

  @Get('players/:playerId/bets')
  bets(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Query(new ZodValidationPipe(pageSchema)) page: PageQuery,
  ) {
    return this.queries.playerBetsPage(op.operatorId, playerId, page.limit, page.cursor);
  }

  @Put('players/:playerId/limits/:game/:limitKey')
  async setLimit(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Param('game') game: string,
    @Param('limitKey') limitKey: string,
    @Body(new ZodValidationPipe(limitSchema)) body: LimitRequest,
  ) {
    const set = await this.limits.execute({ operatorId: op.operatorId, playerId, game, limitKey, ...body });
    return { ...set, min: set.min.toString(), max: set.max.toString() };
  }

  @Put('players/:playerId/responsible-gambling')
  setGamblingLimits(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Body(new ZodValidationPipe(gamblingLimitsSchema)) body: GamblingLimitsRequest,
  ) {
    return this.gambling.set(op, {
      playerId,
      currency: body.currency,
      limits: {
        daily_wager: body.dailyWager,
        weekly_wager: body.weeklyWager,
        daily_loss: body.dailyLoss,
        weekly_loss: body.weeklyLoss,
        max_stake: body.maxStake,
      },
    });
  }

  @Get('players/:playerId/responsible-gambling')
  gamblingLimits(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Query(new ZodValidationPipe(gamblingLimitsQuerySchema)) query: GamblingLimitsQuery,
  ) {
    return this.gambling.get(op, playerId, query.currency);
  }

  @Get('rounds/:tableId/:roundId')
  round(
    @CurrentOperator() op: OperatorAccount,
    @Param('tableId') tableId: string,
    @Param('roundId') roundId: string,
  ): Promise<RoundViewDto> {
    return this.queries.operatorRound(op.operatorId, tableId, roundId);
  }

  private async transfer(
    op: OperatorAccount,
    kind: TransferKind,
    playerId: string,
    body: TransferRequest,
  ): Promise<TransferReceipt> {
    const outcome = await this.transfers.execute(op, { kind, playerId, ...body });
    if (!outcome.ok) throw new LedgerError(outcome.code, outcome.message);
    return outcome.receipt;
  }
}
