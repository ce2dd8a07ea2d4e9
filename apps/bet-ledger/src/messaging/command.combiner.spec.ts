import { CommandCombiner, GroupDecider } from './command.combiner';
import { BatchStats, emptyStats, IncomingBatch } from './ledger.processor';

const stats = (messages: number): BatchStats => ({ ...emptyStats(), messages, accepted: messages });
const batch = (offset: string): IncomingBatch => ({
  topic: 'cmds',
  partition: 0,
  messages: [{ value: null, offset }],
});

describe('CommandCombiner', () => {
  it('decides the batches of one fetch, handed over a few promise hops apart, in one transaction', async () => {
    const groups: number[] = [];
    const decider: GroupDecider = {
      decideGroup: async (batches) => {
        groups.push(batches.length);
        return stats(batches.reduce((n, b) => n + b.messages.length, 0));
      },
    };
    const combiner = new CommandCombiner(decider);
    const later = async (hops: number, offset: string) => {
      for (let i = 0; i < hops; i++) await Promise.resolve();
      return combiner.submit(batch(offset));
    };
    const results = await Promise.all([later(0, '1'), later(3, '2'), later(6, '3')]);
    expect(groups).toEqual([3]);
    // The group's stats are reported once.
    expect(results.map((r) => r.messages)).toEqual([3, 0, 0]);
    // A batch arriving while a transaction runs waits for the next one.
    await Promise.all([combiner.submit(batch('4')), combiner.submit(batch('5'))]);
    expect(groups).toEqual([3, 2]);
  });

  it('keeps a group alive through its first batch heartbeat, and stops it when any of its batches stops', async () => {
    const beats: string[] = [];
    let running = true;
    const decider: GroupDecider = {
      decideGroup: async (_batches, controls) => {
        await controls.heartbeat?.();
        expect(controls.isRunning?.()).toBe(true);
        running = false;
        expect(controls.isRunning?.()).toBe(false);
        return stats(2);
      },
    };
    const combiner = new CommandCombiner(decider);
    await Promise.all([
      combiner.submit(batch('1'), { heartbeat: async () => void beats.push('a') }),
      combiner.submit(batch('2'), { heartbeat: async () => void beats.push('b'), isRunning: () => running }),
    ]);
    expect(beats).toEqual(['a']);
  });

  it('rejects every batch of a group the decider gives up on (they are redelivered)', async () => {
    const combiner = new CommandCombiner({
      decideGroup: async () => {
        throw new Error('stopping');
      },
    });
    const results = await Promise.allSettled([combiner.submit(batch('1')), combiner.submit(batch('2'))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
