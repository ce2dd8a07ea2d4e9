import { makeEvent, PlaceBetEvent } from '@casino/events';
import {
  creditV2CallSchema,
  debitV2CallSchema,
  encodeWalletCall,
  walletV2CallProblem,
} from '@casino/operator-protocol';
import { verifyRoundLink, roundLinkKey } from '../operators/round-link';
import { creditV2Call, debitV2Call, refundV2Body, roundLinker, StoredV2Call } from './seamless-v2-calls';

const KEY = '11'.repeat(32);
const link = roundLinker('https://casino.example/lobby', KEY);
const round = { tableId: 'rou-1', roundId: 'r-9', game: 'roulette' as const, currency: 'EUR' };
const chip = (id: string, stake: bigint, n: number): PlaceBetEvent =>
  makeEvent('PlaceBet', {
    ...round,
    id,
    operatorId: 'op-1',
    playerId: 'p-1',
    stake,
    bet: { game: 'roulette', spec: { type: 'straight', numbers: [n] } },
  }) as PlaceBetEvent;
const queuedAt = Date.UTC(2026, 11, 5, 12, 0, 0);

describe('version 2 call bodies', () => {
  const bets = [
    { cmd: chip('b-1', 500n, 17), debitTx: 'debit:b-1' },
    { cmd: chip('b-2', 200n, 3), debitTx: 'debit:b-2' },
  ];

  it('debits a slip in one well-formed call, the same at every try', () => {
    const call = debitV2Call('debit:b-1', bets, link, queuedAt);
    expect(debitV2CallSchema.parse(JSON.parse(encodeWalletCall(call)))).toEqual(call);
    expect(walletV2CallProblem(call)).toBeUndefined();
    expect(call.amount).toBe(700n);
    expect(call.bets.map((b) => b.description)).toEqual([
      'Roulette · straight 17 · 5.00 EUR',
      'Roulette · straight 3 · 2.00 EUR',
    ]);
    expect(encodeWalletCall(debitV2Call('debit:b-1', bets, link, queuedAt))).toBe(encodeWalletCall(call));
  });

  it("links the round with a signature that holds for that operator's player only, for a day", () => {
    const url = new URL(debitV2Call('debit:b-1', bets, link, queuedAt).roundDetailsUrl);
    const q = url.searchParams;
    expect(q.get('view')).toBe('round');
    const claims = {
      operatorId: q.get('operator') ?? '',
      playerId: q.get('player') ?? '',
      tableId: q.get('table') ?? '',
      roundId: q.get('round') ?? '',
      exp: Number(q.get('exp')),
    };
    expect(claims).toEqual({
      operatorId: 'op-1',
      playerId: 'p-1',
      tableId: 'rou-1',
      roundId: 'r-9',
      exp: queuedAt / 1000 + 86_400,
    });
    const key = roundLinkKey(KEY);
    expect(verifyRoundLink(claims, q.get('sig') ?? '', key, queuedAt + 1_000)).toEqual({ ok: true });
    expect(verifyRoundLink({ ...claims, operatorId: 'op-2' }, q.get('sig') ?? '', key, queuedAt)).toEqual({
      ok: false,
      code: 'ROUND_LINK_INVALID',
    });
    expect(verifyRoundLink(claims, q.get('sig') ?? '', key, queuedAt + 86_401_000)).toEqual({
      ok: false,
      code: 'ROUND_LINK_EXPIRED',
    });
  });

  it('credits a stored round in one call with its flag, and a refund that does not close the round', () => {
    const stored: StoredV2Call = {
      transactionId: 'credits:abc',
      playerId: 'p-1',
      currency: 'EUR',
      roundId: 'r-9',
      tableId: 'rou-1',
      game: 'roulette',
      roundClosed: true,
      credits: [
        {
          betId: 'b-1',
          amount: '18000',
          kind: 'win',
          debitTransactionId: 'debit:b-1',
          bet: bets[0].cmd.bet,
          stake: '500',
        },
        {
          betId: 'g-1',
          amount: '0',
          kind: 'win',
          promotionId: 'grant-1',
          bet: bets[1].cmd.bet,
          stake: '200',
        },
      ],
    };
    const call = creditV2Call('op-1', JSON.parse(JSON.stringify(stored)) as StoredV2Call, link, queuedAt);
    expect(creditV2CallSchema.parse(JSON.parse(encodeWalletCall(call)))).toEqual(call);
    expect(walletV2CallProblem(call)).toBeUndefined();
    expect(call).toMatchObject({ amount: 18_000n, roundClosed: true });
    expect(call.credits[1]).toEqual({
      betId: 'g-1',
      amount: 0n,
      kind: 'win',
      promotionId: 'grant-1',
      description: 'Roulette · straight 3 · 2.00 EUR',
    });
    const refund = creditV2Call('op-1', refundV2Body('debit:b-1', bets[1].cmd), link, queuedAt);
    expect(refund).toMatchObject({ transactionId: 'credit:b-2', amount: 200n, roundClosed: false });
    expect(refund.credits).toEqual([
      {
        betId: 'b-2',
        amount: 200n,
        kind: 'refund',
        debitTransactionId: 'debit:b-1',
        description: 'Roulette · straight 3 · 2.00 EUR',
      },
    ]);
  });
});
