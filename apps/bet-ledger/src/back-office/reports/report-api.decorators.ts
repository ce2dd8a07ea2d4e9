import { applyDecorators } from '@nestjs/common';
import { GAME_IDS } from '@casino/games';
import { ApiQuery } from '@nestjs/swagger';

const q = (name: string, description: string, extra: Record<string, unknown> = {}) =>
  ApiQuery({ name, required: false, description, ...extra });

/** OpenAPI of the filters every report takes (validated by report-query.ts's zod schemas). */
export const ApiReportFilters = () =>
  applyDecorators(
    q('operator', "an operator id (an operator's staff: theirs only)"),
    q('game', GAME_IDS.join(' | '), { enum: GAME_IDS }),
    q('table', 'a table id'),
    q('currency', 'ISO 4217 code, e.g. EUR'),
    q('from', 'start, inclusive, local to tz: YYYY-MM-DD or YYYY-MM-DDTHH:mm (default: today)'),
    q('to', 'end, exclusive, local to tz (default: a day after from)'),
    q('tz', 'IANA time zone (default UTC)'),
    q('limit', 'rows per page, 1..10000 (default 100)', { type: Number }),
    q('offset', 'rows to skip (the previous page’s nextOffset)', { type: Number }),
    q('format', 'json (default) or csv; Accept: text/csv also gives CSV', { enum: ['json', 'csv'] }),
  );
