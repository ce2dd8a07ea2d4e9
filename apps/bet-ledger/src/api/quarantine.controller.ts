import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { actorOf, AuditService } from '../back-office/audit/audit.service';
import { CurrentStaff, Requires } from '../back-office/auth/back-office.guard';
import { StaffPrincipal } from '../back-office/auth/permissions';
import { ManageQuarantineUseCase } from '../use-cases/manage-quarantine/manage-quarantine.use-case';
import { BackOfficeGuard } from './operator-auth.guard';
import {
  QuarantineActionDto,
  QuarantineActionRequest,
  quarantineActionSchema,
  QuarantinedEventDetailDto,
  QuarantinedEventDto,
  QuarantineDiscardDto,
  QuarantineListQuery,
  quarantineListSchema,
  QuarantineRetryDto,
} from './quarantine.dto';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';

@ApiTags('back office: quarantine')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@Requires('quarantine.manage')
@Controller('quarantine')
export class QuarantineController {
  constructor(
    private readonly quarantine: ManageQuarantineUseCase,
    private readonly audit: AuditService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Messages the ledger parked (newest first), with why and how they were resolved' })
  @ApiOkResponse({ type: [QuarantinedEventDto] })
  list(@Query(new ZodValidationPipe(quarantineListSchema)) q: QuarantineListQuery) {
    return this.quarantine.list({ status: q.status, limit: q.limit, beforeId: q.before });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One parked message with its audited actions' })
  @ApiOkResponse({ type: QuarantinedEventDetailDto })
  @ApiNotFoundResponse({ description: 'QUARANTINE_NOT_FOUND' })
  get(@Param('id') id: string) {
    return this.quarantine.get(id);
  }

  @Post(':id/retry')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Applies a parked message again (after a fix); on success it is resolved and frees what it held',
  })
  @ApiBody({ type: QuarantineActionDto })
  @ApiOkResponse({ type: QuarantineRetryDto })
  @ApiConflictResponse({ description: 'QUARANTINE_NOT_PARKED, or QUARANTINE_RETRY_FAILED (it stays parked)' })
  async retry(
    @CurrentStaff() who: StaffPrincipal,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(quarantineActionSchema)) body: QuarantineActionRequest,
  ) {
    const done = await this.quarantine.retry(id, { ...body, actor: actorOf(who, body.actor) });
    await this.audit.record(who, 'quarantine.retry', `quarantine/${id}`, body.reason);
    return done;
  }

  @Post(':id/discard')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resolves a parked message without applying it; it frees what it held' })
  @ApiBody({ type: QuarantineActionDto })
  @ApiOkResponse({ type: QuarantineDiscardDto })
  @ApiConflictResponse({ description: 'QUARANTINE_NOT_PARKED' })
  async discard(
    @CurrentStaff() who: StaffPrincipal,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(quarantineActionSchema)) body: QuarantineActionRequest,
  ) {
    const done = await this.quarantine.discard(id, { ...body, actor: actorOf(who, body.actor) });
    await this.audit.record(who, 'quarantine.discard', `quarantine/${id}`, body.reason);
    return done;
  }
}
