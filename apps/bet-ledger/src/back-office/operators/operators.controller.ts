import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { LedgerError } from '../../errors/ledger.errors';
import { ZodValidationPipe } from '../../validation/zod-validation.pipe';
import { AuditService } from '../audit/audit.service';
import { BackOfficeGuard, CurrentStaff, Requires } from '../auth/back-office.guard';
import { StaffPrincipal } from '../auth/permissions';
import {
  CreatedOperatorDto,
  CreateOperatorDto,
  CreateOperatorRequest,
  createOperatorSchema,
  IssuedKeyDto,
  OPERATOR_ID_PATTERN,
  OperatorActionDto,
  OperatorActionRequest,
  operatorActionSchema,
  OperatorViewDto,
  SetWalletProtocolDto,
  SetWalletProtocolRequest,
  setWalletProtocolSchema,
} from './operators.dto';
import { OperatorsService } from './operators.service';

const operatorOf = (id: string) => {
  if (!OPERATOR_ID_PATTERN.test(id)) throw new LedgerError('OPERATOR_NOT_FOUND', `no operator ${id}`);
  return id;
};
const keyOf = (id: string) => {
  if (!/^ck_[0-9a-f]{1,64}$/.test(id)) throw new LedgerError('OPERATOR_KEY_NOT_FOUND', `no key ${id}`);
  return id;
};

/**
 * The operator registry (admins of the platform only): operators, their wallet mode and API keys. A key's secret
 * is in the answer that issues it, once; lists and the audit never carry it. Every change is audited.
 */
@ApiTags('back office: operators')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@Controller('back-office/operators')
export class OperatorsController {
  constructor(
    private readonly operators: OperatorsService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  @Requires('operators.manage')
  @ApiOperation({ summary: 'Operators in id order with their keys (ids and dates, never the secrets)' })
  @ApiOkResponse({ type: [OperatorViewDto] })
  list() {
    return this.operators.list();
  }

  @Post()
  @Requires('operators.manage')
  @ApiOperation({ summary: 'Creates an operator and its first API key (the secret is in the answer, once)' })
  @ApiBody({ type: CreateOperatorDto })
  @ApiCreatedResponse({ type: CreatedOperatorDto })
  async create(
    @CurrentStaff() who: StaffPrincipal,
    @Body(new ZodValidationPipe(createOperatorSchema)) body: CreateOperatorRequest,
  ) {
    const { reason, ...input } = body;
    const made = await this.operators.create(input);
    await this.audit.record(who, 'operator.create', `operator/${made.operator.operatorId}`, reason, {
      name: made.operator.name,
      walletMode: made.operator.walletMode,
      walletUrl: made.operator.walletUrl,
      walletProtocol: made.operator.walletProtocol,
      currencies: made.operator.currencies,
      keyId: made.key.keyId,
    });
    return made;
  }

  @Post(':operatorId/wallet-protocol')
  @HttpCode(200)
  @Requires('operators.manage')
  @ApiOperation({
    summary: "A seamless operator's wallet protocol version: its calls are made in it from now on",
  })
  @ApiBody({ type: SetWalletProtocolDto })
  @ApiOkResponse({ type: OperatorViewDto })
  async setWalletProtocol(
    @CurrentStaff() who: StaffPrincipal,
    @Param('operatorId') operatorId: string,
    @Body(new ZodValidationPipe(setWalletProtocolSchema)) body: SetWalletProtocolRequest,
  ) {
    const before = await this.operators.get(operatorOf(operatorId));
    const after = await this.operators.setWalletProtocol(operatorId, body.version);
    await this.audit.record(who, 'operator.wallet-protocol', `operator/${operatorId}`, body.reason, {
      from: before.walletProtocol,
      to: after.walletProtocol,
    });
    return after;
  }

  @Post(':operatorId/keys')
  @Requires('operators.manage')
  @ApiOperation({ summary: 'Issues another API key; its secret is in the answer, once' })
  @ApiBody({ type: OperatorActionDto })
  @ApiCreatedResponse({ type: IssuedKeyDto })
  async issueKey(
    @CurrentStaff() who: StaffPrincipal,
    @Param('operatorId') operatorId: string,
    @Body(new ZodValidationPipe(operatorActionSchema)) body: OperatorActionRequest,
  ) {
    const key = await this.operators.issueKey(operatorOf(operatorId));
    await this.audit.record(who, 'operator.key.issue', `operator/${operatorId}`, body.reason, {
      keyId: key.keyId,
    });
    return key;
  }

  @Post(':operatorId/keys/:keyId/revoke')
  @HttpCode(200)
  @Requires('operators.manage')
  @ApiOperation({ summary: 'Revokes an API key: requests it signs are refused at once' })
  @ApiBody({ type: OperatorActionDto })
  @ApiOkResponse({ type: OperatorViewDto })
  async revokeKey(
    @CurrentStaff() who: StaffPrincipal,
    @Param('operatorId') operatorId: string,
    @Param('keyId') keyId: string,
    @Body(new ZodValidationPipe(operatorActionSchema)) body: OperatorActionRequest,
  ) {
    const done = await this.operators.revokeKey(operatorOf(operatorId), keyOf(keyId));
    await this.audit.record(who, 'operator.key.revoke', `operator/${operatorId}`, body.reason, { keyId });
    return done;
  }

  @Post(':operatorId/suspend')
  @HttpCode(200)
  @Requires('operators.manage')
  @ApiOperation({
    summary: "Suspends an operator: its players' sessions end, its signed requests are refused",
  })
  @ApiBody({ type: OperatorActionDto })
  @ApiOkResponse({ type: OperatorViewDto })
  suspend(
    @CurrentStaff() who: StaffPrincipal,
    @Param('operatorId') operatorId: string,
    @Body(new ZodValidationPipe(operatorActionSchema)) body: OperatorActionRequest,
  ) {
    return this.changeStatus(who, operatorOf(operatorId), 'suspended', body.reason);
  }

  @Post(':operatorId/activate')
  @HttpCode(200)
  @Requires('operators.manage')
  @ApiOperation({ summary: 'Reactivates a suspended operator' })
  @ApiBody({ type: OperatorActionDto })
  @ApiOkResponse({ type: OperatorViewDto })
  activate(
    @CurrentStaff() who: StaffPrincipal,
    @Param('operatorId') operatorId: string,
    @Body(new ZodValidationPipe(operatorActionSchema)) body: OperatorActionRequest,
  ) {
    return this.changeStatus(who, operatorOf(operatorId), 'active', body.reason);
  }

  private async changeStatus(
    who: StaffPrincipal,
    operatorId: string,
    status: 'active' | 'suspended',
    reason: string,
  ) {
    const done = await this.operators.setStatus(operatorId, status);
    await this.audit.record(
      who,
      status === 'active' ? 'operator.activate' : 'operator.suspend',
      `operator/${operatorId}`,
      reason,
    );
    return done;
  }
}
