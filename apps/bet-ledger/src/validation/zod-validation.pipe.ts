import { PipeTransform } from '@nestjs/common';
import { ZodType } from 'zod';
import { LedgerError } from '../errors/ledger.errors';

/** Validates a request body or query with zod; INVALID_REQUEST naming every issue otherwise. */
export class ZodValidationPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T, unknown>) {}

  transform(value: unknown): T {
    const parsed = this.schema.safeParse(value);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);
      throw new LedgerError('INVALID_REQUEST', `invalid request: ${issues.join('; ')}`);
    }
    return parsed.data;
  }
}
