import {
  GameMetrics,
  HttpMetrics,
  initServiceMetrics,
  LedgerMetrics,
  METRIC_PREFIX,
  SeamlessMetrics,
  SocketMetrics,
} from '@casino/observability';
import { load } from 'js-yaml';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import { ROOT } from './support/kustomize';

/**
 * infra/observability: the alert rules pass `promtool check rules` and their unit tests (`promtool test rules`),
 * and every metric the rules and the dashboard name is one the services export (the metric classes of
 * @casino/observability and Node's process metrics, all under the one prefix).
 */
const DIR = join(ROOT, 'infra/observability');
const RULES = join(DIR, 'prometheus/casino.rules.yml');
const RULE_TESTS = join(DIR, 'prometheus/casino.rules.test.yml');
const DASHBOARD = join(DIR, 'grafana/casino-platform.dashboard.json');
const PROMTOOL = process.env.PROMTOOL ?? 'promtool';

function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync(PROMTOOL, args, { encoding: 'utf8' });
  if (run.error)
    throw new Error(
      `promtool is missing (${(run.error as NodeJS.ErrnoException).code}): install Debian's prometheus package ` +
        '(bash scripts/ensure-promtool.sh as root, or sudo apt-get install prometheus), or set PROMTOOL',
    );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Every series name the services export: counters and gauges as named, histograms with their three series. */
async function exported(): Promise<Set<string>> {
  const registry = new Registry();
  initServiceMetrics('deploy-check', registry);
  for (const M of [LedgerMetrics, GameMetrics, SocketMetrics, HttpMetrics, SeamlessMetrics]) new M(registry);
  const names = new Set<string>();
  for (const m of await registry.getMetricsAsJSON()) {
    names.add(m.name);
    // prom-client's types say an enum; its JSON says the type's name.
    const type = String(m.type);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(m.name + s);
    if (type === 'summary') for (const s of ['_sum', '_count']) names.add(m.name + s);
  }
  return names;
}

const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'by',
  'without',
  'on',
  'ignoring',
  'inf',
  'nan',
]);

/**
 * The metric names of a PromQL expression: label matchers, range selectors, strings, grouping clauses and
 * functions (a name followed by a parenthesis) taken out, what is left is metric names.
 */
export function metricNames(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names: string[] = [];
  for (const m of stripped.matchAll(/(?<![A-Za-z0-9_:.])[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const rest = stripped.slice((m.index ?? 0) + m[0].length);
    if (/^\s*\(/.test(rest) || KEYWORDS.has(m[0].toLowerCase())) continue;
    names.push(m[0]);
  }
  return names;
}

const rules = load(readFileSync(RULES, 'utf8')) as {
  groups: { rules: { alert?: string; expr: string }[] }[];
};
const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
  panels: { targets?: { expr: string }[] }[];
  templating: { list: { definition?: string }[] };
};
const ruleExprs = rules.groups.flatMap((g) => g.rules.map((r) => r.expr));
const dashboardExprs = [
  ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)),
  // label_values(metric, label): the metric.
  ...dashboard.templating.list.flatMap((v) => (v.definition ? [v.definition.replace(/,[^)]*\)/, ')')] : [])),
];

describe('alert rules and dashboard', () => {
  it('promtool finds the rules valid', () => {
    const { status, output } = promtool('check', 'rules', RULES);
    expect({ status, output }).toEqual({ status: 0, output: expect.stringContaining('SUCCESS') });
  });

  it("promtool's unit tests of the rules pass (the alerts fire on the series that should fire them)", () => {
    const { status, output } = promtool('test', 'rules', RULE_TESTS);
    expect({ status, output }).toEqual({ status: 0, output: expect.stringContaining('SUCCESS') });
  });

  it('names only metrics the services export, under the one prefix', async () => {
    const known = await exported();
    const named = [...ruleExprs, ...dashboardExprs].flatMap(metricNames);
    expect(named.length).toBeGreaterThan(30);
    // `up` is Prometheus's own series of each scrape.
    const unknown = [...new Set(named)].filter((n) => n !== 'up' && !known.has(n));
    expect(unknown).toEqual([]);
    expect([...known].filter((n) => !n.startsWith(METRIC_PREFIX))).toEqual([]);
  });

  it('reads metric names out of PromQL, not functions, labels or keywords', () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (le, game) (rate(a_bucket{x="y",z=~"1|2"}[5m]))) > 0.2 and on (g) b unless c offset 5m',
      ),
    ).toEqual(['a_bucket', 'b', 'c']);
  });
});
