import {
  Card,
  cardToText,
  createShoe,
  DEFAULT_CUT_CARD,
  newClientSeed,
  newServerSeed,
  parseCard,
  RandomSource,
  serverSeedHash,
  Shoe,
} from '@casino/cards';
import { RoundResultPayload, TableConfig } from '@casino/events';
import { gameDefinition } from '@casino/games';
import { StudioGameId, StudioResultSummary } from '@casino/player-protocol';
import { RoundFairness } from './studio-table.state';

// How an automatic table draws its result is its game definition's `automaticDraw`: from an 8-deck shoe shuffled
// by the CSPRNG and committed to when it starts (docs/rules/dragon-tiger.md, football-studio.md), or from seeds
// committed to before betting opens (docs/rules/sic-bo.md#automatic-tables, docs/rules/fan-tan.md).

function drawOf(game: string) {
  return gameDefinition(game).automaticDraw;
}

function shoeDraw(game: string) {
  const draw = drawOf(game);
  if (draw.kind !== 'shoe') throw new Error(`${game} deals no cards`);
  return draw;
}

function seededDraw(game: string) {
  const draw = drawOf(game);
  if (draw.kind !== 'seeded') throw new Error(`${game} draws no seeded result`);
  return draw;
}

/** Whether the game deals from a shoe rather than drawing from committed seeds. */
export function dealsCards(game: StudioGameId): boolean {
  return drawOf(game).kind === 'shoe';
}

/** A new automatic shoe of the game: its decks shuffled by the source, the cut card placed. */
export function newShoe(game: StudioGameId, random: RandomSource): Shoe {
  return createShoe({ decks: shoeDraw(game).decks, cutCard: DEFAULT_CUT_CARD }, random);
}

/** A round's cards from the shoe, in deal order, as the result carries them. */
export function dealRound(game: StudioGameId, shoe: Shoe): RoundResultPayload {
  const draw = shoeDraw(game);
  const cards = Array.from({ length: draw.cardsPerRound }, () => cardToText(shoe.draw()));
  return draw.result(cards) as RoundResultPayload;
}

/** The cards of a card result (parsed), to discard after the round. */
export function cardsOf(result: RoundResultPayload): Card[] {
  return 'cards' in result && Array.isArray(result.cards) ? result.cards.map((c) => parseCard(c)) : [];
}

/** The next round's seeds: a new secret server seed from the source, the table's client seed, the next nonce. */
export function nextFairness(
  game: StudioGameId,
  random: RandomSource,
  seeds: { clientSeed: string; nonce: number } | null,
): RoundFairness {
  const serverSeed = newServerSeed(random);
  return {
    scheme: seededDraw(game).scheme,
    serverSeed,
    serverSeedHash: serverSeedHash(serverSeed),
    clientSeed: seeds?.clientSeed ?? newClientSeed(random),
    nonce: (seeds?.nonce ?? 0) + 1,
  };
}

/** The commitment players see before betting: the seeds without the server seed. */
export function commitmentOf(fair: RoundFairness): Omit<RoundFairness, 'serverSeed'> {
  const { serverSeed: _secret, ...commitment } = fair;
  return commitment;
}

/** The result the committed seeds give, carrying its revealed seeds (the ledger recomputes it from them). */
export function fairResult(settings: TableConfig, fair: RoundFairness): RoundResultPayload {
  const seeds = { serverSeed: fair.serverSeed, clientSeed: fair.clientSeed, nonce: fair.nonce };
  return seededDraw(settings.game).result(settings, seeds) as RoundResultPayload;
}

/** A result as the history and the players' `round:result` show it: without its game and seeds; a shoe game's
 * cards with what they decided. */
export function resultSummary(result: RoundResultPayload): StudioResultSummary {
  const draw = drawOf(result.game);
  if (draw.kind === 'shoe' && 'cards' in result)
    return { cards: [...result.cards], winner: draw.outcome(result) };
  const { game: _game, fair: _fair, ...fields } = result as RoundResultPayload & { fair?: unknown };
  return fields as StudioResultSummary;
}
