/**
 * Lists that the steps of one batch may change in place. A table's state is immutable, so every bet placed or
 * decided copied the round's list of bets: a round of 10,000 bets allocated about a gigabyte of arrays, and the
 * garbage collector took a quarter of the service's time. While a host applies a batch of inputs (synchronously,
 * `withDraftLists`), the first change of a list copies it and the batch's later steps change that copy in place:
 * the state before the batch (the one players see, and the one saved last) is never touched. A batch in which a step
 * throws is applied again without drafts (`TableHost`), so a failed step leaves nothing behind.
 */
let drafts: WeakSet<object> | undefined;

/** Runs `work` (synchronous) with draft lists on; lists made during it are drafts until it returns. */
export function withDraftLists<T>(work: () => T): T {
  const outer = drafts;
  drafts = new WeakSet();
  try {
    return work();
  } finally {
    drafts = outer;
  }
}

/** `list` itself when the running batch made it, else a copy (a draft of the batch, if one is running). */
export function editableList<T>(list: readonly T[]): T[] {
  if (drafts?.has(list)) return list as T[];
  const copy = list.slice();
  drafts?.add(copy);
  return copy;
}
