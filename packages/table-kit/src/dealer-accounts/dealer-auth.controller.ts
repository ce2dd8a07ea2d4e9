import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { parseMessage } from '../wire/message-schemas';
import { DealerRequest, clientIp } from './dealer-request';
import { isPitBoss } from './dealer-account';
import { DEALER_STORE } from './dealer-accounts-options';
import { DealerAuthGuard } from './dealer-auth.guard';
import { DealerAuthService, LoginAnswer } from './dealer-auth.service';
import { dealerRefusal, LoginThrottledRefusal } from './dealer-errors';
import { AuditRecord, DealerStore } from './dealer-store';
import { auditQuerySchema } from './audit-query.dto';
import { loginSchema } from './login.dto';

/** What the controller needs of the response (Express): the Retry-After header. */
interface HeaderResponse {
  setHeader(name: string, value: string): unknown;
}

export interface AuditPage {
  entries: (Omit<AuditRecord, 'at'> & { at: string })[];
  /** Pass as `after` for the next page; null on the last page. */
  next: string | null;
}

function parse<S extends z.ZodTypeAny>(schema: S, data: unknown): z.infer<S> {
  const msg = parseMessage(schema, data);
  if (!msg.ok) throw dealerRefusal('INVALID_MESSAGE', msg.message);
  return msg.value;
}

/** Dealer login and the pit boss's reading of the audit log. */
@Controller('dealer')
export class DealerAuthController {
  constructor(
    private readonly auth: DealerAuthService,
    @Inject(DEALER_STORE) private readonly store: DealerStore,
  ) {}

  @Post('login')
  @HttpCode(200)
  async login(
    @Req() req: DealerRequest,
    @Body() body: unknown,
    @Res({ passthrough: true }) res: HeaderResponse,
  ): Promise<LoginAnswer> {
    const msg = parse(loginSchema, body);
    try {
      return await this.auth.login(msg.dealerId, msg.password, clientIp(req));
    } catch (err) {
      if (err instanceof LoginThrottledRefusal) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  }

  @Get('audit')
  @UseGuards(DealerAuthGuard)
  async readAudit(@Req() req: DealerRequest, @Query() query: unknown): Promise<AuditPage> {
    if (!req.dealer || !isPitBoss(req.dealer)) throw dealerRefusal('PIT_BOSS_ONLY');
    const q = parse(auditQuerySchema, query);
    const rows = await this.store.readAudit({
      tableId: q.tableId,
      from: q.from === undefined ? undefined : new Date(q.from),
      to: q.to === undefined ? undefined : new Date(q.to),
      after: q.after,
      limit: q.limit,
    });
    return {
      entries: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
      next: rows.length === q.limit ? (rows.at(-1)?.id ?? null) : null,
    };
  }
}
