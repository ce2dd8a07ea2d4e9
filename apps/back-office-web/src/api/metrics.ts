// Bets per minute, live, from the ledger's Prometheus counter of decisions (GET /metrics): the accepted bets'
// count sampled every few seconds, the rate the difference over the elapsed time.

const LINE = /^casino_ledger_bet_decisions_total\{([^}]*)\}\s+([0-9.eE+]+)$/;

/** The accepted bet placements counted in a /metrics text (cancels and rejections left out). */
export function acceptedBets(metricsText: string): number {
  let sum = 0;
  for (const line of metricsText.split('\n')) {
    const m = LINE.exec(line.trim());
    if (!m) continue;
    const labels = m[1];
    if (!labels.includes('outcome="accepted"') || /command="[^"]*cancel/i.test(labels)) continue;
    sum += Number(m[2]);
  }
  return sum;
}

export interface Sample {
  at: number;
  count: number;
}

/** Per-minute rate between two samples; a counter that went down (a ledger restart) counts from zero. */
export function perMinute(previous: Sample, next: Sample): number {
  const seconds = (next.at - previous.at) / 1000;
  if (seconds <= 0) return 0;
  const delta = next.count >= previous.count ? next.count - previous.count : next.count;
  return Math.round((delta * 60) / seconds);
}

export async function fetchAcceptedBets(token: string): Promise<number> {
  const res = await fetch('/metrics', { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`metrics: HTTP ${res.status}`);
  return acceptedBets(await res.text());
}
