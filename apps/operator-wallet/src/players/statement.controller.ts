import { BadRequestException, Controller, Get, Header, Query, UseGuards } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminTokenGuard } from './admin-token.guard';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `GET /admin/statement?date=YYYY-MM-DD`: the wallet's statement of one UTC day, as an operator sends it to its
 * game provider for reconciliation (`npm run reconcile`). CSV `transactionId,type,amount,currency,status`, one line
 * per call it recorded that day: status `confirmed` (applied), `rolled_back` (a debit a rollback cancelled) or
 * `refused`; a rollback's amount is what it gave back (0 when the debit never moved money). The mark a rollback
 * leaves under a debit it never saw is not a call, so it is left out.
 */
@Controller('admin')
@UseGuards(AdminTokenGuard)
export class StatementController {
  constructor(private readonly ds: DataSource) {}

  @Get('statement')
  @Header('content-type', 'text/csv; charset=utf-8')
  async statement(@Query('date') date: string | undefined): Promise<string> {
    if (!date || !DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
      throw new BadRequestException({ code: 'INVALID_REQUEST', message: 'date: YYYY-MM-DD' });
    const rows: { transaction_id: string; call: string; amount: string; currency: string; state: string }[] =
      await this.ds.query(
        `SELECT t.transaction_id, t.call, t.amount::text AS amount, p.currency, t.state
         FROM wallet_transactions t JOIN wallet_players p ON p.player_id = t.player_id
         WHERE t.created_at >= $1::date AND t.created_at < $1::date + 1
           AND t.request_hash IS NOT NULL
         ORDER BY t.created_at, t.transaction_id`,
        [date],
      );
    const status = (s: string) =>
      s === 'refused' ? 'refused' : s === 'rolled_back' ? 'rolled_back' : 'confirmed';
    return (
      [
        'transactionId,type,amount,currency,status',
        ...rows.map((r) => [r.transaction_id, r.call, r.amount, r.currency, status(r.state)].join(',')),
      ].join('\n') + '\n'
    );
  }
}
