import {
  MAX_SLIP_ITEMS,
  PlaceBetsAnswer,
  SLIP_GATHER_MS,
  SlipBatcher,
  SlipClock,
  slipChunks,
  SlipItem,
} from './bet-slip';
import { PLAYER_COMMANDS } from './table';

/** A clock moved by hand. */
function manualClock() {
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let next = 0;
  const clock: SlipClock = {
    setTimeout: (fn, ms) => {
      timers.set(++next, { at: now + ms, fn });
      return next;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...timers]) {
      if (t.at > now) continue;
      timers.delete(id);
      t.fn();
    }
  };
  return { clock, advance };
}

type Chip = { bet: { type: string; numbers?: number[] }; stake: string };
const chip = (n: number): Chip => ({ bet: { type: 'straight', numbers: [n] }, stake: '100' });
const flushPromises = () => new Promise((r) => setImmediate(r));

/** A service that takes every bet but those on 0 (refused BELOW_TABLE_MIN, say). */
function service() {
  const slips: SlipItem<Chip>[][] = [];
  const send = (bets: SlipItem<Chip>[]): Promise<PlaceBetsAnswer> => {
    slips.push(bets);
    return Promise.resolve({
      ok: true,
      results: bets.map((b) =>
        b.bet.numbers?.[0] === 0
          ? { clientId: b.clientId, ok: false, code: 'BELOW_TABLE_MIN', message: 'too small' }
          : {
              clientId: b.clientId,
              ok: true,
              roundId: 'r-1',
              refs: [`ref-${b.clientId}`],
              status: 'pending',
            },
      ),
    });
  };
  return { slips, send };
}

describe('the bet slip', () => {
  it('is a player command of its own', () => {
    expect(PLAYER_COMMANDS.placeBets).toBe('placeBets');
  });

  it('gathers 40 chips placed over 2 s into a handful of commands, each chip answered on its own', async () => {
    const { clock, advance } = manualClock();
    const { slips, send } = service();
    const batcher = new SlipBatcher<Chip>(send, SLIP_GATHER_MS, clock);
    const results: Promise<unknown>[] = [];
    // A chip every 50 ms for 2 s.
    for (let i = 0; i < 40; i++) {
      results.push(batcher.add(chip(i)));
      advance(50);
    }
    advance(SLIP_GATHER_MS);
    const answered = (await Promise.all(results)) as { ok: boolean; code?: string; refs?: string[] }[];
    expect(slips.length).toBe(10); // 4 chips in each 200 ms
    expect(slips.flat().map((b) => b.bet.numbers?.[0])).toEqual([...Array(40).keys()]);
    expect(answered[0]).toMatchObject({ ok: false, code: 'BELOW_TABLE_MIN' });
    expect(answered.slice(1).every((r) => r.ok && r.refs?.length === 1)).toBe(true);
    // Fewer commands than the socket's burst (20): never refused for speed.
    expect(slips.length).toBeLessThan(20);
  });

  it('sends a full slip at once, and a flush sends what is gathered', async () => {
    const { clock, advance } = manualClock();
    const { slips, send } = service();
    const batcher = new SlipBatcher<Chip>(send, SLIP_GATHER_MS, clock);
    for (let i = 1; i <= MAX_SLIP_ITEMS + 2; i++) void batcher.add(chip(i));
    expect(slips.map((s) => s.length)).toEqual([MAX_SLIP_ITEMS]);
    expect(batcher.pending).toBe(2);
    batcher.flush();
    expect(slips.map((s) => s.length)).toEqual([MAX_SLIP_ITEMS, 2]);
    advance(SLIP_GATHER_MS);
    expect(slips).toHaveLength(2);
  });

  it('turns a refusal of the whole slip, or a failed send, into each bet’s refusal', async () => {
    const { clock, advance } = manualClock();
    const limited = new SlipBatcher<Chip>(
      () => Promise.resolve({ ok: false, code: 'RATE_LIMITED', message: 'slow down' }),
      SLIP_GATHER_MS,
      clock,
    );
    const a = limited.add(chip(1));
    const b = limited.add(chip(2));
    advance(SLIP_GATHER_MS);
    expect(await Promise.all([a, b])).toMatchObject([
      { ok: false, code: 'RATE_LIMITED' },
      { ok: false, code: 'RATE_LIMITED' },
    ]);
    const broken = new SlipBatcher<Chip>(() => Promise.reject(new Error('offline')), SLIP_GATHER_MS, clock);
    const c = broken.add(chip(3));
    advance(SLIP_GATHER_MS);
    await flushPromises();
    expect(await c).toMatchObject({ ok: false, code: 'NETWORK_ERROR' });
  });

  it('splits a large repeat into commands of at most MAX_SLIP_ITEMS', () => {
    const bets = Array.from({ length: MAX_SLIP_ITEMS * 2 + 1 }, (_, i) => chip(i));
    expect(slipChunks(bets).map((c) => c.length)).toEqual([MAX_SLIP_ITEMS, MAX_SLIP_ITEMS, 1]);
    expect(slipChunks([])).toEqual([]);
  });
});
