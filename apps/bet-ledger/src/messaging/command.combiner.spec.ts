import { CommandCombiner } from './command.combiner';
import { BatchStats, IncomingMessage, LedgerProcessor } from './ledger.processor';

const stats = (messages: number): BatchStats => ({
  messages,
  invalid: 0,
  duplicates: 0,
  accepted: messages,
  rejected: 0,
  cancelled: 0,
  cancelRejected: 0,
  rounds: {},
});
const msg = (offset: string): IncomingMessage => ({ value: null, offset });

describe('CommandCombiner', () => {
  it('decides the batches of one fetch, handed over a few promise hops apart, in one transaction', async () => {
    const groups: number[] = [];
    const processor = {
      processBatches: async (batches: readonly { messages: readonly IncomingMessage[] }[]) => {
        groups.push(batches.length);
        return stats(batches.reduce((n, b) => n + b.messages.length, 0));
      },
    } as unknown as LedgerProcessor;
    const combiner = new CommandCombiner(processor);
    const later = async (hops: number, offset: string) => {
      for (let i = 0; i < hops; i++) await Promise.resolve();
      return combiner.submit('cmds', [msg(offset)]);
    };
    const results = await Promise.all([later(0, '1'), later(3, '2'), later(6, '3')]);
    expect(groups).toEqual([3]);
    // The group's stats are reported once.
    expect(results.map((r) => r.messages)).toEqual([3, 0, 0]);
    // A batch arriving while a transaction runs waits for the next one.
    await Promise.all([combiner.submit('cmds', [msg('4')]), combiner.submit('cmds', [msg('5')])]);
    expect(groups).toEqual([3, 2]);
  });
});
