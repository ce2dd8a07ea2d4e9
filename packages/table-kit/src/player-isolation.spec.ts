import { makeEvent } from '@casino/events';
import { sessionTableId, hostTableId } from './host/game-runtime';
import { Effects } from './host/table-machine';
import { applyDecision, bookCommand, emptyBook, liveBetsOf, placeBetCommand } from './bets/bet-book';
import { requestCancel } from './bets/bet-cancel';
import { PlayerRelay } from './relay/player-relay';
import { playerKey, playerLabel, samePlayer } from './players/player-key';

const a42 = { playerId: '42', operatorId: 'op-a', currency: 'EUR', exp: 9e9 };
const b42 = { playerId: '42', operatorId: 'op-b', currency: 'EUR', exp: 9e9 };
const round = { tableId: 't1', roundId: 'r1', game: 'baccarat' as const };

describe('player identity (operator, player)', () => {
  it('keys are distinct per operator and unambiguous', () => {
    expect(playerKey(a42)).not.toBe(playerKey(b42));
    expect(playerKey({ operatorId: 'a:b', playerId: 'c' })).not.toBe(
      playerKey({ operatorId: 'a', playerId: 'b:c' }),
    );
    expect(samePlayer(a42, { ...a42 })).toBe(true);
    expect(samePlayer(a42, b42)).toBe(false);
  });

  it('labels show the nickname, else a stable anonymous label without the id', () => {
    expect(playerLabel('t1', { ...a42, nickname: 'Ann' })).toBe('Ann');
    const label = playerLabel('t1', a42);
    expect(label).toMatch(/^Player \d{4}$/);
    expect(playerLabel('t1', a42)).toBe(label);
    expect(label).not.toContain('42');
  });

  it("a decision reaches only the bet of its operator's player", () => {
    const command = placeBetCommand(round, a42, 500n, { game: 'baccarat', type: 'player' });
    const book = bookCommand(emptyBook('r1'), command);
    const accepted = (p: typeof a42) =>
      makeEvent('BetAccepted', {
        ...round,
        playerId: p.playerId,
        operatorId: p.operatorId,
        currency: 'EUR',
        commandId: command.id,
        betId: 'b1',
        stake: 500n,
        bet: { game: 'baccarat', type: 'player' },
        balance: 100n,
      } as never);
    expect(applyDecision(book, accepted(b42), true).kind).toBe('unknown');
    expect(applyDecision(book, accepted(a42), true).kind).toBe('decided');
    expect(liveBetsOf(book, b42)).toEqual([]);
    expect(liveBetsOf(book, a42)).toHaveLength(1);
    expect(requestCancel(book, round, b42, { ref: command.id })).toMatchObject({ code: 'BET_NOT_FOUND' });
    expect(requestCancel(book, round, a42, { ref: command.id })).toMatchObject({ ok: true });
  });

  it('messages, balances and RNG sessions are per (operator, player)', () => {
    const fx = new Effects<never>().send(a42, 'balance', {
      balance: '1',
      delta: '1',
      reason: 'test',
      currency: 'EUR',
    });
    expect(fx.list[0]).toMatchObject({ kind: 'send', player: playerKey(a42) });
    const sent: string[] = [];
    const relay = new PlayerRelay({ toTable: () => undefined, toPlayer: (p) => sent.push(p) }, () => true);
    relay.setBalanceIn(a42, 'EUR', 10n);
    expect(relay.balanceIn(b42, 'EUR')).toBeUndefined();
    expect(relay.balanceIn(a42, 'USD')).toBeUndefined();
    expect(relay.scopedTo(b42).balanceOf('42')).toBeUndefined();
    expect(relay.scopedTo(a42).balanceOf('42')).toBe(10n);
    expect(sessionTableId('rng', a42)).not.toBe(sessionTableId('rng', b42));
    expect(hostTableId(sessionTableId('rng', a42))).toBe('rng');
    const long = { operatorId: 'o'.repeat(128), playerId: 'p'.repeat(128) };
    expect(sessionTableId('rng', long).length).toBeLessThanOrEqual(128);
  });
});
