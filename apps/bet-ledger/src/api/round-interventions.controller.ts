import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { actorOf, AuditService } from '../back-office/audit/audit.service';
import { CurrentStaff, Requires } from '../back-office/auth/back-office.guard';
import { StaffPrincipal } from '../back-office/auth/permissions';
import { LedgerError } from '../errors/ledger.errors';
import { tableIdSchema } from '../tables/table-settings';
import { InterveneRoundUseCase } from '../use-cases/intervene-round/intervene-round.use-case';
import { BackOfficeGuard } from './operator-auth.guard';
import {
  AttentionListQuery,
  attentionListSchema,
  AttentionPageDto,
  InterventionAuditDto,
  InterventionDto,
  ResubmitRoundDto,
  ResubmitRoundRequest,
  resubmitRoundSchema,
  VoidRoundDto,
  VoidRoundRequest,
  voidRoundSchema,
} from './round-intervention.dto';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';

/** A round key from the path: an invalid one is refused before any lookup. */
function roundOf(tableId: string, roundId: string) {
  if (!tableIdSchema.safeParse(tableId).success || roundId.length === 0 || roundId.length > 200)
    throw new LedgerError('INVALID_REQUEST', `invalid round ${tableId}/${roundId}`);
  return { tableId, roundId };
}

/** Disputed and stuck rounds (docs/ledger.md#disputed-and-stuck-rounds): listed, voided or resubmitted. */
@ApiTags('back office: rounds')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@Requires('rounds.intervene')
@Controller('rounds')
export class RoundInterventionsController {
  constructor(
    private readonly rounds: InterveneRoundUseCase,
    private readonly audit: AuditService,
  ) {}

  @Get('attention')
  @ApiOperation({ summary: 'Disputed rounds and rounds stuck open or closed, with their stakes in play' })
  @ApiOkResponse({ type: AttentionPageDto })
  async attention(
    @Query(new ZodValidationPipe(attentionListSchema)) q: AttentionListQuery,
  ): Promise<AttentionPageDto> {
    const items = await this.rounds.list({
      tableId: q.table,
      game: q.game,
      status: q.status,
      after: q.after,
      limit: q.limit,
    });
    const last = items[items.length - 1];
    return { items, nextAfter: items.length === q.limit && last ? `${last.tableId}/${last.roundId}` : null };
  }

  @Get(':tableId/:roundId/interventions')
  @ApiOperation({ summary: "A round's audited interventions, oldest first" })
  @ApiOkResponse({ type: [InterventionAuditDto] })
  interventions(@Param('tableId') tableId: string, @Param('roundId') roundId: string) {
    return this.rounds.interventions(roundOf(tableId, roundId));
  }

  @Post(':tableId/:roundId/void')
  @HttpCode(200)
  @ApiOperation({ summary: 'Refunds every live stake of a disputed or stuck round (audited)' })
  @ApiBody({ type: VoidRoundDto })
  @ApiOkResponse({ type: InterventionDto })
  @ApiNotFoundResponse({ description: 'ROUND_NOT_FOUND' })
  @ApiConflictResponse({ description: 'ROUND_FINAL, ROUND_NOT_STUCK, ROUND_RESULT_PARKED' })
  async void(
    @CurrentStaff() who: StaffPrincipal,
    @Param('tableId') tableId: string,
    @Param('roundId') roundId: string,
    @Body(new ZodValidationPipe(voidRoundSchema)) body: VoidRoundRequest,
  ) {
    const done = await this.rounds.void(roundOf(tableId, roundId), {
      ...body,
      actor: actorOf(who, body.actor),
    });
    await this.audit.record(who, 'round.void', `round/${tableId}/${roundId}`, body.reason, {
      intervention: done.id,
    });
    return done;
  }

  @Post(':tableId/:roundId/resubmit')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Settles a disputed round from a corrected result, checked by the engine (audited)',
  })
  @ApiBody({ type: ResubmitRoundDto })
  @ApiOkResponse({ type: InterventionDto })
  @ApiNotFoundResponse({ description: 'ROUND_NOT_FOUND' })
  @ApiConflictResponse({ description: 'ROUND_FINAL, ROUND_NOT_DISPUTED' })
  @ApiUnprocessableEntityResponse({ description: 'ROUND_RESULT_REFUSED (the round stays disputed)' })
  async resubmit(
    @CurrentStaff() who: StaffPrincipal,
    @Param('tableId') tableId: string,
    @Param('roundId') roundId: string,
    @Body(new ZodValidationPipe(resubmitRoundSchema)) body: ResubmitRoundRequest,
  ) {
    const { result, actor, reason } = body;
    const done = await this.rounds.resubmit(
      roundOf(tableId, roundId),
      { actor: actorOf(who, actor), reason },
      result,
    );
    await this.audit.record(who, 'round.resubmit', `round/${tableId}/${roundId}`, reason, {
      intervention: done.id,
      result,
    });
    return done;
  }
}
