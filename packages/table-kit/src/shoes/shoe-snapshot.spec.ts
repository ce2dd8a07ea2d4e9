import { createShoe, seededRandom } from '@casino/cards';
import { fromShoeTableSnapshot, toShoeTableSnapshot } from './shoe-snapshot';
import { ShoeInPlay } from './shoe-in-play';

interface Table {
  tableId: string;
  shoe: ShoeInPlay | null;
}

function automaticTable(): Table {
  const shoe = createShoe({ decks: 1 }, seededRandom('shoe-snapshot'));
  shoe.startRound(1);
  shoe.draw();
  const inPlay = { shoeId: 's1', shoe, commitment: shoe.commitment(), roundsDealt: 1, lastRound: false };
  return { tableId: 't1', shoe: { ...inPlay, endRequested: false } };
}

describe('shoe table snapshots', () => {
  it('stores the shoe as its snapshot and restores it where it was, through JSON', () => {
    const table = automaticTable();
    const stored = JSON.parse(JSON.stringify(toShoeTableSnapshot(table))) as unknown;
    const restored = fromShoeTableSnapshot<Table>(stored)!;
    expect(restored).toMatchObject({ tableId: 't1', shoe: { shoeId: 's1', roundsDealt: 1 } });
    expect(restored).not.toHaveProperty('version');
    expect(restored.shoe!.shoe!.draw()).toBe(table.shoe!.shoe!.draw());
  });

  it('keeps a studio table (no Shoe) and a table without a shoe', () => {
    const studio: Table = {
      tableId: 't2',
      shoe: { shoeId: 's2', shoe: null, roundsDealt: 3, lastRound: true, endRequested: false },
    };
    expect(fromShoeTableSnapshot<Table>(toShoeTableSnapshot(studio))).toEqual(studio);
    const empty: Table = { tableId: 't3', shoe: null };
    expect(fromShoeTableSnapshot<Table>(toShoeTableSnapshot(empty))).toEqual(empty);
  });

  it('refuses what is not a snapshot of this version', () => {
    expect(
      fromShoeTableSnapshot<Table>({ ...toShoeTableSnapshot(automaticTable()), version: 2 }),
    ).toBeUndefined();
    expect(fromShoeTableSnapshot<Table>(null)).toBeUndefined();
  });
});
