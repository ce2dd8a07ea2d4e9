import { cardToText, seededRandom, Shoe, shoeFromOrder, standardDecks } from '@casino/cards';
import { makeEvent } from '@casino/events';
import { randomUUID } from 'node:crypto';
import {
  closed,
  defaultTable,
  isFinalized,
  isSettled,
  newRound,
  OP,
  place,
  RoundRef,
} from './support/builders';
import { codeOf, decide, sleep } from './support/flow';
import { backOffice, balanceOf, createHarness, deposit, Harness } from './support/ledger-harness';
import { Booked, expectRtpReport } from './support/studio-returns';
import { TWO_CARD_GAMES, twoCardBet, twoCardResult, TwoCardGame } from './support/two-card-games';

/**
 * Dragon Tiger and Football Studio at the ledger, on real Kafka and PostgreSQL: bets decided (Dragon after Tiger,
 * Home after Away refused: seed 001 §5), rounds settled exactly by the game's definition (half the stake back on
 * a tie, the odd minor unit the house's), and the shoe they were dealt from audited against its reveal.
 */
jest.setTimeout(90_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('duel');
  await h.startLedger();
});
afterAll(async () => h?.close());

/** A burn (2C shown, two more burned), then a suited tie, then K against A; the rest of 8 decks after them. */
const BURN = ['2C', '3D', '4H'];
const TIE: [string, string] = ['7S', '7S'];
const KING_ACE: [string, string] = ['KD', 'AH'];

function stackedShoe(): Shoe {
  const front = [...BURN, ...TIE, ...KING_ACE];
  const rest = [...standardDecks(8)].map(cardToText);
  for (const card of front) rest.splice(rest.indexOf(card), 1);
  return shoeFromOrder([...front, ...rest], { decks: 8, random: seededRandom('two-card-games') });
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

describe.each(TWO_CARD_GAMES)(
  '$game through Kafka and PostgreSQL',
  ({ game, first, second, tie, suitedTie }) => {
    const bet = (type: string) => twoCardBet(game, type);
    const player = (name: string) => `${game}-${name}`;
    const shoe = stackedShoe();
    const shoeId = `shoe-${randomUUID().slice(0, 8)}`;
    const tableId = newRound(game).tableId;
    const rounds: (RoundRef & { game: TwoCardGame })[] = [];

    async function open(): Promise<RoundRef & { game: TwoCardGame }> {
      const r = { ...newRound(game, tableId), game };
      await h.send(
        makeEvent('RoundOpened', {
          ...r,
          table: defaultTable(game),
          shoe: { shoeId, hash: shoe.commitment().hash },
        }),
      );
      await until(async () => {
        const rows = await h.ds.query(`SELECT 1 FROM ledger_rounds WHERE table_id = $1 AND round_id = $2`, [
          tableId,
          r.roundId,
        ]);
        return rows.length > 0 ? true : undefined;
      }, `round ${r.roundId} opened`);
      rounds.push(r);
      return r;
    }

    /** Closes the round, publishes its cards and returns each accepted bet's return by command id. */
    async function settle(r: RoundRef & { game: TwoCardGame }, cards: [string, string]) {
      await h.send(closed(r));
      await h.waitFor(isFinalized(r));
      await h.send(twoCardResult(r, cards));
      const [settled] = await h.waitFor(isSettled(r));
      return settled;
    }

    it(`refuses ${first} after ${second} for one player, settles a tie with half the sides' stakes back, recalls it`, async () => {
      for (const name of ['alice', 'bob', 'carl']) await deposit(h, OP, player(name), 10_000n);
      const r = await open();
      const aSecond = place(r, player('alice'), 1_001n, bet(second));
      const aFirst = place(r, player('alice'), 500n, bet(first));
      const aTie = place(r, player('alice'), 100n, bet(tie));
      const bFirst = place(r, player('bob'), 1_000n, bet(first));
      const bSuited = suitedTie ? [place(r, player('bob'), 100n, bet(suitedTie))] : [];
      const cFirst = place(r, player('carl'), 100n, bet(first));
      const decisions = await decide(h, aSecond, aFirst, aTie, bFirst, ...bSuited, cFirst);
      expect(codeOf(decisions.get(aSecond.id))).toBe('ACCEPTED');
      expect(codeOf(decisions.get(aFirst.id))).toBe('OPPOSING_BETS');
      for (const c of [aTie, bFirst, ...bSuited, cFirst])
        expect(codeOf(decisions.get(c.id))).toBe('ACCEPTED');
      expect(await balanceOf(h, OP, player('alice'))).toBe(10_000n - 1_101n);

      const settled = await settle(r, TIE);
      const byBet = new Map(settled.bets.map((b) => [b.betId, b.returned] as const));
      const returned = (cmd: { id: string }) => {
        const d = decisions.get(cmd.id);
        return d?.type === 'BetAccepted' ? byBet.get(d.betId) : undefined;
      };
      // A tie: half of each side bet back (1001 → 500, the odd unit the house's), the tie 11:1, the suited tie 50:1.
      expect(returned(aSecond)).toBe(500n);
      expect(returned(aTie)).toBe(1_200n);
      expect(returned(bFirst)).toBe(500n);
      expect(returned(cFirst)).toBe(50n);
      if (suitedTie) expect(returned(bSuited[0])).toBe(5_100n);
      expect(await balanceOf(h, OP, player('alice'))).toBe(10_000n - 1_101n + 500n + 1_200n);
      expect(await balanceOf(h, OP, player('bob'))).toBe(suitedTie ? 10_000n - 1_100n + 5_600n : 9_500n);
      expect(await balanceOf(h, OP, player('carl'))).toBe(9_950n);

      // The back office recalls the round: its two cards and every accepted bet.
      const recall = await fetch(h.url(`/back-office/rounds/${r.tableId}/${r.roundId}`), {
        headers: backOffice(h),
      });
      expect(recall.status).toBe(200);
      const body = (await recall.json()) as { result: unknown; bets: unknown[] };
      expect(body.result).toMatchObject({ game, cards: TIE });
      expect(body.bets).toHaveLength(settled.betCount);
    });

    it('settles K against A by its ace: low at Dragon Tiger, high at Football Studio', async () => {
      for (const name of ['dave', 'eve']) await deposit(h, OP, player(name), 1_000n);
      const r = await open();
      const dFirst = place(r, player('dave'), 300n, bet(first));
      const eSecond = place(r, player('eve'), 300n, bet(second));
      const decisions = await decide(h, dFirst, eSecond);
      expect([dFirst, eSecond].map((c) => codeOf(decisions.get(c.id)))).toEqual(['ACCEPTED', 'ACCEPTED']);
      await settle(r, KING_ACE);
      const firstWins = game === 'dragonTiger';
      expect(await balanceOf(h, OP, player('dave'))).toBe(firstWins ? 1_300n : 700n);
      expect(await balanceOf(h, OP, player('eve'))).toBe(firstWins ? 700n : 1_300n);
    });

    it("shows the two rounds' bets in the back office's RTP report beside each bet's exact return", async () => {
      const firstWins = game === 'dragonTiger';
      // The tie round: 1001 and 1000 + 100 on the sides returned half (500, 500 + 50), the tie 1200, the suited
      // tie 5100; then K against A: 300 on each side, the winning one returned 600.
      const booked: Record<string, Booked> = {
        [first]: [3, 1_400n, 550n + (firstWins ? 600n : 0n)],
        [second]: [2, 1_301n, 500n + (firstWins ? 0n : 600n)],
        [tie]: [1, 100n, 1_200n],
        ...(suitedTie ? { [suitedTie]: [1, 100n, 5_100n] as Booked } : {}),
      };
      await expectRtpReport(h, game, booked);
    });

    it('audits the shoe: its reveal holds the two rounds’ cards in order after the burn', async () => {
      shoe.close();
      await h.send(
        makeEvent('ShoeRevealed', {
          tableId,
          game,
          shoeId,
          commitment: shoe.commitment(),
          reveal: shoe.reveal(),
          roundsDealt: rounds.length,
        }),
      );
      const row = await until(async () => {
        const [found] = await h.ds.query(
          `SELECT * FROM ledger_shoe_reveals WHERE table_id = $1 AND shoe_id = $2`,
          [tableId, shoeId],
        );
        return found as Record<string, unknown> | undefined;
      }, `the reveal of ${shoeId}`);
      expect(row).toMatchObject({
        rounds_checked: 2,
        cards_matched: 4,
        cards_skipped: 3,
        problem_code: null,
      });
      expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
    });
  },
);
