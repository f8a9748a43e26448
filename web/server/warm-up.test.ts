import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { warmUp } from "./warm-up";

const seen: string[] = [];
let inFlight = 0;
let mostAtOnce = 0;
const server = http.createServer((req, res) => {
  seen.push(req.url ?? "");
  inFlight++;
  mostAtOnce = Math.max(mostAtOnce, inFlight);
  setImmediate(() => {
    inFlight--;
    if (req.url === "/broken") res.writeHead(503).end("down");
    else if (req.url === "/hang-up") req.socket.destroy();
    else res.writeHead(200).end("page");
  });
});
let origin = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

describe("warmUp", () => {
  it("requests each page once, one at a time, and goes on past failures", async () => {
    const result = await warmUp(origin, ["/", "/broken", "/hang-up", "/ne"]);
    expect(seen).toEqual(["/", "/broken", "/hang-up", "/ne"]);
    expect(mostAtOnce).toBe(1);
    expect(result).toMatchObject({ pages: 4, ok: 2 });
  });
});
