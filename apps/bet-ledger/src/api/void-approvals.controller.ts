import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AuditService } from '../back-office/audit/audit.service';
import { CurrentStaff, Requires } from '../back-office/auth/back-office.guard';
import { StaffPrincipal } from '../back-office/auth/permissions';
import { LedgerError } from '../errors/ledger.errors';
import { tableIdSchema } from '../tables/table-settings';
import { ApproveVoidUseCase } from '../use-cases/approve-void/approve-void.use-case';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { BackOfficeGuard } from './operator-auth.guard';
import {
  ApproveVoidDto,
  ApproveVoidRequest,
  approveVoidSchema,
  VoidApprovalResultDto,
  VoidListQuery,
  voidListSchema,
  VoidsDto,
} from './void-approvals.dto';

/**
 * Voids after betting closed (docs/ledger.md#voids-after-betting-closed): a pit boss approves the void of a round,
 * and the back office lists the approvals and the voids the ledger held for want of one.
 */
@ApiTags('back office: rounds')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@Controller('rounds')
export class VoidApprovalsController {
  constructor(
    private readonly voids: ApproveVoidUseCase,
    private readonly audit: AuditService,
  ) {}

  @Get('voids')
  @Requires('rounds.intervene')
  @ApiOperation({ summary: 'Pit boss approvals of voids and the voids held without one, newest first' })
  @ApiOkResponse({ type: VoidsDto })
  async list(@Query(new ZodValidationPipe(voidListSchema)) q: VoidListQuery): Promise<VoidsDto> {
    const filter = { tableId: q.table, limit: q.limit, pendingOnly: q.pending === 'true' };
    const [approvals, held] = await Promise.all([this.voids.approvals(filter), this.voids.held(filter)]);
    return { approvals, held };
  }

  @Post(':tableId/:roundId/void-approval')
  @HttpCode(200)
  @Requires('rounds.approve-void')
  @ApiOperation({
    summary:
      "A pit boss approves the round's void: a held void is applied at once, a later one when it comes (audited)",
  })
  @ApiBody({ type: ApproveVoidDto })
  @ApiOkResponse({ type: VoidApprovalResultDto })
  @ApiForbiddenResponse({ description: 'STAFF_FORBIDDEN (a pit boss only, logged in as themself)' })
  @ApiNotFoundResponse({ description: 'ROUND_NOT_FOUND' })
  @ApiConflictResponse({ description: 'ROUND_FINAL' })
  async approve(
    @CurrentStaff() who: StaffPrincipal,
    @Param('tableId') tableId: string,
    @Param('roundId') roundId: string,
    @Body(new ZodValidationPipe(approveVoidSchema)) body: ApproveVoidRequest,
  ): Promise<VoidApprovalResultDto> {
    if (!tableIdSchema.safeParse(tableId).success || roundId.length === 0 || roundId.length > 200)
      throw new LedgerError('INVALID_REQUEST', `invalid round ${tableId}/${roundId}`);
    if (who.kind !== 'staff' || who.staffId === null) throw new LedgerError('STAFF_FORBIDDEN');
    const done = await this.voids.approve(
      { tableId, roundId },
      { staffId: who.staffId, username: who.username, role: who.role },
      body.reason,
    );
    await this.audit.record(who, 'round.void-approve', `round/${tableId}/${roundId}`, body.reason, {
      approvalId: done.approval.approvalId,
      created: done.created,
      appliedEventId: done.appliedEventId,
    });
    return done;
  }
}
