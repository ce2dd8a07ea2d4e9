import { fairDice } from '@casino/sic-bo';
import { closed, defaultTable, isSettled, newRound, OP, place, resultOf } from './support/builders';
import { sic } from './support/dice-games';
import { codeOf, decide, openRound, roundStatus } from './support/flow';
import { backOffice, balanceOf, createHarness, deposit, Harness } from './support/ledger-harness';
import { expectRtpReport } from './support/studio-returns';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('sicbo');
  await h.startLedger();
});
afterAll(async () => h?.close());

describe('Sic Bo through Kafka and PostgreSQL', () => {
  it('takes bets, refuses Big after Small and Odd after Even, settles from the dice, recalls the round', async () => {
    for (const p of ['sb1', 'sb2']) await deposit(h, OP, p, 10_000n);
    const r = newRound('sicBo');
    await openRound(h, r, defaultTable('sicBo'));
    const ok = [
      place(r, 'sb1', 100n, sic({ type: 'small' })),
      place(r, 'sb1', 100n, sic({ type: 'total', total: 9 })),
      place(r, 'sb1', 100n, sic({ type: 'double', number: 2 })),
      place(r, 'sb1', 100n, sic({ type: 'combination', numbers: [5, 2] })),
      place(r, 'sb1', 100n, sic({ type: 'single', number: 2 })),
      place(r, 'sb1', 100n, sic({ type: 'triple', number: 2 })),
      place(r, 'sb1', 100n, sic({ type: 'anyTriple' })),
      place(r, 'sb2', 100n, sic({ type: 'odd' })),
      place(r, 'sb2', 100n, sic({ type: 'small' })),
    ];
    const refused = [
      place(r, 'sb1', 100n, sic({ type: 'big' })),
      place(r, 'sb2', 100n, sic({ type: 'even' })),
      place(r, 'sb2', 100n, sic({ type: 'total', total: 3 })),
      place(r, 'sb2', 100n, sic({ type: 'combination', numbers: [4, 4] })),
      place(r, 'sb2', 100n, sic({ type: 'single', number: 7 })),
    ];
    const decisions = await decide(h, ...ok, ...refused);
    expect(ok.map((c) => codeOf(decisions.get(c.id)))).toEqual(ok.map(() => 'ACCEPTED'));
    expect(refused.map((c) => codeOf(decisions.get(c.id)))).toEqual([
      'OPPOSING_BETS',
      'OPPOSING_BETS',
      'INVALID_BET',
      'INVALID_BET',
      'INVALID_BET',
    ]);
    await h.send(closed(r), resultOf(r, { game: 'sicBo', dice: [2, 5, 2] }));
    const [settled] = await h.waitFor(isSettled(r));
    // Total 9, a pair of 2s: Small 200, total 9 700, double 2 1,100, 2-5 600, single 2 twice 300; Odd 200, Small 200.
    expect(settled.totalReturned).toBe(200n + 700n + 1_100n + 600n + 300n + 200n + 200n);
    expect(await balanceOf(h, OP, 'sb1')).toBe(10_000n - 700n + 2_900n);
    expect(await balanceOf(h, OP, 'sb2')).toBe(10_000n - 200n + 400n);
    const recall = await fetch(h.url(`/back-office/rounds/${r.tableId}/${r.roundId}`), {
      headers: backOffice(h),
    });
    expect(recall.status).toBe(200);
    const body = (await recall.json()) as { result: unknown; bets: unknown[] };
    expect(JSON.stringify(body.result)).toContain('"dice":[2,5,2]');
    expect(body.bets).toHaveLength(ok.length);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
    // The back office's RTP report: each bet kind's exact return beside what these bets returned.
    await expectRtpReport(h, 'sicBo', {
      small: [2, 200n, 400n],
      odd: [1, 100n, 200n],
      total9: [1, 100n, 700n],
      double: [1, 100n, 1_100n],
      combination: [1, 100n, 600n],
      single: [1, 100n, 300n],
      triple: [1, 100n, 0n],
      anyTriple: [1, 100n, 0n],
    });
  });

  it('settles an automatic round whose revealed seeds give its dice, and disputes one they do not', async () => {
    await deposit(h, OP, 'sb3', 1_000n);
    const fair = { serverSeed: 'ab'.repeat(32), clientSeed: 'sb-auto', nonce: 7 };
    const dice = fairDice(fair);
    const honest = newRound('sicBo');
    await openRound(h, honest, defaultTable('sicBo'));
    await decide(h, place(honest, 'sb3', 100n, sic({ type: 'anyTriple' })));
    await h.send(closed(honest), resultOf(honest, { game: 'sicBo', dice: [...dice], fair }));
    await h.waitFor(isSettled(honest));
    const forged = newRound('sicBo');
    await openRound(h, forged, defaultTable('sicBo'));
    await decide(h, place(forged, 'sb3', 100n, sic({ type: 'anyTriple' })));
    await h.send(
      closed(forged),
      resultOf(forged, { game: 'sicBo', dice: [6, 6, 6], fair: { ...fair, nonce: 8 } }),
    );
    expect(await roundStatus(h, forged.roundId, 'disputed')).toBe('disputed');
  });
});
