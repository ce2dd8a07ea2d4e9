import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
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
import { LedgerError } from '../errors/ledger.errors';
import { tableIdSchema } from '../tables/table-settings';
import { ManageTablesUseCase } from '../use-cases/manage-tables/manage-tables.use-case';
import { BackOfficeGuard } from './operator-auth.guard';
import {
  CloseTableDto,
  CloseTableRequest,
  closeTableSchema,
  PutTableDto,
  PutTableRequest,
  putTableSchema,
  TableChangeDto,
  TableDetailDto,
  TableListQuery,
  tableListSchema,
  TablePageDto,
} from './put-table.dto';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';

function tableIdOf(id: string): string {
  if (!tableIdSchema.safeParse(id).success)
    throw new LedgerError('INVALID_REQUEST', `invalid table id ${id}`);
  return id;
}

/** The table catalogue (docs/ledger.md#table-catalogue): what the ledger takes a round's settings from. */
@ApiTags('back office: table catalogue')
@ApiBearerAuth()
@UseGuards(BackOfficeGuard)
@Requires('tables.read')
@Controller('tables')
export class TableCatalogueController {
  constructor(
    private readonly tables: ManageTablesUseCase,
    private readonly audit: AuditService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Tables of the catalogue, in id order (page with `after`)' })
  @ApiOkResponse({ type: TablePageDto })
  async list(@Query(new ZodValidationPipe(tableListSchema)) q: TableListQuery): Promise<TablePageDto> {
    const items = await this.tables.list({ limit: q.limit, after: q.after });
    return { items, nextAfter: items.length === q.limit ? (items[items.length - 1]?.tableId ?? null) : null };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One table with its audited changes' })
  @ApiOkResponse({ type: TableDetailDto })
  @ApiNotFoundResponse({ description: 'TABLE_NOT_FOUND' })
  get(@Param('id') id: string) {
    return this.tables.get(tableIdOf(id));
  }

  @Put(':id')
  @Requires('tables.write')
  @ApiOperation({ summary: 'Creates or updates a table (validated with the engines; audited)' })
  @ApiBody({ type: PutTableDto })
  @ApiOkResponse({ type: TableChangeDto, description: '200 updated or unchanged, 201 created' })
  @ApiBadRequestResponse({ description: 'INVALID_REQUEST, TABLE_SETTINGS_INVALID' })
  @ApiConflictResponse({ description: 'TABLE_GAME_CHANGED' })
  async put(
    @CurrentStaff() who: StaffPrincipal,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(putTableSchema)) body: PutTableRequest,
    @Res({ passthrough: true }) res: { status(code: number): void },
  ) {
    const change = await this.tables.put(tableIdOf(id), { ...body, actor: actorOf(who, body.actor) });
    await this.audit.record(
      who,
      change.created ? 'table.create' : 'table.update',
      `table/${id}`,
      body.reason,
      {
        changed: change.changed,
      },
    );
    res.status(change.created ? 201 : 200);
    return change;
  }

  @Post(':id/close')
  @Requires('tables.write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Closes a table: its next RoundOpened is refused (open rounds finish); audited' })
  @ApiBody({ type: CloseTableDto })
  @ApiOkResponse({ type: TableChangeDto })
  @ApiNotFoundResponse({ description: 'TABLE_NOT_FOUND' })
  async close(
    @CurrentStaff() who: StaffPrincipal,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(closeTableSchema)) body: CloseTableRequest,
  ) {
    const change = await this.tables.close(tableIdOf(id), { ...body, actor: actorOf(who, body.actor) });
    await this.audit.record(who, 'table.close', `table/${id}`, body.reason);
    return change;
  }
}
