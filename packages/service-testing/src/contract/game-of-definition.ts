import type { BetBody, ContractGame } from './game-service-subject';

/**
 * The parts of a game's definition (@casino/game-kit's GameDefinition, from the registry) the contract reads: its
 * layout's bets, the restrictions between them, and its settlement. Structural, so that this test package does not
 * load the registry.
 */
export interface DefinitionForContract {
  id: string;
  betSpecSchema: { shape: object };
  resultSchema: { shape: object; parse(value: unknown): unknown };
  tableConfigSchema: { parse(value: unknown): unknown };
  defaultTableConfig: unknown;
  limitKey(bet: never): string;
  restrictionRules: readonly { kind: string; keys?: readonly string[] }[];
  layout: { kind: 'none' } | { kind: 'cards' | 'dice' | 'beads'; bets(): readonly object[] };
  settle(
    config: never,
    result: never,
    bets: never,
  ): { ok: true; items: readonly { returned: bigint }[] } | { ok: false; message: string };
}

/** The bet as a player sends it: Sic Bo's and Fan Tan's definitions nest it under `spec`, the others do not. */
function wireOf(definition: DefinitionForContract, bet: object): BetBody {
  if ('spec' in definition.betSpecSchema.shape) return { bet: (bet as { spec: object }).spec };
  const { game: _game, ...wire } = bet as { game: string };
  return { bet: wire };
}

/** True when a restriction forbids one player holding both bets in a round (OPPOSING_BETS). */
function exclusive(definition: DefinitionForContract, a: object, b: object): boolean {
  const keys = [definition.limitKey(a as never), definition.limitKey(b as never)];
  return definition.restrictionRules.some(
    (rule) =>
      rule.kind === 'exclusive' &&
      rule.keys !== undefined &&
      keys.every((k) => rule.keys?.includes(k)) &&
      keys[0] !== keys[1],
  );
}

/** The first two bets of the layout that a restriction forbids one player to hold together. */
function opposingOf(
  definition: DefinitionForContract,
  bets: readonly object[],
): [object, object] | undefined {
  for (const a of bets) {
    const b = bets.find((other) => exclusive(definition, a, other));
    if (b) return [a, b];
  }
  return undefined;
}

/**
 * A game of the contract from its definition: the layout's first bet and the first one after it that no restriction
 * pairs with it; what a bet returns by the definition's settlement at the game's default table settings.
 */
export function contractGameOf(
  definition: DefinitionForContract,
  table: ContractGame['table'],
): ContractGame {
  if (definition.layout.kind === 'none') throw new Error(`${definition.id} has no layout to take bets from`);
  const layout = definition.layout.bets();
  const [first, ...rest] = layout;
  const second = rest.find((bet) => !exclusive(definition, first, bet));
  if (!first || !second) throw new Error(`${definition.id}: its layout has no two bets one player may hold`);
  const bets: [object, object] = [first, second];
  const wire = bets.map((bet) => wireOf(definition, bet)) as [BetBody, BetBody];
  const resultKeys = Object.keys(definition.resultSchema.shape);
  const opposing = opposingOf(definition, layout);
  return {
    id: definition.id,
    table,
    bets: wire,
    ...(opposing && {
      opposing: opposing.map((bet) => wireOf(definition, bet)) as [BetBody, BetBody],
    }),
    returnOf(shown, bet, stake) {
      const spec = bets[wire.indexOf(bet)];
      if (!spec) throw new Error(`${definition.id}: not one of the contract's bets: ${JSON.stringify(bet)}`);
      // The result message carries the result's fields beside the round's (tableId, roundId, …).
      const fields = Object.fromEntries(Object.entries(shown).filter(([key]) => resultKeys.includes(key)));
      const result = definition.resultSchema.parse({ ...fields, game: definition.id });
      const config = definition.tableConfigSchema.parse(definition.defaultTableConfig);
      const settled = definition.settle(
        config as never,
        result as never,
        [{ betId: 'contract', playerId: 'contract', stake, spec }] as never,
      );
      if (!settled.ok) throw new Error(`${definition.id} settlement refused: ${settled.message}`);
      return settled.items.reduce((sum, item) => sum + item.returned, 0n);
    },
  };
}
