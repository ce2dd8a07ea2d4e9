import { TableMachineBase } from '../host/table-machine-base';
import { roundBookApart, roundBookJoined } from '../state/split-snapshot';
import { fromShoeTableSnapshot, TableWithDealtShoe, toShoeTableSnapshot } from './shoe-snapshot';

/** A card table's machine (baccarat, blackjack): its state is stored with the shoe in play as a snapshot. */
export abstract class CardTableMachineBase<
  S extends TableWithDealtShoe,
  I,
  R,
  C extends { timers: { resultMs: number } },
> extends TableMachineBase<S, I, R, C> {
  /** The round's bets apart: a save writes the bets that changed, not the whole book. */
  toSnapshot(state: S): unknown {
    return roundBookApart(toShoeTableSnapshot(state));
  }

  fromSnapshot(snapshot: unknown): S | undefined {
    return fromShoeTableSnapshot<S>(roundBookJoined(snapshot));
  }
}
