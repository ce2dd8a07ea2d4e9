import { BeadRange, beadRangeProblem } from '../beads';
import { fanTanGame } from '../game-definition';

/** The default table's bead range, as a new table gets it. */
export const DEFAULT_BEAD_RANGE: BeadRange = fanTanGame.tableConfigSchema.parse(
  fanTanGame.defaultTableConfig,
).beadRange;

/** `--bead-range 40-139` (absent: the default table's), or why it is refused. */
export function parseBeadRange(
  text: string | undefined,
): { ok: true; range: BeadRange } | { ok: false; message: string } {
  if (text === undefined) return { ok: true, range: DEFAULT_BEAD_RANGE };
  const m = /^([0-9]{1,5})-([0-9]{1,5})$/.exec(text);
  if (!m) return { ok: false, message: '--bead-range is min-max, e.g. 40-139' };
  const range = { min: Number(m[1]), max: Number(m[2]) };
  const problem = beadRangeProblem(range);
  return problem ? { ok: false, message: `--bead-range: ${problem}` } : { ok: true, range };
}
