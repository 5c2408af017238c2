/**
 * No message lost or doubled over HTTP, with real sockets and clients that go away: run
 * against every way the REST API is served from a real port (Node's HTTP server, the
 * worker under workerd as `npm start` runs it). Every message that got a 201 must be got
 * exactly once by a client that read its whole response; clients that disconnect while
 * waiting or while the response arrives take nothing.
 */
import { describe, expect, it } from "vitest";
import { realRequest, type Abandoned, type RealResponse } from "./real-http.js";

export interface SocketTarget {
  /** http://127.0.0.1:port */
  url(): string;
  token: string;
  /** A configured queue manager with DEV.QUEUE.1..3, fresh or drained. */
  qmgr: string;
  /** The server's responseTimeout: how long an unread response holds its message. */
  responseTimeout: number;
  /** The server's maxWait. */
  maxWait: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function testConservation(name: string, target: SocketTarget): void {
  // IBM's CSRF header rides along: POST and DELETE must carry it.
  const auth = () => ({ authorization: `Bearer ${target.token}`, "ibm-mq-rest-csrf-token": "" });
  const messageUrl = (queue: string, query = "") => `${target.url()}/ibmmq/rest/v2/messaging/qmgr/${target.qmgr}/queue/${queue}/message${query}`;
  const put = async (queue: string, body: string | Buffer, persistent = true): Promise<string> => {
    const response = await realRequest(messageUrl(queue), {
      method: "POST",
      headers: { ...auth(), "content-type": "text/plain;charset=utf-8", "ibm-mq-md-persistence": persistent ? "persistent" : "nonPersistent" },
      body,
    });
    if ("aborted" in response || response.status !== 201)
      throw new Error(`put failed: ${"aborted" in response ? "aborted" : `${response.status} ${response.body.toString()}`}`);
    return String(response.headers["ibm-mq-md-messageid"]);
  };
  /** Gets every message left on the queue with a client that reads each response whole. */
  const drain = async (queue: string): Promise<string[]> => {
    const ids: string[] = [];
    for (;;) {
      const got = await realRequest(messageUrl(queue), { method: "DELETE", headers: auth() });
      if ("aborted" in got) throw new Error("a draining get was aborted");
      if (got.status === 204) return ids;
      expect(got.status).toBe(200);
      expect(got.complete).toBe(true);
      ids.push(String(got.headers["ibm-mq-md-messageid"]));
    }
  };
  const mqsc = async (command: string) => {
    const response = await realRequest(`${target.url()}/ibmmq/rest/v2/admin/action/qmgr/${target.qmgr}/mqsc`, {
      method: "POST",
      headers: { ...auth(), "content-type": "application/json" },
      body: JSON.stringify({ type: "runCommand", parameters: { command } }),
    });
    if ("aborted" in response) throw new Error("mqsc aborted");
    expect(JSON.parse(response.body.toString()).overallCompletionCode, command).toBe(0);
  };
  /** Long enough for every abandoned response to have been backed out. */
  const afterResponseTimeout = () => sleep(target.responseTimeout + 1500);

  describe(`HTTP over real sockets, clients that go away: ${name}`, () => {
    it("a get waiting for a client that has disconnected takes no message", async () => {
      const queue = "DEV.QUEUE.1";
      const waits = Array.from({ length: 10 }, () => realRequest(messageUrl(queue, "?wait=10000"), { method: "DELETE", headers: auth(), abortAfterMs: 700 }));
      await sleep(200);
      expect(await Promise.all(waits)).toEqual(Array(10).fill({ aborted: true }));
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) ids.push(await put(queue, `order ${i}`));
      await afterResponseTimeout();
      expect((await drain(queue)).sort()).toEqual([...ids].sort());
    }, 60_000);

    it("a client that disconnects before reading a large response leaves its message on the queue", async () => {
      const queue = "DEV.QUEUE.2";
      // Larger than every buffer between the server and the client, so the response cannot
      // have been taken whole when the client goes.
      const size = 16 * 1024 * 1024;
      await mqsc(`ALTER QMGR MAXMSGL(${size + 1024})`);
      await mqsc(`ALTER QLOCAL(${queue}) MAXMSGL(${size + 1024})`);
      const body = Buffer.alloc(size, "m");
      const id = await put(queue, body, false);
      const abandoned = await realRequest(messageUrl(queue), { method: "DELETE", headers: auth(), abortAfterHeadersMs: 300 });
      expect(abandoned).toMatchObject({ aborted: true, headers: { "ibm-mq-md-messageid": id } });
      await afterResponseTimeout();
      const got = (await realRequest(messageUrl(queue), { method: "DELETE", headers: auth() })) as RealResponse;
      expect(got.status).toBe(200);
      expect(got.complete).toBe(true);
      expect(got.headers["ibm-mq-md-messageid"]).toBe(id);
      expect(got.body.length).toBe(size);
      expect(got.body.equals(body)).toBe(true);
      expect(await drain(queue)).toEqual([]);
    }, 90_000);

    it("every message that got a 201 is got exactly once by a client that read it, among clients that go away", async () => {
      const queue = "DEV.QUEUE.3";
      const received: string[] = [];
      /** Messages whose response reached a client that then went away without reading it all. */
      const leftWithClient: string[] = [];
      const record = (outcome: RealResponse | Abandoned) => {
        if ("aborted" in outcome) {
          if (outcome.headers?.["ibm-mq-md-messageid"] !== undefined) leftWithClient.push(String(outcome.headers["ibm-mq-md-messageid"]));
        } else if (outcome.status === 200 && outcome.complete) received.push(String(outcome.headers["ibm-mq-md-messageid"]));
      };
      const getters: Promise<void>[] = [];
      for (let i = 0; i < 24; i++) {
        // Half read what they get; half go away at some point of their wait or response.
        const options = i % 2 === 0 ? { method: "DELETE", headers: auth() } : { method: "DELETE", headers: auth(), abortAfterMs: 50 + ((i * 37) % 400) };
        getters.push(realRequest(messageUrl(queue, "?wait=3000"), options).then(record));
      }
      const puts: Promise<string>[] = [];
      for (let i = 0; i < 40; i++) {
        puts.push(put(queue, `transfer ${i}`, i % 3 !== 0));
        if (i % 5 === 0) await sleep(40);
      }
      const ids = await Promise.all(puts);
      await Promise.all(getters);
      await afterResponseTimeout();
      received.push(...(await drain(queue)));
      // Never twice, and never one that no client was sent.
      expect(new Set(received).size).toBe(received.length);
      for (const id of received) expect(ids).toContain(id);
      // A message is missing only if its whole response reached a client that then closed the
      // connection unread: HTTP cannot tell the server that, which is why a client that must
      // not lose one browses, then gets by message id (README). Most such clients saw the
      // headers; one that closes the very moment the response lands in its socket, unread,
      // did not, and the server cannot tell it from one that read it: a race that a run of 12
      // such clients meets at most now and then, never systematically.
      const missing = ids.filter((id) => !received.includes(id));
      const unexplained = missing.filter((id) => !leftWithClient.includes(id));
      expect(unexplained.length, `missing without a client having seen their response: ${unexplained.join(", ")}`).toBeLessThanOrEqual(2);
    }, 90_000);

    it(`refuses a wait longer than the server allows (400, MQRC_WAIT_INTERVAL_ERROR)`, async () => {
      const response = (await realRequest(messageUrl("DEV.QUEUE.1", `?wait=${target.maxWait + 1}`), { method: "DELETE", headers: auth() })) as RealResponse;
      expect(response.status).toBe(400);
      const error = JSON.parse(response.body.toString()).error[0];
      expect(error).toMatchObject({ msgId: "MQWB0902E", reasonCode: 2090 });
      expect(error.explanation).toContain(String(target.maxWait));
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
    });
  });
}
