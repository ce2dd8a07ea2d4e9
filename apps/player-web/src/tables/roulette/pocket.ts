import { pocketColour } from '@engine/roulette/wheel';

export function pocketClass(pocket: number): string {
  return `pocket--${pocketColour(pocket)}`;
}
