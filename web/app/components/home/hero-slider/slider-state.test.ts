import { describe, expect, it } from "vitest";
import { initialSliderState, SLIDE_INTERVAL_MS, sliderReducer, wrap } from "./slider-state";

describe("hero slider state machine", () => {
  it("uses the spec's interval", () => {
    expect(SLIDE_INTERVAL_MS).toBe(7000);
  });

  it("starts on the first slide with no previous slide", () => {
    expect(initialSliderState(3)).toEqual({ count: 3, index: 0, previous: null, direction: 1 });
  });

  it("moves forwards and wraps from the last slide to the first", () => {
    let s = initialSliderState(3);
    s = sliderReducer(s, { type: "next" });
    expect(s).toMatchObject({ index: 1, previous: 0, direction: 1 });
    s = sliderReducer(s, { type: "next" });
    s = sliderReducer(s, { type: "next" });
    expect(s).toMatchObject({ index: 0, previous: 2, direction: 1 });
  });

  it("moves backwards and wraps from the first slide to the last", () => {
    const s = sliderReducer(initialSliderState(3), { type: "prev" });
    expect(s).toMatchObject({ index: 2, previous: 0, direction: -1 });
  });

  it("records the direction of a jump", () => {
    const forward = sliderReducer(initialSliderState(3), { type: "goto", index: 2 });
    expect(forward).toMatchObject({ index: 2, direction: 1 });
    const back = sliderReducer(forward, { type: "goto", index: 0 });
    expect(back).toMatchObject({ index: 0, previous: 2, direction: -1 });
  });

  it("ignores a jump to the current slide (no restart, same object)", () => {
    const s = initialSliderState(3);
    expect(sliderReducer(s, { type: "goto", index: 0 })).toBe(s);
  });

  it("does nothing with fewer than two slides", () => {
    const one = initialSliderState(1);
    expect(sliderReducer(one, { type: "next" })).toBe(one);
    expect(sliderReducer(initialSliderState(0), { type: "prev" }).index).toBe(0);
  });

  it("wraps any integer into range", () => {
    expect([wrap(-1, 3), wrap(3, 3), wrap(-4, 3), wrap(7, 3)]).toEqual([2, 0, 2, 1]);
  });
});
