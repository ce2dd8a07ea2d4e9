import { ValueTransformer } from 'typeorm';

/** PostgreSQL bigint arrives as a string from pg; map it to a JS bigint (and back) so no precision is lost. */
export const bigintTransformer: ValueTransformer = {
  to: (value: bigint | null | undefined) =>
    value === null || value === undefined ? value : value.toString(),
  from: (value: string | null) => (value === null ? null : BigInt(value)),
};
