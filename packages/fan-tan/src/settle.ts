import { floorTimes, outcomeOf, Ratio, SettledBet } from '@casino/game-kit';
import { FanTanBet, FanTanNumber } from './bet';
import { FanTanPayTable } from './pay-table';

/** How a bet ends on a result: its winnings per unit (a win), the stake back (a push), or a loss. */
export type FanTanCall = { kind: 'win'; pays: Ratio } | { kind: 'push' } | { kind: 'lose' };

export function callBet(bet: FanTanBet, result: FanTanNumber, pay: FanTanPayTable): FanTanCall {
  const win = (pays: Ratio): FanTanCall => ({ kind: 'win', pays });
  const lose: FanTanCall = { kind: 'lose' };
  switch (bet.type) {
    case 'fan':
      return result === bet.number ? win(pay.fan) : lose;
    case 'nim':
      return result === bet.number ? win(pay.nim) : result === bet.push ? { kind: 'push' } : lose;
    case 'kwok':
      return bet.numbers.includes(result) ? win(pay.kwok) : lose;
    case 'odd':
      return result % 2 === 1 ? win(pay.oddEven) : lose;
    case 'even':
      return result % 2 === 0 ? win(pay.oddEven) : lose;
  }
}

/**
 * A bet's return (stake included) in minor units: on a win the stake plus ⌊stake × winnings⌋ (the fraction of a
 * minor unit is the house's), on a push the stake, on a loss nothing.
 */
export function settleFanTanBet(
  bet: FanTanBet,
  stake: bigint,
  result: FanTanNumber,
  pay: FanTanPayTable,
): Pick<SettledBet, 'returned' | 'outcome'> {
  const call = callBet(bet, result, pay);
  const returned =
    call.kind === 'win' ? stake + floorTimes(stake, call.pays) : call.kind === 'push' ? stake : 0n;
  return { returned, outcome: outcomeOf(stake, returned) };
}

/** The most a bet returns per unit staked (stake included). */
export function maxReturnRatio(bet: FanTanBet, pay: FanTanPayTable): Ratio {
  const pays = bet.type === 'odd' || bet.type === 'even' ? pay.oddEven : pay[bet.type];
  return { num: pays.num + pays.den, den: pays.den };
}
