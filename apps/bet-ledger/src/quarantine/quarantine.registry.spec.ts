import { QuarantineRegistry } from './quarantine.registry';
import { QuarantineEntry } from './quarantine.types';

const entry = (id: string, over: Partial<QuarantineEntry> = {}): QuarantineEntry => ({
  id,
  eventId: `e${id}`,
  eventType: 'RoundResult',
  holds: 'round',
  tableId: 't1',
  roundId: 'r1',
  operatorId: null,
  playerId: null,
  ...over,
});

describe('QuarantineRegistry', () => {
  it('holds a round while any of its entries is open, and a player likewise', () => {
    const reg = new QuarantineRegistry();
    reg.add(entry('1'));
    reg.add(entry('2', { eventType: 'RoundVoided' }));
    reg.add(entry('3', { holds: 'player', operatorId: 'op', playerId: 'p', eventType: 'PlaceBet' }));
    expect(reg.roundHeld('t1', 'r1')).toBe(true);
    expect(reg.roundHeld('t1', 'r2')).toBe(false);
    expect(reg.playerHeld('op', 'p')).toBe(true);
    expect(reg.playerHeld('op2', 'p')).toBe(false);
    expect(reg.isParked('e1')).toBe(true);
    reg.remove(entry('1'));
    expect(reg.roundHeld('t1', 'r1')).toBe(true);
    reg.remove(entry('2'));
    expect(reg.roundHeld('t1', 'r1')).toBe(false);
    expect(reg.isParked('e1')).toBe(false);
    expect(reg.size).toBe(1);
  });

  it('a reload replaces the entries but keeps what this process changed while it read', async () => {
    const reg = new QuarantineRegistry();
    reg.add(entry('1'));
    await reg.reload(async () => {
      reg.add(entry('9', { tableId: 't9' }));
      reg.remove(entry('1'));
      return [entry('1'), entry('5', { tableId: 't5' })];
    });
    expect(reg.roundHeld('t9', 'r1')).toBe(true);
    expect(reg.roundHeld('t5', 'r1')).toBe(true);
    expect(reg.roundHeld('t1', 'r1')).toBe(false);
    expect(reg.size).toBe(2);
  });
});
