import { BetCommand, makeEvent } from '@casino/events';
import { QuarantineParker } from '../quarantine/quarantine.parker';
import { ParkRequest } from '../quarantine/quarantine.types';
import { RetryPolicy } from '../quarantine/retry.policy';
import { emptyStats, LedgerProcessor, Received } from './ledger.processor';
import { PoisonIsolator } from './poison.isolator';

const silent = { log: () => {}, warn: () => {}, error: () => {} };

function command(n: number): Received<BetCommand> {
  const event = makeEvent('PlaceBet', {
    tableId: 't',
    roundId: 'r',
    game: 'baccarat',
    playerId: `p${n}`,
    operatorId: 'op',
    currency: 'EUR',
    stake: 100n,
    bet: { game: 'baccarat', type: 'player' },
  });
  return {
    event,
    origin: { topic: 'cmds', partition: 0, offset: String(n), key: `p${n}` },
    payload: Buffer.from('{}'),
  };
}

/** A processor whose transaction fails when it holds a poison command, or transiently `flaky` times. */
function setup(poison: Set<number>, flaky = 0) {
  const transactions: number[][] = [];
  const committed: number[] = [];
  const parked: ParkRequest[] = [];
  let flakes = flaky;
  const processor = {
    decideCommands: async (cmds: readonly Received<BetCommand>[]) => {
      const offsets = cmds.map((c) => Number(c.origin.offset));
      transactions.push(offsets);
      if (flakes-- > 0)
        throw Object.assign(new Error('Connection terminated unexpectedly'), { code: undefined });
      if (offsets.some((o) => poison.has(o)))
        throw Object.assign(new Error('bigint out of range'), { driverError: { code: '22003' } });
      committed.push(...offsets);
      return { ...emptyStats(), accepted: cmds.length };
    },
  } as unknown as LedgerProcessor;
  const parker = {
    park: async (req: ParkRequest) => void parked.push(req),
  } as unknown as QuarantineParker;
  const policy = new RetryPolicy({ attempts: 3, backoffMs: 1, maxBackoffMs: 1 }, silent, async () => {});
  return { isolator: new PoisonIsolator(processor, policy, parker), transactions, committed, parked };
}

describe('PoisonIsolator', () => {
  it('decides a clean batch in one transaction', async () => {
    const { isolator, transactions } = setup(new Set());
    const stats = await isolator.decide([0, 1, 2, 3].map(command));
    expect(transactions).toEqual([[0, 1, 2, 3]]);
    expect(stats.accepted).toBe(4);
  });

  it('finds one poison command among 64 by bisection, parks it, decides the others in order', async () => {
    const { isolator, transactions, committed, parked } = setup(new Set([37]));
    const commands = Array.from({ length: 64 }, (_, i) => command(i));
    const stats = await isolator.decide(commands);
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ origin: { offset: '37' }, failure: { code: 'AMOUNT_OUT_OF_RANGE' } });
    expect(parked[0].event?.id).toBe(commands[37].event.id);
    // 3 tries of the whole, then one per level of the bisection and 3 of the culprit alone.
    expect(parked[0].attempts).toBe(3 + 5 + 3);
    expect(committed).toEqual(Array.from({ length: 64 }, (_, i) => i).filter((i) => i !== 37));
    expect(stats).toMatchObject({ accepted: 63, parked: 1 });
    // 3 tries of the whole; per level the failing half and its good sibling once; the culprit alone 3 times.
    expect(transactions.length).toBe(3 + 5 * 2 + 3 + 1);
  });

  it('parks every poison command of a batch, each alone', async () => {
    const { isolator, committed, parked } = setup(new Set([0, 5, 6]));
    const stats = await isolator.decide(Array.from({ length: 8 }, (_, i) => command(i)));
    expect(parked.map((p) => p.origin.offset)).toEqual(['0', '5', '6']);
    expect(committed).toEqual([1, 2, 3, 4, 7]);
    expect(stats).toMatchObject({ accepted: 5, parked: 3 });
  });

  it('never parks on transient failures: the same transaction is retried until it passes', async () => {
    const { isolator, transactions, parked } = setup(new Set(), 7);
    const stats = await isolator.decide([0, 1].map(command));
    expect(parked).toEqual([]);
    expect(transactions).toHaveLength(8);
    expect(transactions.every((t) => t.length === 2)).toBe(true);
    expect(stats.accepted).toBe(2);
  });
});
