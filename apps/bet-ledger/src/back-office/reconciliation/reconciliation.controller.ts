import { sqlOf } from '@casino/wallet';
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { BackOfficeGuard, CurrentStaff, Requires } from '../auth/back-office.guard';
import { StaffPrincipal } from '../auth/permissions';
import { toCsv } from '../reports/csv';
import { LedgerError } from '../../errors/ledger.errors';
import { platformCalls } from '../../seamless/reconciliation/platform-calls';
import { resolveFailedCall } from '../../seamless/reconciliation/resolve-call';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const COLUMNS = ['transactionId', 'type', 'playerId', 'amount', 'currency', 'state', 'detail', 'createdAt'];

/**
 * `GET /back-office/reconciliation?operator=X&date=YYYY-MM-DD[&format=csv]`: every debit, credit and rollback of a
 * seamless operator on one UTC day with its state (confirmed, retrying, failed, refused, rolled_back, manual), and
 * the count per type and state. Finance's report (`reports.financial`); an operator's staff see their own operator.
 */
@ApiTags('back office: reports')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@ApiProduces('application/json', 'text/csv')
@Controller('back-office')
export class ReconciliationController {
  constructor(private readonly ds: DataSource) {}

  @Get('reconciliation')
  @Requires('reports.financial')
  @ApiOperation({
    summary: "A seamless operator's wallet calls of one UTC day, with their states (JSON or CSV)",
  })
  @ApiQuery({ name: 'operator', required: true })
  @ApiQuery({ name: 'date', required: true, description: 'YYYY-MM-DD (UTC)' })
  @ApiQuery({ name: 'format', required: false, enum: ['json', 'csv'] })
  async report(
    @Query('operator') operator: string | undefined,
    @Query('date') date: string | undefined,
    @Query('format') format: string | undefined,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: { setHeader(name: string, value: string): unknown },
  ) {
    if (!operator || operator.length > 128)
      throw new LedgerError('INVALID_REQUEST', 'operator: an operator id');
    if (!date || !DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
      throw new LedgerError('INVALID_REQUEST', 'date: YYYY-MM-DD');
    if (format !== undefined && format !== 'json' && format !== 'csv')
      throw new LedgerError('INVALID_REQUEST', 'format: json or csv');
    const calls = await this.ds.transaction((m) => platformCalls(sqlOf(m), operator, date));
    const items = calls.map((c) => ({ ...c, amount: c.amount.toString() }));
    if (format === 'csv' || (format !== 'json' && (accept ?? '').includes('text/csv'))) {
      res.setHeader('content-type', 'text/csv; charset=utf-8');
      res.setHeader('content-disposition', `attachment; filename="reconciliation-${operator}-${date}.csv"`);
      return toCsv(items, COLUMNS);
    }
    const totals: Record<string, Record<string, number>> = {};
    for (const c of calls) (totals[c.type] ??= {})[c.state] = (totals[c.type]?.[c.state] ?? 0) + 1;
    return { operator, date, totals, items };
  }

  /**
   * Resolves a failed call by hand (`{ "reason": "…" }`, required): state `manual`, the books moved as a
   * confirmation would, an audit row with who and why (resolve-call.ts).
   */
  @Post('reconciliation/:operatorId/calls/:transactionId/resolve')
  @Requires('reports.financial')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resolve a failed seamless call by hand (settled at the operator), audited' })
  async resolve(
    @Param('operatorId') operatorId: string,
    @Param('transactionId') transactionId: string,
    @Body() body: unknown,
    @CurrentStaff() who: StaffPrincipal,
  ) {
    const reason = (body as { reason?: unknown } | undefined)?.reason;
    if (typeof reason !== 'string' || reason.trim().length < 3 || reason.length > 500)
      throw new LedgerError('INVALID_REQUEST', 'reason: 3 to 500 characters');
    if (operatorId.length > 128 || transactionId.length > 200)
      throw new LedgerError('INVALID_REQUEST', 'operator or transaction id too long');
    return resolveFailedCall(this.ds, who, operatorId, transactionId, reason.trim());
  }
}
