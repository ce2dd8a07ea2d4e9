import { Controller, Get, Headers, Param, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { ZodValidationPipe } from '../../validation/zod-validation.pipe';
import { LedgerError } from '../../errors/ledger.errors';
import { tableIdSchema } from '../../tables/table-settings';
import { BackOfficeGuard, CurrentStaff, Requires } from '../auth/back-office.guard';
import { StaffPrincipal } from '../auth/permissions';
import { toCsv } from './csv';
import { PlayerReportsService } from './player-reports.service';
import { ApiReportFilters } from './report-api.decorators';
import {
  BetSearchQuery,
  betSearchSchema,
  HistoryQuery,
  historyQuerySchema,
  PlayersQuery,
  playersQuerySchema,
  RoundsQuery,
  roundsQuerySchema,
  RtpQuery,
  rtpQuerySchema,
  SummaryQuery,
  summaryQuerySchema,
} from './report-query';
import { ReportsService } from './reports.service';

interface CsvResponse {
  setHeader(name: string, value: string): unknown;
}

/** `?format=csv` or `Accept: text/csv`: the page's rows as CSV (columns as in the JSON items), else the JSON. */
function answer<T extends { items: object[] }>(
  res: CsvResponse,
  accept: string | undefined,
  format: 'json' | 'csv',
  body: T,
  name: string,
): T | string {
  if (format !== 'csv' && !(accept ?? '').includes('text/csv')) return body;
  const rows = body.items as Record<string, unknown>[];
  const columns = rows.length > 0 ? Object.keys(rows[0]) : [];
  res.setHeader('content-type', 'text/csv; charset=utf-8');
  res.setHeader('content-disposition', `attachment; filename="${name}.csv"`);
  return toCsv(rows, columns);
}

/** A path id: refused INVALID_REQUEST before any lookup when empty or too long (or not a table id). */
function idOf(value: string, what: string, table = false): string {
  const ok = table ? tableIdSchema.safeParse(value).success : value.length > 0 && value.length <= 200;
  if (!ok) throw new LedgerError('INVALID_REQUEST', `invalid ${what} ${value.slice(0, 200)}`);
  return value;
}

/** An operator's staff always report on their own operator (the guard refused any other). */
const scoped = <T extends { operator?: string }>(q: T, who: StaffPrincipal): T =>
  who.operatorId === null ? q : { ...q, operator: who.operatorId };

@ApiTags('back office: reports')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@ApiProduces('application/json', 'text/csv')
@ApiForbiddenResponse({ description: 'STAFF_FORBIDDEN, OPERATOR_FORBIDDEN' })
@Controller('back-office')
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly players: PlayerReportsService,
  ) {}

  @Get('reports/summary')
  @Requires('reports.financial')
  @ApiReportFilters()
  @ApiQuery({ name: 'groupBy', required: false, enum: ['day', 'hour', 'none'] })
  @ApiQuery({ name: 'by', required: false, enum: ['none', 'game', 'table', 'operator', 'player'] })
  @ApiOperation({
    summary: 'Bets, turnover, wins, GGR and margin by day|hour (in tz) and by game|table|operator|player',
  })
  async summary(
    @CurrentStaff() who: StaffPrincipal,
    @Query(new ZodValidationPipe(summaryQuerySchema)) q: SummaryQuery,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: CsvResponse,
  ) {
    return answer(res, accept, q.format, await this.reports.summary(scoped(q, who)), 'summary');
  }

  @Get('reports/rtp')
  @Requires('reports.rtp')
  @ApiReportFilters()
  @ApiQuery({ name: 'by', required: false, enum: ['game', 'table'] })
  @ApiOperation({ summary: 'Measured RTP per bet kind against the exact figure with its 95% interval' })
  async rtp(
    @CurrentStaff() who: StaffPrincipal,
    @Query(new ZodValidationPipe(rtpQuerySchema)) q: RtpQuery,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: CsvResponse,
  ) {
    return answer(res, accept, q.format, await this.reports.rtp(scoped(q, who)), 'rtp');
  }

  @Get('reports/players')
  @Requires('reports.financial')
  @ApiReportFilters()
  @ApiQuery({ name: 'sort', required: false, enum: ['ggr', 'turnover', 'bets'] })
  @ApiOperation({ summary: 'Top players by GGR, turnover or bets over whole UTC days' })
  async topPlayers(
    @CurrentStaff() who: StaffPrincipal,
    @Query(new ZodValidationPipe(playersQuerySchema)) q: PlayersQuery,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: CsvResponse,
  ) {
    return answer(res, accept, q.format, await this.reports.players(scoped(q, who)), 'players');
  }

  @Get('reports/rounds')
  @Requires('reports.financial')
  @ApiReportFilters()
  @ApiQuery({ name: 'status', required: false, enum: ['voided', 'disputed'] })
  @ApiOperation({ summary: 'Voided and disputed rounds opened in the window' })
  async rounds(
    @CurrentStaff() who: StaffPrincipal,
    @Query(new ZodValidationPipe(roundsQuerySchema)) q: RoundsQuery,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: CsvResponse,
  ) {
    return answer(res, accept, q.format, await this.reports.rounds(scoped(q, who)), 'rounds');
  }

  @Get('bets')
  @Requires('players.read')
  @ApiOperation({ summary: 'Bet search: by bet id, operator + player, or table (and round), newest first' })
  async bets(
    @CurrentStaff() who: StaffPrincipal,
    @Query(new ZodValidationPipe(betSearchSchema)) q: BetSearchQuery,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: CsvResponse,
  ) {
    return answer(res, accept, q.format, await this.players.searchBets(scoped(q, who)), 'bets');
  }

  @Get('players/:operatorId/:playerId/history')
  @Requires('players.read')
  @ApiOperation({ summary: "A player's days (UTC): bets, turnover, wins, GGR per currency and game" })
  @ApiNotFoundResponse({ description: 'PLAYER_NOT_FOUND' })
  async history(
    @Param('operatorId') operatorId: string,
    @Param('playerId') playerId: string,
    @Query(new ZodValidationPipe(historyQuerySchema)) q: HistoryQuery,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: CsvResponse,
  ) {
    const history = await this.players.history(idOf(operatorId, 'operator'), idOf(playerId, 'player'), q);
    return answer(res, accept, q.format, history, 'history');
  }

  @Get('rounds/:tableId/:roundId')
  @Requires('rounds.read')
  @ApiOperation({
    summary: 'Round recall: cards or pocket in order, timings, every bet and its settlement, shoe audit',
  })
  @ApiNotFoundResponse({ description: 'ROUND_NOT_FOUND' })
  recall(
    @CurrentStaff() who: StaffPrincipal,
    @Param('tableId') tableId: string,
    @Param('roundId') roundId: string,
  ) {
    return this.players.recall(idOf(tableId, 'table', true), idOf(roundId, 'round'), who.operatorId);
  }
}
