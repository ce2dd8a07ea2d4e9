/** What a group of settled bets of one kind measured, and what the exact figures expect of it. */
export interface RtpSample {
  /** Σ stakes (minor units). */
  staked: bigint;
  /** Σ returns, stakes included. */
  returned: bigint;
  /** Σ stake²: the spread of stakes widens the interval (one big bet swings more than many small ones). */
  stakeSq: bigint;
}

export interface RtpInterval {
  measured: number | null;
  theoretical: number;
  low: number;
  high: number;
  /** |measured − theoretical| in standard errors. */
  z: number | null;
  within: boolean;
}

/** z of a two-sided 95% band (and 99.9% for the drift alarm). */
export const Z95 = 1.959963984540054;
export const Z999 = 3.290526731491926;

/**
 * The band measured RTP falls in with probability ≈ `z`'s level if the table plays as the engines say. A bet of
 * stake s returns s·R, R of mean μ and variance σ² per unit; over independent bets Σ s·R has mean μΣs and variance
 * σ²Σs², so the measured RTP Σ(s·R)/Σs has standard error σ·sqrt(Σs²)/Σs (normal approximation: good once there
 * are a few hundred bets; for rare big wins such as a straight-up number it needs more). Parts of a group with
 * different μ, σ (tables with other pay tables) combine as Σμ_i·S_i / S and sqrt(Σσ_i²·Q_i) / S.
 */
export function rtpInterval(
  parts: readonly (RtpSample & { rtp: number; variance: number })[],
  z = Z95,
): RtpInterval | undefined {
  let staked = 0n;
  let returned = 0n;
  let expected = 0;
  let varianceSum = 0;
  for (const p of parts) {
    staked += p.staked;
    returned += p.returned;
    expected += p.rtp * Number(p.staked);
    varianceSum += p.variance * Number(p.stakeSq);
  }
  if (parts.length === 0) return undefined;
  if (staked === 0n) {
    const theoretical = parts[0].rtp;
    return { measured: null, theoretical, low: theoretical, high: theoretical, z: null, within: true };
  }
  const total = Number(staked);
  const theoretical = expected / total;
  const se = Math.sqrt(varianceSum) / total;
  const measured = ratio(returned, staked);
  const zScore = se > 0 ? (measured - theoretical) / se : measured === theoretical ? 0 : Infinity;
  return {
    measured,
    theoretical,
    low: theoretical - z * se,
    high: theoretical + z * se,
    z: zScore,
    within: Math.abs(zScore) <= z,
  };
}

/** a / b as a double from exact integers (keeps 12 significant digits even past 2^53). */
export function ratio(a: bigint, b: bigint): number {
  if (b === 0n) return 0;
  const scale = 10n ** 12n;
  const q = (a * scale) / b;
  return Number(q) / Number(scale);
}
