import { serverSeedHash } from '@casino/cards';
import { BetSpec, RoundResultPayload, tableConfigSchema } from '@casino/events';
import { gameDefinition, settleRound } from '@casino/games';
import { eventually, PlayerClient } from '@casino/service-testing';
import { dealer, LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(90_000);

// A window long enough for a round's bets and their decisions on a loaded two-core machine.
const timers = { bettingMs: 5000, drawMs: 200, resultMs: 300 };
const TABLES = [
  { id: 'sb-t', game: 'sicBo', timers },
  { id: 'ft-t', game: 'fanTan', timers },
  { id: 'dt-t', game: 'dragonTiger', timers },
  { id: 'fs-t', game: 'footballStudio', timers },
  { id: 'sb-studio', game: 'sicBo', dealer: 'studio', timers },
  { id: 'dt-studio', game: 'dragonTiger', dealer: 'studio', timers },
  { id: 'fs-studio', game: 'footballStudio', dealer: 'studio', timers },
  { id: 'ft-studio', game: 'fanTan', dealer: 'studio', timers },
];
const DEPOSIT = 100_000n;

type GameId = 'sicBo' | 'fanTan' | 'dragonTiger' | 'footballStudio';

interface Case {
  tableId: string;
  game: GameId;
  player: string;
  bets: Record<string, unknown>[];
  /** A bet the seed forbids after the first one (docs/rules/restrictions.md): refused by the ledger. */
  forbidden?: Record<string, unknown>;
}

const CASES: Case[] = [
  {
    tableId: 'sb-t',
    game: 'sicBo',
    player: 'sam',
    bets: [{ type: 'small' }, { type: 'total', total: 9 }, { type: 'single', number: 3 }],
    forbidden: { type: 'big' },
  },
  { tableId: 'ft-t', game: 'fanTan', player: 'fay', bets: [{ type: 'fan', number: 1 }, { type: 'odd' }] },
  {
    tableId: 'dt-t',
    game: 'dragonTiger',
    player: 'dan',
    bets: [{ type: 'dragon' }, { type: 'tie' }],
    forbidden: { type: 'tiger' },
  },
  {
    tableId: 'fs-t',
    game: 'footballStudio',
    player: 'fred',
    bets: [{ type: 'home' }],
    forbidden: { type: 'away' },
  },
];

/** The bet as the ledger holds it (the game's definition nests Sic Bo's and Fan Tan's under `spec`). */
function specOf(game: GameId, bet: Record<string, unknown>): BetSpec {
  return (
    'spec' in gameDefinition(game).betSpecSchema.shape ? { game, spec: bet } : { ...bet, game }
  ) as BetSpec;
}

/** The result a round:result shows, as the ledger settles it. */
function resultOf(game: GameId, shown: Record<string, unknown>): RoundResultPayload {
  const fields =
    game === 'sicBo'
      ? { dice: shown.dice, fair: shown.fair }
      : game === 'fanTan'
        ? { count: shown.count, result: shown.result, fair: shown.fair }
        : { cards: shown.cards };
  return { game, ...fields } as RoundResultPayload;
}

// A round voided by a restart, and what every game service does, are the contract's (test/contract.spec.ts).
describe('studio games tables (service + Kafka + PostgreSQL + real ledger)', () => {
  let live: LiveTable;

  beforeAll(async () => {
    const deposits = Object.fromEntries([...CASES.map((c) => c.player), 'stu'].map((p) => [p, DEPOSIT]));
    live = await openLiveTable(TABLES, { deposits });
  });
  afterAll(() => live?.close());

  async function playRound(c: Case): Promise<void> {
    const client: PlayerClient = await live.client(c.player);
    // A round opening while the join is answered counts: its betting window is still open.
    const since = Date.now();
    await client.request('join', { tableId: c.tableId });
    const opened = await client.waitFor('round:opened', (p) => p.tableId === c.tableId, 10_000, since);
    const roundId = opened.roundId as string;
    if (c.game === 'sicBo' || c.game === 'fanTan')
      expect(opened.commitment).toMatchObject({ serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    else expect(opened.shoeId).toEqual(expect.any(String));

    // Not a bet of the game: refused by the table before the ledger.
    const notOfTheGame = { tableId: c.tableId, roundId, bet: { type: 'banker' }, stake: '100' };
    expect(await client.request('placeBet', notOfTheGame)).toMatchObject({ ok: false, code: 'INVALID_BET' });
    const replies = await Promise.all(
      c.bets.map((bet) =>
        client.request<{ ok: boolean; refs: string[] }>('placeBet', {
          tableId: c.tableId,
          roundId,
          bet,
          stake: '100',
        }),
      ),
    );
    for (const reply of replies) {
      expect(reply).toMatchObject({ ok: true });
      await client.waitFor('bet:accepted', (p) => p.ref === reply.refs[0]);
    }
    if (c.forbidden) {
      const reply = await client.request<{ ok: boolean; refs: string[] }>('placeBet', {
        tableId: c.tableId,
        roundId,
        bet: c.forbidden,
        stake: '100',
      });
      expect(reply).toMatchObject({ ok: true });
      expect(await client.waitFor('bet:rejected', (p) => p.ref === reply.refs[0])).toMatchObject({
        code: 'OPPOSING_BETS',
      });
    }

    const shown = await client.waitFor('round:result', (p) => p.roundId === roundId, 15_000);
    if (c.game === 'sicBo' || c.game === 'fanTan') {
      const fair = shown.fair as { serverSeed: string; clientSeed: string; nonce: number };
      const commitment = opened.commitment as { serverSeedHash: string; clientSeed: string; nonce: number };
      expect(serverSeedHash(fair.serverSeed)).toBe(commitment.serverSeedHash);
      expect(fair).toMatchObject({ clientSeed: commitment.clientSeed, nonce: commitment.nonce });
    }
    const config = tableConfigSchema.parse(gameDefinition(c.game).defaultTableConfig);
    const settlement = settleRound(
      config,
      resultOf(c.game, shown),
      c.bets.map((bet, i) => ({
        betId: `b${i}`,
        playerId: c.player,
        stake: 100n,
        spec: specOf(c.game, bet),
      })),
    );
    if (!settlement.ok) throw new Error(settlement.message);
    const returned = settlement.items.reduce((s, x) => s + x.returned, 0n);
    const settled = await client.waitFor('round:settled', (p) => p.roundId === roundId, 15_000);
    expect(settled.totalReturned).toBe(returned.toString());
    const staked = 100n * BigInt(c.bets.length);
    const expected = DEPOSIT - staked + returned;
    await eventually(async () => (await live.ledger.balance(c.player)) === expected);
    expect(await live.ledger.balance(c.player)).toBe(expected);
    client.close();
  }

  it('a round of each game at once: a player bets through the socket, the round is drawn, settled by the ledger, the balance is right', async () => {
    // The four tables run side by side in the one service (docs/adr/0007-one-service-for-the-studio-games.md).
    await Promise.all(CASES.map((c) => playRound(c)));
  });

  it("plays a studio round of each game from the dealer's console: a re-shake, the dice, the two cards, a recount", async () => {
    const stu = await live.client('stu');
    const url = live.service.url;
    let expected = DEPOSIT;
    const studioRound = async (
      tableId: string,
      bet: object,
      entries: { action: string; body: object; status: number; filler?: object }[],
      returned: bigint,
    ) => {
      // The round opened at boot waits for its dealer: finished (no bets on it), the next one opens.
      const since = Date.now();
      type Joined = { snapshot: { phase: string; round: { roundId: string } } };
      const joined = await stu.request<Joined>('join', { tableId });
      if (joined.snapshot.phase === 'betting')
        await stu.waitFor('round:drawing', (p) => p.roundId === joined.snapshot.round.roundId);
      if (joined.snapshot.phase !== 'result')
        expect((await dealer(url, tableId, 'result', entries.at(-1)?.filler)).status).toBe(200);
      const opened = await stu.waitFor('round:opened', (p) => p.tableId === tableId, 10_000, since);
      const reply = await stu.request<{ refs: string[] }>('placeBet', { tableId, bet, stake: '100' });
      await stu.waitFor('bet:accepted', (p) => p.ref === reply.refs[0]);
      await stu.waitFor('round:drawing', (p) => p.roundId === opened.roundId);
      for (const e of entries) expect((await dealer(url, tableId, e.action, e.body)).status).toBe(e.status);
      const settled = await stu.waitFor('round:settled', (p) => p.roundId === opened.roundId, 15_000);
      expect(settled.totalReturned).toBe(returned.toString());
      expected += returned - 100n;
      await eventually(async () => (await live.ledger.balance('stu')) === expected);
    };
    // Sic Bo: a die off the plate is shaken again; a fourth die is refused; 1-2-3 is Small.
    await studioRound(
      'sb-studio',
      { type: 'small' },
      [
        { action: 'redraw', body: { reason: 'a die off the plate' }, status: 200 },
        { action: 'result', body: { dice: [1, 2, 7] }, status: 409 },
        { action: 'result', body: { dice: [1, 2, 3] }, status: 200 },
        { action: 'result', body: { dice: [4, 5, 6] }, status: 409, filler: { dice: [6, 6, 5] } },
      ],
      200n,
    );
    // Dragon Tiger: the king to Dragon, the two to Tiger.
    await studioRound(
      'dt-studio',
      { type: 'dragon' },
      [
        { action: 'result', body: { cards: ['KS', 'XX'] }, status: 409 },
        { action: 'result', body: { cards: ['KS', '2H'] }, status: 200 },
        { action: 'result', body: { cards: ['QS', '2D'] }, status: 409, filler: { cards: ['3S', '4D'] } },
      ],
      200n,
    );
    // Football Studio: the king to Home beats the two.
    await studioRound(
      'fs-studio',
      { type: 'home' },
      [
        { action: 'result', body: { cards: ['KD', '2C'] }, status: 200 },
        { action: 'result', body: { cards: ['QS', '2D'] }, status: 409, filler: { cards: ['3S', '4D'] } },
      ],
      200n,
    );
    // Fan Tan: the beads are counted again; a count outside the table's range (40-139) is refused; 41 leaves 1,
    // so Fan 1 wins 3:1 less the 5% commission (2.85:1).
    await studioRound(
      'ft-studio',
      { type: 'fan', number: 1 },
      [
        { action: 'redraw', body: { reason: 'beads spilled' }, status: 200 },
        { action: 'result', body: { count: 30 }, status: 409 },
        { action: 'result', body: { count: 41 }, status: 200 },
        { action: 'result', body: { count: 42 }, status: 409, filler: { count: 42 } },
      ],
      385n,
    );
    expect(await live.ledger.balance('stu')).toBe(DEPOSIT + 100n + 100n + 100n + 285n);
    stu.close();
  });
});
