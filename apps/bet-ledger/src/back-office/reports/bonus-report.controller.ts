import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { sqlOf } from '@casino/wallet';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  bonusDays,
  BonusDayRow,
  bonusLiabilities,
  BonusLiabilityRow,
} from '../../bonus/bonus-report.repository';
import { ZodValidationPipe } from '../../validation/zod-validation.pipe';
import { BackOfficeGuard, CurrentStaff, Requires } from '../auth/back-office.guard';
import { StaffPrincipal } from '../auth/permissions';

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(v)) && new Date(v).toISOString().startsWith(v), 'a calendar date');
const DAY = 86_400_000;

export const bonusReportQuerySchema = z
  .object({ operator: z.string().min(1).max(128).optional(), from: date.optional(), to: date.optional() })
  .strict()
  .refine((q) => !q.from || !q.to || q.from < q.to, 'from before to')
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= 366 * DAY, 'at most 366 days');
export type BonusReportQuery = z.infer<typeof bonusReportQuerySchema>;

/**
 * Bonus funds in the back office (docs/back-office.md#bonus-funds): liabilities now and grants, conversions,
 * forfeits and expiries by operator and UTC day. An operator's staff see their own operator only.
 */
@ApiTags('back office: reports')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@Controller('back-office')
export class BonusReportController {
  constructor(private readonly ds: DataSource) {}

  @Get('reports/bonuses')
  @Requires('reports.financial')
  @ApiQuery({ name: 'operator', required: false })
  @ApiQuery({ name: 'from', required: false, description: 'UTC date, default 30 days before to' })
  @ApiQuery({ name: 'to', required: false, description: 'UTC date (exclusive), default tomorrow' })
  @ApiOperation({
    summary: 'Bonus liabilities now; grants, conversions, forfeits and expiries by operator and day',
  })
  async bonuses(
    @CurrentStaff() who: StaffPrincipal,
    @Query(new ZodValidationPipe(bonusReportQuerySchema)) q: BonusReportQuery,
  ): Promise<{ from: string; to: string; liabilities: BonusLiabilityRow[]; items: BonusDayRow[] }> {
    const operator = who.operatorId ?? q.operator;
    const to = q.to ?? new Date(Date.now() + DAY).toISOString().slice(0, 10);
    const from = q.from ?? new Date(Date.parse(to) - 30 * DAY).toISOString().slice(0, 10);
    return this.ds.transaction(async (m) => {
      const sql = sqlOf(m);
      return {
        from,
        to,
        liabilities: await bonusLiabilities(sql, operator),
        items: await bonusDays(sql, { operator, from, to }),
      };
    });
  }
}
