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
import { ApiBody, ApiExtraModels, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LedgerError } from '../errors/ledger.errors';
import { OperatorAccount } from '../operators/operator-account';
import { LaunchSessionUseCase } from '../use-cases/launch-session/launch-session.use-case';
import { ManagePlayersUseCase } from '../use-cases/manage-players/manage-players.use-case';
import { LedgerQueries } from '../use-cases/queries/ledger.queries';
import { BalanceDto, RoundViewDto } from '../use-cases/queries/views.dto';
import { SetGamblingLimitsUseCase } from '../use-cases/set-gambling-limits/set-gambling-limits.use-case';
import { SetPersonalLimitUseCase } from '../use-cases/set-personal-limit/set-personal-limit.use-case';
import { TransferFundsUseCase, TransferKind } from '../use-cases/transfer-funds/transfer-funds.use-case';
import { LimitRequest, limitSchema, PersonalLimitDto } from './deposit.dto';
import {
  GamblingLimitsDto,
  GamblingLimitsStateDto,
  LimitStateDto,
  GamblingLimitsQuery,
  gamblingLimitsQuerySchema,
  GamblingLimitsRequest,
  gamblingLimitsSchema,
  LaunchDto,
  LaunchResultDto,
  launchSchema,
  PageQuery,
  pageSchema,
  PlayerPatch,
  PlayerPatchDto,
  playerPatchSchema,
  TransferDto,
  TransferReceiptDto,
  TransferRequest,
  transferSchema,
} from './operator-api.dto';
import { CurrentOperator, OperatorAuthGuard } from './operator-auth.guard';
import { parseLaunchBody } from './launch-options';
import { GamesResponse, TablesQuery, tablesQuerySchema, TablesResponse } from './operator-catalogue.dto';
import { OperatorCatalogueUseCase } from '../use-cases/operator-catalogue/operator-catalogue.use-case';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';

/**
 * The signed operator API. Every route acts for the operator of the credential that signed the request (never an
 * operator named in the path or body); see docs/operator-integration.md.
 */
@ApiTags('operator API (signed)')
@ApiExtraModels(LimitStateDto)
@ApiHeader({ name: 'X-Casino-Key', required: true, description: 'key id' })
@ApiHeader({ name: 'X-Casino-Timestamp', required: true, description: 'Unix ms, within 5 minutes' })
@ApiHeader({ name: 'X-Casino-Request-Id', required: true, description: 'unique per request' })
@ApiHeader({
  name: 'X-Casino-Signature',
  required: true,
  description: 'hex HMAC-SHA256(secret, METHOD\\npath?query\\ntimestamp\\nrequestId\\nbody)',
})
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
  @ApiOperation({ summary: "The platform's games with their tables in the operator's currencies" })
  games(@CurrentOperator() op: OperatorAccount): Promise<GamesResponse> {
    return this.catalogue.games(op);
  }

  @Get('tables')
  @ApiOperation({
    summary: "The catalogue's tables in the operator's currencies: limits, RTP per bet, last results",
  })
  tables(
    @CurrentOperator() op: OperatorAccount,
    @Query(new ZodValidationPipe(tablesQuerySchema)) query: TablesQuery,
  ): Promise<TablesResponse> {
    return this.catalogue.tables(op, query);
  }

  @Post('sessions')
  @HttpCode(201)
  @ApiOperation({ summary: 'Launches a player: a session, its player token and the lobby URL' })
  @ApiBody({ type: LaunchDto })
  @ApiOkResponse({ type: LaunchResultDto })
  launch(@CurrentOperator() op: OperatorAccount, @Body() body: unknown): Promise<LaunchResultDto> {
    return this.sessions.execute(op, parseLaunchBody(launchSchema, body));
  }

  @Delete('sessions/:sessionId')
  @ApiOperation({ summary: 'Revokes a session (PlayerSessionRevoked: the game services close its sockets)' })
  revokeSession(@CurrentOperator() op: OperatorAccount, @Param('sessionId') sessionId: string) {
    return this.players.revokeSession(op.operatorId, sessionId);
  }

  @Patch('players/:playerId')
  @ApiOperation({ summary: 'Suspends (revoking every session) or reactivates a player; sets the nickname' })
  @ApiBody({ type: PlayerPatchDto })
  updatePlayer(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Body(new ZodValidationPipe(playerPatchSchema)) body: PlayerPatch,
  ) {
    return this.players.updatePlayer(op.operatorId, playerId, body);
  }

  @Post('players/:playerId/deposits')
  @HttpCode(200)
  @ApiOperation({ summary: "Moves money into the player's wallet; once per transactionId" })
  @ApiBody({ type: TransferDto })
  @ApiOkResponse({ type: TransferReceiptDto })
  deposit(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Body(new ZodValidationPipe(transferSchema)) body: TransferRequest,
  ): Promise<TransferReceiptDto> {
    return this.transfer(op, 'deposit', playerId, body);
  }

  @Post('players/:playerId/withdrawals')
  @HttpCode(200)
  @ApiOperation({
    summary: "Moves money out of the player's wallet (never below zero); once per transactionId",
  })
  @ApiBody({ type: TransferDto })
  @ApiOkResponse({ type: TransferReceiptDto })
  withdraw(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Body(new ZodValidationPipe(transferSchema)) body: TransferRequest,
  ): Promise<TransferReceiptDto> {
    return this.transfer(op, 'withdrawal', playerId, body);
  }

  @Get('players/:playerId/balances')
  @ApiOperation({ summary: "The player's wallet balances (minor units), one per currency" })
  @ApiOkResponse({ type: [BalanceDto] })
  balances(@CurrentOperator() op: OperatorAccount, @Param('playerId') playerId: string) {
    return this.queries.balances(op.operatorId, playerId);
  }

  @Get('players/:playerId/transactions')
  @ApiOperation({ summary: "The player's wallet movements, newest first, paged (cursor = nextCursor)" })
  transactions(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Query(new ZodValidationPipe(pageSchema)) page: PageQuery,
  ) {
    return this.queries.playerTransactions(op.operatorId, playerId, page.limit, page.cursor);
  }

  @Get('players/:playerId/bets')
  @ApiOperation({ summary: "The player's bets with their settlement, newest first, paged" })
  bets(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Query(new ZodValidationPipe(pageSchema)) page: PageQuery,
  ) {
    return this.queries.playerBetsPage(op.operatorId, playerId, page.limit, page.cursor);
  }

  @Put('players/:playerId/limits/:game/:limitKey')
  @ApiOperation({
    summary: "A personal limit narrowing the table's min/max (limitKey '*' = every bet kind); never widens",
  })
  @ApiBody({ type: PersonalLimitDto })
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
  @ApiOperation({
    summary:
      'Responsible-gambling limits in one currency: wager and loss per UTC day/week, stake; a raise waits out the cooling-off period',
  })
  @ApiBody({ type: GamblingLimitsDto })
  @ApiOkResponse({ type: GamblingLimitsStateDto })
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
  @ApiOperation({ summary: 'The limits in force, pending raises and what the current UTC day and week used' })
  @ApiOkResponse({ type: GamblingLimitsStateDto })
  gamblingLimits(
    @CurrentOperator() op: OperatorAccount,
    @Param('playerId') playerId: string,
    @Query(new ZodValidationPipe(gamblingLimitsQuerySchema)) query: GamblingLimitsQuery,
  ) {
    return this.gambling.get(op, playerId, query.currency);
  }

  @Get('rounds/:tableId/:roundId')
  @ApiOperation({ summary: "A round with only this operator's bets and totals" })
  @ApiOkResponse({ type: RoundViewDto })
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
  ): Promise<TransferReceiptDto> {
    const outcome = await this.transfers.execute(op, { kind, playerId, ...body });
    if (!outcome.ok) throw new LedgerError(outcome.code, outcome.message);
    return outcome.receipt;
  }
}
