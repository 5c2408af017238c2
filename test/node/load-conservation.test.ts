/**
 * `npm run load`, short: the same code (bench/load/) runs for a few seconds against each
 * server as a user starts it (Node's `serveHttp`, the worker under workerd as `npm start`
 * runs it), with producers, readers, slow readers, never-readers, clients that abort and an
 * operator browsing and running MQSC meanwhile, then drains the queue. It asserts
 * conservation only: every message whose POST answered 201 is got exactly once, or was taken
 * by a client that saw its response and left it unread (README, "Getting messages over
 * HTTP"); none is got twice; none appears that was never put. Speed is the script's to
 * measure, not this test's.
 */
import { describe, expect, it } from "vitest";
import { portIsFree } from "../../bench/load/port-free.js";
import { DEFAULT_LOAD, runLoad } from "../../bench/load/run-load.js";
import { SERVER_NAMES, startServer } from "../../bench/load/servers.js";

const SECONDS = 4;

describe.each(SERVER_NAMES)("bounded load over real HTTP: %s", (name) => {
  it(`conserves every acknowledged message through ${SECONDS} s of load and a drain`, async () => {
    const server = await startServer(name);
    try {
      const result = await runLoad(server.target, { ...DEFAULT_LOAD, seconds: SECONDS, maxDepth: 50, burstMs: 1000 });
      const c = result.conservation;
      expect(result.errors).toEqual([]);
      expect(c.lost).toEqual([]);
      expect(c.duplicated).toEqual([]);
      expect(c.phantom).toEqual([]);
      expect(result.depthAfter).toBe(0);
      expect(c.received + c.takenUnread.length + c.takenUnseen).toBe(c.acknowledged);
      // The run did what it claims: puts, gets, clients that left, slow reads, browsing and MQSC.
      expect(c.acknowledged).toBeGreaterThan(0);
      expect(result.tally.abortedGets).toBeGreaterThan(0);
      expect(result.tally.neverRead).toBeGreaterThan(0);
      expect(result.tally.slowReads).toBeGreaterThan(0);
      expect(result.tally.browses).toBeGreaterThan(0);
      expect(result.tally.maxDepthSeen).toBeLessThanOrEqual(50);
      expect(result.ok).toBe(true);
    } finally {
      await server.close();
    }
    expect(await portIsFree(server.target.url)).toBe(true);
  }, 180_000);
});
