import { randomUUID } from 'node:crypto';
import { cardToText, seededRandom, Shoe, shoeFromOrder, standardDecks } from '@casino/cards';
import { makeEvent } from '@casino/events';
import { baccaratResult, baccaratTable, closed, newRound, RoundRef } from './support/builders';
import { sleep } from './support/flow';
import { createHarness, Harness } from './support/ledger-harness';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('shoe');
  await h.startLedger();
});
afterAll(async () => h?.close());

/** Burn card, then two rounds of naturals (4 cards each, so the baccarat engine settles them), then the rest. */
const DEALT = [
  ['9S', '8S', 'KS', 'KH'],
  ['9H', '8H', 'QS', 'QH'],
];
function stackedShoe(): Shoe {
  const front = ['2C', ...DEALT.flat()];
  const rest = [...standardDecks(1)].map(cardToText).filter((c) => !front.includes(c));
  return shoeFromOrder([...front, ...rest], { decks: 1, random: seededRandom('shoe-reveal') });
}

async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Deals the stacked shoe's two rounds at a new table, then sends the shoe's reveal (optionally tampered). */
async function dealAndReveal(tamper = false): Promise<{ tableId: string; shoeId: string }> {
  const shoe = stackedShoe();
  const shoeId = `shoe-${randomUUID().slice(0, 8)}`;
  const tableId = newRound('baccarat').tableId;
  for (const cards of DEALT) {
    const r: RoundRef = { ...newRound('baccarat', tableId) };
    await h.send(
      makeEvent('RoundOpened', {
        ...r,
        table: baccaratTable(),
        shoe: { shoeId, hash: shoe.commitment().hash },
      }),
    );
    await h.send(closed(r), baccaratResult(r, cards));
    await until(async () => {
      const [row] = await h.ds.query(
        `SELECT status FROM ledger_rounds WHERE table_id = $1 AND round_id = $2`,
        [tableId, r.roundId],
      );
      return row?.status === 'settled' ? true : undefined;
    }, `round ${r.roundId} settled`);
  }
  shoe.close();
  const reveal = shoe.reveal();
  const order = [...reveal.order];
  if (tamper) [order[40], order[41]] = [order[41], order[40]];
  await h.send(
    makeEvent('ShoeRevealed', {
      tableId,
      game: 'baccarat',
      shoeId,
      commitment: shoe.commitment(),
      reveal: { ...reveal, order },
      roundsDealt: 2,
    }),
  );
  return { tableId, shoeId };
}

const revealRow = (t: { tableId: string; shoeId: string }) =>
  until(async () => {
    const [row] = await h.ds.query(`SELECT * FROM ledger_shoe_reveals WHERE table_id = $1 AND shoe_id = $2`, [
      t.tableId,
      t.shoeId,
    ]);
    return row as Record<string, unknown> | undefined;
  }, `the reveal of ${t.shoeId}`);

const shoeCheck = async () => (await h.checks()).find((c) => c.name.startsWith('every revealed shoe'))!;

describe('ShoeRevealed', () => {
  it('records an honest shoe as audited: commitment, announced hash and the dealt cards in shoe order', async () => {
    const honest = await dealAndReveal();
    expect(await revealRow(honest)).toMatchObject({
      rounds_checked: 2,
      cards_matched: 8,
      cards_skipped: 1,
      problem_code: null,
    });
    expect(await shoeCheck()).toMatchObject({ ok: true });
  });

  it('records a reveal that fails its commitment, and ledger:verify names it', async () => {
    const tampered = await dealAndReveal(true);
    expect(await revealRow(tampered)).toMatchObject({ problem_code: 'COMMITMENT_FAILED' });
    const check = await shoeCheck();
    expect(check.ok).toBe(false);
    expect(check.offenders).toContain(`${tampered.tableId}/${tampered.shoeId} COMMITMENT_FAILED`);
  });
});
