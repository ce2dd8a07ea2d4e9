import { EventOf, foldPlaceBets, RouletteBetSpec } from '@casino/events';
import { sqlOf } from '@casino/wallet';
import {
  asOperator,
  bac,
  baccaratTable,
  cancel,
  closed,
  isDecisionFor,
  isRefunded,
  isSettled,
  newRound,
  place,
  rou,
  rouletteResult,
  rouletteTable,
  voided,
} from './support/builders';
import { cancelCodeOf, codeOf, decideCancels, openRound, sleep } from './support/flow';
import { Harness } from './support/ledger-harness';
import {
  createSeamlessRig,
  OperatorTx,
  SEAM,
  SeamlessOperator,
  SeamlessRig,
  settlePlayerWins,
} from './support/seamless-rig';
import { SEAMLESS_OPERATORS_TTL_MS, setWalletProtocol } from '../src/seamless/seamless-operators';
import { isClean, parseStatement, reconcile } from '../src/seamless/reconciliation/compare';
import { platformCalls } from '../src/seamless/reconciliation/platform-calls';

jest.setTimeout(120_000);

/** A call as the reference wallet booked it: the JSON the platform sent. */
type Booked = OperatorTx & { request: Record<string, unknown> };

let rig: SeamlessRig;
let h: Harness;
/** The version 2 operator (SEAM, the rig's own, stays on version 1). */
let v2: SeamlessOperator;

beforeAll(async () => {
  rig = await createSeamlessRig('seamv2');
  h = rig.h;
  await h.startLedger({
    LEDGER_SEAMLESS_TIMEOUT_MS: '800',
    LEDGER_SEAMLESS_POLL_MS: '100',
    LEDGER_SEAMLESS_RETRY_MS: '200',
    LEDGER_SEAMLESS_RETRY_MAX_MS: '1000',
  });
  v2 = await rig.addOperator('op-seam-v2');
  expect(await h.ds.transaction((m) => setWalletProtocol(sqlOf(m), v2.operatorId, 2))).toBe(true);
  // The intake sees the version within its list's TTL.
  await sleep(SEAMLESS_OPERATORS_TTL_MS + 100);
});

afterAll(async () => rig?.close());

afterEach(async () => {
  await v2.admin('DELETE', '/admin/faults');
  expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
});

const straight = (n: number): RouletteBetSpec => ({ type: 'straight', numbers: [n] });

/** One player's slip of roulette chips at a v2 (or v1) operator, sent as one PlaceBets; the decisions by id. */
async function placeSlip(
  operatorId: string,
  r: ReturnType<typeof newRound>,
  playerId: string,
  chips: [bigint, RouletteBetSpec][],
): Promise<{ bets: EventOf<'PlaceBet'>[]; codes: string[] }> {
  const bets = chips.map(([stake, spec]) => asOperator(place(r, playerId, stake, rou(spec)), operatorId));
  const slips = foldPlaceBets(bets);
  expect(slips).toHaveLength(1);
  await h.send(slips[0]);
  const decisions = await h.waitFor(isDecisionFor(new Set(bets.map((b) => b.id))), bets.length);
  const byId = new Map(decisions.map((d) => [d.commandId, d] as const));
  return { bets, codes: bets.map((b) => codeOf(byId.get(b.id))) };
}

async function settleOn(r: ReturnType<typeof newRound>, pocket: number): Promise<void> {
  await h.send(closed(r));
  await h.send(rouletteResult(r, pocket));
  await h.waitFor(isSettled(r));
}

async function booked(op: SeamlessOperator, playerId: string): Promise<Booked[]> {
  return (await op.operatorTransactions(playerId)) as Booked[];
}

/** Waits until the operator's wallet has booked `n` calls of the player. */
async function bookedCalls(op: SeamlessOperator, playerId: string, n: number): Promise<Booked[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = await booked(op, playerId);
    if (rows.length >= n) return rows;
    if (Date.now() > deadline) throw new Error(`${playerId} has ${rows.length} calls, not ${n}`);
    await sleep(50);
  }
}

describe('seamless wallet protocol version 2: calls an operator can book', () => {
  it("debits a player's slip in one call and credits the round in one call that closes it", async () => {
    const player = await v2.operatorPlayer(10_000n);
    const r = newRound('roulette');
    await openRound(h, r, rouletteTable());
    const { bets, codes } = await placeSlip(v2.operatorId, r, player, [
      [500n, straight(17)],
      [200n, straight(3)],
      [300n, { type: 'black' } as RouletteBetSpec],
    ]);
    expect(codes).toEqual(['ACCEPTED', 'ACCEPTED', 'ACCEPTED']);
    expect(await v2.operatorBalance(player)).toBe(9_000n);
    await settleOn(r, 17);
    const calls = await bookedCalls(v2, player, 2);
    await sleep(300);
    expect((await booked(v2, player)).length).toBe(2);
    const [debit, credit] = calls;
    const ids = [...bets.map((b) => b.id)].sort();
    const byId = new Map(bets.map((b) => [b.id, b] as const));
    expect(debit).toMatchObject({ call: 'debit', amount: '1000', state: 'settled' });
    expect(debit.request).toMatchObject({
      // The call is named after the slip's first bet; its bets are listed in id order.
      transactionId: `debit:${bets[0].id}`,
      playerId: player,
      currency: 'EUR',
      amount: '1000',
      game: 'roulette',
      tableId: r.tableId,
      roundId: r.roundId,
    });
    expect(debit.request.bets).toEqual(
      ids.map((id) => ({
        betId: id,
        amount: String(byId.get(id)?.stake),
        description: describe17(byId.get(id)),
      })),
    );
    // 17 black: the straight pays 36 times 5.00, black 2 times 3.00, the 3 loses.
    expect(credit).toMatchObject({ call: 'credit', amount: String(18_000 + 600), state: 'applied' });
    expect(credit.request).toMatchObject({ roundClosed: true, amount: '18600', roundId: r.roundId });
    expect(
      (credit.request.credits as { betId: string; amount: string; kind: string }[]).map((c) => [
        c.betId,
        c.amount,
        c.kind,
      ]),
    ).toEqual(
      ids.map((id) => {
        const stake = byId.get(id)?.stake ?? 0n;
        const spec = (byId.get(id)?.bet as { spec: RouletteBetSpec }).spec;
        return [
          id,
          String(
            spec.type === 'black'
              ? stake * 2n
              : 'numbers' in spec && spec.numbers[0] === 17
                ? stake * 36n
                : 0n,
          ),
          'win',
        ];
      }),
    );
    expect(await v2.operatorBalance(player)).toBe(9_000n + 18_600n);

    // The round-details link opens the round for customer service; altered for another operator, it is refused.
    const link = new URL(String(credit.request.roundDetailsUrl));
    expect(link.searchParams.get('operator')).toBe(v2.operatorId);
    link.searchParams.delete('view');
    const opened = await fetch(h.url(`/round-links?${link.searchParams.toString()}`));
    expect(opened.status).toBe(200);
    link.searchParams.set('operator', SEAM);
    expect((await fetch(h.url(`/round-links?${link.searchParams.toString()}`))).status).toBe(401);
  });

  it("keeps a version 1 operator's calls as they were: one debit and one credit per bet", async () => {
    const player = await rig.operatorPlayer(10_000n);
    const r = newRound('roulette');
    await openRound(h, r, rouletteTable());
    const { bets, codes } = await placeSlip(SEAM, r, player, [
      [500n, straight(17)],
      [200n, straight(3)],
    ]);
    expect(codes).toEqual(['ACCEPTED', 'ACCEPTED']);
    await settleOn(r, 17);
    const calls = await bookedCalls(rig, player, 4);
    const debits = calls.filter((c) => c.call === 'debit').map((c) => c.request);
    expect(debits.sort((a, b) => String(a.betId).localeCompare(String(b.betId)))).toEqual(
      [...bets]
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((b) => ({
          transactionId: `debit:${b.id}`,
          playerId: player,
          currency: 'EUR',
          amount: String(b.stake),
          game: 'roulette',
          tableId: r.tableId,
          roundId: r.roundId,
          betId: b.id,
        })),
    );
    const credits = calls.filter((c) => c.call === 'credit').map((c) => c.request);
    expect(credits.map((c) => Object.keys(c).sort())).toEqual(
      credits.map(() => [
        'amount',
        'betId',
        'currency',
        'debitTransactionId',
        'kind',
        'playerId',
        'roundId',
        'transactionId',
      ]),
    );
  });

  it('refuses a whole slip when the batch debit is refused, moving no money', async () => {
    const player = await v2.operatorPlayer(1_000n);
    const r = newRound('roulette');
    await openRound(h, r, rouletteTable());
    const { codes } = await placeSlip(v2.operatorId, r, player, [
      [600n, straight(1)],
      [600n, straight(2)],
    ]);
    expect(codes).toEqual(['WALLET_INSUFFICIENT_FUNDS', 'WALLET_INSUFFICIENT_FUNDS']);
    expect(await v2.operatorBalance(player)).toBe(1_000n);
    const calls = await booked(v2, player);
    expect(calls.map((c) => [c.call, c.state])).toEqual([['debit', 'refused']]);
    expect((calls[0].request.bets as unknown[]).length).toBe(2);
  });

  it('rolls a batch debit back in one call when its answer is unknown, every bet rejected', async () => {
    const player = await v2.operatorPlayer(5_000n);
    const r = newRound('roulette');
    await openRound(h, r, rouletteTable());
    await v2.faults({ call: 'debit', mode: 'drop', times: 1 });
    const { bets, codes } = await placeSlip(v2.operatorId, r, player, [
      [100n, straight(5)],
      [100n, straight(6)],
    ]);
    expect(codes).toEqual(['WALLET_UNAVAILABLE', 'WALLET_UNAVAILABLE']);
    const first = bets[0].id;
    await rig.callReaches(`rollback:debit:${first}`, 'confirmed');
    expect(await v2.operatorBalance(player)).toBe(5_000n);
    const calls = await booked(v2, player);
    expect(calls.map((c) => [c.call, c.state])).toEqual([
      ['debit', 'rolled_back'],
      ['rollback', 'applied'],
    ]);
    expect(calls[1].request).toMatchObject({
      debitTransactionId: `debit:${first}`,
      betIds: [...bets.map((b) => b.id)].sort(),
    });
  });

  it('retries a batch credit whose answer was lost: the operator pays it once', async () => {
    const player = await v2.operatorPlayer(10_000n);
    const r = newRound('roulette');
    await openRound(h, r, rouletteTable());
    // The debit is delivered twice at once, the first credit's answer is lost: each moves money once.
    await v2.faults(
      { call: 'debit', mode: 'duplicate', times: 1 },
      { call: 'credit', mode: 'drop', times: 1 },
    );
    const { codes } = await placeSlip(v2.operatorId, r, player, [
      [1_000n, straight(17)],
      [1_000n, straight(18)],
    ]);
    expect(codes).toEqual(['ACCEPTED', 'ACCEPTED']);
    expect(await v2.operatorBalance(player)).toBe(8_000n);
    await settleOn(r, 17);
    const calls = await bookedCalls(v2, player, 2);
    const credit = calls.find((c) => c.call === 'credit');
    const row = await rig.callReaches(credit?.transactionId ?? '', 'confirmed');
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    expect((await booked(v2, player)).map((c) => c.call)).toEqual(['debit', 'credit']);
    expect(await v2.operatorBalance(player)).toBe(8_000n + 36_000n);
  });

  it('pays a bet cancelled during the round and a void round in the one closing credit', async () => {
    const player = await v2.operatorPlayer(10_000n);
    const r = newRound('roulette');
    await openRound(h, r, rouletteTable());
    const bets = [500n, 300n].map((stake, i) =>
      asOperator(place(r, player, stake, rou(straight(i + 1))), v2.operatorId),
    );
    await h.send(foldPlaceBets(bets)[0]);
    const decisions = await h.waitFor(isDecisionFor(new Set(bets.map((b) => b.id))), 2);
    const first = decisions.find((d) => d.commandId === bets[0].id);
    const betId = first?.type === 'BetAccepted' ? first.betId : '';
    const withdraw = asOperator(cancel(r, player, { betId }), v2.operatorId);
    expect(cancelCodeOf((await decideCancels(h, withdraw)).get(withdraw.id))).toBe('CANCELLED');
    // In version 2 the cancelled stake goes back with the round's closing credit, not on its own.
    await sleep(500);
    expect((await booked(v2, player)).map((c) => c.call)).toEqual(['debit']);
    await h.send(voided(r));
    await h.waitFor(isRefunded(r));
    const [, credit] = await bookedCalls(v2, player, 2);
    expect(credit.request).toMatchObject({ roundClosed: true, amount: '800' });
    expect((credit.request.credits as { kind: string; amount: string }[]).map((c) => c.kind)).toEqual([
      'refund',
      'refund',
    ]);
    expect(await v2.operatorBalance(player)).toBe(10_000n);
  });

  it('refunds at once a stake the decision refuses after its debit, and still closes the round once', async () => {
    const player = await v2.operatorPlayer(10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    // Two bets sent apart (two debit calls) while the wallet is slow: both pass the check before their debit, the
    // decision refuses the second (opposing bets), whose stake goes back in a credit that does not close the round.
    await v2.faults({ call: 'debit', mode: 'slow', delayMs: 300, times: 2 });
    const pair = [
      asOperator(place(r, player, 1_000n, bac('player')), v2.operatorId),
      asOperator(place(r, player, 1_000n, bac('banker')), v2.operatorId),
    ];
    await h.send(pair[0]);
    await sleep(50);
    await h.send(pair[1]);
    const decided = await h.waitFor(isDecisionFor(new Set(pair.map((b) => b.id))), 2);
    const byId = new Map(decided.map((d) => [d.commandId, codeOf(d)] as const));
    expect([...byId.values()].sort()).toEqual(['ACCEPTED', 'OPPOSING_BETS']);
    const refused = pair.find((b) => byId.get(b.id) === 'OPPOSING_BETS');
    const refund = await rig.callReaches(`credit:${refused?.id}`, 'confirmed');
    expect(refund.amount).toBe('1000');
    await settlePlayerWins(h, r);
    const calls = await bookedCalls(v2, player, 4);
    const credits = calls.filter((c) => c.call === 'credit').map((c) => c.request);
    expect(credits.map((c) => c.roundClosed)).toEqual([false, true]);
    expect(credits[0].credits).toMatchObject([{ betId: refused?.id, kind: 'refund', amount: '1000' }]);
    expect(await v2.operatorBalance(player)).toBe(
      9_000n + (byId.get(pair[0].id) === 'ACCEPTED' ? 2_000n : 0n),
    );
  });

  it("reconciles the version 2 operator's day with its wallet's statement, a batch debit one line", async () => {
    const date = new Date().toISOString().slice(0, 10);
    const statement = parseStatement(await (await v2.admin('GET', `/admin/statement?date=${date}`)).text());
    const ours = await h.ds.transaction((m) => platformCalls(sqlOf(m), v2.operatorId, date));
    const result = reconcile(ours, statement);
    expect(result.missingAtOperator).toEqual([]);
    expect(result.missingOnPlatform).toEqual([]);
    expect(result.mismatches).toEqual([]);
    expect(isClean(result)).toBe(true);
  });
});

/** The description the platform derives from a chip (bet-description.ts). */
function describe17(bet: EventOf<'PlaceBet'> | undefined): string {
  const spec = (bet?.bet as { spec: RouletteBetSpec }).spec;
  const what = 'numbers' in spec ? `${spec.type} ${spec.numbers.join('-')}` : spec.type;
  const stake = bet?.stake ?? 0n;
  return `Roulette · ${what} · ${stake / 100n}.${String(stake % 100n).padStart(2, '0')} EUR`;
}
