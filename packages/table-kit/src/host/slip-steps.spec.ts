import {
  buildEvent,
  CasinoEvent,
  decodeEvent,
  foldBetDecisions,
  makeEvent,
  PlaceBetsEvent,
  slipBetDecisions,
} from '@casino/events';
import { ManualClock } from '@casino/test-support';
import { MemoryStateStore } from '../state/state-store';
import { TableHost } from './table-host';
import { Effects, StepResult, TableMachine } from './table-machine';

type S = { version: 1; bets: number };
type I = { kind: 'bet'; n: number } | { kind: 'refused' } | { kind: 'decided'; event: CasinoEvent };

const player = { playerId: 'p1', operatorId: 'op', currency: 'EUR' };

/** A machine whose bet publishes one PlaceBet and broadcasts; `refused` publishes nothing (a table check said no). */
class BetMachine implements TableMachine<S, I, string> {
  initial(): StepResult<S, I, string> {
    return { state: { version: 1, bets: 0 }, effects: [] };
  }
  step(state: S, input: I): StepResult<S, I, string> {
    const fx = new Effects<I>();
    if (input.kind === 'refused') return { state, effects: [], reply: 'refused' };
    if (input.kind === 'decided')
      return {
        state,
        effects: fx.send(player, 'balance', { balance: '1', delta: '0', reason: 'x', currency: 'EUR' }).list,
      };
    fx.publish(
      makeEvent('PlaceBet', {
        tableId: 't1',
        roundId: 'r1',
        game: 'roulette',
        ...player,
        stake: BigInt(100 + input.n),
        bet: { game: 'roulette', spec: { type: 'straight', numbers: [input.n] } },
        playerToken: 'tok',
      }),
    );
    fx.broadcast('round:closed', { tableId: 't1', roundId: `bet-${input.n}` });
    return { state: { ...state, bets: state.bets + 1 }, effects: fx.list, reply: `bet-${input.n}` };
  }
  resume(state: S): StepResult<S, I, string> {
    return { state, effects: [] };
  }
  toSnapshot(state: S): unknown {
    return state;
  }
  fromSnapshot(snapshot: unknown): S | undefined {
    return snapshot as S;
  }
}

async function setup() {
  const store = new MemoryStateStore();
  const broadcasts: string[] = [];
  const host = new TableHost('t1', new BetMachine(), {
    store,
    clock: new ManualClock(1000),
    broadcaster: {
      toTable: (_t, _name, payload) => broadcasts.push((payload as { roundId: string }).roundId),
      toPlayer: () => undefined,
    },
    log: () => undefined,
    policy: { saveRetry: { initialMs: 100, maxMs: 400 }, ledgerTimeoutMs: 2000 },
  });
  await host.start();
  const outbox = async () =>
    (await store.unsent(100)).map((e) => {
      const d = decodeEvent('', e.event);
      if (!d.ok) throw new Error(d.message);
      return d.event;
    });
  return { host, store, broadcasts, outbox };
}

describe('a bet slip at the table host', () => {
  it('applies a slip’s inputs in order in one save and sends their commands as one PlaceBets', async () => {
    const { host, broadcasts, outbox } = await setup();
    const [replies, single] = await Promise.all([
      host.dispatchSlip([
        { kind: 'bet', n: 1 },
        { kind: 'refused' },
        { kind: 'bet', n: 2 },
        { kind: 'bet', n: 3 },
      ]),
      host.dispatch({ kind: 'bet', n: 9 }),
    ]);
    expect(replies).toEqual(['bet-1', 'refused', 'bet-2', 'bet-3']);
    expect(single).toBe('bet-9');
    const events = await outbox();
    expect(events.map((e) => e.type)).toEqual(['PlaceBets', 'PlaceBet']);
    const slip = events[0] as PlaceBetsEvent;
    expect(slip.bets.map((b) => b.stake)).toEqual([101n, 102n, 103n]);
    expect(slip.playerToken).toBe('tok');
    // Everything else the steps did stays in order.
    expect(broadcasts).toEqual(['bet-1', 'bet-2', 'bet-3', 'bet-9']);
    expect(host.state.bets).toBe(4);

    // Each bet of the slip waits for its own decision; the slip's one answer decides them all.
    expect(host.awaitingDecisions).toBe(4);
    const decisions = slip.bets.map((b, i) =>
      buildEvent('BetAccepted', {
        tableId: 't1',
        roundId: 'r1',
        game: 'roulette',
        ...player,
        commandId: b.commandId,
        betId: `bet-${i}`,
        stake: b.stake,
        bet: b.bet,
        balance: 1000n,
      }),
    );
    const answer = foldBetDecisions(slip, decisions);
    await Promise.all(
      slipBetDecisions(answer).map((d) => host.dispatchFromLedger(d, { kind: 'decided', event: d })),
    );
    expect(host.awaitingDecisions).toBe(1);
  });

  it('sends nothing for a slip whose bets the table all refused', async () => {
    const { host, outbox } = await setup();
    expect(await host.dispatchSlip([{ kind: 'refused' }, { kind: 'refused' }])).toEqual([
      'refused',
      'refused',
    ]);
    expect(await outbox()).toEqual([]);
  });
});
