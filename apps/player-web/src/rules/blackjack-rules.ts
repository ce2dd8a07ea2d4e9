import { bool, num, obj, str } from '../net/game-connection';

// A blackjack table's rules as its snapshot sends them (the service's rulesView), and the rules dialog's lines
// built from them (docs/rules/blackjack.md#table-settings): nothing in the dialog is the same at every table.

export type PeekRule = 'ace' | 'ace-and-ten' | 'none';

export interface BlackjackRulesView {
  /** The variant name of a table departing from the operators' rules; null for one that follows them. */
  variant: string | null;
  /** House edge for basic strategy, a fraction of the stake; null when the table does not say. */
  houseEdge: number | null;
  /** Whether houseEdge is an exact published figure (else an estimate). */
  houseEdgeExact: boolean;
  blackjackPays: string;
  dealerStandsOnSoft17: boolean;
  insurance: boolean;
  /** What insurance pays at this table, as the service states it; null without insurance. */
  insurancePays: string | null;
  peek: PeekRule;
  dealerHoleCard: boolean;
  doubleAfterSplit: boolean;
  maxSplitHands: number;
  resplitAces: boolean;
  splitAcesOneCard: boolean;
}

/** The operators' rules, for a snapshot that has no rules yet. */
export const STANDARD_BLACKJACK_RULES: BlackjackRulesView = {
  variant: null,
  houseEdge: null,
  houseEdgeExact: false,
  blackjackPays: '3:2',
  dealerStandsOnSoft17: true,
  insurance: true,
  insurancePays: '2:1',
  peek: 'ace',
  dealerHoleCard: true,
  doubleAfterSplit: false,
  maxSplitHands: 2,
  resplitAces: false,
  splitAcesOneCard: true,
};

/** The snapshot's `rules`; what is missing or malformed takes the operators' rule. */
export function blackjackRulesOf(value: unknown): BlackjackRulesView {
  const r = obj(value);
  const d = STANDARD_BLACKJACK_RULES;
  const flag = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
  const peek = r.peek === 'ace' || r.peek === 'ace-and-ten' || r.peek === 'none' ? r.peek : d.peek;
  const edge = num(r.houseEdge, NaN);
  return {
    variant: typeof r.variant === 'string' && r.variant.length > 0 ? r.variant : null,
    houseEdge: Number.isFinite(edge) ? edge : null,
    houseEdgeExact: bool(r.houseEdgeExact),
    blackjackPays: str(r.blackjackPays, d.blackjackPays),
    dealerStandsOnSoft17: flag(r.dealerStandsOnSoft17, d.dealerStandsOnSoft17),
    insurance: 'insurancePays' in r ? r.insurancePays !== null : d.insurance,
    insurancePays:
      'insurancePays' in r ? (typeof r.insurancePays === 'string' ? r.insurancePays : null) : d.insurancePays,
    peek,
    dealerHoleCard: flag(r.dealerHoleCard, d.dealerHoleCard),
    doubleAfterSplit: flag(r.doubleAfterSplit, d.doubleAfterSplit),
    maxSplitHands: num(r.maxSplitHands, d.maxSplitHands),
    resplitAces: flag(r.resplitAces, d.resplitAces),
    splitAcesOneCard: flag(r.splitAcesOneCard, d.splitAcesOneCard),
  };
}

export interface RuleLine {
  /** i18n key under `rules.`. */
  key: string;
  params?: Record<string, string | number>;
}

/** The rules dialog's lines for this table's own settings, in order: dealer, peek, split, double, insurance. */
export function blackjackRuleLines(rules: BlackjackRulesView): RuleLine[] {
  const lines: RuleLine[] = [];
  if (rules.variant) lines.push({ key: 'bjVariant', params: { name: rules.variant } });
  lines.push({ key: rules.dealerStandsOnSoft17 ? 'bjS17' : 'bjH17' });
  const peek =
    !rules.dealerHoleCard || rules.peek === 'none'
      ? 'bjPeekNone'
      : rules.peek === 'ace'
        ? 'bjPeekAce'
        : 'bjPeekAceTen';
  lines.push({ key: peek });
  if (rules.maxSplitHands < 2) lines.push({ key: 'bjNoSplit' });
  else {
    lines.push(
      rules.maxSplitHands === 2
        ? { key: 'bjSplitOnce' }
        : { key: 'bjResplit', params: { hands: rules.maxSplitHands } },
    );
    if (rules.splitAcesOneCard) lines.push({ key: 'bjSplitAces' });
    if (rules.resplitAces && rules.maxSplitHands > 2) lines.push({ key: 'bjResplitAces' });
    lines.push({ key: rules.doubleAfterSplit ? 'bjDas' : 'bjNoDas' });
  }
  lines.push({ key: rules.insurance ? 'bjInsurance' : 'bjNoInsurance' });
  return lines;
}

/** A house edge in the locale, two decimals: 0.00697 → "0.70%". */
export function houseEdgeText(edge: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(edge);
}

/** The rules dialog of a blackjack table: the table's own lines and pay rows (from its snapshot's rules). */
export function blackjackRulesContent(
  t: (key: string, options?: Record<string, unknown>) => string,
  locale: string,
  rules: BlackjackRulesView,
): { params: Record<string, string>; lines: string[]; rows: [string, string][] } {
  const lines = [
    ...blackjackRuleLines(rules).map((l) => t(`rules.${l.key}`, l.params ?? {})),
    ...(rules.houseEdge !== null
      ? [
          t(rules.houseEdgeExact ? 'rules.bjHouseEdge' : 'rules.bjHouseEdgeEstimated', {
            edge: houseEdgeText(rules.houseEdge, locale),
          }),
        ]
      : []),
  ];
  const rows: [string, string][] = [
    // A won hand pays even money at every table (the engine's settlement); the table's own payouts follow.
    [t('rules.blackjackWin'), '1:1'],
    [t('rules.blackjackBj'), rules.blackjackPays],
    ...(rules.insurancePays ? [[t('rules.insurancePays'), rules.insurancePays] as [string, string]] : []),
  ];
  return { params: { pays: rules.blackjackPays }, lines, rows };
}
