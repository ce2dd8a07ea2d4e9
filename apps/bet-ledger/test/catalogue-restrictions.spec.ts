import { EventOf, TableConfig } from '@casino/events';
import { bac, baccaratTable, cancel, newRound, OP, opened, place, RoundRef } from './support/builders';
import { cancelCodeOf, codeOf, decide, decideCancels } from './support/flow';
import { backOffice, balanceOf, createHarness, deposit, Harness } from './support/ledger-harness';
import { eventually } from './support/raw-topics';

jest.setTimeout(60_000);

// The restrictions a table's own settings drive, on the real path: the table is put in the catalogue through the
// back-office API, its rounds open through Kafka (unregistered sends: the catalogue entry is the API's), and the
// bets and cancels travel through Kafka to the ledger, which decides with the catalogue's settings
// (docs/rules/restrictions.md#maximum-player-banker-difference, docs/rules/baccarat.md#side-bet-cut-offs).

let h: Harness;
beforeAll(async () => {
  h = await createHarness('catalogue-restrictions');
  await h.startLedger();
});
afterAll(async () => h?.close());

/** Puts the table in the catalogue through the back-office API (amounts as strings, no roundInShoe). */
async function putTable(tableId: string, config: TableConfig): Promise<void> {
  const settings = JSON.parse(
    JSON.stringify(config, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
  ) as Record<string, unknown>;
  delete settings.roundInShoe;
  const res = await fetch(h.url(`/tables/${tableId}`), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...backOffice(h) },
    body: JSON.stringify({
      variant: 'live',
      currency: 'EUR',
      producer: 'baccarat-service',
      settings,
      actor: 'jane.doe',
      reason: 'restriction test table',
    }),
  });
  expect(res.status).toBe(201);
}

/** Sends the RoundOpened through Kafka and waits until the ledger recorded the round. */
async function openThroughKafka(r: RoundRef, config: TableConfig): Promise<void> {
  await h.sendUnregistered(opened(r, config));
  await eventually(`round ${r.roundId}`, async () => {
    const rows = await h.ds.query(`SELECT 1 FROM ledger_rounds WHERE table_id = $1 AND round_id = $2`, [
      r.tableId,
      r.roundId,
    ]);
    return rows.length > 0 ? rows : undefined;
  });
}

async function accepted(cmd: EventOf<'PlaceBet'>): Promise<EventOf<'BetAccepted'>> {
  const d = (await decide(h, cmd)).get(cmd.id);
  if (d?.type !== 'BetAccepted') throw new Error(`expected BetAccepted, got ${codeOf(d)}`);
  return d;
}

describe("the maximum Player-Banker difference on a withdrawal, with the catalogue's maximum", () => {
  it('refuses a cancel that would widen the gap above the maximum, then allows it once the gap is narrowed', async () => {
    for (const p of ['mdw-ann', 'mdw-bob']) await deposit(h, OP, p, 10_000n);
    const config = baccaratTable({ maxDifference: 1_000n });
    const r = newRound('baccarat');
    await putTable(r.tableId, config);
    await openThroughKafka(r, config);

    // Banker 1,000 and Player 600: a gap of 400. Another 500 on Banker: 900.
    const banker = await accepted(place(r, 'mdw-ann', 1_000n, bac('banker')));
    const player = await accepted(place(r, 'mdw-bob', 600n, bac('player')));
    const more = await accepted(place(r, 'mdw-ann', 500n, bac('banker')));

    // Bob's withdrawal would leave Banker 1,500 against Player 0: above 1,000 and wider than 900.
    const refused = cancel(r, 'mdw-bob', { betId: player.betId });
    const d = (await decideCancels(h, refused)).get(refused.id)!;
    expect(cancelCodeOf(d)).toBe('MAX_DIFFERENCE_EXCEEDED');
    expect(await balanceOf(h, OP, 'mdw-bob')).toBe(9_400n);

    // Ann takes 500 back (the gap narrows to 400), then Bob's withdrawal leaves exactly 1,000: allowed.
    const narrow = cancel(r, 'mdw-ann', { betId: more.betId });
    expect(cancelCodeOf((await decideCancels(h, narrow)).get(narrow.id))).toBe('CANCELLED');
    const again = cancel(r, 'mdw-bob', { betId: player.betId });
    expect(cancelCodeOf((await decideCancels(h, again)).get(again.id))).toBe('CANCELLED');
    expect(await balanceOf(h, OP, 'mdw-bob')).toBe(10_000n);
    expect(await balanceOf(h, OP, 'mdw-ann')).toBe(9_000n);

    // The ledger's own record: Ann's first Banker bet stands, the other two are cancelled.
    const rows = (await h.ds.query(
      `SELECT bet_id, cancelled_at IS NOT NULL AS cancelled FROM ledger_bets WHERE round_id = $1`,
      [r.roundId],
    )) as { bet_id: string; cancelled: boolean }[];
    const cancelled = new Map(rows.map((row) => [row.bet_id, row.cancelled]));
    expect([banker.betId, player.betId, more.betId].map((id) => cancelled.get(id))).toEqual([
      false,
      true,
      true,
    ]);
    expect((await h.checks()).filter((x) => !x.ok)).toEqual([]);
  });
});

describe("the side-bet cut-offs of the table's own settings", () => {
  it("accepts and refuses side bets by the catalogue's last rounds, not the engine's defaults", async () => {
    await deposit(h, OP, 'cut-cy', 10_000n);
    // Lucky Six closes after round 20 (default 50); Player Pair after round 70 (default 60); Banker Pair keeps 60.
    const config = (roundInShoe: number) =>
      baccaratTable({ roundInShoe, sideBetLastRound: { luckySix: 20, playerPair: 70 } });
    const first = newRound('baccarat');
    await putTable(first.tableId, config(1));

    const round20 = newRound('baccarat', first.tableId);
    await openThroughKafka(round20, config(20));
    const six20 = place(round20, 'cut-cy', 100n, bac('luckySix'));
    expect(codeOf((await decide(h, six20)).get(six20.id))).toBe('ACCEPTED');

    const round21 = newRound('baccarat', first.tableId);
    await openThroughKafka(round21, config(21));
    const six21 = place(round21, 'cut-cy', 100n, bac('luckySix'));
    const natural21 = place(round21, 'cut-cy', 100n, bac('playerNatural'));
    const d21 = await decide(h, six21, natural21);
    expect([codeOf(d21.get(six21.id)), codeOf(d21.get(natural21.id))]).toEqual([
      'SIDE_BET_CUTOFF',
      'ACCEPTED',
    ]);

    const round65 = newRound('baccarat', first.tableId);
    await openThroughKafka(round65, config(65));
    const pp = place(round65, 'cut-cy', 100n, bac('playerPair'));
    const bp = place(round65, 'cut-cy', 100n, bac('bankerPair'));
    const main = place(round65, 'cut-cy', 100n, bac('player'));
    const d65 = await decide(h, pp, bp, main);
    expect([pp, bp, main].map((c) => codeOf(d65.get(c.id)))).toEqual([
      'ACCEPTED',
      'SIDE_BET_CUTOFF',
      'ACCEPTED',
    ]);

    const round71 = newRound('baccarat', first.tableId);
    await openThroughKafka(round71, config(71));
    const pp71 = place(round71, 'cut-cy', 100n, bac('playerPair'));
    expect(codeOf((await decide(h, pp71)).get(pp71.id))).toBe('SIDE_BET_CUTOFF');
  });
});
