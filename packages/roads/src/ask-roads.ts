import { DerivedRoadBuilder, derivedColor } from './derived-road';
import { nextPlacement } from './grid';
import { RoadState, roadStateOf } from './road-state';
import { GridPosition, RoadColor, RoadOptions, RoadResult, RoadSide } from './types';

/** The mark a derived road would add, and where. */
export interface AskMark extends GridPosition {
  color: RoadColor;
}

/** What the roads would show if the next win were this side's. Rules: docs/rules/baccarat-roads.md#ask-roads */
export interface AskPrediction {
  /** Where the win would go on the big road. */
  bigRoad: GridPosition;
  /** Null while the next big-road entry would come before that road's start point. */
  bigEye: AskMark | null;
  small: AskMark | null;
  cockroach: AskMark | null;
}

export interface AskRoads {
  player: AskPrediction;
  banker: AskPrediction;
}

/**
 * The ask roads ("if Player next / if Banker next") of a shoe in progress, given as its road state or as its
 * results so far. A tie next would change no road but the bead plate.
 */
export function askRoads(source: RoadState | readonly RoadResult[], options?: RoadOptions): AskRoads {
  const state = 'roads' in source ? source : roadStateOf(source, options);
  return { player: predict(state, 'player'), banker: predict(state, 'banker') };
}

function predict(state: RoadState, side: RoadSide): AskPrediction {
  const { entries, streakLengths, cursor } = state.big;
  const last = entries.length > 0 ? entries[entries.length - 1] : null;
  const continuesStreak = last !== null && last.winner === side;
  const streak = last === null ? 0 : continuesStreak ? last.streak : last.streak + 1;
  const depth = continuesStreak ? last.depth + 1 : 0;
  const big = nextPlacement(cursor, continuesStreak);
  const mark = (builder: DerivedRoadBuilder): AskMark | null => {
    const color = derivedColor(streakLengths, streak, depth, builder.offset);
    if (color === null) return null;
    const previous = builder.entries.length > 0 ? builder.entries[builder.entries.length - 1] : null;
    const at = nextPlacement(builder.cursor, previous !== null && previous.color === color);
    return { color, column: at.column, row: at.row };
  };
  return {
    bigRoad: { column: big.column, row: big.row },
    bigEye: mark(state.derived.bigEye),
    small: mark(state.derived.small),
    cockroach: mark(state.derived.cockroach),
  };
}
