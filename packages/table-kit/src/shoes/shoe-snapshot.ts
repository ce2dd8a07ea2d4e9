import { restoreShoe, Shoe, ShoeSnapshot } from '@casino/cards';

/** A card table's state whose shoe in play holds the real Shoe (automatic dealer) or none (studio). */
export interface TableWithDealtShoe {
  shoe: { shoe: Shoe | null } | null;
}

/** Such a state as the state store keeps it: versioned, the Shoe as its snapshot. */
export type ShoeTableSnapshot<S extends TableWithDealtShoe> = Omit<S, 'shoe'> & {
  version: 1;
  shoe: (Omit<NonNullable<S['shoe']>, 'shoe'> & { shoe: ShoeSnapshot | null }) | null;
};

export function toShoeTableSnapshot<S extends TableWithDealtShoe>(state: S): ShoeTableSnapshot<S> {
  const shoe = state.shoe ? { ...state.shoe, shoe: state.shoe.shoe?.snapshot() ?? null } : null;
  // Spreads of a generic state are typed as intersections; the result is the state with its shoe replaced.
  return { ...state, version: 1, shoe } as ShoeTableSnapshot<S>;
}

/** The state back from its snapshot; undefined when the snapshot is not one (another version). */
export function fromShoeTableSnapshot<S extends TableWithDealtShoe>(data: unknown): S | undefined {
  if (typeof data !== 'object' || data === null || (data as { version?: unknown }).version !== 1)
    return undefined;
  const snap = data as ShoeTableSnapshot<S>;
  const { version: _version, ...rest } = snap;
  const shoe = snap.shoe ? { ...snap.shoe, shoe: snap.shoe.shoe ? restoreShoe(snap.shoe.shoe) : null } : null;
  // The stored state with its shoe restored: the state itself (the snapshot's shape is trusted, as stored).
  return { ...rest, shoe } as unknown as S;
}
