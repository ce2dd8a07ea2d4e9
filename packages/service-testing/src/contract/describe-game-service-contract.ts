/// <reference types="jest" />
import { describeDependencyFailureCases } from './dependency-failure-cases';
import { GameServiceSubject } from './game-service-subject';
import { describeLiveTableCases } from './live-table-cases';

/**
 * The behaviour every game service shares, run against one (its `test/contract.spec.ts`): join, bet, cancel, close,
 * result and settlement, isolation between operators, a dealer's void, a restart, and dependency failures. A
 * service's own specs keep what only its games do.
 */
export function describeGameServiceContract(subject: GameServiceSubject): void {
  describe(`${subject.app} game service contract (${subject.games.map((g) => g.id).join(', ')})`, () => {
    describeLiveTableCases(subject);
    describeDependencyFailureCases(subject);
  });
}
