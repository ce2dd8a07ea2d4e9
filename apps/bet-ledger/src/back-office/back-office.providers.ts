import { AlertsController } from './alerts/alerts.controller';
import { AlertsService } from './alerts/alerts.service';
import { AuditService } from './audit/audit.service';
import { AuthController } from './auth/auth.controller';
import { StaffAuthService } from './auth/staff-auth.service';
import { OperatorsController } from './operators/operators.controller';
import { OperatorsService } from './operators/operators.service';
import { PlayerReportsService } from './reports/player-reports.service';
import { ReportsController } from './reports/reports.controller';
import { BonusReportController } from './reports/bonus-report.controller';
import { ExchangeRatesController } from './reports/exchange-rates.controller';
import { ExchangeRatesService } from './reports/exchange-rates.service';
import { ReportsService } from './reports/reports.service';
import { StaffController } from './staff/staff.controller';
import { StaffRepository } from './auth/staff.repository';
import { StaffService } from './staff/staff.service';

/** The back office's routes and services (docs/back-office.md), part of the ledger's module. */
export const BACK_OFFICE_CONTROLLERS = [
  AuthController,
  StaffController,
  ReportsController,
  BonusReportController,
  ExchangeRatesController,
  AlertsController,
  OperatorsController,
];
export const BACK_OFFICE_PROVIDERS = [
  StaffRepository,
  StaffAuthService,
  StaffService,
  AuditService,
  ReportsService,
  PlayerReportsService,
  ExchangeRatesService,
  AlertsService,
  OperatorsService,
];
