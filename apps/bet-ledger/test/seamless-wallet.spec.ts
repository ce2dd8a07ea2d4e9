import { CasinoEvent, EventOf } from '@casino/events';
import {
  asOperator,
  bac,
  baccaratTable,
  cancel,
  isDecisionFor,
  isRefunded,
  newRound,
  OP,
  place,
  voided,
} from './support/builders';
import { cancelCodeOf, codeOf, decide, decideCancels, openRound, sleep } from './support/flow';
import { backOffice, balanceOf, deposit, Harness } from './support/ledger-harness';
import { signedCall } from './support/operator-api';
import { createSeamlessRig, SEAM, SeamlessRig, seamlessBet, settlePlayerWins } from './support/seamless-rig';

jest.setTimeout(120_000);

let rig: SeamlessRig;
let h: Harness;

beforeAll(async () => {
  rig = await createSeamlessRig('seam');
  h = rig.h;
  await h.startLedger({
    LEDGER_SEAMLESS_TIMEOUT_MS: '800',
    LEDGER_SEAMLESS_CONCURRENCY: '16',
    LEDGER_SEAMLESS_POLL_MS: '100',
    LEDGER_SEAMLESS_RETRY_MS: '200',
    LEDGER_SEAMLESS_RETRY_MAX_MS: '1000',
  });
});

afterAll(async () => rig?.close());

afterEach(async () => {
  await rig.admin('DELETE', '/admin/faults');
  // ledger:verify after each case: every cent accounted for, the float account included.
  expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
});

const operatorPlayer = (balance: bigint) => rig.operatorPlayer(balance);
const operatorBalance = (playerId: string) => rig.operatorBalance(playerId);
const operatorTransactions = (playerId: string) => rig.operatorTransactions(playerId);
const faults: SeamlessRig['faults'] = (...list) => rig.faults(...list);
const callReaches = (transactionId: string, state: string) => rig.callReaches(transactionId, state);

/** Waits until the ledger has taken a seamless bet in (recorded, checked, its debit to come). */
async function waitUntilTakenIn(commandId: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (
    ((await h.ds.query(`SELECT 1 FROM ledger_seamless_bets WHERE command_id = $1`, [commandId])) as unknown[])
      .length === 0
  ) {
    if (Date.now() > deadline) throw new Error(`${commandId} was never taken in`);
    await sleep(20);
  }
}

describe('a seamless operator: the platform debits and credits its wallet', () => {
  it('accepts a bet once its stake is debited, and credits wins and losses once the round settles', async () => {
    const winner = await operatorPlayer(10_000n);
    const loser = await operatorPlayer(10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const win = seamlessBet(r, winner, 1_000n, 'player');
    const lose = seamlessBet(r, loser, 500n, 'banker');
    const decisions = await decide(h, win, lose);
    expect(codeOf(decisions.get(win.id))).toBe('ACCEPTED');
    expect(codeOf(decisions.get(lose.id))).toBe('ACCEPTED');
    expect(await operatorBalance(winner)).toBe(9_000n);
    expect(await operatorBalance(loser)).toBe(9_500n);

    await settlePlayerWins(h, r);
    expect((await callReaches(`credit:${win.id}`, 'confirmed')).amount).toBe('2000');
    expect((await callReaches(`credit:${lose.id}`, 'confirmed')).amount).toBe('0');
    // The operator's balances are what the platform believes; the platform wallets held money only in transit.
    expect(await operatorBalance(winner)).toBe(11_000n);
    expect(await operatorBalance(loser)).toBe(9_500n);
    expect(await balanceOf(h, SEAM, winner)).toBe(0n);
    expect(await balanceOf(h, SEAM, loser)).toBe(0n);
    // A bet on a finished round is refused before any debit.
    const late = seamlessBet(r, winner, 100n, 'player');
    expect(codeOf((await decide(h, late)).get(late.id))).toBe('LATE_BET');
    expect((await operatorTransactions(winner)).map((t) => t.call)).toEqual(['debit', 'credit']);
  });

  it('confirms the credits of a whole round answered together, each once with its own balance', async () => {
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const players = await Promise.all(Array.from({ length: 24 }, () => operatorPlayer(10_000n)));
    const bets = players.map((p, i) => seamlessBet(r, p, 100n * BigInt(i + 1), i % 2 ? 'banker' : 'player'));
    const decisions = await decide(h, ...bets);
    expect(bets.map((b) => codeOf(decisions.get(b.id)))).toEqual(bets.map(() => 'ACCEPTED'));

    await settlePlayerWins(h, r);
    await Promise.all(bets.map((b) => callReaches(`credit:${b.id}`, 'confirmed')));
    const isChange = (e: CasinoEvent): e is EventOf<'BalanceChanged'> =>
      e.type === 'BalanceChanged' && players.includes(e.playerId);
    await sleep(300);
    const changes = await h.waitFor(isChange, players.length);
    // One BalanceChanged per credit, win or loss, carrying the balance the operator answered.
    expect(changes.map((e) => e.playerId).sort()).toEqual([...players].sort());
    for (const [i, p] of players.entries()) {
      const stake = 100n * BigInt(i + 1);
      const expected = i % 2 ? 10_000n - stake : 10_000n + stake;
      expect(await operatorBalance(p)).toBe(expected);
      expect(changes.find((e) => e.playerId === p)?.balance).toBe(expected);
      expect(await balanceOf(h, SEAM, p)).toBe(0n);
    }
  });

  it("shows the player the operator's balance: at launch, on acceptance and after the credit", async () => {
    const player = await operatorPlayer(10_000n);
    // The lobby's /api/me and a table's first balance read this route: the operator's wallet answers it.
    const res = await fetch(h.url(`/operators/${SEAM}/players/${player}/balances`), {
      headers: backOffice(h),
    });
    expect(await res.json()).toEqual([{ currency: 'EUR', balance: '10000' }]);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const bet = seamlessBet(r, player, 1_000n, 'player');
    const accepted = (await decide(h, bet)).get(bet.id);
    expect(accepted).toMatchObject({ type: 'BetAccepted', balance: 9_000n });
    await settlePlayerWins(h, r);
    await callReaches(`credit:${bet.id}`, 'confirmed');
    const isChange = (e: CasinoEvent): e is EventOf<'BalanceChanged'> =>
      e.type === 'BalanceChanged' && e.playerId === player;
    const [credited] = await h.waitFor(isChange);
    expect(credited).toMatchObject({
      reason: 'settlement',
      delta: 2_000n,
      balance: 11_000n,
      roundId: r.roundId,
    });
    // The settlement's platform-side credit (money in transit) is never shown as the player's balance.
    await sleep(300);
    expect((await h.waitFor(isChange)).map((e) => e.balance)).toEqual([11_000n]);
    expect(await operatorBalance(player)).toBe(11_000n);
  });

  it("rejects a bet the operator's wallet refuses, with the refusal's code", async () => {
    const poor = await operatorPlayer(100n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const bet = seamlessBet(r, poor, 1_000n, 'player');
    expect(codeOf((await decide(h, bet)).get(bet.id))).toBe('WALLET_INSUFFICIENT_FUNDS');
    expect(await operatorBalance(poor)).toBe(100n);
    expect(await balanceOf(h, SEAM, poor)).toBe(0n);
  });

  it('rejects a bet whose debit timed out and rolls the debit back once', async () => {
    const player = await operatorPlayer(5_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    // The wallet takes the money, then holds its answer past the platform's timeout.
    await faults({ call: 'debit', mode: 'timeout', delayMs: 2_000, times: 1 });
    const bet = seamlessBet(r, player, 1_000n, 'player');
    expect(codeOf((await decide(h, bet)).get(bet.id))).toBe('WALLET_UNAVAILABLE');
    await callReaches(`rollback:${bet.id}`, 'confirmed');
    expect(await operatorBalance(player)).toBe(5_000n);
    const txs = await operatorTransactions(player);
    expect(txs.filter((t) => t.call === 'rollback')).toHaveLength(1);
    expect(txs.filter((t) => t.call === 'debit')).toHaveLength(1);
    expect(await balanceOf(h, SEAM, player)).toBe(0n);
  });

  it('retries a failing credit with back-off until it succeeds, exactly once', async () => {
    const player = await operatorPlayer(10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const bet = seamlessBet(r, player, 1_000n, 'player');
    expect(codeOf((await decide(h, bet)).get(bet.id))).toBe('ACCEPTED');
    await faults({ call: 'credit', mode: 'fail', times: 3 });
    await settlePlayerWins(h, r);
    const credit = await callReaches(`credit:${bet.id}`, 'confirmed');
    expect(credit.attempts).toBe(4);
    expect(await operatorBalance(player)).toBe(11_000n);
    expect((await operatorTransactions(player)).filter((t) => t.call === 'credit')).toHaveLength(1);
    expect(await balanceOf(h, SEAM, player)).toBe(0n);
  });

  it('sends a credit whose answer was dropped again, and the operator pays it once', async () => {
    const player = await operatorPlayer(10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const bet = seamlessBet(r, player, 1_000n, 'player');
    expect(codeOf((await decide(h, bet)).get(bet.id))).toBe('ACCEPTED');
    // The wallet applies the credit, then closes the connection unanswered: the platform cannot know.
    await faults({ call: 'credit', mode: 'drop', times: 1 });
    await settlePlayerWins(h, r);
    expect((await callReaches(`credit:${bet.id}`, 'confirmed')).attempts).toBe(2);
    expect(await operatorBalance(player)).toBe(11_000n);
    expect((await operatorTransactions(player)).filter((t) => t.call === 'credit')).toHaveLength(1);
    expect(await balanceOf(h, SEAM, player)).toBe(0n);
  });

  it('keeps retrying a credit an hour into its failures, and marks it failed past the retry window', async () => {
    const player = await operatorPlayer(10_000n);
    const other = await operatorPlayer(10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const bet = seamlessBet(r, player, 1_000n, 'player');
    const late = seamlessBet(r, other, 1_000n, 'player');
    const decisions = await decide(h, bet, late);
    expect(codeOf(decisions.get(bet.id))).toBe('ACCEPTED');
    expect(codeOf(decisions.get(late.id))).toBe('ACCEPTED');
    await faults({ call: 'credit', mode: 'fail' });
    await settlePlayerWins(h, r);
    await rig.callReaches(`credit:${bet.id}`, 'pending');
    // Simulated time: one credit has failed for an hour (20 tries), the other for 49 hours (past the 48 h window).
    await h.ds.query(
      `UPDATE ledger_seamless_calls SET created_at = now() - interval '1 hour', attempts = 20 WHERE transaction_id = $1`,
      [`credit:${bet.id}`],
    );
    await h.ds.query(
      `UPDATE ledger_seamless_calls SET created_at = now() - interval '49 hours' WHERE transaction_id = $1`,
      [`credit:${late.id}`],
    );
    await rig.callReaches(`credit:${late.id}`, 'failed');
    // Still owed: the failed credit's money stays in the player's platform wallet, for the back office.
    expect(await balanceOf(h, SEAM, other)).toBe(2_000n);
    await sleep(300);
    expect((await rig.callReaches(`credit:${bet.id}`, 'pending')).attempts).toBeGreaterThan(20);
    await rig.admin('DELETE', '/admin/faults');
    await callReaches(`credit:${bet.id}`, 'confirmed');
    expect(await operatorBalance(player)).toBe(11_000n);
    expect((await operatorTransactions(player)).filter((t) => t.call === 'credit')).toHaveLength(1);
    expect(await operatorBalance(other)).toBe(9_000n);
  });

  it('refuses the second of Player and Banker sent together before its debit: the check sees the first', async () => {
    const player = await operatorPlayer(10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const pair = [seamlessBet(r, player, 1_000n, 'player'), seamlessBet(r, player, 1_000n, 'banker')];
    const decided = await decide(h, ...pair);
    expect(pair.map((b) => codeOf(decided.get(b.id)))).toEqual(['ACCEPTED', 'OPPOSING_BETS']);
    expect((await operatorTransactions(player)).map((t) => t.transactionId)).toEqual([`debit:${pair[0].id}`]);
    await h.send(voided(r));
    await h.waitFor(isRefunded(r));
    await callReaches(`credit:${pair[0].id}`, 'confirmed');
    expect(await operatorBalance(player)).toBe(10_000n);
  });

  it("refuses a bet the platform's own rules rule out before any debit at the operator", async () => {
    const player = await operatorPlayer(10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const first = seamlessBet(r, player, 1_000n, 'player');
    expect(codeOf((await decide(h, first)).get(first.id))).toBe('ACCEPTED');
    const opposing = seamlessBet(r, player, 1_000n, 'banker');
    expect(codeOf((await decide(h, opposing)).get(opposing.id))).toBe('OPPOSING_BETS');
    const tooLarge = seamlessBet(r, player, 200_000n, 'tie');
    expect(codeOf((await decide(h, tooLarge)).get(tooLarge.id))).toBe('ABOVE_TABLE_MAX');
    // The operator saw one debit: the refused bets never reached its wallet.
    expect((await operatorTransactions(player)).map((t) => t.transactionId)).toEqual([`debit:${first.id}`]);
    expect(await operatorBalance(player)).toBe(9_000n);
    await h.send(voided(r));
    await h.waitFor(isRefunded(r));
    await callReaches(`credit:${first.id}`, 'confirmed');
    expect(await operatorBalance(player)).toBe(10_000n);
  });

  it('credits back a funded stake the decision rejects, a voided round and a cancelled bet, as refunds', async () => {
    const player = await operatorPlayer(10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    // Player, then Banker while Player's debit is still on its way: both pass the check before the debit
    // (neither is decided yet), both are debited while the operator's wallet is slow, and the decision refuses
    // the second: its stake goes back.
    await faults({ call: 'debit', mode: 'slow', delayMs: 300, times: 2 });
    const pair = [seamlessBet(r, player, 1_000n, 'player'), seamlessBet(r, player, 1_000n, 'banker')];
    await h.send(pair[0]);
    await waitUntilTakenIn(pair[0].id);
    // Player is sent again with Banker: a redelivery, taken in, debited and decided once.
    const decided = await decide(h, ...pair);
    const codes = pair.map((b) => codeOf(decided.get(b.id)));
    expect([...codes].sort()).toEqual(['ACCEPTED', 'OPPOSING_BETS']);
    const [first, opposing] = codes[0] === 'ACCEPTED' ? pair : [pair[1], pair[0]];
    await callReaches(`credit:${opposing.id}`, 'confirmed');
    expect(await operatorBalance(player)).toBe(9_000n);
    const tie = seamlessBet(r, player, 500n, 'tie');
    const accepted = (await decide(h, tie)).get(tie.id);
    expect(codeOf(accepted)).toBe('ACCEPTED');
    const betId = accepted?.type === 'BetAccepted' ? accepted.betId : '';
    const withdraw = asOperator(cancel(r, player, { betId }), SEAM);
    expect(cancelCodeOf((await decideCancels(h, withdraw)).get(withdraw.id))).toBe('CANCELLED');
    await callReaches(`credit:${tie.id}`, 'confirmed');
    expect(await operatorBalance(player)).toBe(9_000n);
    await h.send(voided(r));
    await h.waitFor(isRefunded(r));
    await callReaches(`credit:${first.id}`, 'confirmed');
    expect(await operatorBalance(player)).toBe(10_000n);
    const kinds = (await operatorTransactions(player)).map((t) => t.call);
    expect(kinds.filter((k) => k === 'debit')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'credit')).toHaveLength(3);
    expect(await balanceOf(h, SEAM, player)).toBe(0n);
  });

  it('takes a debit applied twice at once (a duplicate delivery) once', async () => {
    const player = await operatorPlayer(10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    await faults({ call: 'debit', mode: 'duplicate', times: 1 });
    const bet = seamlessBet(r, player, 1_000n, 'player');
    expect(codeOf((await decide(h, bet)).get(bet.id))).toBe('ACCEPTED');
    expect(await operatorBalance(player)).toBe(9_000n);
    await settlePlayerWins(h, r);
    await callReaches(`credit:${bet.id}`, 'confirmed');
    expect(await operatorBalance(player)).toBe(11_000n);
  });

  it("never delays another seamless operator's players while one operator's wallet hangs", async () => {
    const other = await rig.addOperator('op-seam-b');
    const stuck = await operatorPlayer(100_000n);
    const fine = await other.operatorPlayer(10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const warm = asOperator(seamlessBet(r, fine, 500n, 'player'), other.operatorId);
    expect(codeOf((await decide(h, warm)).get(warm.id))).toBe('ACCEPTED');
    // Every call to the first operator hangs past the timeout: more bets than its calls in flight (16).
    await faults({ call: '*', mode: 'slow', delayMs: 1_500 });
    const hanging = Array.from({ length: 24 }, () => seamlessBet(r, stuck, 100n, 'player'));
    await h.send(...hanging);
    await sleep(100);
    const started = Date.now();
    const quick = asOperator(seamlessBet(r, fine, 1_000n, 'player'), other.operatorId);
    expect(codeOf((await decide(h, quick)).get(quick.id))).toBe('ACCEPTED');
    // Decided while every slot of the first operator is still taken by calls that hang (its rollbacks hang too):
    // had the second waited for them, it would not be decided before the faults are cleared. The bound is loose
    // for a loaded machine (a shared slot would cost at least 2 timeouts more).
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await other.operatorBalance(fine)).toBe(8_500n);
    // The first 16 debits time out with the wallet still hanging (each bet is checked before its debit, so the
    // slots fill at the pace of those checks): the wallet comes back only after they are rejected.
    for (let n = 0; n < 16; await sleep(50))
      [{ n }] = (await h.ds.query(
        `SELECT count(*)::int AS n FROM ledger_seamless_bets WHERE command_id = ANY($1) AND state IN ('rolling_back', 'rejected')`,
        [hanging.map((b) => b.id)],
      )) as { n: number }[];
    // The hanging operator's bets end too: those whose debit hung rejected and rolled back, the ones still
    // waiting for a slot when the wallet came back accepted; the void gives those back.
    await rig.admin('DELETE', '/admin/faults');
    const ids = new Set(hanging.map((b) => b.id));
    const decided = await h.waitFor(isDecisionFor(ids), hanging.length, 30_000);
    const rejected = decided.filter((d) => d.type === 'BetRejected');
    expect(rejected.length).toBeGreaterThanOrEqual(16);
    for (const d of rejected) {
      expect(codeOf(d)).toBe('WALLET_UNAVAILABLE');
      await callReaches(`rollback:${d.commandId}`, 'confirmed');
    }
    await h.send(voided(r));
    await h.waitFor(isRefunded(r));
    for (const d of decided.filter((d) => d.type === 'BetAccepted'))
      await callReaches(`credit:${d.commandId}`, 'confirmed');
    await callReaches(`credit:${quick.id}`, 'confirmed');
    await callReaches(`credit:${warm.id}`, 'confirmed');
    expect(await operatorBalance(stuck)).toBe(100_000n);
    expect(await other.operatorBalance(fine)).toBe(10_000n);
  });

  it("keeps a transfer operator's players playing while the seamless operator is down", async () => {
    const seamPlayer = await operatorPlayer(10_000n);
    await deposit(h, OP, 'steady', 10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    await faults({ call: '*', mode: 'fail' });
    const down = seamlessBet(r, seamPlayer, 1_000n, 'player');
    await h.send(down);
    const started = Date.now();
    const steady = place(r, 'steady', 1_000n, bac('player'));
    expect(codeOf((await decide(h, steady)).get(steady.id))).toBe('ACCEPTED');
    expect(Date.now() - started).toBeLessThan(2_000);
    const [rejected] = await h.waitFor(
      (e): e is EventOf<'BetRejected'> => e.type === 'BetRejected' && e.commandId === down.id,
    );
    expect(rejected.code).toBe('WALLET_UNAVAILABLE');
    // The rollback keeps being retried while the wallet is down, and lands once it is back.
    await sleep(700);
    await rig.admin('DELETE', '/admin/faults');
    await callReaches(`rollback:${down.id}`, 'confirmed');
    expect(await operatorBalance(seamPlayer)).toBe(10_000n);
  });

  it('plays a free bet without a debit and credits its winnings with the promotion id; bonus money is refused', async () => {
    const player = await operatorPlayer(1_000n);
    const grant = (body: Record<string, unknown>) =>
      signedCall<Record<string, unknown>>(h.url(''), rig.key, 'POST', `/v1/players/${player}/free-bets`, {
        currency: 'EUR',
        game: 'baccarat',
        stake: '100',
        count: 3,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        ...body,
      });
    expect(await grant({ grantId: 'promo-1' })).toMatchObject({ status: 200, body: { winningsAs: 'cash' } });
    const bonus = { wageringMultiple: 1, expiresAt: new Date(Date.now() + 2 * 86_400_000).toISOString() };
    expect(await grant({ grantId: 'promo-b', winningsAs: 'bonus', bonus })).toMatchObject({
      status: 409,
      body: { code: 'BONUS_NOT_SUPPORTED' },
    });

    // Two free bets (one wins, one loses) and one of another stake, debited as any.
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const win = seamlessBet(r, player, 100n, 'player');
    const lose = seamlessBet(r, player, 100n, 'tie');
    const paid = seamlessBet(r, player, 200n, 'player');
    const decisions = await decide(h, win, lose);
    // The operator's balance, as its wallet answered: the free bets took nothing from it.
    expect(decisions.get(win.id)).toMatchObject({ type: 'BetAccepted', balance: 1_000n });
    expect(decisions.get(lose.id)).toMatchObject({ type: 'BetAccepted', balance: 1_000n });
    expect((await decide(h, paid)).get(paid.id)).toMatchObject({ type: 'BetAccepted', balance: 800n });
    expect(await operatorBalance(player)).toBe(800n);
    const [row] = await h.ds.query(`SELECT used FROM ledger_free_bets WHERE grant_id = 'promo-1'`);
    expect(row.used).toBe(2);

    await settlePlayerWins(h, r);
    // Only the free bet's winnings (100 of its 200 return) reach the operator, naming the promotion.
    const credits = await Promise.all([win, lose].map((b) => callReaches(`credit:${b.id}`, 'confirmed')));
    expect(credits.map((c) => c.amount)).toEqual(['100', '0']);
    const [body] = await h.ds.query(`SELECT body FROM ledger_seamless_calls WHERE transaction_id = $1`, [
      `credit:${win.id}`,
    ]);
    expect(body.body).toMatchObject({ promotionId: 'promo-1', amount: '100', kind: 'win' });
    expect(body.body.debitTransactionId).toBeUndefined();
    await callReaches(`credit:${paid.id}`, 'confirmed');
    expect(await operatorBalance(player)).toBe(1_300n);
    expect(await balanceOf(h, SEAM, player)).toBe(0n);
    expect((await operatorTransactions(player)).map((t) => t.call).sort()).toEqual([
      'credit',
      'credit',
      'credit',
      'debit',
    ]);

    // A cancelled free bet is given back to its grant and closed with a credit of 0 naming the promotion.
    const r2 = newRound('baccarat');
    await openRound(h, r2, baccaratTable());
    const third = seamlessBet(r2, player, 100n, 'player');
    expect(codeOf((await decide(h, third)).get(third.id))).toBe('ACCEPTED');
    const c = asOperator(cancel(r2, player, { betCommandId: third.id }), SEAM);
    expect(cancelCodeOf((await decideCancels(h, c)).get(c.id))).toBe('CANCELLED');
    expect((await callReaches(`credit:${third.id}`, 'confirmed')).amount).toBe('0');
    const [cancelled] = await h.ds.query(`SELECT body FROM ledger_seamless_calls WHERE transaction_id = $1`, [
      `credit:${third.id}`,
    ]);
    expect(cancelled.body).toMatchObject({ promotionId: 'promo-1', kind: 'refund' });
    expect((await h.ds.query(`SELECT used FROM ledger_free_bets WHERE grant_id = 'promo-1'`))[0].used).toBe(
      2,
    );
    expect(await operatorBalance(player)).toBe(1_300n);

    // Two bets of the stake with one free bet left: one uses it, the other finds none left and is debited.
    const r3 = newRound('baccarat');
    await openRound(h, r3, baccaratTable());
    const both = [seamlessBet(r3, player, 100n, 'player'), seamlessBet(r3, player, 100n, 'player')];
    const decided = await decide(h, ...both);
    expect(both.map((b) => codeOf(decided.get(b.id)))).toEqual(['ACCEPTED', 'ACCEPTED']);
    const rows: { free: boolean }[] = await h.ds.query(
      `SELECT free_bet_id IS NOT NULL AS free FROM ledger_seamless_bets WHERE command_id = ANY($1::text[])`,
      [both.map((b) => b.id)],
    );
    expect(rows.map((r) => r.free).sort()).toEqual([false, true]);
    expect(await operatorBalance(player)).toBe(1_200n);
    await settlePlayerWins(h, r3);
    await Promise.all(both.map((b) => callReaches(`credit:${b.id}`, 'confirmed')));
    expect(await operatorBalance(player)).toBe(1_500n);
  });
});
