import { ratio, rtpInterval, Z999 } from '../rtp/rtp-interval';
import { BetMoments } from '../rtp/theoretical-rtp';

/** One table × bet kind × currency summed over the alarm's window (from ledger_report_hourly). */
export interface DriftInput {
  tableId: string;
  game: string;
  betKind: string;
  currency: string;
  bets: bigint;
  staked: bigint;
  returned: bigint;
  stakeSq: bigint;
  /** The kind's exact moments; undefined (blackjack) means no alarm: there is no figure to drift from. */
  moments: BetMoments | undefined;
}

export interface DriftAlert {
  kind: 'rtp_drift';
  key: string;
  tableId: string;
  game: string;
  betKind: string;
  currency: string;
  bets: string;
  turnover: string;
  wins: string;
  measured: number;
  theoretical: number;
  low999: number;
  high999: number;
  z: number;
}

/** The inputs whose measured RTP lies outside θ ± 3.29·σ·sqrt(Σs²)/Σs (the 99.9% band). */
export function driftAlerts(inputs: readonly DriftInput[]): DriftAlert[] {
  const out: DriftAlert[] = [];
  for (const i of inputs) {
    if (!i.moments || i.staked === 0n) continue;
    const band = rtpInterval([{ ...i, ...i.moments }], Z999);
    if (!band || band.within) continue;
    out.push({
      kind: 'rtp_drift',
      key: ['rtp', i.tableId, i.betKind, i.currency].join('/'),
      tableId: i.tableId,
      game: i.game,
      betKind: i.betKind,
      currency: i.currency,
      bets: i.bets.toString(),
      turnover: i.staked.toString(),
      wins: i.returned.toString(),
      measured: ratio(i.returned, i.staked),
      theoretical: band.theoretical,
      low999: band.low,
      high999: band.high,
      z: band.z ?? Infinity,
    });
  }
  return out;
}
