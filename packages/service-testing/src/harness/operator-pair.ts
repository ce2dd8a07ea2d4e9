import { PlayerClient } from './player-client';
import { TestLedger } from './test-ledger';

/**
 * The cast of the cross-operator tests: player `playerId` of operator `op-a` (funded 10,000) and of `op-b`
 * (funded 5,000), each connected with their own token to the service at `url`.
 */
export async function connectSameIdAtTwoOperators(
  url: string,
  ledger: TestLedger,
  playerId = '42',
): Promise<[PlayerClient, PlayerClient]> {
  await ledger.deposit(playerId, 10_000n, 'EUR', 'op-a');
  await ledger.deposit(playerId, 5_000n, 'EUR', 'op-b');
  const connect = async (operatorId: string) =>
    PlayerClient.connect(url, await ledger.openSession(playerId, 'EUR', operatorId));
  return [await connect('op-a'), await connect('op-b')];
}
