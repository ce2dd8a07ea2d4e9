import { currencySchema } from '@casino/events';
import { GAME_IDS } from '@casino/games';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { z } from 'zod';
import { dealerLanguageSchema, producerSchema } from '../tables/table-settings';

const actorFields = {
  actor: z.string().trim().min(1).max(200),
  reason: z.string().trim().min(1).max(1_000),
};

/** The table's settings are checked by the use case (events' schema + engines), so a bad one gets its own code. */
export const putTableSchema = z
  .object({
    variant: z.string().trim().min(1).max(64),
    dealer: z.enum(['studio', 'auto']).optional(),
    dealerLanguage: dealerLanguageSchema.nullable().optional(),
    currency: currencySchema,
    producer: producerSchema,
    settings: z.record(z.string(), z.unknown()),
    status: z.enum(['open', 'closed']).optional(),
    ...actorFields,
  })
  .strict();
export type PutTableRequest = z.infer<typeof putTableSchema>;

export const closeTableSchema = z.object(actorFields).strict();
export type CloseTableRequest = z.infer<typeof closeTableSchema>;

export const tableListSchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(500).default(100),
    after: z.string().min(1).max(128).optional(),
  })
  .strict();
export type TableListQuery = z.infer<typeof tableListSchema>;

export class PutTableDto {
  @ApiProperty({ example: 'live', description: 'live, rng, studio…: shown, not checked against messages' })
  variant!: string;
  @ApiPropertyOptional({
    enum: ['studio', 'auto'],
    description:
      "who draws the results: `studio`, a live dealer (with LEDGER_LIVE_RESULTS=signed a result settles only signed by the table's studio key), or `auto`, the service's automatic dealer; absent: a new table is `studio`, an existing one keeps its own",
  })
  dealer?: string;
  @ApiPropertyOptional({
    example: 'en',
    nullable: true,
    description:
      "the dealer's language, a BCP 47 tag (`en`, `tr`, `pt-BR`), listed in the operators' catalogue; absent keeps the table's, null clears it",
  })
  dealerLanguage?: string | null;
  @ApiProperty({ example: 'EUR' }) currency!: string;
  @ApiProperty({ example: 'baccarat-service', description: "the service that opens the table's rounds" })
  producer!: string;
  @ApiProperty({
    description:
      "RoundOpened.table as docs/events.md defines it, without baccarat's per-round roundInShoe; amounts as " +
      'decimal strings of minor units. Checked with the events schema and the engines (blackjack ' +
      "validateTableRules: a departure from the operators' rules names its variant; baccarat pay tables), " +
      'limit keys the game offers, min ≤ max, table maxima.',
    example: {
      game: 'baccarat',
      payTable: 'commission',
      limits: { player: { min: '100', max: '1000000' }, banker: { min: '100', max: '1000000' } },
      tableMax: {},
    },
  })
  settings!: Record<string, unknown>;
  @ApiPropertyOptional({
    enum: ['open', 'closed'],
    description: 'absent: a new table opens, an existing one keeps its status',
  })
  status?: string;
  @ApiProperty({ example: 'jane.doe', description: 'who changes it (audited)' }) actor!: string;
  @ApiProperty({ example: 'new VIP limits, ticket OPS-42', description: 'why (audited)' }) reason!: string;
}

export class CloseTableDto {
  @ApiProperty({ example: 'jane.doe' }) actor!: string;
  @ApiProperty({ example: 'table retired' }) reason!: string;
}

export class TableDto {
  @ApiProperty() tableId!: string;
  @ApiProperty({ enum: GAME_IDS }) game!: string;
  @ApiProperty() variant!: string;
  @ApiProperty({ enum: ['studio', 'auto'] }) dealer!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "the dealer's language (BCP 47), null when not set",
  })
  dealerLanguage!: string | null;
  @ApiProperty() currency!: string;
  @ApiProperty({ description: 'the settings rounds are decided and settled with (amounts as strings)' })
  settings!: Record<string, unknown>;
  @ApiProperty() producer!: string;
  @ApiProperty({ enum: ['open', 'closed'] }) status!: string;
  @ApiProperty({ description: 'counts changes, from 1' }) version!: number;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
  @ApiProperty({ description: 'who changed it last' }) updatedBy!: string;
}

export class TableAuditDto {
  @ApiProperty({ enum: ['create', 'update', 'close'] }) action!: string;
  @ApiProperty() actor!: string;
  @ApiProperty() reason!: string;
  @ApiProperty({ type: TableDto, nullable: true }) before!: TableDto | null;
  @ApiProperty({ type: TableDto }) after!: TableDto;
  @ApiProperty() at!: string;
}

export class TableDetailDto extends TableDto {
  @ApiProperty({ type: [TableAuditDto] }) audit!: TableAuditDto[];
}

export class TableChangeDto {
  @ApiProperty({ type: TableDto }) table!: TableDto;
  @ApiProperty({ description: 'false when the request matched the table as it was (nothing written)' })
  changed!: boolean;
  @ApiProperty() created!: boolean;
}

export class TablePageDto {
  @ApiProperty({ type: [TableDto] }) items!: TableDto[];
  @ApiProperty({ nullable: true, description: 'pass as `after` for the next page' }) nextAfter!:
    string | null;
}
