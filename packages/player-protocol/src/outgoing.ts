/**
 * A payload as a service builds it: money may still be a bigint, which the socket layer turns into its decimal
 * string (table-kit's `toWire`) before it is sent. The wire types in this package say `string` for money.
 */
export type Outgoing<T> = T extends string
  ? string | bigint
  : T extends readonly (infer E)[]
    ? readonly Outgoing<E>[]
    : T extends object
      ? { [K in keyof T]: Outgoing<T[K]> }
      : T;
