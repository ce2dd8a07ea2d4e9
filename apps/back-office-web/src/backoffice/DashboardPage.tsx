import type { EChartsOption } from 'echarts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAcceptedBets, perMinute, Sample } from '../api/metrics';
import { lastDays, ReportsApi, RtpRow } from '../api/reports';
import { useApp } from '../app/session';
import { minorDigits, minorToDecimal, formatMoney } from '@packages/wallet/src/money-display';
import { Chart } from '../ui/chart';
import { useLoad } from '../ui/use-load';
import { ReportTable } from './ReportTable';

const POLL_MS = 5000;

/** GGR by day, RTP against its band, live bets per minute, and today's figures. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { session } = useApp();
  const reports = useMemo(() => new ReportsApi(session.token), [session.token]);
  const range = useMemo(() => lastDays(14), []);
  // Two loads: a role with RTP but not the financial reports (pit boss) still gets its chart.
  const summaryLoad = useLoad(() => reports.summaryByDay(range), [reports, range]);
  const rtpLoad = useLoad(() => reports.rtp(range), [reports, range]);
  const alerts = useLoad(() => reports.alerts(), [reports]).data;
  const live = useBetsPerMinute(session.token);
  const summary = summaryLoad.data;
  const daily = summary?.items ?? null;
  const rtp = rtpLoad.data;
  const currency = daily?.[0]?.currency ?? 'EUR';
  // Chart values are decimals of exact strings (display only); totals stay strings of minor units.
  const ggrOption = useMemo<EChartsOption>(
    () => ({
      grid: { left: 60, right: 16, top: 24, bottom: 32 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: (daily ?? []).map((r) => r.period) },
      yAxis: { type: 'value', name: currency },
      series: [
        {
          type: 'bar',
          name: 'GGR',
          // A day the house lost is red.
          data: (daily ?? []).map((r) => ({
            value: Number(minorToDecimal(r.ggr, minorDigits(r.currency))),
            itemStyle: { color: r.ggr.startsWith('-') ? '#c0504d' : '#2f8f5b' },
          })),
          barMaxWidth: 48,
        },
      ],
    }),
    [daily, currency],
  );
  const rtpOption = useMemo<EChartsOption>(() => rtpChart(rtp ?? [], t), [rtp, t]);
  const liveOption = useMemo<EChartsOption>(
    () => ({
      grid: { left: 48, right: 16, top: 24, bottom: 32 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: live.map((p) => new Date(p.at).toLocaleTimeString(i18n.language)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'line',
          name: t('dashboard.accepted'),
          data: live.map((p) => p.rate),
          smooth: true,
          areaStyle: {},
        },
      ],
    }),
    [live, i18n.language, t],
  );
  const today = daily?.find((r) => r.period === new Date().toISOString().slice(0, 10));
  return (
    <div className="dashboard">
      <section className="kpis">
        <Kpi
          label={t('dashboard.todayGgr')}
          value={today ? formatMoney(today.ggr, today.currency, i18n.language) : '—'}
          id="today-ggr"
          minor={today?.ggr}
        />
        <Kpi
          label={t('dashboard.todayTurnover')}
          value={today ? formatMoney(today.turnover, today.currency, i18n.language) : '—'}
          id="today-turnover"
        />
        <Kpi label={t('dashboard.todayBets')} value={today ? String(today.bets) : '—'} id="today-bets" />
        <Kpi
          label={t('dashboard.betsPerMinute')}
          value={live.length ? String(live[live.length - 1].rate) : '—'}
          id="bets-per-minute"
        />
      </section>
      {[summaryLoad.error, rtpLoad.error].filter(Boolean).map((e) => (
        <p key={e} className="error">
          {t('common.error', { message: e })}
        </p>
      ))}
      {!summaryLoad.loading && !summaryLoad.error && !daily && (
        <p className="hint">{t('dashboard.noReports')}</p>
      )}
      {alerts && (
        <section className="panel alerts" data-alerts={alerts.length}>
          <h2>{t('dashboard.alerts')}</h2>
          {alerts.length === 0 ? (
            <p className="hint">{t('dashboard.noAlerts')}</p>
          ) : (
            <ul>
              {alerts.map((a) => (
                <li key={a.key} className="error">
                  {a.kind === 'rtp_drift'
                    ? t('dashboard.drift', {
                        table: a.tableId,
                        kind: a.betKind,
                        currency: a.currency,
                        measured: a.measured?.toFixed(4),
                        theoretical: a.theoretical?.toFixed(4),
                        z: a.z?.toFixed(1),
                      })
                    : a.kind === 'command_refused'
                      ? t('dashboard.commandRefused', {
                          command: a.commandType,
                          table: a.tableId,
                          operator: a.operatorId,
                          player: a.playerId,
                          code: a.code,
                          message: a.message,
                        })
                      : a.kind === 'void_held'
                        ? t('dashboard.voidHeld', {
                            table: a.tableId,
                            round: a.roundId,
                            code: a.code,
                            reason: a.reason,
                          })
                        : t('dashboard.shoeAudit', { table: a.tableId, shoe: a.shoeId, code: a.problemCode })}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <div className="charts">
        <section className="panel">
          <h2>{t('dashboard.ggrByDay')}</h2>
          <Chart option={ggrOption} label={t('dashboard.ggrByDay')} />
        </section>
        <section className="panel">
          <h2>{t('dashboard.rtp')}</h2>
          <Chart option={rtpOption} label={t('dashboard.rtp')} />
        </section>
        <section className="panel wide">
          <h2>{t('dashboard.betsPerMinute')}</h2>
          <Chart option={liveOption} label={t('dashboard.betsPerMinute')} height={200} />
        </section>
      </div>
      {summary && (
        <ReportTable
          summary={summary}
          title={t('reports.daily')}
          filename={`summary-${range.from}-${range.to}.csv`}
          exportCsv={() => reports.summaryCsv(range)}
        />
      )}
    </div>
  );
}

function Kpi({ label, value, id, minor }: { label: string; value: string; id: string; minor?: string }) {
  return (
    <div className="kpi" data-kpi={id} data-minor={minor}>
      <span className="kpi__label">{label}</span>
      <strong className="kpi__value">{value}</strong>
    </div>
  );
}

function rtpChart(rows: RtpRow[], t: (k: string) => string): EChartsOption {
  // Blackjack has no exact figure (its return depends on decisions): only games with a theoretical RTP.
  rows = rows.filter((r) => r.theoretical !== null);
  const names = rows.map((r) => `${r.game} ${r.betKind}`);
  const pct = (v: number | null) => (v === null ? null : Math.round(v * 10000) / 100);
  return {
    grid: { left: 48, right: 16, top: 32, bottom: 64 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [t('dashboard.band'), t('dashboard.theoretical'), t('dashboard.measured')] },
    xAxis: { type: 'category', data: names, axisLabel: { rotate: 30 } },
    yAxis: { type: 'value', name: '%', scale: true },
    series: [
      // The band as a stacked pair: an invisible base at the low edge, then its width.
      {
        type: 'bar',
        stack: 'band',
        name: 'low',
        data: rows.map((r) => pct(r.low95)),
        itemStyle: { color: 'transparent' },
        tooltip: { show: false },
      },
      {
        type: 'bar',
        stack: 'band',
        name: t('dashboard.band'),
        data: rows.map((r) => (r.low95 === null || r.high95 === null ? null : pct(r.high95 - r.low95))),
        itemStyle: { color: 'rgba(201,162,74,0.35)' },
      },
      {
        type: 'scatter',
        name: t('dashboard.theoretical'),
        data: rows.map((r) => pct(r.theoretical)),
        symbol: 'rect',
        symbolSize: [18, 3],
        itemStyle: { color: '#c9a24a' },
      },
      {
        type: 'scatter',
        name: t('dashboard.measured'),
        data: rows.map((r) => pct(r.measured)),
        symbolSize: 10,
        itemStyle: { color: '#4fc3f7' },
      },
    ],
  };
}

/** Samples the ledger's accepted-bet counter every POLL_MS and keeps the last 30 rates. */
function useBetsPerMinute(token: string): { at: number; rate: number }[] {
  const [points, setPoints] = useState<{ at: number; rate: number }[]>([]);
  useEffect(() => {
    let previous: Sample | null = null;
    let stopped = false;
    const tick = async () => {
      try {
        const sample = { at: Date.now(), count: await fetchAcceptedBets(token) };
        if (previous && !stopped) {
          const rate = perMinute(previous, sample);
          setPoints((p) => [...p.slice(-29), { at: sample.at, rate }]);
        }
        previous = sample;
      } catch {
        // A ledger without metrics (or a refused token): the chart stays empty.
      }
    };
    void tick();
    const timer = setInterval(() => void tick(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [token]);
  return points;
}
