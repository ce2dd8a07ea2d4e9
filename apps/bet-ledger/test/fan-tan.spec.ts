import { fairBeadCount, resultOfCount } from '@casino/fan-tan';
import { closed, defaultTable, isSettled, newRound, OP, place, resultOf } from './support/builders';
import { fan } from './support/dice-games';
import { codeOf, decide, openRound, roundStatus } from './support/flow';
import { backOffice, balanceOf, createHarness, deposit, Harness } from './support/ledger-harness';
import { expectRtpReport } from './support/studio-returns';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('fantan');
  await h.startLedger();
});
afterAll(async () => h?.close());

describe('Fan Tan through Kafka and PostgreSQL', () => {
  it('takes bets, settles net payouts exactly (fractions of a minor unit kept), recalls the round', async () => {
    for (const p of ['ft1', 'ft2']) await deposit(h, OP, p, 10_000n);
    const r = newRound('fanTan');
    await openRound(h, r, defaultTable('fanTan'));
    const ok = [
      place(r, 'ft1', 100n, fan({ type: 'fan', number: 2 })),
      place(r, 'ft1', 100n, fan({ type: 'nim', number: 3, push: 2 })),
      place(r, 'ft1', 100n, fan({ type: 'kwok', numbers: [1, 2] })),
      // Odd and Even together are allowed at Fan Tan (the seed restricts them at Sic Bo only).
      place(r, 'ft2', 107n, fan({ type: 'even' })),
      place(r, 'ft2', 100n, fan({ type: 'odd' })),
    ];
    const refused = [
      place(r, 'ft2', 100n, fan({ type: 'kwok', numbers: [1, 3] })),
      place(r, 'ft2', 100n, fan({ type: 'fan', number: 5 })),
      place(r, 'ft2', 100n, fan({ type: 'nim', number: 2, push: 2 })),
    ];
    const decisions = await decide(h, ...ok, ...refused);
    expect(ok.map((c) => codeOf(decisions.get(c.id)))).toEqual(ok.map(() => 'ACCEPTED'));
    expect(refused.map((c) => codeOf(decisions.get(c.id)))).toEqual(refused.map(() => 'INVALID_BET'));
    await h.send(closed(r), resultOf(r, { game: 'fanTan', count: 86, result: 2 }));
    const [settled] = await h.waitFor(isSettled(r));
    // 86 beads leave 2: Fan 2 385, 3 Nim 2 back 100, Kwok 1-2 195, Even 107 + ⌊101.65⌋ = 208, Odd 0.
    expect(settled.totalReturned).toBe(385n + 100n + 195n + 208n);
    expect(await balanceOf(h, OP, 'ft1')).toBe(10_000n - 300n + 680n);
    expect(await balanceOf(h, OP, 'ft2')).toBe(10_000n - 207n + 208n);
    const recall = await fetch(h.url(`/back-office/rounds/${r.tableId}/${r.roundId}`), {
      headers: backOffice(h),
    });
    expect(recall.status).toBe(200);
    const body = (await recall.json()) as { result: unknown; bets: unknown[] };
    expect(JSON.stringify(body.result)).toContain('"count":86');
    expect(body.bets).toHaveLength(ok.length);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
    // The back office's RTP report: each bet kind's exact return beside what these bets returned.
    await expectRtpReport(h, 'fanTan', {
      fan: [1, 100n, 385n],
      nim: [1, 100n, 100n],
      kwok: [1, 100n, 195n],
      even: [1, 107n, 208n],
      odd: [1, 100n, 0n],
    });
  });

  it('settles nothing on a result that is not its count’s, a count off the table, or a count the seeds do not give', async () => {
    await deposit(h, OP, 'ft3', 1_000n);
    const table = defaultTable('fanTan');
    const fair = { serverSeed: 'cd'.repeat(32), clientSeed: 'ft-auto', nonce: 3 };
    const count = fairBeadCount(fair, { min: 40, max: 139 });
    const honest = newRound('fanTan');
    await openRound(h, honest, table);
    await decide(h, place(honest, 'ft3', 100n, fan({ type: 'odd' })));
    await h.send(
      closed(honest),
      resultOf(honest, { game: 'fanTan', count, result: resultOfCount(count), fair }),
    );
    await h.waitFor(isSettled(honest));
    for (const result of [
      { game: 'fanTan' as const, count: 86, result: 3 },
      { game: 'fanTan' as const, count: 12, result: 4 },
      { game: 'fanTan' as const, count: count === 139 ? 135 : count + 4, result: resultOfCount(count), fair },
    ]) {
      const r = newRound('fanTan');
      await openRound(h, r, table);
      await decide(h, place(r, 'ft3', 100n, fan({ type: 'even' })));
      await h.send(closed(r), resultOf(r, result));
      expect(await roundStatus(h, r.roundId, 'disputed')).toBe('disputed');
    }
  });
});
