import { pocketColour } from '@packages/roulette/src/wheel';

export function pocketClass(pocket: number): string {
  return `pocket--${pocketColour(pocket)}`;
}
