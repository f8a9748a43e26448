/** Hero slider state machine: index wraps both ways, direction is kept. */

export const SLIDE_INTERVAL_MS = 7000;

export type Direction = 1 | -1;

export interface SliderState {
  count: number;
  index: number;
  /** The slide that is leaving (for the exit animation); null before the first change. */
  previous: number | null;
  /** 1 = forwards (next), -1 = backwards (previous). */
  direction: Direction;
}

export type SliderAction = { type: "next" } | { type: "prev" } | { type: "goto"; index: number };

export function initialSliderState(count: number): SliderState {
  return { count, index: 0, previous: null, direction: 1 };
}

export function wrap(index: number, count: number): number {
  return count > 0 ? ((index % count) + count) % count : 0;
}

export function sliderReducer(state: SliderState, action: SliderAction): SliderState {
  if (state.count < 2) return state;
  switch (action.type) {
    case "next":
      return { ...state, previous: state.index, index: wrap(state.index + 1, state.count), direction: 1 };
    case "prev":
      return { ...state, previous: state.index, index: wrap(state.index - 1, state.count), direction: -1 };
    case "goto": {
      const target = wrap(action.index, state.count);
      if (target === state.index) return state;
      return { ...state, previous: state.index, index: target, direction: target > state.index ? 1 : -1 };
    }
  }
}
