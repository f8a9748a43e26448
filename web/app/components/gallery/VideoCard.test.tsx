// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { initVideoToggles } from "~/enhance/video-toggle";
import { VideoCard } from "./VideoCard";

// The server renders the card; app/enhance/video-toggle.ts makes its button work.
initVideoToggles(document);

const long = "The children light oil lamps and draw rangoli at the gate of the home on the evening of Tihar, the festival of lights.";

describe("VideoCard", () => {
  it("truncates a long description at 80 characters and toggles Read more / Show less", () => {
    render(<VideoCard video={{ id: 1, title: "Tihar", description: long, src: "/uploads/v.mp4", mime: "video/mp4", poster: null }} />);
    const description = screen.getByTestId("video-description");
    const visible = () => Array.from(description.querySelectorAll("span")).find((s) => !s.classList.contains("hidden"))!.textContent;
    expect(visible()).toBe(`${long.slice(0, 80).trimEnd()}...`);
    const toggle = screen.getByRole("button", { name: "Read more" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(toggle);
    expect(visible()).toBe(long);
    expect(screen.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
    fireEvent.click(screen.getByRole("button", { name: "Show less" }));
    expect(visible()).toContain("...");
  });

  it("shows a short description whole, without a toggle", () => {
    render(
      <VideoCard video={{ id: 2, title: "Hills", description: "Sunrise.", src: "/uploads/h.mp4", mime: "video/mp4", poster: null }} />,
    );
    expect(screen.getByTestId("video-description")).toHaveTextContent("Sunrise.");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("does not download the video before it is played", () => {
    const { container } = render(
      <VideoCard video={{ id: 3, title: "T", description: "d", src: "/uploads/t.mp4", mime: "video/mp4", poster: null }} />,
    );
    expect(container.querySelector("video")).toHaveAttribute("preload", "none");
  });

  it("shows the video's own poster frame, or the site's neutral one", () => {
    const withFrame = render(
      <VideoCard
        video={{ id: 4, title: "T", description: "d", src: "/uploads/t.mp4", mime: "video/mp4", poster: "/img/500/webp/t.jpg" }}
      />,
    );
    expect(withFrame.container.querySelector("video")).toHaveAttribute("poster", "/img/500/webp/t.jpg");
    const without = render(
      <VideoCard video={{ id: 5, title: "U", description: "d", src: "/uploads/u.mp4", mime: "video/mp4", poster: null }} />,
    );
    expect(without.container.querySelector("video")).toHaveAttribute("poster", "/video-poster.svg");
  });
});
