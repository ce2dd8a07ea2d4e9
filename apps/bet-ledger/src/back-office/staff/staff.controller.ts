import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ZodValidationPipe } from '../../validation/zod-validation.pipe';
import { LedgerError } from '../../errors/ledger.errors';
import { AuditService } from '../audit/audit.service';
import { BackOfficeGuard, CurrentStaff, Requires } from '../auth/back-office.guard';
import { StaffPrincipal } from '../auth/permissions';
import {
  AuditListQuery,
  auditListSchema,
  CreateStaffDto,
  CreateStaffRequest,
  createStaffSchema,
  StaffActionDto,
  StaffActionRequest,
  staffActionSchema,
  StaffListQuery,
  staffListSchema,
  StaffViewDto,
  StaffWithPasswordDto,
} from './staff.dto';
import { StaffService } from './staff.service';

const idOf = (id: string) => {
  if (!/^[0-9]{1,18}$/.test(id)) throw new LedgerError('STAFF_NOT_FOUND', `no staff member ${id}`);
  return id;
};

/** Staff accounts (admins of the platform) and the audit log; every change is audited. */
@ApiTags('back office: staff')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@Controller('back-office')
export class StaffController {
  constructor(
    private readonly staff: StaffService,
    private readonly audit: AuditService,
  ) {}

  @Post('staff')
  @Requires('staff.manage')
  @ApiOperation({ summary: 'Creates a staff account; its generated password is in the answer, once' })
  @ApiBody({ type: CreateStaffDto })
  @ApiCreatedResponse({ type: StaffWithPasswordDto })
  async create(
    @CurrentStaff() who: StaffPrincipal,
    @Body(new ZodValidationPipe(createStaffSchema)) body: CreateStaffRequest,
  ) {
    const made = await this.staff.create(body);
    await this.audit.record(who, 'staff.create', `staff/${made.staff.id}`, body.reason, {
      username: made.staff.username,
      role: made.staff.role,
      operatorId: made.staff.operatorId,
    });
    return made;
  }

  @Get('staff')
  @Requires('staff.manage')
  @ApiOperation({ summary: 'Staff accounts in id order (`after` = the last id of the previous page)' })
  @ApiOkResponse({ type: [StaffViewDto] })
  list(@Query(new ZodValidationPipe(staffListSchema)) q: StaffListQuery) {
    return this.staff.list({ operatorId: q.operator, limit: q.limit, after: q.after });
  }

  @Post('staff/:id/disable')
  @HttpCode(200)
  @Requires('staff.manage')
  @ApiOperation({ summary: 'Disables an account and ends its sessions' })
  @ApiBody({ type: StaffActionDto })
  @ApiOkResponse({ type: StaffViewDto })
  disable(
    @CurrentStaff() who: StaffPrincipal,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(staffActionSchema)) body: StaffActionRequest,
  ) {
    return this.changeStatus(who, idOf(id), 'disabled', body.reason);
  }

  @Post('staff/:id/enable')
  @HttpCode(200)
  @Requires('staff.manage')
  @ApiOperation({ summary: 'Enables a disabled account' })
  @ApiBody({ type: StaffActionDto })
  @ApiOkResponse({ type: StaffViewDto })
  enable(
    @CurrentStaff() who: StaffPrincipal,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(staffActionSchema)) body: StaffActionRequest,
  ) {
    return this.changeStatus(who, idOf(id), 'active', body.reason);
  }

  @Post('staff/:id/password')
  @HttpCode(200)
  @Requires('staff.manage')
  @ApiOperation({ summary: 'A new generated password (shown once); the sessions end, the lock is lifted' })
  @ApiBody({ type: StaffActionDto })
  @ApiOkResponse({ type: StaffWithPasswordDto })
  async resetPassword(
    @CurrentStaff() who: StaffPrincipal,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(staffActionSchema)) body: StaffActionRequest,
  ) {
    const done = await this.staff.resetPassword(idOf(id));
    await this.audit.record(who, 'staff.password', `staff/${id}`, body.reason);
    return done;
  }

  @Get('audit')
  @Requires('audit.read')
  @ApiOperation({ summary: 'The audit of manual actions, newest first (`before` = the last id of a page)' })
  auditLog(@Query(new ZodValidationPipe(auditListSchema)) q: AuditListQuery) {
    return this.audit.list(q);
  }

  private async changeStatus(who: StaffPrincipal, id: string, status: 'active' | 'disabled', reason: string) {
    const done = await this.staff.setStatus(id, status);
    await this.audit.record(
      who,
      status === 'active' ? 'staff.enable' : 'staff.disable',
      `staff/${id}`,
      reason,
    );
    return done;
  }
}
