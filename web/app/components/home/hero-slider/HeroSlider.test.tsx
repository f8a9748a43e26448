// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initSlider } from "./enhance";
import type { HeroSlideView } from "~/lib/content/types";
import { HeroSlider } from "./HeroSlider";

// The server renders the markup (HeroSlider); ./enhance.ts makes it move.

const slides: HeroSlideView[] = [1, 2, 3].map((n) => ({
  headingHtml: `Heading <strong>${n}</strong>`,
  textHtml: `Text ${n}`,
  image: { src: `/uploads/${n}.jpg`, width: 1600, height: 900, alt: `Slide ${n}` },
}));

let reducedMotion = false;

beforeEach(() => {
  reducedMotion = false;
  vi.useFakeTimers();
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("reduce") ? reducedMotion : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderSlider() {
  render(
    <MemoryRouter>
      <HeroSlider slides={slides} />
    </MemoryRouter>,
  );
  initSlider(document, window);
  return () => Number(screen.getByTestId("hero-slider").getAttribute("data-active-slide"));
}

describe("HeroSlider", () => {
  it("shows the first slide and hides the others from assistive technology", () => {
    renderSlider();
    const groups = screen.getAllByRole("group", { hidden: true });
    expect(groups).toHaveLength(3);
    expect(groups[0]).toHaveAttribute("aria-hidden", "false");
    expect(groups[1]).toHaveAttribute("aria-hidden", "true");
    expect(groups[0]!.querySelector("h2")!.innerHTML).toBe("Heading <strong>1</strong>");
  });

  it("brings the other slides' images out of their templates once the page has loaded", () => {
    renderSlider();
    // jsdom's document is already "complete": every slide has its image now.
    const groups = screen.getAllByRole("group", { hidden: true });
    expect(groups.map((g) => g.querySelector("img")?.getAttribute("width"))).toEqual(["1600", "1600", "1600"]);
    expect(document.querySelector("template[data-slide-image]")).toBeNull();
  });

  it("advances every 7000 ms and wraps around", () => {
    const active = renderSlider();
    act(() => vi.advanceTimersByTime(6999));
    expect(active()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(active()).toBe(1);
    act(() => vi.advanceTimersByTime(7000));
    expect(active()).toBe(2);
    act(() => vi.advanceTimersByTime(7000));
    expect(active()).toBe(0);
  });

  it("restarts the timer when the visitor changes the slide", () => {
    const active = renderSlider();
    act(() => vi.advanceTimersByTime(5000));
    // fireEvent.click does not move focus, so the carousel is not paused by focus here.
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(active()).toBe(1);
    act(() => vi.advanceTimersByTime(6999));
    expect(active()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(active()).toBe(2);
  });

  it("goes back with the previous button, wrapping to the last slide, and records the direction", () => {
    const active = renderSlider();
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(active()).toBe(2);
    const groups = screen.getAllByRole("group", { hidden: true });
    expect(groups[2]!.className).toContain("animate-slide-in-prev");
    expect(groups[0]!.className).toContain("animate-slide-out-prev");
  });

  it("jumps with the dots", () => {
    const active = renderSlider();
    fireEvent.click(screen.getByRole("button", { name: "Go to slide 3" }));
    expect(active()).toBe(2);
    expect(screen.getByRole("button", { name: "Go to slide 3" })).toHaveAttribute("aria-current", "true");
  });

  it("pauses while focus is inside and while paused by the visitor", () => {
    const active = renderSlider();
    const next = screen.getByRole("button", { name: "Next slide" });
    act(() => next.focus());
    act(() => vi.advanceTimersByTime(20000));
    expect(active()).toBe(0);
    act(() => next.blur());
    fireEvent.click(screen.getByRole("button", { name: "Pause slideshow" }));
    act(() => vi.advanceTimersByTime(20000));
    expect(active()).toBe(0);
    fireEvent.click(screen.getByRole("button", { name: "Play slideshow" }));
    act(() => vi.advanceTimersByTime(7000));
    expect(active()).toBe(1);
  });

  it("pauses while a mouse hovers it", () => {
    const active = renderSlider();
    const region = screen.getByTestId("hero-slider");
    fireEvent.pointerEnter(region, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(20000));
    expect(active()).toBe(0);
    fireEvent.pointerLeave(region, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(7000));
    expect(active()).toBe(1);
  });

  it("never auto-advances under prefers-reduced-motion", () => {
    reducedMotion = true;
    const active = renderSlider();
    act(() => vi.advanceTimersByTime(60000));
    expect(active()).toBe(0);
    expect(screen.queryByRole("button", { name: "Pause slideshow" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(active()).toBe(1);
  });
});
