import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";

// Testing Library's auto-cleanup needs a global afterEach; vitest globals are off.
afterEach(async () => {
  if (typeof document !== "undefined") {
    const { cleanup } = await import("@testing-library/react");
    cleanup();
  }
});
