import { RouletteBetSpec } from '@casino/events';
import {
  closed,
  isRefunded,
  isSettled,
  newRound,
  OP,
  place,
  rou,
  rouletteResult,
  rouletteTable,
} from './support/builders';
import { codeOf, decide, openRound } from './support/flow';
import { backOffice, balanceOf, createHarness, deposit, Harness } from './support/ledger-harness';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('rou');
  await h.startLedger();
});
afterAll(async () => h?.close());

const straight = (n: number): RouletteBetSpec => ({ type: 'straight', numbers: [n] });

describe('roulette through Kafka and PostgreSQL', () => {
  it('accepts coverage of 34 numbers and rejects the 35th', async () => {
    await deposit(h, OP, 'cov', 100_000n);
    const r = newRound('roulette');
    await openRound(h, r, rouletteTable());
    const ok = [
      place(r, 'cov', 100n, rou({ type: 'dozen', dozen: 1 })),
      place(r, 'cov', 100n, rou({ type: 'dozen', dozen: 2 })),
      ...[25, 26, 27, 28, 29, 30, 31, 32, 33, 34].map((n) => place(r, 'cov', 100n, rou(straight(n)))),
    ];
    const same = place(r, 'cov', 100n, rou(straight(34)));
    const over = place(r, 'cov', 100n, rou(straight(0)));
    const decisions = await decide(h, ...ok, same, over);
    expect(ok.map((c) => codeOf(decisions.get(c.id)))).toEqual(ok.map(() => 'ACCEPTED'));
    expect(codeOf(decisions.get(same.id))).toBe('ACCEPTED'); // 34 again covers nothing new
    expect(codeOf(decisions.get(over.id))).toBe('COVERAGE_EXCEEDED');
    const rb = [place(r, 'rb', 100n, rou({ type: 'red' })), place(r, 'rb', 100n, rou({ type: 'black' }))];
    await deposit(h, OP, 'rb', 1_000n);
    const d2 = await decide(h, ...rb);
    expect(rb.map((c) => codeOf(d2.get(c.id)))).toEqual(['ACCEPTED', 'COVERAGE_EXCEEDED']);
  });

  it('settles every bet type from the pocket with the engine', async () => {
    for (const p of ['x', 'y', 'z']) await deposit(h, OP, p, 10_000n);
    const r = newRound('roulette');
    await openRound(h, r, rouletteTable());
    const specs: [string, RouletteBetSpec][] = [
      ['x', straight(17)],
      ['x', { type: 'split', numbers: [17, 20] }],
      ['x', { type: 'street', numbers: [16, 17, 18] }],
      ['x', { type: 'corner', numbers: [13, 14, 16, 17] }],
      ['x', { type: 'sixLine', numbers: [13, 14, 15, 16, 17, 18] }],
      ['x', { type: 'column', column: 2 }],
      ['x', { type: 'dozen', dozen: 2 }],
      ['y', { type: 'black' }],
      ['y', { type: 'odd' }],
      ['y', { type: 'low' }],
      ['z', { type: 'red' }],
      ['z', { type: 'even' }],
      ['z', { type: 'high' }],
    ];
    const cmds = specs.map(([p, s]) => place(r, p, 100n, rou(s)));
    const invalid = place(r, 'z', 100n, rou({ type: 'split', numbers: [1, 5] }));
    const decisions = await decide(h, ...cmds, invalid);
    expect(cmds.map((c) => codeOf(decisions.get(c.id)))).toEqual(cmds.map(() => 'ACCEPTED'));
    expect(codeOf(decisions.get(invalid.id))).toBe('INVALID_BET');
    await h.send(closed(r), rouletteResult(r, 17));
    const [settled] = await h.waitFor(isSettled(r));
    expect(settled.totalReturned).toBe(3_600n + 1_800n + 1_200n + 900n + 600n + 300n + 300n + 600n);
    expect(await balanceOf(h, OP, 'x')).toBe(10_000n - 700n + 8_700n);
    expect(await balanceOf(h, OP, 'y')).toBe(10_000n - 300n + 600n);
    expect(await balanceOf(h, OP, 'z')).toBe(10_000n - 300n);
  });

  it('does not settle a no-spin; the back office then voids it', async () => {
    await deposit(h, OP, 'ns', 1_000n);
    const r = newRound('roulette');
    await openRound(h, r, rouletteTable());
    await decide(h, place(r, 'ns', 400n, rou({ type: 'red' })));
    await h.send(closed(r), rouletteResult(r, 3, 2));
    const deadline = Date.now() + 10_000;
    let status = '';
    while (status !== 'disputed' && Date.now() < deadline) {
      status = (await h.ds.query(`SELECT status FROM ledger_rounds WHERE round_id = $1`, [r.roundId]))[0]
        .status;
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(status).toBe('disputed');
    expect(await balanceOf(h, OP, 'ns')).toBe(600n);
    // Only the back office voids a disputed round (docs/ledger.md#disputed-and-stuck-rounds).
    const res = await fetch(h.url(`/rounds/${r.tableId}/${r.roundId}/void`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...backOffice(h) },
      body: JSON.stringify({ actor: 'qa', reason: 'no-spin, not repeated' }),
    });
    expect(res.status).toBe(200);
    await h.waitFor(isRefunded(r));
    expect(await balanceOf(h, OP, 'ns')).toBe(1_000n);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });
});
