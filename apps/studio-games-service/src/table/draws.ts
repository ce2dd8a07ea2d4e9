import { AceRank, duelFromCards } from '@casino/card-duel';
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
import { DRAGON_TIGER } from '@casino/dragon-tiger';
import { RoundResultPayload, TableConfig } from '@casino/events';
import { FAN_TAN_FAIR_SCHEME, fairBeadCount, resultOfCount } from '@casino/fan-tan';
import { FOOTBALL_STUDIO } from '@casino/football-studio';
import { StudioGameId } from '@casino/player-protocol';
import { fairDice, SIC_BO_FAIR_SCHEME } from '@casino/sic-bo';
import { RoundFairness, StudioHistoryEntry } from './studio-table.state';

// How each game's automatic table draws its result: Sic Bo and Fan Tan from seeds committed to before betting
// opens (docs/rules/sic-bo.md#automatic-tables, docs/rules/fan-tan.md), the two-card games from an 8-deck shoe
// shuffled by the CSPRNG and committed to when it starts (docs/rules/dragon-tiger.md, football-studio.md).

const DUELS: Partial<Record<StudioGameId, { decks: number; ace: AceRank }>> = {
  dragonTiger: DRAGON_TIGER,
  footballStudio: FOOTBALL_STUDIO,
};

/** Whether the game deals from a shoe (the two-card games) rather than drawing from committed seeds. */
export function dealsCards(game: StudioGameId): boolean {
  return DUELS[game] !== undefined;
}

/** A new automatic shoe of the game: its decks shuffled by the source, the cut card placed. */
export function newShoe(game: StudioGameId, random: RandomSource): Shoe {
  const duel = DUELS[game];
  if (!duel) throw new Error(`${game} deals no cards`);
  return createShoe({ decks: duel.decks, cutCard: DEFAULT_CUT_CARD }, random);
}

/** The two cards of a round, in deal order (first side, then second), as the result carries them. */
export function dealTwo(game: StudioGameId, shoe: Shoe): RoundResultPayload {
  const first = shoe.draw();
  const second = shoe.draw();
  return { game, cards: [cardToText(first), cardToText(second)] } as RoundResultPayload;
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
    scheme: game === 'fanTan' ? FAN_TAN_FAIR_SCHEME : SIC_BO_FAIR_SCHEME,
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
  if (settings.game === 'sicBo') return { game: 'sicBo', dice: [...fairDice(seeds)], fair: seeds };
  if (settings.game === 'fanTan') {
    const count = fairBeadCount(seeds, settings.beadRange);
    return { game: 'fanTan', count, result: resultOfCount(count), fair: seeds };
  }
  throw new Error(`${settings.game} draws no seeded result`);
}

/** A result as the history and the players' `round:result` show it (its seeds apart). */
export function resultSummary(result: RoundResultPayload): Omit<StudioHistoryEntry, 'roundId'> {
  switch (result.game) {
    case 'sicBo':
      return { dice: [...result.dice] };
    case 'fanTan':
      return { count: result.count, result: result.result };
    case 'dragonTiger':
    case 'footballStudio': {
      const duel = DUELS[result.game];
      const round = duelFromCards(result.cards, duel?.ace ?? 'low');
      return { cards: [...result.cards], winner: round.winner };
    }
    default:
      throw new Error(`${result.game} is not a studio game`);
  }
}
