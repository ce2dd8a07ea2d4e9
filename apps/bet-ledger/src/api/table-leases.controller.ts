import { Body, Controller, Delete, Get, HttpCode, Param, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { poolSql } from '../database/pool-sql';
import { AuditService } from '../back-office/audit/audit.service';
import { CurrentStaff, Requires } from '../back-office/auth/back-office.guard';
import { StaffPrincipal } from '../back-office/auth/permissions';
import { StaffActionRequest, staffActionSchema } from '../back-office/staff/staff.dto';
import { LedgerError } from '../errors/ledger.errors';
import { tableIdSchema } from '../tables/table-settings';
import { forgetTableLease, TableLeaseView, tableLeaseOf } from '../tables/table-leases.repository';
import { removeResultKey, setResultKey } from '../tables/table-result-keys.repository';
import { isResultPublicKey } from '@casino/events';
import { z } from 'zod';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { BackOfficeGuard } from './operator-auth.guard';

export class TableLeaseDto implements TableLeaseView {
  @ApiProperty() tableId!: string;
  @ApiProperty({ description: 'the game service instance that held the table' }) holder!: string;
  @ApiProperty({ description: 'its lease fencing epoch' }) epoch!: number;
  @ApiProperty() updatedAt!: string;
}

export class TableResultKeyDto {
  @ApiProperty() tableId!: string;
  @ApiProperty({ description: "the studio's Ed25519 public key (PEM)" }) publicKey!: string;
  @ApiProperty() setBy!: string;
  @ApiProperty() reason!: string;
  @ApiProperty() setAt!: string;
}

const resultKeySchema = z
  .object({
    publicKey: z.string().max(2_000).refine(isResultPublicKey, 'an Ed25519 public key in PEM'),
    reason: z.string().trim().min(1).max(1_000),
  })
  .strict();

const tableOf = (tableId: string): string => {
  if (!tableIdSchema.safeParse(tableId).success)
    throw new LedgerError('INVALID_REQUEST', `invalid table ${tableId}`);
  return tableId;
};

/**
 * Who runs a table and who reports its results: the newest table lease a round of the table was admitted under (docs/kafka-security.md#who-runs-a-table-the-table-lease), and
 * its reset once the game service's own lease table started over (a restored or new database).
 */
@ApiTags('back office: tables')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@Controller('tables')
export class TableLeasesController {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditService,
  ) {}

  @Get(':tableId/lease')
  @Requires('tables.read')
  @ApiOperation({ summary: 'The lease (instance, epoch) the newest round of the table was opened under' })
  @ApiOkResponse({ type: TableLeaseDto })
  async lease(@Param('tableId') tableId: string): Promise<TableLeaseDto> {
    const lease = await tableLeaseOf(this.sql(), tableOf(tableId));
    if (!lease) throw new LedgerError('TABLE_NOT_FOUND', `no round of ${tableId} was opened under a lease`);
    return lease;
  }

  @Delete(':tableId/lease')
  @HttpCode(200)
  @Requires('tables.write')
  @ApiOperation({
    summary: "Forgets the table's lease record: the next round is admitted under any epoch (audited)",
  })
  @ApiOkResponse({ type: TableLeaseDto })
  async forget(
    @CurrentStaff() who: StaffPrincipal,
    @Param('tableId') tableId: string,
    @Body(new ZodValidationPipe(staffActionSchema)) body: StaffActionRequest,
  ): Promise<TableLeaseDto> {
    const lease = await forgetTableLease(this.sql(), tableOf(tableId));
    if (!lease) throw new LedgerError('TABLE_NOT_FOUND', `no lease is recorded for ${tableId}`);
    await this.audit.record(who, 'table.lease-forget', `table/${tableId}`, body.reason, { ...lease });
    return lease;
  }

  @Put(':tableId/result-key')
  @Requires('tables.write')
  @ApiOperation({
    summary: "Registers the studio's key: the table's results then settle only with its signature (audited)",
  })
  @ApiOkResponse({ type: TableResultKeyDto })
  async setKey(
    @CurrentStaff() who: StaffPrincipal,
    @Param('tableId') tableId: string,
    @Body(new ZodValidationPipe(resultKeySchema)) body: z.infer<typeof resultKeySchema>,
  ): Promise<TableResultKeyDto> {
    const key = await setResultKey(this.sql(), {
      tableId: tableOf(tableId),
      publicKey: body.publicKey,
      setBy: who.username,
      reason: body.reason,
    });
    await this.audit.record(who, 'table.result-key', `table/${tableId}`, body.reason, {
      publicKey: body.publicKey,
    });
    return key;
  }

  @Delete(':tableId/result-key')
  @HttpCode(200)
  @Requires('tables.write')
  @ApiOperation({ summary: "Removes the studio's key: the table's results settle unsigned again (audited)" })
  @ApiOkResponse({ type: TableResultKeyDto })
  async removeKey(
    @CurrentStaff() who: StaffPrincipal,
    @Param('tableId') tableId: string,
    @Body(new ZodValidationPipe(staffActionSchema)) body: StaffActionRequest,
  ): Promise<TableResultKeyDto> {
    const key = await removeResultKey(this.sql(), tableOf(tableId));
    if (!key) throw new LedgerError('TABLE_NOT_FOUND', `no result key is registered for ${tableId}`);
    await this.audit.record(who, 'table.result-key-remove', `table/${tableId}`, body.reason, {});
    return key;
  }

  private sql() {
    return poolSql(this.ds);
  }
}
