import { MOVE_WAIT_MS, MoveWait } from '../../src/net/move-wait';

describe('MoveWait', () => {
  it('retries a moved table for the whole wait even when the player had sat at it far longer than that', () => {
    const wait = new MoveWait();
    // Joined when the page connected; the table moves five minutes later.
    wait.joined();
    const movedAt = 5 * 60_000;
    expect(wait.unknown(movedAt)).toBe(true);
    expect(wait.unknown(movedAt + MOVE_WAIT_MS - 1)).toBe(true);
    // Not listed anywhere for the whole wait: the table is gone.
    expect(wait.unknown(movedAt + MOVE_WAIT_MS)).toBe(false);
  });

  it('gives each move a wait of its own once a join succeeded in between', () => {
    const wait = new MoveWait();
    expect(wait.unknown(0)).toBe(true);
    expect(wait.unknown(MOVE_WAIT_MS - 1000)).toBe(true);
    wait.joined();
    expect(wait.unknown(MOVE_WAIT_MS + 60_000)).toBe(true);
    expect(wait.unknown(2 * MOVE_WAIT_MS + 59_000)).toBe(true);
  });

  it('refuses a table never listed after the wait, counted from the first refusal', () => {
    const wait = new MoveWait();
    expect(wait.unknown(1000)).toBe(true);
    expect(wait.unknown(1000 + MOVE_WAIT_MS)).toBe(false);
  });
});
