import { encodeEvent, EventOf, MAX_MINOR_UNITS } from '@casino/events';
import { LedgerProcess } from '@casino/test-support';
import { accountKey, fundingAccount, playerAccount, WalletService } from '@casino/wallet';
import {
  bac,
  baccaratResult,
  baccaratTable,
  cancel,
  closed,
  isDecisionFor,
  isSettled,
  newRound,
  OP,
  opened,
  place,
} from './support/builders';
import { codeOf, decide, openRound, sleep } from './support/flow';
import { backOfficeCall, healthOf, quarantineRows, startLedgerChild } from './support/ledger-child';
import { balanceOf, createHarness, Harness } from './support/ledger-harness';
import { eventually, keysOnPartition, partitionOf, RawMessage, readRaw } from './support/raw-topics';

jest.setTimeout(180_000);

/** The harness creates every topic with 3 partitions. */
const PARTITIONS = 3;
const PLAYER_WINS = ['9S', '3C', 'KH', '4D'];

let h: Harness;
let ledger: LedgerProcess;
let raw: Awaited<ReturnType<typeof readRaw>>;

beforeAll(async () => {
  h = await createHarness('quarantine');
  raw = await readRaw(h.kafka, [h.topics.deadLetter, h.topics.roundsBaccarat]);
  ledger = await startLedgerChild(h);
});
afterAll(async () => {
  await ledger?.kill();
  await raw?.consumer.disconnect();
  await h?.close();
});

const deadLetters = (key: string): RawMessage[] =>
  raw.messages.filter((m) => m.topic === h.topics.deadLetter && m.key === key);

async function expectChecksGreen() {
  expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
}

describe('a RoundResult whose booking fails in the database', () => {
  const [poisonTable, bystanderTable] = keysOnPartition('bac-q', 1, PARTITIONS, 2);
  const W = newRound('baccarat', poisonTable);
  const resultW = baccaratResult(W, PLAYER_WINS);

  it('is parked (row, dead letter, alert) while bystanders on its partition are decided and settled', async () => {
    for (const p of ['w1', 'b1', 'b2']) await ledger.deposit(OP, p, 'EUR', 10_000n);
    await openRound(h, W, baccaratTable());
    expect(codeOf((await decide(h, place(W, 'w1', 1_000n, bac('player')))).values().next().value)).toBe(
      'ACCEPTED',
    );
    // Fault injection: the database refuses this round's settlement as a 64-bit overflow would.
    await h.ds.query(`
      CREATE FUNCTION test_overflow_settlement() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.round_id = '${W.roundId}' THEN
          RAISE EXCEPTION USING ERRCODE = 'numeric_value_out_of_range', MESSAGE = 'bigint out of range (injected)';
        END IF;
        RETURN NEW;
      END $$`);
    await h.ds.query(
      `CREATE TRIGGER test_overflow_settlement BEFORE INSERT ON ledger_round_settlements
       FOR EACH ROW EXECUTE FUNCTION test_overflow_settlement()`,
    );
    const B1 = newRound('baccarat', bystanderTable);
    await openRound(h, B1, baccaratTable());
    const bystanders = [place(B1, 'b1', 1_000n, bac('player')), place(B1, 'b2', 1_000n, bac('banker'))];
    expect([...(await decide(h, ...bystanders)).values()].map(codeOf)).toEqual(['ACCEPTED', 'ACCEPTED']);

    // One send: the poison result between the bystanders' events on the same partition.
    const B2 = newRound('baccarat', bystanderTable);
    await h.send(
      closed(W),
      resultW,
      closed(B1),
      baccaratResult(B1, PLAYER_WINS),
      opened(B2, baccaratTable()),
    );
    await h.waitFor(isSettled(B1), 1, 60_000);
    const roundsPartition = new Set(
      raw.messages
        .filter((m) => m.topic === h.topics.roundsBaccarat && m.key !== null)
        .map((m) => m.partition),
    );
    expect(roundsPartition).toEqual(new Set([partitionOf(poisonTable, PARTITIONS)]));

    const [row] = await eventually('the parked result', async () => {
      const rows = (await quarantineRows(h)).filter((r) => r.event_id === resultW.id);
      return rows.length > 0 ? rows : undefined;
    });
    expect(row).toMatchObject({
      topic: h.topics.roundsBaccarat,
      kafka_partition: partitionOf(poisonTable, PARTITIONS),
      message_key: poisonTable,
      event_type: 'RoundResult',
      holds: 'round',
      error_code: 'AMOUNT_OUT_OF_RANGE',
      status: 'parked',
    });
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    expect(row.payload.toString('utf8')).toBe(encodeEvent(resultW));
    const [letter] = await eventually('the dead letter', () => {
      const found = deadLetters(poisonTable);
      return found.length > 0 ? found : undefined;
    });
    expect(letter.value).toBe(encodeEvent(resultW));
    expect(ledger.log()).toContain('ALERT ledger message parked');

    // The partition moved on: the next round of the bystanders' table opened, bets decided and settled.
    await eventually('B2 opened', async () =>
      (await h.ds.query(`SELECT 1 FROM ledger_rounds WHERE round_id = $1`, [B2.roundId])).length > 0
        ? true
        : undefined,
    );
    const next = await decide(h, place(B2, 'b1', 500n, bac('player')), place(B2, 'b2', 500n, bac('player')));
    expect([...next.values()].map(codeOf)).toEqual(['ACCEPTED', 'ACCEPTED']);
    await h.send(closed(B2), baccaratResult(B2, PLAYER_WINS));
    await h.waitFor(isSettled(B2), 1, 30_000);
    expect(await balanceOf(h, OP, 'b1')).toBe(10_000n + 1_000n + 500n);

    // Commands for the parked round are refused with a code rather than stalled.
    const late = await decide(h, place(W, 'b2', 100n, bac('player')));
    expect(codeOf([...late.values()][0])).toBe('ROUND_QUARANTINED');
    const cancelW = cancel(W, 'b2', { betId: 'whatever' });
    await h.send(cancelW);
    const [cancelDecision] = await h.waitFor(
      (e): e is EventOf<'BetCancelRejected'> => e.type === 'BetCancelRejected' && e.commandId === cancelW.id,
    );
    expect(cancelDecision.code).toBe('ROUND_QUARANTINED');

    const health = await healthOf(ledger);
    expect(health.quarantine).toMatchObject({ open: 1, parkedHere: 1 });
    expect(health.consumer.held).toBeGreaterThanOrEqual(2);
    expect(await balanceOf(h, OP, 'w1')).toBe(9_000n);
    await expectChecksGreen();
  });

  it('the back office lists it; a retry before the fix fails and is audited, after the fix it settles', async () => {
    const list = await backOfficeCall<{ id: string; eventId: string; status: string; payload: string }[]>(
      ledger,
      '/quarantine?status=parked',
    );
    expect(list.status).toBe(200);
    const entry = list.body.find((e) => e.eventId === resultW.id);
    expect(entry).toMatchObject({ status: 'parked', payload: encodeEvent(resultW) });
    const id = entry?.id ?? 'missing';
    expect((await backOfficeCall(ledger, `/quarantine/${id}/retry`, { actor: 'ops-anna' })).status).toBe(400);
    const unauthorized = await fetch(`${ledger.url}/quarantine`);
    expect(unauthorized.status).toBe(401);

    const early = await backOfficeCall(ledger, `/quarantine/${id}/retry`, {
      actor: 'ops-anna',
      reason: 'first look',
    });
    expect(early).toMatchObject({ status: 409, body: { code: 'QUARANTINE_RETRY_FAILED' } });
    expect(String(early.body.message)).toContain('AMOUNT_OUT_OF_RANGE');

    // The fix.
    await h.ds.query(`DROP TRIGGER test_overflow_settlement ON ledger_round_settlements`);
    const retried = await backOfficeCall(ledger, `/quarantine/${id}/retry`, {
      actor: 'ops-anna',
      reason: 'fault removed (ticket OPS-1)',
    });
    expect(retried).toMatchObject({ status: 200, body: { id, status: 'retried', outcome: 'settled' } });
    await h.waitFor(isSettled(W), 1, 30_000);
    expect(await balanceOf(h, OP, 'w1')).toBe(9_000n + 2_000n);

    const detail = await backOfficeCall<{ status: string; resolvedBy: string; actions: unknown[] }>(
      ledger,
      `/quarantine/${id}`,
    );
    expect(detail.body).toMatchObject({
      status: 'retried',
      resolvedBy: 'ops-anna',
      actions: [
        {
          action: 'retry',
          actor: 'ops-anna',
          reason: 'first look',
          outcome: 'failed',
          errorCode: 'AMOUNT_OUT_OF_RANGE',
        },
        { action: 'retry', actor: 'ops-anna', reason: 'fault removed (ticket OPS-1)', outcome: 'applied' },
      ],
    });
    expect(
      (await backOfficeCall(ledger, `/quarantine/${id}/retry`, { actor: 'x', reason: 'again' })).body,
    ).toMatchObject({ code: 'QUARANTINE_NOT_PARKED' });
    expect((await backOfficeCall(ledger, `/quarantine/999999`)).status).toBe(404);
    // The round is free again: a bet on it is simply late now.
    const late = await decide(h, place(W, 'b1', 100n, bac('player')));
    expect(codeOf([...late.values()][0])).toBe('LATE_BET');
    await expectChecksGreen();
  });
});

describe('a win the wallet cannot hold (its balance plus the payout would pass 2^63 − 1)', () => {
  const R = newRound('baccarat', 'bac-q-whale');

  it('holds that payout alone, booked to the funding account and listed; every other bet of the round is paid', async () => {
    await ledger.deposit(OP, 'whale', 'EUR', 1_000n);
    await ledger.deposit(OP, 'minnow', 'EUR', 10_000n);
    await openRound(h, R, baccaratTable());
    const decided = await decide(
      h,
      place(R, 'whale', 1_000n, bac('player')),
      place(R, 'minnow', 1_000n, bac('player')),
      place(R, 'minnow', 500n, bac('luckySix')),
    );
    expect([...decided.values()].map(codeOf)).toEqual(['ACCEPTED', 'ACCEPTED', 'ACCEPTED']);
    // A wallet funded past the balance ceiling behind the ledger's back (as one funded before the ceiling was).
    await new WalletService(h.ds).transfer({
      idempotencyKey: 'whale-seed',
      kind: 'deposit',
      currency: 'EUR',
      lines: [
        { account: playerAccount(OP, 'whale', 'EUR'), amount: MAX_MINOR_UNITS - 500n },
        { account: fundingAccount('op-seed', 'EUR'), amount: -(MAX_MINOR_UNITS - 500n) },
      ],
    });
    const fundingBefore = await h.ds.query(`SELECT balance::text AS b FROM wallet_accounts WHERE key = $1`, [
      accountKey(fundingAccount(OP, 'EUR')),
    ]);
    await h.send(closed(R), baccaratResult(R, PLAYER_WINS));
    const [settled] = await h.waitFor(isSettled(R), 1, 60_000);
    expect(settled.bets.map((b) => `${b.playerId} ${b.returned}`).sort()).toEqual([
      'minnow 0',
      'minnow 2000',
      'whale 2000',
    ]);
    expect(await balanceOf(h, OP, 'minnow')).toBe(10_000n - 1_500n + 2_000n);
    expect(await balanceOf(h, OP, 'whale')).toBe(MAX_MINOR_UNITS - 500n);
    const fundingAfter = await h.ds.query(`SELECT balance::text AS b FROM wallet_accounts WHERE key = $1`, [
      accountKey(fundingAccount(OP, 'EUR')),
    ]);
    expect(BigInt(fundingAfter[0].b) - BigInt(fundingBefore[0].b)).toBe(2_000n);
    expect((await quarantineRows(h)).filter((r) => r.message_key === R.tableId)).toEqual([]);
    expect(ledger.log()).toContain('ALERT ledger payout held');

    const held = await backOfficeCall<Record<string, unknown>[]>(ledger, '/back-office/held-payouts');
    expect(held.status).toBe(200);
    expect(held.body.filter((p) => p.roundId === R.roundId)).toEqual([
      expect.objectContaining({
        tableId: R.tableId,
        operatorId: OP,
        playerId: 'whale',
        currency: 'EUR',
        amount: '2000',
        code: 'BALANCE_OVERFLOW',
      }),
    ]);
    // The round is settled, not stuck: the back office has nothing to void.
    const voidAttempt = await backOfficeCall(ledger, `/rounds/${R.tableId}/${R.roundId}/void`, {
      actor: 'ops-anna',
      reason: 'stuck?',
    });
    expect(voidAttempt).toMatchObject({ status: 409, body: { code: 'ROUND_FINAL' } });
    await expectChecksGreen();
  });
});

describe('a PlaceBet whose booking fails in the database', () => {
  // Three players on one bet-commands partition, one on another.
  const [poisoned, s1, s2] = keysOnPartition('pq', 2, PARTITIONS, 3);
  const [s3] = keysOnPartition('pq-other', 0, PARTITIONS, 1);
  const R = newRound('baccarat', 'bac-q-bets');

  it('is found among the batch it came in, parked, and holds its player; the others are decided', async () => {
    for (const p of [poisoned, s1, s2, s3]) await ledger.deposit(OP, p, 'EUR', 10_000n);
    await openRound(h, R, baccaratTable());
    // Fault injection: the database refuses this player's bets as a 64-bit overflow of a running total would.
    await h.ds.query(`
      CREATE FUNCTION test_overflow_bet() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.player_id = '${poisoned}' THEN
          RAISE EXCEPTION USING ERRCODE = 'numeric_value_out_of_range', MESSAGE = 'bigint out of range (injected)';
        END IF;
        RETURN NEW;
      END $$`);
    await h.ds.query(
      `CREATE TRIGGER test_overflow_bet BEFORE INSERT ON ledger_bets FOR EACH ROW EXECUTE FUNCTION test_overflow_bet()`,
    );
    const bad = place(R, poisoned, 100n, bac('player'));
    const good = [
      place(R, s1, 100n, bac('player')),
      place(R, s2, 200n, bac('banker')),
      place(R, s3, 300n, bac('player')),
    ];
    // Frozen, so that every command arrives in one fetch and one transaction.
    ledger.pause();
    await h.send(good[0], bad, good[1], good[2]);
    await sleep(500);
    ledger.resume();
    const decided = await h.waitFor(isDecisionFor(new Set(good.map((c) => c.id))), 3, 60_000);
    expect(decided.map(codeOf)).toEqual(['ACCEPTED', 'ACCEPTED', 'ACCEPTED']);

    const [row] = await eventually('the parked command', async () => {
      const rows = (await quarantineRows(h)).filter((r) => r.event_id === bad.id);
      return rows.length > 0 ? rows : undefined;
    });
    expect(row).toMatchObject({
      topic: h.topics.betCommandsBaccarat,
      kafka_partition: 2,
      message_key: poisoned,
      event_type: 'PlaceBet',
      holds: 'player',
      error_code: 'AMOUNT_OUT_OF_RANGE',
      status: 'parked',
    });
    await eventually('its dead letter', () => (deadLetters(poisoned).length > 0 ? true : undefined));
    expect(h.received.some((e) => 'commandId' in e && e.commandId === bad.id)).toBe(false);

    // The player's later commands are refused with a code; everyone else goes on.
    const again = place(R, poisoned, 100n, bac('player'));
    const more = place(R, s1, 100n, bac('player'));
    const after = await decide(h, again, more);
    expect([codeOf(after.get(again.id)), codeOf(after.get(more.id))]).toEqual([
      'PLAYER_QUARANTINED',
      'ACCEPTED',
    ]);
    await expectChecksGreen();
  });

  it('after the fix a retry decides the parked command, and the player is free again', async () => {
    const entry = (await quarantineRows(h)).find((r) => r.event_type === 'PlaceBet');
    await h.ds.query(`DROP TRIGGER test_overflow_bet ON ledger_bets`);
    const retried = await backOfficeCall(ledger, `/quarantine/${entry?.id}/retry`, {
      actor: 'ops-ben',
      reason: 'fault removed',
    });
    expect(retried).toMatchObject({ status: 200, body: { outcome: 'accepted' } });
    const [decision] = await h.waitFor(isDecisionFor(new Set([entry?.event_id ?? ''])));
    expect(codeOf(decision)).toBe('ACCEPTED');
    // The registry of this instance dropped the hold at once.
    const next = await decide(h, place(R, poisoned, 100n, bac('player')));
    expect(codeOf([...next.values()][0])).toBe('ACCEPTED');
    await h.send(closed(R), baccaratResult(R, PLAYER_WINS));
    await h.waitFor(isSettled(R), 1, 30_000);
    expect(await balanceOf(h, OP, poisoned)).toBe(10_000n - 200n + 400n);
    expect((await healthOf(ledger)).quarantine.open).toBe(0);
    await expectChecksGreen();
  });
});
