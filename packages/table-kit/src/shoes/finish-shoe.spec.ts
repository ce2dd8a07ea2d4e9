import { createShoe, seededRandom, verifyCommitment } from '@casino/cards';
import { decodeEvent, encodeEventBuffer, eventKey, ShoeRevealedEvent, TOPICS } from '@casino/events';
import { Effects, TableEffect } from '../host/table-machine';
import { finishShoe, REVEALED_KEPT, RevealedShoe, TableWithShoe } from './finish-shoe';

type Input = { kind: 'tick' };

function automaticTable(revealed: RevealedShoe[] = []): TableWithShoe {
  const shoe = createShoe({ decks: 6 }, seededRandom('finish-shoe'));
  shoe.startRound(1);
  for (let i = 0; i < 20; i++) shoe.draw();
  return {
    tableId: 'bj-auto',
    shoe: { shoeId: 'shoe-1', shoe, commitment: shoe.commitment(), roundsDealt: 3 },
    revealed,
  };
}

function published(effects: readonly TableEffect<Input>[]) {
  return effects.flatMap((e) => (e.kind === 'publish' ? [e.event] : []));
}

describe('finishShoe', () => {
  it('reveals an automatic shoe as ShoeRevealed on the rounds topic, verifiable against its commitment', () => {
    const table = automaticTable();
    const commitment = table.shoe!.commitment!;
    const fx = new Effects<Input>();
    const next = finishShoe(table, fx, 'blackjack');

    expect(next.shoe).toBeNull();
    const events = published(fx.list);
    expect(events).toHaveLength(1);
    const event = events[0] as ShoeRevealedEvent;
    expect(event).toMatchObject({
      type: 'ShoeRevealed',
      version: 1,
      tableId: 'bj-auto',
      game: 'blackjack',
      shoeId: 'shoe-1',
      commitment,
      roundsDealt: 3,
    });
    expect(event.reveal).toEqual(next.revealed[0].reveal);
    expect(eventKey(event)).toBe('bj-auto');

    // What a consumer decodes from the wire is enough to check the reveal against the commitment.
    const decoded = decodeEvent(TOPICS.roundsBlackjack, encodeEventBuffer(event));
    if (!decoded.ok || decoded.event.type !== 'ShoeRevealed') throw new Error('not decoded as ShoeRevealed');
    expect(decoded.event.commitment.hash).toBe(commitment.hash);
    expect(verifyCommitment(decoded.event.commitment, decoded.event.reveal)).toEqual({ ok: true });
    const order = [...decoded.event.reveal.order];
    const other = order.findIndex((card) => card !== order[0]);
    [order[0], order[other]] = [order[other], order[0]];
    expect(verifyCommitment(decoded.event.commitment, { ...decoded.event.reveal, order })).toMatchObject({
      ok: false,
      reason: 'HASH_MISMATCH',
    });

    // Sockets still get the reveal too, after the event.
    expect(fx.list.map((e) => e.kind)).toEqual(['publish', 'broadcast']);
    expect(fx.list[1]).toMatchObject({ name: 'shoe:revealed', payload: { shoeId: 'shoe-1', rounds: 3 } });
  });

  it('keeps the last revealed shoes', () => {
    const earlier = automaticTable().shoe!;
    const kept = Array.from({ length: REVEALED_KEPT }, (_, i) => ({
      shoeId: `old-${i}`,
      commitment: earlier.commitment!,
      reveal: { order: [], salt: '' },
      rounds: 0,
    }));
    const next = finishShoe(automaticTable(kept), new Effects<Input>(), 'baccarat');
    expect(next.revealed.map((s) => s.shoeId)).toEqual([...kept.slice(1).map((s) => s.shoeId), 'shoe-1']);
  });

  it('finishes a dealer-scanned (studio) shoe without revealing or publishing anything', () => {
    const fx = new Effects<Input>();
    const table: TableWithShoe = {
      tableId: 'bac-studio',
      shoe: { shoeId: 'scanned-1', shoe: null, roundsDealt: 40 },
      revealed: [],
    };
    const next = finishShoe(table, fx, 'baccarat');
    expect(next).toMatchObject({ shoe: null, revealed: [] });
    expect(published(fx.list)).toEqual([]);
    expect(fx.list).toEqual([
      {
        kind: 'broadcast',
        name: 'shoe:finished',
        payload: { tableId: 'bac-studio', shoeId: 'scanned-1', rounds: 40 },
      },
    ]);
  });

  it('does nothing without a shoe', () => {
    const fx = new Effects<Input>();
    const table: TableWithShoe = { tableId: 't', shoe: null, revealed: [] };
    expect(finishShoe(table, fx, 'blackjack')).toBe(table);
    expect(fx.list).toEqual([]);
  });
});
