import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { routerRequestHandler } from "./fetch-bridge";

/** The smallest build React Router serves: one resource route answering with the build's name. */
function buildNamed(name: string): ServerBuild {
  return {
    entry: { module: { default: () => new Response("no documents here") } },
    routes: { root: { id: "root", path: "", module: { loader: () => new Response(name) } } },
    assets: { url: "/manifest.js", version: "1", entry: { module: "/entry.js", imports: [] }, routes: {} },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** A build function that counts its calls and hands out "build 1", "build 2"... */
function countingBuild() {
  const build = Object.assign(
    async () => {
      build.calls += 1;
      return buildNamed(`build ${build.calls}`);
    },
    { calls: 0 },
  );
  return build;
}

const get = async (handler: ReturnType<typeof routerRequestHandler>) => (await handler(new Request("http://site.test/"))).text();

describe("routerRequestHandler", () => {
  it("in production, loads the build once and serves every request from it", async () => {
    const build = countingBuild();
    const handler = routerRequestHandler(build, "production");
    expect(await Promise.all([get(handler), get(handler), get(handler)])).toEqual(["build 1", "build 1", "build 1"]);
    expect(await get(handler)).toBe("build 1");
    expect(build.calls).toBe(1);
  });

  it("in development, asks for the build on every request (routes change under the dev server)", async () => {
    const build = countingBuild();
    const handler = routerRequestHandler(build, "development");
    expect(await get(handler)).toBe("build 1");
    expect(await get(handler)).toBe("build 2");
  });

  it("tries again after a build that failed to load, instead of failing every request after it", async () => {
    let calls = 0;
    const handler = routerRequestHandler(async () => {
      calls += 1;
      if (calls === 1) throw new Error("build not readable");
      return buildNamed("build 2");
    }, "production");
    await expect(get(handler)).rejects.toThrow("build not readable");
    expect(await get(handler)).toBe("build 2");
    expect(await get(handler)).toBe("build 2");
    expect(calls).toBe(2);
  });
});
