/**
 * A snapshot saved in two parts: `base`, written whole at every save, and `rows`, an append-only list of immutable
 * objects (a round's bets) that a store writes again only where another object stands at a place, so a save costs
 * what the step changed, not the size of the round (docs/services.md, "The table machine"). `generation` names the
 * list (the round): when it changes, every row is written again.
 */
export class SplitSnapshot {
  constructor(
    readonly base: unknown,
    readonly generation: string,
    readonly rows: readonly object[],
  ) {}
}

/** A live table's state as far as its bets go: a BetBook (bets/bet-book.ts) in its round. */
interface WithRoundBook {
  round?: { book?: { roundId: string; bets: readonly object[] } } | null;
}

/** A live table's snapshot with its round's bets (`round.book.bets`) apart; any other snapshot as it is. */
export function roundBookApart(snapshot: unknown): unknown {
  const round = (snapshot as WithRoundBook | null)?.round;
  if (!round?.book) return snapshot;
  const base = { ...(snapshot as object), round: { ...round, book: { ...round.book, bets: [] } } };
  return new SplitSnapshot(base, round.book.roundId, round.book.bets);
}

/** The snapshot with its round's bets back in place (a whole snapshot, saved before the split, as it is). */
export function roundBookJoined(snapshot: unknown): unknown {
  if (!(snapshot instanceof SplitSnapshot)) return snapshot;
  const base = snapshot.base as WithRoundBook & object;
  const round = base.round;
  if (!round?.book) return base;
  return { ...base, round: { ...round, book: { ...round.book, bets: snapshot.rows } } };
}

/** What the store remembers of a split snapshot it saved: which objects stand where, by generation. */
export interface SavedRows {
  generation: string;
  rows: readonly object[];
}

/** The places of `snapshot`'s rows to write, given what was saved last (all of them for a new generation). */
export function changedRows(snapshot: SplitSnapshot, saved: SavedRows | undefined): number[] {
  const same = saved?.generation === snapshot.generation ? saved.rows : [];
  const changed: number[] = [];
  snapshot.rows.forEach((row, i) => {
    if (row !== same[i]) changed.push(i);
  });
  return changed;
}
