/// <reference types="jest" />
import type { LiveTable } from '../harness/live-table';
import { connectSameIdAtTwoOperators } from '../harness/operator-pair';
import { PlayerClient } from '../harness/player-client';
import { eventually } from '../harness/test-ledger';
import { ContractGame, GameServiceSubject, PlaceAck, refOf } from './game-service-subject';

/** A window long enough for a round's bets, withdrawals and their decisions on a loaded two-core machine. */
const PLAY_BETTING_MS = 4000;
/** A round that stays open for the whole case (voids and restarts happen while it takes bets). */
const HOLD_BETTING_MS = 60_000;
const DEPOSIT = 100_000n;

const slug = (game: ContractGame) => game.id.toLowerCase();
const playTable = (game: ContractGame) => `c-${slug(game)}`;
const holdTable = (game: ContractGame) => `c-${slug(game)}-hold`;
/** A player of one case at one game (the games of a service share its ledger). */
const player = (game: ContractGame, role: string) => `${slug(game)}-${role}`;
const ROLES = ['ann', 'ben', 'cat', 'dom'] as const;

type MyBet = { ref: string; betId?: string };
type Joined = {
  ok: boolean;
  snapshot: {
    tableId: string;
    game: string;
    phase: string;
    balance?: string;
    round: { roundId: string; myBets: MyBet[] } | null;
  };
};

const isOpenedAt = (tableId: string) => (p: Record<string, unknown>) =>
  p.tableId === tableId && p.noBet !== true;

/** The next round of `tableId` that opens after now: a whole betting window ahead. */
async function nextRound(client: PlayerClient, tableId: string, timeoutMs = 30_000): Promise<string> {
  const opened = await client.waitFor('round:opened', isOpenedAt(tableId), timeoutMs, Date.now());
  return opened.roundId as string;
}

/** Places a bet on the round and waits for the ledger to accept it (a rejection is shown in the failure). */
async function placed(
  client: PlayerClient,
  tableId: string,
  roundId: string,
  bet: Record<string, unknown>,
  stake: bigint,
): Promise<{ ref: string; betId: string; balance: unknown }> {
  const ack = await client.request<PlaceAck>('placeBet', { tableId, roundId, ...bet, stake: String(stake) });
  expect(ack).toMatchObject({ ok: true });
  const ref = refOf(ack);
  const accepted = await client
    .waitFor('bet:accepted', (p) => p.ref === ref)
    .catch((err: Error) => {
      throw new Error(`${tableId}: ${err.message}; rejected: ${JSON.stringify(client.all('bet:rejected'))}`);
    });
  return { ref, betId: accepted.betId as string, balance: accepted.balance };
}

const myRefs = async (client: PlayerClient, tableId: string) =>
  ((await client.request<Joined>('join', { tableId })).snapshot.round?.myBets ?? []).map((b) => b.ref);

/** Runs `check` for every game of the service at once (their tables run side by side in the one service). */
const eachGame = (subject: GameServiceSubject, check: (game: ContractGame) => Promise<void>) =>
  Promise.all(subject.games.map(check));

/**
 * The cases against the service in this process, its real ledger, Kafka and PostgreSQL: join, bet, cancel, close,
 * result and settlement, isolation between operators, a dealer's void and a restart.
 */
export function describeLiveTableCases(subject: GameServiceSubject): void {
  describe('on a live table (service + Kafka + PostgreSQL + real ledger)', () => {
    let live: LiveTable;

    beforeAll(async () => {
      const tables = subject.games.flatMap((g) => [
        g.table(playTable(g), PLAY_BETTING_MS),
        g.table(holdTable(g), HOLD_BETTING_MS),
      ]);
      const deposits = Object.fromEntries(
        subject.games.flatMap((g) => ROLES.map((role) => [player(g, role), DEPOSIT])),
      );
      live = await subject.harness.openLiveTable(tables, { deposits });
    });
    afterAll(() => live?.close());

    it('join: a socket without a valid token is refused; a player joins and sees the table and their balance', async () => {
      await expect(PlayerClient.connect(live.service.url, 'nope')).rejects.toMatchObject({
        data: { ok: false, code: 'UNAUTHENTICATED' },
      });
      await eachGame(subject, async (game) => {
        const ann = await live.client(player(game, 'ann'));
        const joined = await ann.request<Joined>('join', { tableId: playTable(game) });
        expect(joined.ok).toBe(true);
        expect(joined.snapshot).toMatchObject({
          tableId: playTable(game),
          game: game.id,
          balance: DEPOSIT.toString(),
        });
        // A table the player has not joined takes no bet.
        expect(
          await ann.request('placeBet', { tableId: holdTable(game), ...game.bets[0], stake: '1000' }),
        ).toMatchObject({ ok: false, code: 'NOT_JOINED' });
        expect(
          await ann.request('placeBet', {
            tableId: `${playTable(game)}-unknown`,
            ...game.bets[0],
            stake: '1000',
          }),
        ).toMatchObject({ ok: false, code: 'NOT_JOINED' });
        ann.close();
      });
    });

    it('bet, cancel, close, result and settlement: the ledger takes and refunds stakes, settles only the live bet', async () => {
      await eachGame(subject, async (game) => {
        const tableId = playTable(game);
        const ben = await live.client(player(game, 'ben'));
        const stranger = await live.client(player(game, 'cat'));
        await stranger.request('join', { tableId });
        await ben.request('join', { tableId });
        const roundId = await nextRound(ben, tableId);

        // A bet accepted by the real ledger: the stake leaves the wallet.
        const first = await placed(ben, tableId, roundId, game.bets[0], 1000n);
        expect(first.balance).toBe((DEPOSIT - 1000n).toString());
        expect(await live.ledger.balance(player(game, 'ben'))).toBe(DEPOSIT - 1000n);

        // Refusals the service gives from its own book: a stranger's bet, an unknown ref, another round, a bad body.
        expect(await stranger.request('cancelBet', { tableId, ref: first.ref })).toMatchObject({
          ok: false,
          code: 'BET_NOT_FOUND',
        });
        expect(await ben.request('cancelBet', { tableId, ref: 'nope' })).toMatchObject({
          ok: false,
          code: 'BET_NOT_FOUND',
        });
        expect(
          await ben.request('cancelBet', { tableId, roundId: 'old-round', ref: first.ref }),
        ).toMatchObject({
          ok: false,
          code: 'WRONG_ROUND',
        });
        expect(await ben.request('cancelBet', { tableId })).toMatchObject({
          ok: false,
          code: 'INVALID_MESSAGE',
        });
        expect(await ben.request('cancelBet', { tableId, ref: first.ref, betId: 'x' })).toMatchObject({
          ok: false,
          code: 'INVALID_MESSAGE',
        });

        // Withdrawn by the ledger's id: refunded, told, and not twice.
        const ack = await ben.request('cancelBet', { tableId, roundId, betId: first.betId });
        expect(ack).toMatchObject({ ok: true, ref: first.ref, roundId, status: 'cancelling' });
        expect(await ben.waitFor('bet:cancelled', (p) => p.ref === first.ref)).toMatchObject({
          roundId,
          betId: first.betId,
          status: 'cancelled',
          stake: '1000',
          balance: DEPOSIT.toString(),
        });
        expect(await live.ledger.balance(player(game, 'ben'))).toBe(DEPOSIT);
        expect(await ben.request('cancelBet', { tableId, ref: first.ref })).toMatchObject({
          ok: false,
          code: 'ALREADY_CANCELLED',
        });
        expect(stranger.all('bet:cancelled')).toEqual([]);

        const kept = await placed(ben, tableId, roundId, game.bets[1], 500n);
        // Placed and withdrawn at once: the cancel names the command while the ledger has not decided yet.
        const instant = refOf(
          await ben.request<PlaceAck>('placeBet', { tableId, roundId, ...game.bets[0], stake: '200' }),
        );
        expect(await ben.request('cancelBet', { tableId, ref: instant })).toMatchObject({ ok: true });
        await ben.waitFor('bet:cancelled', (p) => p.ref === instant);
        expect(await myRefs(ben, tableId)).toEqual([kept.ref]);
        await eventually(async () => (await live.ledger.balance(player(game, 'ben'))) === DEPOSIT - 500n);

        // "No more bets": no bet is taken or withdrawn any more.
        await ben.waitFor('round:closed', (p) => p.roundId === roundId, 15_000);
        expect(
          await ben.request('placeBet', { tableId, roundId, ...game.bets[1], stake: '500' }),
        ).toMatchObject({ ok: false, code: 'BETTING_CLOSED' });
        expect(await ben.request('cancelBet', { tableId, ref: kept.ref })).toMatchObject({
          ok: false,
          code: 'BETTING_CLOSED',
        });
        expect(await live.ledger.balance(player(game, 'ben'))).toBe(DEPOSIT - 500n);

        // The result, and the settlement of the live bet alone, by the engine's rules when the result decides them.
        const shown = await ben.waitFor(
          game.resultMessage ?? 'round:result',
          (p) => p.roundId === roundId,
          30_000,
        );
        const settled = await ben.waitFor('round:settled', (p) => p.roundId === roundId, 30_000);
        const settledBets = settled.bets as { betId: string; stake: string; returned: string }[];
        expect(settledBets.map((b) => [b.betId, b.stake])).toEqual([[kept.betId, '500']]);
        const returned = BigInt(settledBets[0].returned);
        expect(settled).toMatchObject({ totalStaked: '500', totalReturned: returned.toString() });
        if (game.returnOf) expect(returned).toBe(game.returnOf(shown, game.bets[1], 500n));
        await eventually(
          async () => (await live.ledger.balance(player(game, 'ben'))) === DEPOSIT - 500n + returned,
        );
        expect(stranger.all('round:settled').filter((p) => p.roundId === roundId)).toEqual([]);
        ben.close();
        stranger.close();
      });
    });

    it("isolation between operators: the same player id at two operators neither sees, cancels nor pays for the other's bets", async () => {
      await eachGame(subject, async (game) => {
        const tableId = playTable(game);
        // Player "42" of operator A (funded 10,000) and of operator B (5,000): two people, two wallets.
        const id = `${slug(game)}-42`;
        const [a42, b42] = await connectSameIdAtTwoOperators(live.service.url, live.ledger, id);
        try {
          await a42.request('join', { tableId });
          await b42.request('join', { tableId });
          const roundId = await nextRound(a42, tableId);
          const aBet = await placed(a42, tableId, roundId, game.bets[0], 1000n);
          const bBet = await placed(b42, tableId, roundId, game.bets[1], 500n);
          expect(aBet.balance).toBe('9000');
          expect(bBet.balance).toBe('4500');

          // B's token cannot withdraw A's bet (by ref or by the ledger's id): it is not theirs.
          for (const which of [{ ref: aBet.ref }, { betId: aBet.betId }]) {
            expect(await b42.request('cancelBet', { tableId, ...which })).toMatchObject({
              ok: false,
              code: 'BET_NOT_FOUND',
            });
          }
          // Each one's snapshot shows their own bets only, and their own balance.
          const aView = await a42.request<Joined>('join', { tableId });
          const bView = await b42.request<Joined>('join', { tableId });
          expect(aView.snapshot.round?.myBets.map((b) => b.ref)).toEqual([aBet.ref]);
          expect(bView.snapshot.round?.myBets.map((b) => b.ref)).toEqual([bBet.ref]);
          expect(aView.snapshot.balance).toBe('9000');
          expect(bView.snapshot.balance).toBe('4500');

          // B withdraws its own bet: only B is refunded and told.
          expect(await b42.request('cancelBet', { tableId, ref: bBet.ref })).toMatchObject({ ok: true });
          await b42.waitFor('bet:cancelled', (p) => p.ref === bBet.ref);
          await eventually(async () => (await live.ledger.balance(id, 'EUR', 'op-b')) === 5_000n);
          expect(await live.ledger.balance(id, 'EUR', 'op-a')).toBe(9_000n);
          expect(a42.all('bet:cancelled')).toEqual([]);

          // A's round settles for A only, in A's wallet.
          const settled = await a42.waitFor('round:settled', (p) => p.roundId === roundId, 30_000);
          expect(settled.totalStaked).toBe('1000');
          const aReturned = BigInt(settled.totalReturned as string);
          await eventually(async () => (await live.ledger.balance(id, 'EUR', 'op-a')) === 9_000n + aReturned);
          expect(await live.ledger.balance(id, 'EUR', 'op-b')).toBe(5_000n);
          const leaked = (mine: PlayerClient, ref: string) =>
            mine.received.filter((m) => JSON.stringify(m.payload).includes(ref));
          expect(leaked(b42, aBet.ref)).toEqual([]);
          expect(leaked(a42, bBet.ref)).toEqual([]);
          expect(a42.all('bet:accepted').map((p) => p.ref)).toEqual([aBet.ref]);
          expect(b42.all('bet:accepted').map((p) => p.ref)).toEqual([bBet.ref]);
          expect(b42.all('round:settled').filter((p) => p.roundId === roundId)).toEqual([]);
          // B is only ever told B's balances.
          for (const p of b42.all('balance')) expect(['5000', '4500']).toContain(p.balance);
        } finally {
          a42.close();
          b42.close();
        }
      });
    });

    it("void: a dealer's void while betting is open refunds the round's stakes and the table goes on (and a withdrawn bet no longer opposes)", async () => {
      await eachGame(subject, async (game) => {
        const tableId = holdTable(game);
        const dom = await live.client(player(game, 'dom'));
        const joined = await dom.request<Joined>('join', { tableId });
        const roundId =
          joined.snapshot.phase === 'betting' && joined.snapshot.round
            ? joined.snapshot.round.roundId
            : ((await dom.waitFor('round:opened', isOpenedAt(tableId), 30_000)).roundId as string);
        const staked = 700n;
        if (game.opposing) {
          // A withdrawn bet no longer opposes: the ledger refuses the second side only while the first stands.
          const [side, other] = game.opposing;
          const first = await placed(dom, tableId, roundId, side, 300n);
          const refused = refOf(
            await dom.request<PlaceAck>('placeBet', { tableId, roundId, ...other, stake: '700' }),
          );
          expect(await dom.waitFor('bet:rejected', (p) => p.ref === refused)).toMatchObject({
            code: 'OPPOSING_BETS',
          });
          expect(await dom.request('cancelBet', { tableId, ref: first.ref })).toMatchObject({ ok: true });
          await dom.waitFor('bet:cancelled', (p) => p.ref === first.ref);
          await placed(dom, tableId, roundId, other, 700n);
        } else {
          await placed(dom, tableId, roundId, game.bets[0], 700n);
        }
        expect(await live.ledger.balance(player(game, 'dom'))).toBe(DEPOSIT - staked);

        const voided = await subject.harness.dealer(live.service.url, tableId, 'void', {
          reason: 'malfunction',
        });
        expect(voided.status).toBe(200);
        expect(await dom.waitFor('round:voided', (p) => p.roundId === roundId)).toMatchObject({
          reason: 'malfunction',
        });
        expect(await dom.waitFor('round:refunded', (p) => p.roundId === roundId, 15_000)).toMatchObject({
          totalRefunded: staked.toString(),
        });
        await eventually(async () => (await live.ledger.balance(player(game, 'dom'))) === DEPOSIT);
        await dom.waitFor('round:opened', (p) => isOpenedAt(tableId)(p) && p.roundId !== roundId, 30_000);
        expect(dom.all('round:settled').filter((p) => p.roundId === roundId)).toEqual([]);
        dom.close();
      });
    });

    it('restart: a round taking bets when the service stops is voided and refunded; the table opens a new one', async () => {
      const held = await Promise.all(
        subject.games.map(async (game) => {
          const tableId = holdTable(game);
          const dom = await live.client(player(game, 'dom'));
          const joined = await dom.request<Joined>('join', { tableId });
          const round =
            joined.snapshot.phase === 'betting' && joined.snapshot.round
              ? joined.snapshot.round.roundId
              : ((await dom.waitFor('round:opened', isOpenedAt(tableId), 30_000)).roundId as string);
          const before = await live.ledger.balance(player(game, 'dom'));
          await placed(dom, tableId, round, game.bets[1], 600n);
          expect(await live.ledger.balance(player(game, 'dom'))).toBe(before - 600n);
          dom.close();
          return { game, tableId, roundId: round, before };
        }),
      );

      await live.restart();

      await Promise.all(
        held.map(async ({ game, tableId, roundId, before }) => {
          await eventually(async () => (await live.ledger.balance(player(game, 'dom'))) === before, 20_000);
          const back = await live.client(player(game, 'dom'));
          const rejoined = await back.request<Joined>('join', { tableId });
          const next =
            rejoined.snapshot.phase === 'betting' && rejoined.snapshot.round
              ? rejoined.snapshot.round
              : {
                  roundId: (await back.waitFor('round:opened', isOpenedAt(tableId), 30_000)).roundId,
                  myBets: [],
                };
          expect(next.roundId).not.toBe(roundId);
          expect(next.myBets).toEqual([]);
          expect(rejoined.snapshot.balance).toBe(before.toString());
          back.close();
        }),
      );
    });
  });
}
