// The exact fractions of the rtp calculation are the game kit's (@casino/game-kit ratio.ts), under the names this
// engine uses.
export type { Ratio as Rational } from '@casino/game-kit';
export {
  ratio as rational,
  ratioSub as sub,
  ratioEquals as equals,
  ratioToNumber as toNumber,
  ratioText as toText,
} from '@casino/game-kit';
