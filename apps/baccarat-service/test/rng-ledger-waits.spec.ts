import { outcomeFromCards, settleBet } from '@casino/baccarat';
import { parseCards } from '@casino/cards';
import { eventually, FailureLab, PlayerClient } from '@casino/service-testing';
import { sessionTableId } from '@casino/table-kit/core';
import { ServiceProcess } from '@casino/test-support';
import { ledgerTablesOf } from './support/ledger-tables';

jest.setTimeout(240_000);

const TABLE = 'rng-w';
const TABLES = [{ id: TABLE, variant: 'rng' }];
const ledgerTable = (playerId: string) => sessionTableId(TABLE, { playerId, operatorId: 'op-test' });

type Session = { round: { roundId: string } | null; history: { roundId: string; cards: string[] }[] };
type Joined = { ok: boolean; snapshot: Session };

/**
 * RNG baccarat while the ledger does not answer (the real ledger frozen with SIGSTOP): a DEAL whose decisions do not
 * come in time is voided and refunded; a DEAL in flight when the service restarts is resumed and dealt.
 */
describe('RNG baccarat when the ledger waits (real processes, Kafka, PostgreSQL, ledger)', () => {
  let lab: FailureLab;

  beforeAll(async () => {
    lab = await FailureLab.open({
      app: 'baccarat-service',
      name: 'bac_rngw',
      tables: TABLES,
      ledgerTables: ledgerTablesOf(TABLES),
      deposits: { ana: 10_000n, ivo: 10_000n },
      env: { RNG_DECISION_TIMEOUT_MS: '3000', RNG_RECONNECT_DELAY_MS: '0' },
    });
  });
  afterAll(async () => {
    lab?.ledger.resume();
    await lab?.close();
  });

  async function dealWithLedgerFrozen(player: PlayerClient, stake: string): Promise<string> {
    expect(await player.request('join', { tableId: TABLE })).toMatchObject({ ok: true });
    await player.request('placeBet', { tableId: TABLE, type: 'player', stake });
    lab.ledger.pause();
    const dealt = await player.request<{ ok: boolean; session: { roundId: string } }>('deal', {
      tableId: TABLE,
    });
    expect(dealt).toMatchObject({ ok: true, session: { status: 'deciding' } });
    return dealt.session.roundId;
  }

  it('voids a DEAL the ledger does not decide in time (malfunction); the stake comes back once it runs again', async () => {
    const ana = await lab.connect('ana');
    const since = Date.now();
    const roundId = await dealWithLedgerFrozen(ana, '500');
    expect(await ana.waitFor('rng:voided', (p) => p.roundId === roundId, 10_000, since)).toMatchObject({
      reason: 'malfunction',
      message: expect.stringMatching(/did not decide in time/),
    });
    expect(Date.now() - since).toBeGreaterThanOrEqual(2_900);
    lab.ledger.resume();
    // The late decision changes nothing at the table; the ledger refunds the stake it took.
    await eventually(
      async () => (await lab.ledgerRoundStatus(ledgerTable('ana'), roundId)) === 'voided',
      30_000,
    );
    await eventually(async () => (await lab.ledger.balance('op-test', 'ana', 'EUR')) === 10_000n, 30_000);
    const back = await ana.request<Joined>('join', { tableId: TABLE });
    expect(back.snapshot.round).toBeNull();
    expect(back.snapshot.history).toEqual([]);
    ana.close();
  });

  it('resumes a DEAL in flight when the service restarts: dealt and settled, not voided', async () => {
    // An instance that waits a minute for the ledger, so only the restart interrupts the DEAL.
    await lab.service.stop();
    const patient = { RNG_DECISION_TIMEOUT_MS: '60000' };
    const first: ServiceProcess = await lab.launchInstance({ ...patient, SERVICE_INSTANCE: 'baccarat-a' });
    const ivo = await lab.connect('ivo', first);
    const roundId = await dealWithLedgerFrozen(ivo, '700');
    ivo.close();
    await first.stop();

    const second = await lab.launchInstance({ ...patient, SERVICE_INSTANCE: 'baccarat-b' });
    lab.ledger.resume();
    const again = await lab.connect('ivo', second);
    let session: Session | undefined;
    let lastJoin: unknown;
    try {
      await eventually(async () => {
        const joined = await again.request<Joined>('join', { tableId: TABLE });
        lastJoin = joined;
        session = joined.ok ? joined.snapshot : undefined;
        return session?.history.some((h) => h.roundId === roundId) === true;
      }, 90_000);
    } catch (err) {
      // What the table and the ledger show, and the service's last lines, to tell a slow machine from a lost round.
      const status = await lab.ledgerRoundStatus(ledgerTable('ivo'), roundId);
      throw new Error(
        `${(err as Error).message}; ledger round ${status}; join ${JSON.stringify(lastJoin)}\n${second.tail(60)}`,
      );
    }
    expect(session!.round).toBeNull();
    const cards = session!.history.find((h) => h.roundId === roundId)!.cards;
    const returned = settleBet('player', 700n, outcomeFromCards(parseCards(cards)), 'commission').returned;
    await eventually(
      async () => (await lab.ledgerRoundStatus(ledgerTable('ivo'), roundId)) === 'settled',
      30_000,
    );
    expect(await lab.ledger.balance('op-test', 'ivo', 'EUR')).toBe(10_000n - 700n + returned);
    expect(await lab.outbox()).toMatchObject({ unsent: 0 });
  });
});
