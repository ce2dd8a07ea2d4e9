import { PLAYER_MESSAGE_MAPS, TABLE_MESSAGES } from '@casino/player-protocol';
import { Effects } from './table-machine';

// What a machine sends is the player protocol's: a name outside it, or a payload of another shape, does not
// compile (the @ts-expect-error lines fail the typecheck the day they compile).
describe('Effects speak the player protocol', () => {
  it('takes the protocol names with their payloads, money as a bigint before toWire', () => {
    const fx = new Effects<never>()
      .broadcast(TABLE_MESSAGES.roundClosed, { tableId: 't1', roundId: 'r1' })
      .send({ operatorId: 'op', playerId: 'p1' }, 'balance', {
        balance: 100n,
        delta: -5n,
        reason: 'bet',
        currency: 'EUR',
      });
    const sent = new Set<string>(Object.values(PLAYER_MESSAGE_MAPS).flatMap((names) => Object.values(names)));
    for (const effect of fx.list)
      if (effect.kind === 'broadcast' || effect.kind === 'send') expect(sent).toContain(effect.name);
  });

  it('refuses a name or a payload the protocol does not have', () => {
    const fx = new Effects<never>();
    // @ts-expect-error: not a message of the protocol
    fx.broadcast('round:renamed', { tableId: 't1', roundId: 'r1' });
    // @ts-expect-error: round:closed needs its roundId
    fx.broadcast('round:closed', { tableId: 't1' });
    // @ts-expect-error: round:spinning carries no pocket (the result does)
    fx.broadcast('round:spinning', { tableId: 't1', roundId: 'r1', pocket: 'seven' });
    expect(fx.list).toHaveLength(3);
  });
});
