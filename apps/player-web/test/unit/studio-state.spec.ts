import {
  applyEvent,
  emptyStudio,
  fromSnapshot,
  resultOf,
  stakesBySpot,
  type StudioState,
} from '../../src/tables/studio/studio-state';

// The studio table's view state from the service's messages (docs/websocket-api.md, studio games).

describe('studio table view state', () => {
  it('rebuilds the view from a join snapshot: phase, countdown on this clock, own bets by spot, results', () => {
    const snapshot = {
      tableId: 'sb-1',
      game: 'sicBo',
      phase: 'betting',
      settings: { game: 'sicBo', limits: { small: { min: '100', max: '500000' } }, payTable: 'standard' },
      timers: { bettingMs: 6000, drawMs: 300, resultMs: 2000 },
      round: {
        roundId: 'r2',
        number: 7,
        closesAt: 10_000,
        myBets: [
          {
            ref: 'a',
            status: 'accepted',
            stake: '100',
            bet: { game: 'sicBo', spec: { type: 'combination', numbers: [2, 1] } },
          },
          {
            ref: 'b',
            status: 'pending',
            stake: '500',
            bet: { game: 'sicBo', spec: { type: 'combination', numbers: [1, 2] } },
          },
          { ref: 'c', status: 'rejected', stake: '100', bet: { game: 'sicBo', spec: { type: 'big' } } },
        ],
      },
      history: [{ roundId: 'r0', dice: [1, 2, 3] }, { roundId: 'r1', dice: [6, 6, 5] }, { roundId: 'bad' }],
    };
    const s = fromSnapshot(emptyStudio('sicBo'), snapshot, 250);
    expect(s).toMatchObject({
      phase: 'betting',
      roundId: 'r2',
      roundNumber: 7,
      closesAt: 10_250,
      bettingMs: 6000,
    });
    expect(s.myBets.map((b) => [b.ref, b.key, b.status])).toEqual([
      ['a', 'combination:1-2', 'accepted'],
      ['b', 'combination:1-2', 'pending'],
    ]);
    // Chips on one spot are one stake, in either order of the pair.
    expect(stakesBySpot(s.myBets)).toEqual(new Map([['combination:1-2', 600n]]));
    expect(s.history.map((h) => h.roundId)).toEqual(['r0', 'r1']);
    expect(s.settings).toMatchObject({ payTable: 'standard' });
    expect(s.result).toBeNull();
  });

  it('shows the result a joining player finds on screen', () => {
    const s = fromSnapshot(
      emptyStudio('dragonTiger'),
      {
        phase: 'result',
        round: { roundId: 'r9', number: 3, result: { cards: ['KS', '2H'], winner: 'first' } },
      },
      0,
    );
    expect(s.result).toEqual({ roundId: 'r9', cards: ['KS', '2H'], winner: 'first' });
    expect(s.closesAt).toBeNull();
  });

  it('plays a round from the messages: opened, a bet taken, drawing, result, next round', () => {
    let s: StudioState = { ...emptyStudio('fanTan'), roundNumber: 4 };
    s = applyEvent(
      s,
      'round:opened',
      { tableId: 'ft-1', roundId: 'r5', game: 'fanTan', closesAt: 5000 },
      -100,
    );
    expect(s).toMatchObject({ phase: 'betting', roundId: 'r5', roundNumber: 5, closesAt: 4900, myBets: [] });
    s = applyEvent(
      s,
      'bet:accepted',
      {
        tableId: 'ft-1',
        roundId: 'r5',
        ref: 'x',
        stake: '200',
        status: 'accepted',
        bet: { game: 'fanTan', spec: { type: 'kwok', numbers: [4, 1] } },
      },
      0,
    );
    expect(s.myBets).toEqual([
      { ref: 'x', key: 'kwok:1-4', bet: { type: 'kwok', numbers: [4, 1] }, stake: '200', status: 'accepted' },
    ]);
    s = applyEvent(
      s,
      'bet:accepted',
      { ref: 'y', stake: '100', bet: { game: 'fanTan', spec: { type: 'odd' } } },
      0,
    );
    s = applyEvent(s, 'bet:rejected', { ref: 'y', code: 'INSUFFICIENT_FUNDS' }, 0);
    expect(s.myBets.map((b) => b.ref)).toEqual(['x']);
    s = applyEvent(s, 'round:closed', { tableId: 'ft-1', roundId: 'r5' }, 0);
    s = applyEvent(s, 'round:drawing', { tableId: 'ft-1', roundId: 'r5' }, 0);
    expect(s).toMatchObject({ phase: 'drawing', closesAt: null });
    s = applyEvent(
      s,
      'round:result',
      {
        tableId: 'ft-1',
        roundId: 'r5',
        game: 'fanTan',
        count: 57,
        result: 1,
        fair: { serverSeed: 'x', clientSeed: 'y', nonce: 5 },
      },
      0,
    );
    expect(s.phase).toBe('result');
    expect(s.result).toEqual({ roundId: 'r5', count: 57, result: 1 });
    expect(s.history.at(-1)).toEqual({ roundId: 'r5', count: 57, result: 1 });
    // The same result again (a reconnection's snapshot) is not a second entry.
    s = applyEvent(s, 'round:result', { roundId: 'r5', count: 57, result: 1 }, 0);
    expect(s.history).toHaveLength(1);
    s = applyEvent(s, 'round:opened', { roundId: 'r6', closesAt: 9000 }, 0);
    expect(s).toMatchObject({ phase: 'betting', result: null, myBets: [], roundNumber: 6 });
  });

  it('shows a voided round and counts a studio re-draw', () => {
    let s = applyEvent(emptyStudio('sicBo'), 'round:opened', { roundId: 'r1', closesAt: 1 }, 0);
    s = applyEvent(s, 'round:drawing', { roundId: 'r1', redraws: 2 }, 0);
    expect(s.redraws).toBe(2);
    s = applyEvent(s, 'round:voided', { roundId: 'r1', reason: 'malfunction' }, 0);
    expect(s).toMatchObject({ phase: 'result', voided: true, result: null, myBets: [] });
  });

  it('keeps only well-formed results', () => {
    expect(resultOf({ roundId: 'r', dice: [1, 'x', 3] })).toEqual({ roundId: 'r', dice: [1, 3] });
    expect(resultOf({ roundId: 'r' })).toBeNull();
    expect(resultOf({ dice: [1, 2, 3] })).toBeNull();
  });

  it("follows a card table's shoe: from the snapshot, then each round:opened, each result naming its shoe", () => {
    let s = fromSnapshot(
      emptyStudio('dragonTiger'),
      {
        phase: 'result',
        shoe: { shoeId: 's1', roundsDealt: 2 },
        round: { roundId: 'r2', number: 2, result: { cards: ['KH', '2S'], winner: 'first', shoeId: 's1' } },
        history: [
          { roundId: 'r0', cards: ['2H', '3S'], winner: 'second', shoeId: 's0' },
          { roundId: 'r1', cards: ['9H', '9S'], winner: 'tie', shoeId: 's1' },
        ],
      },
      0,
    );
    expect(s.shoeId).toBe('s1');
    expect(s.history.map((h) => h.shoeId)).toEqual(['s0', 's1']);
    s = applyEvent(s, 'round:opened', { roundId: 'r3', closesAt: 10, shoeId: 's2' }, 5);
    expect(s).toMatchObject({ phase: 'betting', roundId: 'r3', closesAt: 15, shoeId: 's2' });
    s = applyEvent(
      s,
      'round:result',
      { roundId: 'r3', cards: ['AS', 'KD'], winner: 'second', shoeId: 's2' },
      0,
    );
    expect(s.history.at(-1)).toEqual({ roundId: 'r3', cards: ['AS', 'KD'], winner: 'second', shoeId: 's2' });
    // A dice table has no shoe: round:opened leaves it as it was.
    expect(
      applyEvent(emptyStudio('sicBo'), 'round:opened', { roundId: 'x', closesAt: 1 }, 0).shoeId,
    ).toBeNull();
  });
});
