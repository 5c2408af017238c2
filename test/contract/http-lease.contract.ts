/**
 * Leased gets over the messaging REST API (adapters/http/leases.ts), run by testHttpApi on
 * every target: `DELETE .../message?lease=<ms>` holds the message, invisible, until
 * `?confirm=<token>` takes it or `?release=<token>` or the lease's end puts it back with its
 * backout count raised.
 */
import { describe, expect, it } from "vitest";
import type { QueueManager } from "../../core/index.js";
import { DEFAULT_HTTP_LIMITS } from "../../adapters/http/index.js";
import { errorOf, httpClient, type HttpTarget } from "./http.contract.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The first message on `queue`, browsed (undefined when there is none). */
async function firstMessage(qm: QueueManager, queue: string) {
  const cursor = qm.browse(queue);
  try {
    return (await cursor.next()) ?? undefined;
  } finally {
    cursor.close();
  }
}

/** Waits (up to 10 s) until `queue` has a message to browse, and returns it. */
async function whenBack(admin: <T>(body: (qm: QueueManager) => T | Promise<T>) => Promise<T>, queue: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const message = await admin((qm) => firstMessage(qm, queue));
    if (message !== undefined || Date.now() > deadline) return message;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function testMessageLeases(name: string, target: HttpTarget): void {
  describe(`leased gets over HTTP (${name})`, () => {
    it("holds a leased message out of sight until its confirm takes it, exactly once", async () => {
      const { post, del, get, messageUrl, depth, admin } = httpClient(target);
      const put = await post(messageUrl("v3"), "take me once");
      const got = await del(messageUrl("v3", "DEV.QUEUE.1", "?lease=30000"));
      expect(got.status).toBe(200);
      expect(await got.text()).toBe("take me once");
      expect(got.headers.get("ibm-mq-md-messageId")).toBe(put.headers.get("ibm-mq-md-messageId"));
      const token = got.headers.get("webmq-lease")!;
      expect(token).toMatch(UUID);
      const expires = Date.parse(got.headers.get("webmq-lease-expires")!);
      expect(expires).toBeGreaterThan(Date.now() + 20_000);
      // Held: no other get or browse sees it, but it is still on the queue (uncommitted).
      expect((await del(messageUrl("v3"))).status).toBe(204);
      expect((await get(messageUrl("v3"))).status).toBe(204);
      expect(await admin((qm) => qm.queueStatus("DEV.QUEUE.1").uncommitted)).toBe(1);

      const confirmed = await del(messageUrl("v3", "DEV.QUEUE.1", `?confirm=${token}`));
      expect(confirmed.status).toBe(204);
      expect(confirmed.headers.get("webmq-lease")).toBe(token);
      expect(await depth("DEV.QUEUE.1")).toBe(0);
      // A confirm sent again (its answer lost on the way) succeeds again and takes nothing more.
      expect((await post(messageUrl("v3"), "the next one")).status).toBe(201);
      expect((await del(messageUrl("v3", "DEV.QUEUE.1", `?confirm=${token}`))).status).toBe(204);
      expect(await depth("DEV.QUEUE.1")).toBe(1);
    });

    it("puts a message whose lease ends unconfirmed back with its backout count raised; a late confirm is 409 MQRC_BACKED_OUT", async () => {
      const { post, del, messageUrl, admin, TEXT } = httpClient(target);
      await post(messageUrl("v2", "DEV.QUEUE.2"), "not confirmed", { ...TEXT, "ibm-mq-md-persistence": "persistent" });
      const got = await del(messageUrl("v2", "DEV.QUEUE.2", "?lease=300"));
      expect(await got.text()).toBe("not confirmed");
      const token = got.headers.get("webmq-lease")!;
      const back = await whenBack(admin, "DEV.QUEUE.2");
      expect(back).toMatchObject({ body: "not confirmed", backoutCount: 1 });

      const late = await del(messageUrl("v2", "DEV.QUEUE.2", `?confirm=${token}`));
      expect(late.status).toBe(409);
      const error = await errorOf(late);
      expect(error).toMatchObject({ msgId: "MQWB0920E", reason: "MQRC_BACKED_OUT", reasonCode: 2003 });
      expect(error.message).toContain(token);
      expect(error.explanation).toMatch(/expired unconfirmed/);
      // The late confirm took nothing: the next get has it, backout count and all.
      const again = await del(messageUrl("v2", "DEV.QUEUE.2"));
      expect(await again.text()).toBe("not confirmed");
    });

    it("puts a released message back at once with its backout count raised", async () => {
      const { post, del, messageUrl, admin } = httpClient(target);
      await post(messageUrl("v3"), "give it back");
      const got = await del(messageUrl("v3", "DEV.QUEUE.1", "?lease=60000"));
      const token = got.headers.get("webmq-lease")!;
      await got.text();
      const released = await del(messageUrl("v3", "DEV.QUEUE.1", `?release=${token}`));
      expect(released.status).toBe(204);
      expect(await admin((qm) => firstMessage(qm, "DEV.QUEUE.1"))).toMatchObject({ body: "give it back", backoutCount: 1 });
      const confirm = await del(messageUrl("v3", "DEV.QUEUE.1", `?confirm=${token}`));
      expect(confirm.status).toBe(409);
      expect(await errorOf(confirm)).toMatchObject({ msgId: "MQWB0920E", reason: "MQRC_BACKED_OUT" });
    });

    it("answers 404 MQRC_UOW_NOT_AVAILABLE for a confirm of a lease never given, or given on another queue", async () => {
      const { post, del, messageUrl, depth } = httpClient(target);
      const unknown = await del(messageUrl("v3", "DEV.QUEUE.1", "?confirm=00000000-0000-4000-8000-000000000000"));
      expect(unknown.status).toBe(404);
      expect(await errorOf(unknown)).toMatchObject({ msgId: "MQWB0921E", reason: "MQRC_UOW_NOT_AVAILABLE", reasonCode: 2255 });

      await post(messageUrl("v3"), "leased on queue 1");
      const got = await del(messageUrl("v3", "DEV.QUEUE.1", "?lease=60000"));
      const token = got.headers.get("webmq-lease")!;
      await got.text();
      const elsewhere = await del(messageUrl("v3", "DEV.QUEUE.2", `?confirm=${token}`));
      expect(elsewhere.status).toBe(404);
      expect(await errorOf(elsewhere)).toMatchObject({ msgId: "MQWB0921E" });
      // The lease is still held, and still confirmable where it was given.
      expect((await del(messageUrl("v3", "DEV.QUEUE.1", `?confirm=${token}`))).status).toBe(204);
      expect(await depth("DEV.QUEUE.1")).toBe(0);
    });

    it("refuses a bad lease, token or mix of parameters with 400, taking nothing", async () => {
      const { post, del, messageUrl, depth } = httpClient(target);
      await post(messageUrl("v2"), "stays");
      for (const query of [
        "?lease=0",
        "?lease=-5",
        "?lease=soon",
        `?lease=${DEFAULT_HTTP_LIMITS.maxLease + 1}`,
        "?confirm=",
        "?confirm=not%20a%20token",
        "?confirm=abc&wait=100",
        "?release=abc&lease=100",
        "?confirm=a&confirm=b",
      ]) {
        const response = await del(messageUrl("v2", "DEV.QUEUE.1", query));
        expect(response.status, query).toBe(400);
        expect((await errorOf(response)).msgId, query).toBe("MQWB0902E");
      }
      expect(await depth("DEV.QUEUE.1")).toBe(1);
    });

    it("answers 204 without a lease when a leased get finds no message, after its wait", async () => {
      const { del, messageUrl } = httpClient(target);
      const none = await del(messageUrl("v3", "DEV.QUEUE.3", "?lease=1000&wait=50"));
      expect(none.status).toBe(204);
      expect(none.headers.get("webmq-lease")).toBeNull();
    });
  });
}
