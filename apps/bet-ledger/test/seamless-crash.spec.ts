import { EventOf } from '@casino/events';
import { LedgerProcess } from '@casino/test-support';
import { SeamlessWallet1764600000000 } from '../src/database/migrations/1764600000000-seamless-wallet';
import { baccaratTable, newRound } from './support/builders';
import { openRound, sleep } from './support/flow';
import { balanceOf } from './support/ledger-harness';
import { startLedgerChild } from './support/ledger-child';
import { createSeamlessRig, SEAM, SeamlessRig, seamlessBet, settlePlayerWins } from './support/seamless-rig';

jest.setTimeout(180_000);

let rig: SeamlessRig;
let ledger: LedgerProcess | undefined;

/** The built ledger, with a short lease so a killed ledger's claim is taken again quickly. */
const CHILD_ENV = {
  LEDGER_SEAMLESS_TIMEOUT_MS: '3000',
  LEDGER_SEAMLESS_POLL_MS: '100',
  LEDGER_SEAMLESS_RETRY_MS: '200',
  LEDGER_SEAMLESS_RETRY_MAX_MS: '1000',
};

beforeAll(async () => {
  rig = await createSeamlessRig('seamkill');
});

afterAll(async () => {
  await ledger?.stop().catch(() => undefined);
  await rig?.close();
});

describe('the ledger process killed between a debit and the acceptance', () => {
  it('resumes the debit after the restart and accepts the bet once, debited once', async () => {
    const { h } = rig;
    ledger = await startLedgerChild(h, CHILD_ENV);
    const player = await rig.operatorPlayer(10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    // The wallet takes the money, then holds its answer: the ledger is killed while it waits.
    await rig.faults({ call: 'debit', mode: 'timeout', delayMs: 2_500, times: 1 });
    const bet = seamlessBet(r, player, 1_000n, 'player');
    await h.send(bet);
    const deadline = Date.now() + 20_000;
    while ((await rig.operatorTransactions(player)).length === 0) {
      if (Date.now() > deadline) throw new Error('the debit never reached the operator');
      await sleep(20);
    }
    await ledger.kill('SIGKILL');
    expect(await rig.operatorBalance(player)).toBe(9_000n);

    // The restarted ledger takes the claim again once its lease lapses, repeats the debit (same transaction id:
    // the operator answers it as the first time) and decides the bet.
    ledger = await startLedgerChild(h, CHILD_ENV);
    const [decision] = await h.waitFor(
      (e): e is EventOf<'BetAccepted'> | EventOf<'BetRejected'> =>
        (e.type === 'BetAccepted' || e.type === 'BetRejected') && e.commandId === bet.id,
      1,
      60_000,
    );
    expect(decision.type).toBe('BetAccepted');
    expect(await rig.operatorBalance(player)).toBe(9_000n);

    await settlePlayerWins(h, r);
    await rig.callReaches(`credit:${bet.id}`, 'confirmed');
    expect(await rig.operatorBalance(player)).toBe(11_000n);
    const calls = (await rig.operatorTransactions(player)).map((t) => t.call);
    expect(calls).toEqual(['debit', 'credit']);
    expect(await balanceOf(h, SEAM, player)).toBe(0n);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });

  it('migration 1764600000000 goes down and up again', async () => {
    await ledger?.stop();
    ledger = undefined;
    const tables = async () =>
      (
        await rig.h.ds.query(
          `SELECT table_name FROM information_schema.tables
           WHERE table_name IN ('ledger_seamless_bets', 'ledger_seamless_calls') ORDER BY 1`,
        )
      ).map((t: { table_name: string }) => t.table_name);
    const migration = new SeamlessWallet1764600000000();
    const runner = rig.h.ds.createQueryRunner();
    try {
      await migration.down(runner);
      expect(await tables()).toEqual([]);
      await migration.up(runner);
      expect(await tables()).toEqual(['ledger_seamless_bets', 'ledger_seamless_calls']);
    } finally {
      await runner.release();
    }
  });
});
