import { seededRandom, serverSeedHash, verifyCommitment } from '@casino/cards';
import {
  attestationProblem,
  CasinoEvent,
  RoundOpenedEvent,
  RoundResultEvent,
  ShoeRevealedEvent,
  signDealtCard,
  signRoundResult,
} from '@casino/events';
import { gameDefinition } from '@casino/games';
import { TableEffect } from '@casino/table-kit/core';
import { ManualClock } from '@casino/test-support';
import { generateKeyPairSync } from 'node:crypto';
import { loadStudioConfig } from '../config/studio-config';
import { StudioTableMachine } from './studio-table.machine';
import { StudioInput, StudioTableState } from './studio-table.state';

const player = { playerId: 'p1', operatorId: 'op', currency: 'EUR', exp: 9e9 };

function machine(table: object) {
  const config = loadStudioConfig({
    PLAYER_TOKEN_SECRET: 'x'.repeat(16),
    DEALER_API_KEY: 'y'.repeat(12),
    TABLES: JSON.stringify([{ id: 't1', ...table }]),
  });
  return new StudioTableMachine(config.tables[0], seededRandom('studio-unit'), new ManualClock(0));
}

const published = (effects: TableEffect<StudioInput>[]): CasinoEvent[] =>
  effects.flatMap((e) => (e.kind === 'publish' ? [e.event] : []));

/** One whole round: close, draw, next; every event published on the way. */
function playRound(m: StudioTableMachine, state: StudioTableState) {
  const events: CasinoEvent[] = [];
  let s = state;
  for (const timer of ['close', 'draw', 'next'] as const) {
    const step = m.step(s, { kind: 'timer', timer });
    events.push(...published(step.effects));
    s = step.state;
  }
  return { state: s, events };
}

describe('studio table machine', () => {
  it.each(['sicBo', 'fanTan'])(
    '%s: commits to the seeds before betting and reveals them with a result the ledger accepts',
    (game) => {
      const m = machine({ game });
      const first = m.initial();
      const round = first.state.round!;
      const opened = first.effects.find((e) => e.kind === 'broadcast' && e.name === 'round:opened');
      expect(opened).toMatchObject({
        payload: { commitment: { serverSeedHash: round.fair!.serverSeedHash } },
      });
      expect(JSON.stringify(opened)).not.toContain(round.fair!.serverSeed);
      const { events } = playRound(m, first.state);
      const result = events.find((e): e is RoundResultEvent => e.type === 'RoundResult')!;
      const fair = (result.result as { fair: { serverSeed: string; nonce: number } }).fair;
      expect(serverSeedHash(fair.serverSeed)).toBe(round.fair!.serverSeedHash);
      const settings = m.config.settings;
      expect(gameDefinition(game).settle(settings, result.result, [])).toMatchObject({ ok: true });
      // The next round commits to a new seed with the next nonce.
      const next = events.find((e): e is RoundOpenedEvent => e.type === 'RoundOpened')!;
      expect(next.roundId).not.toBe(round.roundId);
    },
  );

  it('checks bets against the game definition and the table limits', () => {
    const m = machine({ game: 'sicBo' });
    const { state } = m.initial();
    const bet = (b: object, stake = 100n) =>
      m.step(state, { kind: 'placeBet', player, bet: { bet: b as Record<string, unknown>, stake } });
    expect(bet({ type: 'big' }).reply).toMatchObject({ ok: true });
    expect(published(bet({ type: 'big' }).effects)[0]).toMatchObject({
      type: 'PlaceBet',
      bet: { game: 'sicBo', spec: { type: 'big' } },
    });
    expect(bet({ type: 'total', total: 3 }).reply).toMatchObject({ ok: false, code: 'INVALID_BET' });
    expect(bet({ type: 'dragon' }).reply).toMatchObject({ ok: false, code: 'INVALID_BET' });
    expect(bet({ type: 'big' }, 10n).reply).toMatchObject({ ok: false, code: 'BELOW_TABLE_MIN' });
    expect(bet({ type: 'triple', number: 6 }, 10_000n).reply).toMatchObject({
      ok: false,
      code: 'ABOVE_TABLE_MAX',
    });
    const dt = machine({ game: 'dragonTiger' });
    const dtState = dt.initial().state;
    const tie = dt.step(dtState, { kind: 'placeBet', player, bet: { bet: { type: 'tie' }, stake: 100n } });
    expect(published(tie.effects)[0]).toMatchObject({ bet: { game: 'dragonTiger', type: 'tie' } });
  });

  it('deals a Dragon Tiger shoe to its cut card and reveals it: the commitment holds, every round announced it, the cards come in shoe order', () => {
    const m = machine({ game: 'dragonTiger' });
    let { state } = m.initial();
    const shoeId = state.shoe!.shoeId;
    const hash = state.shoe!.commitment!.hash;
    const dealt: string[] = [];
    let revealed: ShoeRevealedEvent | undefined;
    for (let i = 0; i < 300 && !revealed; i++) {
      const played = playRound(m, state);
      state = played.state;
      for (const e of played.events) {
        if (e.type === 'RoundResult' && e.shoe?.shoeId === shoeId) {
          expect(e.shoe.hash).toBe(hash);
          dealt.push(...(e.result as { cards: string[] }).cards);
        }
        if (e.type === 'ShoeRevealed') revealed = e;
      }
    }
    expect(revealed).toMatchObject({ game: 'dragonTiger', shoeId });
    expect(verifyCommitment(revealed!.commitment, revealed!.reveal)).toEqual({ ok: true });
    // 8 decks, the cut card 7 from the back: about 200 rounds of two cards, all in the revealed order.
    expect(dealt.length).toBeGreaterThan(380);
    let at = 0;
    for (const card of dealt) {
      at = revealed!.reveal.order.indexOf(card, at) + 1;
      expect(at).toBeGreaterThan(0);
    }
    expect(state.shoe?.shoeId).not.toBe(shoeId);
    // The history names each round's shoe, so the roads start again with a new shoe.
    expect(state.history.every((h) => h.shoeId === shoeId || h.shoeId === state.shoe?.shoeId)).toBe(true);
    expect(state.history.filter((h) => h.shoeId === shoeId).length).toBeGreaterThan(90);
  });

  it('after a restart voids a round still taking bets and completes a drawn one with its result', () => {
    const m = machine({ game: 'footballStudio' });
    const { state } = m.initial();
    const resumed = m.resume(m.fromSnapshot(m.toSnapshot(state))!);
    expect(published(resumed.effects)).toEqual([
      expect.objectContaining({ type: 'RoundVoided', reason: 'not-started' }),
    ]);
    const drawing = m.step(state, { kind: 'timer', timer: 'close' }).state;
    const restored = m.fromSnapshot(m.toSnapshot(drawing))!;
    const again = m.resume(restored);
    expect(again.effects).toEqual([expect.objectContaining({ kind: 'schedule', timer: 'draw' })]);
    const shown = m.step(again.state, { kind: 'timer', timer: 'draw' });
    const result = published(shown.effects).find((e): e is RoundResultEvent => e.type === 'RoundResult')!;
    expect(result.result).toEqual(drawing.round!.result);
  });

  it('refuses a void after the close without a pit boss approval, and takes one with it', () => {
    const m = machine({ game: 'fanTan' });
    const drawing = m.step(m.initial().state, { kind: 'timer', timer: 'close' }).state;
    const refused = m.step(drawing, { kind: 'dealer', command: { kind: 'void', reason: 'malfunction' } });
    expect(refused.reply).toMatchObject({ ok: false, code: 'VOID_NEEDS_APPROVAL' });
    const approvalId = '00000000-0000-4000-8000-000000000001';
    const voided = m.step(drawing, {
      kind: 'dealer',
      command: { kind: 'void', reason: 'malfunction', approvalId },
    });
    expect(published(voided.effects)).toEqual([expect.objectContaining({ type: 'RoundVoided', approvalId })]);
  });

  describe('studio tables', () => {
    const dealerCmd = (command: object): StudioInput => ({ kind: 'dealer', command }) as StudioInput;

    it('waits for the dealer after the close; a re-shake, then the faces, checked by the engine', () => {
      const m = machine({ game: 'sicBo', dealer: 'studio' });
      const first = m.initial();
      expect(first.state.round?.fair).toBeUndefined();
      const closed = m.step(first.state, { kind: 'timer', timer: 'close' });
      expect(closed.state.phase).toBe('drawing');
      expect(closed.effects.some((e) => e.kind === 'schedule' && e.timer === 'draw')).toBe(false);
      const redraw = m.step(closed.state, dealerCmd({ kind: 'redraw' }));
      expect(redraw.state.round?.redraws).toBe(1);
      expect(
        m.step(redraw.state, dealerCmd({ kind: 'result', result: { dice: [1, 2] } })).reply,
      ).toMatchObject({
        ok: false,
        code: 'INVALID_MESSAGE',
      });
      const shown = m.step(redraw.state, dealerCmd({ kind: 'result', result: { dice: [2, 5, 2] } }));
      expect(published(shown.effects)).toEqual([
        expect.objectContaining({ type: 'RoundResult', result: { game: 'sicBo', dice: [2, 5, 2] } }),
      ]);
      // Before the close and after the result there is no result to enter.
      expect(
        m.step(first.state, dealerCmd({ kind: 'result', result: { dice: [1, 1, 1] } })).reply,
      ).toMatchObject({
        code: 'ACTION_NOT_ALLOWED',
      });
      // A restart keeps the round waiting for its dealer.
      expect(m.resume(closed.state).effects).toEqual([]);
    });

    it("takes a bead count within the table's range and two cards", () => {
      const ft = machine({ game: 'fanTan', dealer: 'studio' });
      const ftClosed = ft.step(ft.initial().state, { kind: 'timer', timer: 'close' }).state;
      expect(ft.step(ftClosed, dealerCmd({ kind: 'result', result: { count: 12 } })).reply).toMatchObject({
        code: 'INVALID_MESSAGE',
      });
      const beads = ft.step(ftClosed, dealerCmd({ kind: 'result', result: { count: 87 } }));
      expect(published(beads.effects)[0]).toMatchObject({ result: { game: 'fanTan', count: 87, result: 3 } });
      const dt = machine({ game: 'dragonTiger', dealer: 'studio' });
      const dtFirst = dt.initial();
      expect(dtFirst.state.shoe).toBeNull();
      const dtClosed = dt.step(dtFirst.state, { kind: 'timer', timer: 'close' }).state;
      const cards = dt.step(dtClosed, dealerCmd({ kind: 'result', result: { cards: ['KS', '2H'] } }));
      expect(published(cards.effects)[0]).toMatchObject({
        result: { game: 'dragonTiger', cards: ['KS', '2H'] },
      });
      expect(cards.state.history.at(-1)).toMatchObject({ winner: 'first' });
    });

    it("passes the studio's signatures on in the RoundResult: the whole result, or each card by index", () => {
      // docs/kafka-security.md#signed-live-results: the ledger verifies them with the table's registered key.
      const key = generateKeyPairSync('ed25519');
      const pub = key.publicKey.export({ type: 'spki', format: 'pem' }).toString();
      const priv = key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const resultOf = (m: StudioTableMachine, entry: object) => {
        const closed = m.step(m.initial().state, { kind: 'timer', timer: 'close' }).state;
        const step = m.step(closed, dealerCmd({ kind: 'result', result: entry }));
        return {
          roundId: closed.round!.roundId,
          step,
          event: published(step.effects)[0] as RoundResultEvent,
        };
      };
      const checked = (e: RoundResultEvent) =>
        attestationProblem(pub, e.tableId, e.roundId, e.result, e.attestation);

      const sb = machine({ game: 'sicBo', dealer: 'studio' });
      const sbRound = sb.step(sb.initial().state, { kind: 'timer', timer: 'close' }).state;
      const dice = { game: 'sicBo', dice: [6, 1, 6] };
      const sbSig = signRoundResult(priv, 't1', sbRound.round!.roundId, dice);
      const sbShown = sb.step(
        sbRound,
        dealerCmd({ kind: 'result', result: { dice: [6, 1, 6], signature: sbSig } }),
      );
      const sbEvent = published(sbShown.effects)[0] as RoundResultEvent;
      expect(sbEvent.attestation).toEqual({ signature: sbSig });
      expect(checked(sbEvent)).toBeUndefined();

      const dt = machine({ game: 'dragonTiger', dealer: 'studio' });
      const dtRound = dt.step(dt.initial().state, { kind: 'timer', timer: 'close' }).state;
      const id = dtRound.round!.roundId;
      const cardSignatures = ['KS', 'TH'].map((c, i) => signDealtCard(priv, 't1', id, i, c));
      const dtShown = dt.step(
        dtRound,
        dealerCmd({ kind: 'result', result: { cards: ['KS', '10H'], cardSignatures } }),
      );
      const dtEvent = published(dtShown.effects)[0] as RoundResultEvent;
      expect(dtEvent.attestation).toEqual({ cards: cardSignatures });
      expect(checked(dtEvent)).toBeUndefined();

      // Unsigned: no attestation (the ledger disputes it on a keyed table); signatures that do not fit: refused.
      expect(
        resultOf(machine({ game: 'fanTan', dealer: 'studio' }), { count: 87 }).event.attestation,
      ).toBeUndefined();
      for (const [game, entry] of [
        ['dragonTiger', { cards: ['KS', 'TH'], cardSignatures: [cardSignatures[0]] }],
        ['dragonTiger', { cards: ['KS', 'TH'], signature: sbSig }],
        ['fanTan', { count: 87, cardSignatures }],
      ] as const)
        expect(resultOf(machine({ game, dealer: 'studio' }), entry).step.reply).toMatchObject({
          code: 'INVALID_MESSAGE',
        });
    });
  });
});
