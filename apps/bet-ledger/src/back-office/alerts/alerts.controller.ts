import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BackOfficeGuard, CurrentStaff, Requires } from '../auth/back-office.guard';
import { StaffPrincipal } from '../auth/permissions';
import { AlertsService } from './alerts.service';

@ApiTags('back office: reports')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@ApiForbiddenResponse({ description: 'STAFF_FORBIDDEN' })
@Controller('back-office')
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get('alerts')
  @Requires('reports.rtp')
  @ApiOperation({
    summary: 'Live RTP drift (outside the 99.9% band over the rolling window) and failed shoe audits',
  })
  list(@CurrentStaff() who: StaffPrincipal) {
    // An operator's staff see their operator's bets and tables only, as the reports do.
    return this.alerts.alerts(who.operatorId ?? undefined);
  }
}
