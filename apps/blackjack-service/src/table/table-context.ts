import { TableConfig } from '@casino/events';
import { TableStepContext } from '@casino/table-kit/core';
import { ledgerCurrencies, otherCurrencyProfile } from '@casino/table-kit/config';
import { BlackjackTableConfig } from '../config/blackjack-config';
import { BlackjackTableInput } from './blackjack-table.state';

export type TableContext = TableStepContext<BlackjackTableConfig, BlackjackTableInput>;

/** The table's settings as the ledger needs them (limits per stake kind and the full rules it replays with). */
export function ledgerTableConfig(config: BlackjackTableConfig): TableConfig {
  const { rules, mainLimit } = config;
  return {
    game: 'blackjack',
    limits: {
      main: { min: mainLimit.min, max: mainLimit.max },
      // Additional stakes follow the hand (the ledger checks them against the accepted main stake).
      double: { min: 1n, max: mainLimit.max },
      split: { min: 1n, max: mainLimit.max },
      insurance: { min: 1n, max: mainLimit.max },
    },
    tableMax: {},
    ...(config.vipMax.main !== undefined ? { vipMax: { main: config.vipMax.main } } : {}),
    decks: rules.decks,
    peek: rules.peek,
    doubleAfterSplit: rules.doubleAfterSplit,
    dealerHitsSoft17: rules.dealerHitsSoft17,
    blackjackPays: { num: Number(rules.blackjackPays.num), den: Number(rules.blackjackPays.den) },
    double: rules.double,
    maxSplitHands: rules.maxSplitHands,
    resplitAces: rules.resplitAces,
    splitAcesOneCard: rules.splitAcesOneCard,
    dealerHoleCard: rules.dealerHoleCard,
    insurance: rules.insurance,
    ...(rules.variant === undefined ? {} : { variant: rules.variant }),
    ...ledgerCurrencies(config),
  };
}

/**
 * The main bet's limit and VIP ceiling a player is held to and shown: the table's own, or those of the player's
 * currency where the table lists it (docs/ledger.md#currencies-per-table). Undefined: the profile has no main bet.
 */
export function mainLimitFor(
  config: BlackjackTableConfig,
  currency: string | undefined,
): { mainLimit: { min: bigint; max: bigint }; vipMain?: bigint } | undefined {
  const profile = otherCurrencyProfile(config, currency);
  if (!profile) return { mainLimit: config.mainLimit, vipMain: config.vipMax.main };
  const main = profile.limits.main;
  return main && { mainLimit: { min: main.min, max: main.max }, vipMain: profile.vipMax?.main };
}
