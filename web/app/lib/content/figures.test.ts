import { describe, expect, it } from "vitest";
import { fillFigures, withFigures } from "./figures";

const figures = { childrenCount: 28, capacity: 30 };

describe("figures in page texts", () => {
  it("fills {children} and {capacity} with the settings' numbers, in Devanagari digits on Nepali pages", () => {
    expect(fillFigures("Today <strong>{children} children</strong> live here; room for {capacity}.", figures, "en")).toBe(
      "Today <strong>28 children</strong> live here; room for 30.",
    );
    expect(fillFigures("आज {children} जना बालबालिका बस्छन्", figures, "ne")).toBe("आज २८ जना बालबालिका बस्छन्");
  });

  it("leaves other braces, and a placeholder whose figure is not set, as written", () => {
    expect(fillFigures("{name} and {children}", { childrenCount: null, capacity: 30 }, "en")).toBe("{name} and {children}");
    expect(fillFigures("no placeholder", figures, "en")).toBe("no placeholder");
  });

  it("reaches every text of a page's view, and nothing else", () => {
    const view = {
      slides: [{ headingHtml: "{children} children", image: { src: "/img/a.jpg?w=640", width: 640 } }],
      description: "Room for {capacity}",
      count: 3,
      missing: null,
    };
    expect(withFigures(view, figures, "en")).toEqual({
      slides: [{ headingHtml: "28 children", image: { src: "/img/a.jpg?w=640", width: 640 } }],
      description: "Room for 30",
      count: 3,
      missing: null,
    });
  });
});
