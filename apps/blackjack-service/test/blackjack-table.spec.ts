import { burnCount, parseCard, verifyCommitment } from '@casino/cards';
import { dealer, LiveTable, openLiveTable, scan } from './support/harness';

jest.setTimeout(60_000);

const TABLES = [
  {
    id: 'bj-studio',
    dealer: 'studio',
    // The scenario doubles a split hand: a departure from the operators' rules, so a named variant.
    doubleAfterSplit: true,
    variant: 'Double after split',
    timers: { bettingMs: 2000, decisionMs: 1500, insuranceMs: 1500, resultMs: 300, finalBetsMs: 5000 },
  },
  // Automatic dealer, short decision timers, a one-deck shoe whose cut card (half the deck) ends it soon.
  {
    id: 'bj-auto',
    dealer: 'auto',
    decks: 1,
    cutCardDecks: 0.5,
    timers: {
      bettingMs: 1000,
      cardMs: 0,
      decisionMs: 250,
      insuranceMs: 250,
      resultMs: 100,
      finalBetsMs: 5000,
    },
  },
];

type Ack = { ok: boolean; ref?: string; code?: string };

describe(`blackjack table (service + Kafka + PostgreSQL + real ledger, studio dealer)`, () => {
  let live: LiveTable;

  beforeAll(async () => (live = await openLiveTable(TABLES, { deposits: { kim: 10_000n, leo: 1_000n } })));
  afterAll(() => live?.close());

  it('deals only accepted seats; insurance, split, double with funds checks; timeout stands; settles', async () => {
    const kim = await live.client('kim');
    const leo = await live.client('leo');
    await kim.request('join', { tableId: 'bj-studio' });
    await leo.request('join', { tableId: 'bj-studio' });
    await dealer(live.service.url, 'bj-studio', 'new-shoe');
    const opened = await kim.waitFor('round:opened');
    const roundId = opened.roundId as string;

    const s1 = await kim.request<Ack>('placeBet', { tableId: 'bj-studio', seat: 1, stake: '1000' });
    const s3 = await kim.request<Ack>('placeBet', { tableId: 'bj-studio', seat: 3, stake: '500' });
    const s2 = await leo.request<Ack>('placeBet', { tableId: 'bj-studio', seat: 2, stake: '1000' });
    expect(await leo.request('placeBet', { tableId: 'bj-studio', seat: 1, stake: '1000' })).toMatchObject({
      ok: false,
      code: 'SEAT_TAKEN',
    });
    // Seat 4 is refused by the ledger for funds: it will not be dealt.
    const s4 = await leo.request<Ack>('placeBet', { tableId: 'bj-studio', seat: 4, stake: '1000' });
    await kim.waitFor('bet:accepted', (p) => p.ref === s1.ref);
    await kim.waitFor('bet:accepted', (p) => p.ref === s3.ref);
    await leo.waitFor('bet:accepted', (p) => p.ref === s2.ref);
    expect(await leo.waitFor('bet:rejected', (p) => p.ref === s4.ref)).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });

    const dealing = await kim.waitFor('bj:dealing', (p) => p.roundId === roundId);
    expect((dealing.seats as { seat: number }[]).map((s) => s.seat)).toEqual([1, 2, 3]);
    // Seats 1,2,3, dealer up, seats 1,2,3, hole: seat 1 8-8, seat 2 T-7, seat 3 5-6, dealer A + 9 (no blackjack).
    await scan(live.service.url, 'bj-studio', ['8S', 'TS', '5C', 'AS', '8H', '7D', '6D', '9C']);
    const hole = kim.all('bj:card').find((c) => c.faceDown === true);
    expect(hole?.card).toBeNull();

    await kim.waitFor('bj:insurance', (p) => p.roundId === roundId);
    const ins = await kim.request<Ack>('insurance', { tableId: 'bj-studio', seat: 1, take: true });
    expect(ins).toMatchObject({ ok: true });
    await kim.waitFor('bet:accepted', (p) => p.ref === ins.ref);
    // Leo cannot pay for insurance: the ledger says so, and his seat's window times out (declined).
    const leoIns = await leo.request<Ack>('insurance', { tableId: 'bj-studio', seat: 2, take: true });
    expect(await leo.waitFor('bet:rejected', (p) => p.ref === leoIns.ref)).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await kim.request('insurance', { tableId: 'bj-studio', seat: 2, take: false })).toMatchObject({
      ok: false,
      code: 'SEAT_NOT_YOURS',
    });
    await kim.request('insurance', { tableId: 'bj-studio', seat: 3, take: false });
    await kim.waitFor('bj:insurance-decided', (p) => p.seat === 2 && p.timedOut === true);
    await kim.waitFor('bj:dealer-peeked', (p) => p.blackjack === false);

    // Seat 1: split the eights (a second stake through the ledger), double the first hand.
    await kim.waitFor('bj:turn', (p) => p.seat === 1 && p.hand === 0);
    expect(
      await leo.request('decide', { tableId: 'bj-studio', seat: 2, hand: 0, action: 'stand' }),
    ).toMatchObject({
      ok: false,
      code: 'NOT_YOUR_TURN',
    });
    const split = await kim.request<Ack>('decide', {
      tableId: 'bj-studio',
      seat: 1,
      hand: 0,
      action: 'split',
    });
    await kim.waitFor('bet:accepted', (p) => p.ref === split.ref);
    await kim.waitFor('bj:hand-split', (p) => p.seat === 1);
    // Both hands take their second card (8-3, 8-2) before the player acts on either.
    await scan(live.service.url, 'bj-studio', ['3C', '2H']);
    await kim.waitFor(
      'bj:turn',
      (p) => p.seat === 1 && p.hand === 0 && (p.options as string[]).includes('double'),
    );
    const double = await kim.request<Ack>('decide', {
      tableId: 'bj-studio',
      seat: 1,
      hand: 0,
      action: 'double',
    });
    await kim.waitFor('bet:accepted', (p) => p.ref === double.ref);
    await scan(live.service.url, 'bj-studio', ['TD']);
    // Hand 1 (8-2): no decision before the timer → it stands.
    await kim.waitFor('bj:turn', (p) => p.seat === 1 && p.hand === 1);
    await kim.waitFor(
      'bj:action-taken',
      (p) => p.seat === 1 && p.hand === 1 && p.action === 'stand' && p.timedOut === true,
    );

    // Seat 2: Leo cannot fund a double; he stands.
    await leo.waitFor('bj:turn', (p) => p.seat === 2);
    const leoDouble = await leo.request<Ack>('decide', {
      tableId: 'bj-studio',
      seat: 2,
      hand: 0,
      action: 'double',
    });
    expect(await leo.waitFor('bet:rejected', (p) => p.ref === leoDouble.ref)).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(
      await leo.request('decide', { tableId: 'bj-studio', seat: 2, hand: 0, action: 'stand' }),
    ).toMatchObject({ ok: true });

    // Seat 3: double on 11.
    await kim.waitFor('bj:turn', (p) => p.seat === 3);
    const d3 = await kim.request<Ack>('decide', { tableId: 'bj-studio', seat: 3, hand: 0, action: 'double' });
    await kim.waitFor('bet:accepted', (p) => p.ref === d3.ref);
    await scan(live.service.url, 'bj-studio', ['9S']);

    // Dealer A-9 = soft 20 stands. Seat 1: 21 doubled wins, 10 loses, insurance loses; seat 3: 20 pushes.
    const result = await kim.waitFor('bj:result', (p) => p.roundId === roundId);
    expect(result.dealer).toEqual({ cards: ['AS', '9C'], total: 20 });
    const settled = await kim.waitFor('round:settled', (p) => p.roundId === roundId);
    expect(settled.totalReturned).toBe('5000');
    expect(settled.totalStaked).toBe('4500');
    await leo.waitFor('round:settled', (p) => p.roundId === roundId);
    expect(await live.ledger.balance('kim')).toBe(10_500n);
    expect(await live.ledger.balance('leo')).toBe(0n);
  });

  it('resumes a round in play after a restart; the reconnecting player gets the hand back and finishes it', async () => {
    const kim = await live.client('kim');
    await kim.request('join', { tableId: 'bj-studio' });
    const opened = await kim.waitFor('round:opened', () => true, 10_000, Date.now());
    const roundId = opened.roundId as string;
    const bet = await kim.request<Ack>('placeBet', { tableId: 'bj-studio', seat: 5, stake: '1000' });
    await kim.waitFor('bet:accepted', (p) => p.ref === bet.ref);
    await kim.waitFor('bj:dealing', (p) => p.roundId === roundId);
    await scan(live.service.url, 'bj-studio', ['TC', '6H', '9D', 'KS']);
    await kim.waitFor('bj:turn', (p) => p.seat === 5);

    await live.restart();
    const back = await live.client('kim');
    const snap = await back.request<{
      snapshot: {
        phase: string;
        round: {
          roundId: string;
          seats: { hands: { cards: string[] }[] }[];
          dealer: { cards: (string | null)[] };
        };
      };
    }>('join', { tableId: 'bj-studio' });
    expect(snap.snapshot.phase).toBe('dealing');
    expect(snap.snapshot.round.roundId).toBe(roundId);
    expect(snap.snapshot.round.seats[0].hands[0].cards).toEqual(['TC', '9D']);
    expect(snap.snapshot.round.dealer.cards).toEqual(['6H', null]);
    expect(
      await back.request('decide', { tableId: 'bj-studio', seat: 5, hand: 0, action: 'stand' }),
    ).toMatchObject({ ok: true });
    // Dealer 6 + K = 16 draws: 5 → 21.
    await scan(live.service.url, 'bj-studio', ['5D']);
    const result = await back.waitFor('bj:result', (p) => p.roundId === roundId);
    expect(result.dealer).toEqual({ cards: ['6H', 'KS', '5D'], total: 21 });
    expect(await back.waitFor('round:settled', (p) => p.roundId === roundId)).toMatchObject({
      totalReturned: '0',
    });
  });

  it('automatic dealer: silent players stand on every timeout; the shoe is revealed and matches its commitment', async () => {
    const mia = await live.client('mia');
    await live.ledger.deposit('mia', 20_000n);
    const snap = await mia.request<{ snapshot: { shoe: { shoeId: string; commitment: { hash: string } } } }>(
      'join',
      {
        tableId: 'bj-auto',
      },
    );
    const { shoeId, commitment } = snap.snapshot.shoe;
    const opened = await mia.waitFor('round:opened', (p) => p.tableId === 'bj-auto', 10_000, Date.now());
    const bet = await mia.request<Ack>('placeBet', { tableId: 'bj-auto', seat: 7, stake: '1000' });
    await mia.waitFor('bet:accepted', (p) => p.ref === bet.ref);
    const result = await mia.waitFor('bj:result', (p) => p.roundId === opened.roundId, 15_000);
    const turns = mia.all('bj:turn').filter((p) => p.roundId === opened.roundId);
    const timedOut = mia
      .all('bj:action-taken')
      .filter((p) => p.roundId === opened.roundId && p.timedOut === true);
    expect(timedOut).toHaveLength(turns.length);
    const settled = await mia.waitFor('round:settled', (p) => p.roundId === opened.roundId);
    const seat = (result.seats as { returned: string }[])[0];
    expect(settled.totalReturned).toBe(seat.returned);

    // The manager ends the shoe (if the cut card has not already): it is revealed after the round in progress.
    await dealer(live.service.url, 'bj-auto', 'new-shoe');
    const revealed = await mia.waitFor('shoe:revealed', (p) => p.shoeId === shoeId, 10_000);
    expect(revealed.commitment).toEqual(commitment);
    expect(verifyCommitment(commitment as never, revealed.reveal as never)).toEqual({ ok: true });
    // The next shoe is burned before its first round: the card shown decides how many follow it.
    const burn = await mia.waitFor('shoe:burn', (p) => p.shoeId !== shoeId, 15_000);
    expect(burn.burned).toBe(burnCount(parseCard(String(burn.shown))));
  });
});
