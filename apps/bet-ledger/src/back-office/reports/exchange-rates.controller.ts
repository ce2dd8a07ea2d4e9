import { Body, Controller, Get, Param, Put, Query, UseGuards } from '@nestjs/common';
import { recordOf } from '@casino/events';
import { ApiBearerAuth, ApiForbiddenResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { LedgerError } from '../../errors/ledger.errors';
import { ZodValidationPipe } from '../../validation/zod-validation.pipe';
import { AuditService } from '../audit/audit.service';
import { BackOfficeGuard, CurrentStaff, Requires } from '../auth/back-office.guard';
import { StaffPrincipal } from '../auth/permissions';
import { RATE_PATTERN } from './currency-conversion';
import { ExchangeRatesService } from './exchange-rates.service';

const currency = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as EUR');
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine((d) => new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'not a real date');

/** `PUT /back-office/exchange-rates/{day}`: a day's rates into one reporting currency (`quote`). */
const putRatesSchema = z
  .object({
    quote: currency,
    rates: recordOf(
      currency,
      z
        .string()
        .regex(RATE_PATTERN, 'a decimal string such as 0.0265 (at most 12 decimals)')
        .refine((r) => /[1-9]/.test(r), 'a rate must be positive'),
    ).refine((r) => Object.keys(r).length > 0 && Object.keys(r).length <= 200, '1 to 200 currencies'),
    reason: z.string().min(1).max(500),
  })
  .strict()
  .refine((b) => !(b.quote in b.rates), 'the reporting currency needs no rate into itself');

const listSchema = z.object({ quote: currency, from: day, to: day }).strict();

const convertedSchema = z
  .object({
    in: currency,
    from: day.optional(),
    to: day.optional(),
    operator: z.string().min(1).max(100).optional(),
  })
  .strict();

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The daily rate table (docs/back-office.md#converted-reports): finance staff put a day's rates, every write
 * audited; reports convert an operator's totals with them. An operator's staff read their own operator only.
 */
@ApiTags('back office: reports')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@ApiForbiddenResponse({ description: 'STAFF_FORBIDDEN, OPERATOR_FORBIDDEN' })
@Controller('back-office')
export class ExchangeRatesController {
  constructor(
    private readonly rates: ExchangeRatesService,
    private readonly audit: AuditService,
  ) {}

  @Put('exchange-rates/:day')
  @Requires('rates.write')
  @ApiOperation({
    summary: "Sets a day's exchange rates into a reporting currency (decimal strings), audited",
  })
  async put(
    @CurrentStaff() who: StaffPrincipal,
    @Param('day') dayParam: string,
    @Body(new ZodValidationPipe(putRatesSchema)) body: z.infer<typeof putRatesSchema>,
  ) {
    const parsed = day.safeParse(dayParam);
    if (!parsed.success) throw new LedgerError('INVALID_REQUEST', `invalid day ${dayParam.slice(0, 20)}`);
    const stored = await this.rates.put(parsed.data, body.quote, body.rates, who.username);
    await this.audit.record(who, 'rates.put', `rates/${body.quote}/${parsed.data}`, body.reason, {
      rates: body.rates,
    });
    return stored;
  }

  @Get('exchange-rates')
  @Requires('reports.financial')
  @ApiOperation({ summary: 'The daily rates into a reporting currency, from and to inclusive' })
  list(@Query(new ZodValidationPipe(listSchema)) q: z.infer<typeof listSchema>) {
    return this.rates.list(q.quote, q.from, q.to);
  }

  @Get('reports/converted')
  @Requires('reports.financial')
  @ApiOperation({
    summary: "Turnover, wins and GGR by UTC day and currency, converted into `in` at the day's rates",
  })
  converted(
    @CurrentStaff() who: StaffPrincipal,
    @Query(new ZodValidationPipe(convertedSchema)) q: z.infer<typeof convertedSchema>,
  ) {
    const from = q.from ?? new Date().toISOString().slice(0, 10);
    const to = q.to ?? nextDay(from);
    if (to <= from) throw new LedgerError('INVALID_REQUEST', '`to` must come after `from`');
    // An operator's staff always report on their own operator (the guard refused any other).
    const operator = who.operatorId ?? q.operator;
    return this.rates.converted({ operator, from, to, quote: q.in });
  }
}
