/**
 * IBM's admin resources for queue managers and the installation, our crtmqm and dltmqm, and
 * the table of which MQWB id answers which failure: written once, run over real sockets in
 * Node (serveHttp) and through the real worker in workerd. Everything happens over HTTP, as
 * a client does it; the queue managers a test creates are its own.
 */
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../adapters/http/messages.js";
import { WEBMQ_VERSION } from "../../adapters/http/version.js";
import { commandResponseOf, errorOf } from "./http.contract.js";

export interface AdminTarget {
  token: string;
  /** One HTTP request; `path` starts with `/` and carries the query string. */
  fetch(path: string, init: RequestInit): Promise<Response>;
  /** A queue manager the server is configured with, named whole (listed by GET /admin/qmgr). */
  configured: string;
  /** A valid name no queue manager has and no test uses, for crtmqm. */
  newName(): string;
  /** What GET /admin/installation says the platform is. */
  platform: string;
}

const AUTH_ONLY = (token: string) => ({ authorization: `Bearer ${token}`, "ibm-mq-rest-csrf-token": "" });

export function adminClient(target: AdminTarget) {
  const AUTH = AUTH_ONLY(target.token);
  const JSON_TYPE = { ...AUTH, "content-type": "application/json" };
  const call = (method: string, path: string, headers: Record<string, string> = AUTH, body: string | null = null) =>
    target.fetch(path, body === null ? { method, headers } : { method, headers, body });
  return {
    AUTH,
    JSON_TYPE,
    call,
    list: (query = "", version = "v2") => call("GET", `/ibmmq/rest/${version}/admin/qmgr${query}`),
    show: (name: string, query = "", version = "v2") => call("GET", `/ibmmq/rest/${version}/admin/qmgr/${encodeURIComponent(name)}${query}`),
    create: (body: unknown, headers: Record<string, string> = JSON_TYPE) =>
      call("POST", "/ibmmq/rest/v2/admin/qmgr", headers, typeof body === "string" ? body : JSON.stringify(body)),
    remove: (name: string, headers: Record<string, string> = AUTH) => call("DELETE", `/ibmmq/rest/v2/admin/qmgr/${encodeURIComponent(name)}`, headers),
    put: (qmgr: string, body: string, queue = "DEV.QUEUE.1", extra: Record<string, string> = {}) =>
      call("POST", `/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue/${queue}/message`, { ...AUTH, "content-type": "text/plain;charset=utf-8", ...extra }, body),
    get: (qmgr: string, queue = "DEV.QUEUE.1") => call("DELETE", `/ibmmq/rest/v2/messaging/qmgr/${qmgr}/queue/${queue}/message`),
    mqsc: (qmgr: string, command: string) =>
      call("POST", `/ibmmq/rest/v2/admin/action/qmgr/${qmgr}/mqsc`, JSON_TYPE, JSON.stringify({ type: "runCommand", parameters: { command } })),
  };
}

async function json(response: Response, status = 200): Promise<Record<string, unknown>> {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return (await response.json()) as Record<string, unknown>;
}

export function testAdminApi(name: string, target: AdminTarget): void {
  describe(`admin REST API: queue managers and installation (${name})`, () => {
    it("lists the configured queue managers as IBM does, running, in v1, v2 and v3", async () => {
      const { list } = adminClient(target);
      for (const version of ["v1", "v2", "v3"]) {
        const body = await json(await list("", version));
        expect(Object.keys(body)).toEqual(["qmgr"]);
        expect(body.qmgr).toContainEqual({ name: target.configured, state: "running" });
        for (const entry of body.qmgr as Record<string, unknown>[]) expect(Object.keys(entry)).toEqual(["name", "state"]);
      }
      // ?state= filters: every queue manager here is running.
      expect((await json(await list("?state=running"))).qmgr).toContainEqual({ name: target.configured, state: "running" });
      expect(await json(await list("?state=ended"))).toEqual({ qmgr: [] });
    });

    it("shows one queue manager with IBM's extended and status attributes, as asked", async () => {
      const { show, mqsc } = adminClient(target);
      expect(await json(await show(target.configured))).toEqual({ qmgr: [{ name: target.configured, state: "running" }] });

      const before = Date.now();
      const all = (await json(await show(target.configured, "?attributes=*&status=*"))).qmgr as Record<string, Record<string, unknown>>[];
      expect(all).toHaveLength(1);
      expect(all[0]!.extended).toEqual({ installationName: "webmq", permitStandby: "notPermitted", isDefaultQmgr: false });
      const status = all[0]!.status!;
      expect(Object.keys(status)).toEqual(["started", "channelInitiatorState", "ldapConnectionState", "connectionCount", "publishSubscribeState"]);
      expect(status).toMatchObject({ channelInitiatorState: "stopped", ldapConnectionState: "disconnected", publishSubscribeState: "running" });
      expect(status.started).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Date.parse(String(status.started))).toBeLessThanOrEqual(before);
      // The same start time and connection count that DISPLAY QMSTATUS gives.
      const qmstatus = (await commandResponseOf(await mqsc(target.configured, "DISPLAY QMSTATUS ALL"))).commandResponse[0]!.text!.join(" ");
      const started = String(status.started);
      expect(qmstatus).toContain(`STARTDA(${started.slice(0, 10)})`);
      expect(qmstatus).toContain(`STARTTI(${started.slice(11, 19).replace(/:/g, ".")})`);
      expect(qmstatus).toContain(`CONNS(${String(status.connectionCount)})`);

      // Named attributes only.
      const some = (await json(await show(target.configured, "?status=status.connectionCount,status.started&attributes=extended.installationName")))
        .qmgr as Record<string, Record<string, unknown>>[];
      expect(Object.keys(some[0]!.status!)).toEqual(["started", "connectionCount"]);
      expect(some[0]!.extended).toEqual({ installationName: "webmq" });
    });

    it("refuses query parameters it does not take, or values it does not know, with 400 MQWB0902E", async () => {
      const { list, show } = adminClient(target);
      for (const [response, parameter] of [
        [await show(target.configured, "?attributes=bogus"), "attributes"],
        [await show(target.configured, "?status=status.nosuch"), "status"],
        [await show(target.configured, "?state=running"), "state"],
        [await list("?state=asleep"), "state"],
        [await list("?colour=blue"), "colour"],
      ] as const) {
        expect(response.status, parameter).toBe(400);
        const entry = await errorOf(response);
        expect(entry.msgId).toBe("MQWB0902E");
        expect(entry.message).toMatch(new RegExp(`^MQWB0902E: The ${parameter} query parameter cannot be set as ".*" is not a valid value\\.$`));
      }
    });

    it("answers an unknown queue manager with 404 MQWB0009E and 2058, and a bad name with 400", async () => {
      const { show, remove } = adminClient(target);
      const unknown = target.newName();
      for (const response of [await show(unknown), await remove(unknown)]) {
        expect(response.status).toBe(404);
        const entry = await errorOf(response);
        expect(entry).toMatchObject({ msgId: "MQWB0009E", reasonCode: 2058 });
        expect(entry.message).toBe(`MQWB0009E: Could not query the queue manager '${unknown}'.`);
        expect(entry.explanation).toMatch(/^The REST API was invoked specifying a queue manager name which cannot be located\./);
        expect(entry.action).toBe("Resubmit the request with a valid queue manager name.");
      }
      const bad = await show("not a name!");
      expect(bad.status).toBe(400);
      expect(await errorOf(bad)).toMatchObject({ msgId: "MQWB0009E", reasonCode: 2058 });
    });

    it("creates a queue manager (crtmqm): 201 with its Location, listed, served with its default queues", async () => {
      const { create, list, show, put, get, mqsc } = adminClient(target);
      const qmgr = target.newName();
      const created = await create({ name: qmgr });
      expect(created.status).toBe(201);
      expect(await created.text()).toBe("");
      expect(created.headers.get("location")).toBe(`/ibmmq/rest/v2/admin/qmgr/${encodeURIComponent(qmgr)}`);

      expect((await json(await list())).qmgr).toContainEqual({ name: qmgr, state: "running" });
      expect(await json(await show(qmgr))).toEqual({ qmgr: [{ name: qmgr, state: "running" }] });
      expect((await put(qmgr, "to the new one")).status).toBe(201);
      expect(await (await get(qmgr)).text()).toBe("to the new one");
      const defined = await commandResponseOf(await mqsc(qmgr, "DEFINE QLOCAL(APP.NEW)"));
      expect(defined.overallCompletionCode).toBe(0);

      // A name that is taken, created or configured: 409 MQWB0904E, nothing changes.
      for (const name of [qmgr, target.configured]) {
        const again = await create({ name });
        expect(again.status).toBe(409);
        const entry = await errorOf(again);
        expect(entry).toMatchObject({ msgId: "MQWB0904E", reason: "MQRC_OBJECT_ALREADY_EXISTS" });
        expect(entry.message).toBe(`MQWB0904E: The queue manager ${name} already exists.`);
      }
      expect((await commandResponseOf(await mqsc(qmgr, "DISPLAY QLOCAL(APP.NEW)"))).overallCompletionCode).toBe(0);
    });

    it("deletes a created queue manager (dltmqm): 204, then it is gone with its messages; a configured one refuses", async () => {
      const { create, remove, show, list, put, get } = adminClient(target);
      const qmgr = target.newName();
      expect((await create({ name: qmgr })).status).toBe(201);
      expect((await put(qmgr, "kept until deleted", "DEV.QUEUE.1", { "ibm-mq-md-persistence": "persistent" })).status).toBe(201);

      const deleted = await remove(qmgr);
      expect(deleted.status).toBe(204);
      expect(await deleted.text()).toBe("");
      expect((await show(qmgr)).status).toBe(404);
      expect(((await json(await list())).qmgr as { name: string }[]).map((q) => q.name)).not.toContain(qmgr);
      const gone = await put(qmgr, "nowhere");
      expect(gone.status).toBe(404);
      expect(await errorOf(gone)).toMatchObject({ msgId: "MQWB0009E", reasonCode: 2058 });
      expect((await remove(qmgr)).status).toBe(404);

      // Created again under the same name, it starts from nothing.
      expect((await create({ name: qmgr })).status).toBe(201);
      expect((await get(qmgr)).status).toBe(204);

      const configured = await remove(target.configured);
      expect(configured.status).toBe(409);
      const entry = await errorOf(configured);
      expect(entry).toMatchObject({ msgId: "MQWB0905E", reason: "MQRC_OBJECT_IN_USE" });
      expect(entry.message).toBe(`MQWB0905E: The queue manager ${target.configured} is configured and cannot be deleted.`);
      expect((await show(target.configured)).status).toBe(200);
      expect((await remove(qmgr)).status).toBe(204);
    });

    it("refuses a crtmqm body it cannot use, and one without the CSRF header, creating nothing", async () => {
      const { create, show, AUTH, JSON_TYPE } = adminClient(target);
      const qmgr = target.newName();
      const cases: [Response, number, string][] = [
        [await create("{not json"), 400, "MQWB2004E"],
        [await create([qmgr]), 400, "MQWB2004E"],
        [await create({}), 400, "MQWB2004E"],
        [await create({ name: qmgr, colour: "blue" }), 400, "MQWB2004E"],
        [await create({ name: 42 }), 400, "MQWB2004E"],
        [await create({ name: "bad name!" }), 400, "MQWB0009E"],
        [await create({ name: qmgr }, { ...AUTH, "content-type": "text/plain" }), 415, "MQWB0306E"],
        [await create({ name: qmgr }, { ...JSON_TYPE, "content-type": "application/json;charset=iso-8859-1" }), 400, "MQWB0305E"],
        [await create({ name: qmgr }, { authorization: JSON_TYPE.authorization, "content-type": "application/json" }), 403, "MQWB0100E"],
      ];
      for (const [response, status, msgId] of cases) {
        expect(response.status, msgId).toBe(status);
        expect((await errorOf(response)).msgId).toBe(msgId);
      }
      expect((await show(qmgr)).status).toBe(404);
    });

    it("describes the installation: this package, its version and the platform it runs on", async () => {
      const { call } = adminClient(target);
      const expected = { installation: [{ name: "webmq", platform: target.platform, version: WEBMQ_VERSION }] };
      // A trailing slash names the same resource, as mqweb's JAX-RS routing takes it.
      for (const path of [
        "/ibmmq/rest/v1/admin/installation",
        "/ibmmq/rest/v2/admin/installation/webmq",
        "/ibmmq/rest/v3/admin/installation",
        "/ibmmq/rest/v3/admin/installation/",
        "/ibmmq/rest/v2/admin/installation/webmq/",
      ]) {
        expect(await json(await call("GET", path)), path).toEqual(expected);
      }
      const extended = (await json(await call("GET", "/ibmmq/rest/v2/admin/installation?attributes=*"))).installation as Record<
        string,
        Record<string, unknown>
      >[];
      expect(Object.keys(extended[0]!.extended!)).toEqual(["level", "operatingSystem", "description"]);
      expect(extended[0]!.extended!.level).toBe(`webmq ${WEBMQ_VERSION}`);
      const other = await call("GET", "/ibmmq/rest/v2/admin/installation/Installation1");
      expect(other.status).toBe(404);
      expect((await errorOf(other)).msgId).toBe("MQWB0901E");
      const bad = await call("GET", "/ibmmq/rest/v2/admin/installation?attributes=extended.nosuch");
      expect(bad.status).toBe(400);
      expect((await errorOf(bad)).msgId).toBe("MQWB0902E");
    });
  });

  describe(`REST error ids (${name})`, () => {
    /**
     * One row per failure a client can cause: the HTTP status and the MQWB id it answers
     * with. An id means one thing; a status may come with several ids.
     */
    it("answers each failure with its one MQWB id and status", async () => {
      const { call, create, remove, put, mqsc, AUTH, JSON_TYPE } = adminClient(target);
      const qmgr = target.newName();
      expect((await create({ name: qmgr })).status).toBe(201);
      expect((await commandResponseOf(await mqsc(qmgr, "ALTER QLOCAL(DEV.QUEUE.2) PUT(DISABLED)"))).overallCompletionCode).toBe(0);
      const message = (queue = "DEV.QUEUE.1", manager = qmgr, version = "v2") => `/ibmmq/rest/${version}/messaging/qmgr/${manager}/queue/${queue}/message`;
      const TEXT = { ...AUTH, "content-type": "text/plain;charset=utf-8" };
      /** A leased get, released, then confirmed. */
      const endedLease = async () => {
        await put(qmgr, "leased", "DEV.QUEUE.3");
        const leased = await call("DELETE", message("DEV.QUEUE.3") + "?lease=60000");
        await leased.text();
        const token = leased.headers.get("webmq-lease")!;
        await (await call("DELETE", message("DEV.QUEUE.3") + `?release=${token}`)).text();
        return call("DELETE", message("DEV.QUEUE.3") + `?confirm=${token}`);
      };

      const table: [string, () => Promise<Response>, number, string][] = [
        ["no credentials", () => call("GET", message(), {}), 401, "MQWB0104E"],
        [
          "a POST without the CSRF header",
          () => call("POST", message(), { authorization: AUTH.authorization, "content-type": "text/plain" }, "x"),
          403,
          "MQWB0100E",
        ],
        ["an unknown queue manager", () => call("DELETE", message("DEV.QUEUE.1", target.newName())), 404, "MQWB0009E"],
        ["a queue manager name that breaks MQ's rules", () => call("DELETE", message("DEV.QUEUE.1", "bad%20name")), 400, "MQWB0009E"],
        ["an unknown queue", () => call("DELETE", message("NO.SUCH.QUEUE")), 404, "MQWB0300E"],
        ["a queue name that breaks MQ's rules", () => call("DELETE", message("bad%20queue")), 400, "MQWB0300E"],
        ["a bad request header", () => put(qmgr, "x", "DEV.QUEUE.1", { "ibm-mq-md-persistence": "sometimes" }), 400, "MQWB0302E"],
        ["a bad query parameter (wait)", () => call("DELETE", message() + "?wait=soon"), 400, "MQWB0902E"],
        ["an MQ call that fails with a reason code (put inhibited)", () => put(qmgr, "x", "DEV.QUEUE.2"), 403, "MQWB0303E"],
        ["an unsupported media type", () => call("POST", message(), { ...AUTH, "content-type": "image/png" }, "x"), 415, "MQWB0306E"],
        [
          "a character set other than UTF-8",
          () => call("POST", message(), { ...AUTH, "content-type": "text/plain;charset=iso-8859-1" }, "x"),
          400,
          "MQWB0305E",
        ],
        [
          "a body that cannot become a message (not UTF-8)",
          () => target.fetch(message(), { method: "POST", headers: TEXT, body: new Uint8Array([0xff, 0xfe]) }),
          400,
          "MQWB0301E",
        ],
        ["an admin request body that cannot be parsed", () => call("POST", `/ibmmq/rest/v2/admin/action/qmgr/${qmgr}/mqsc`, JSON_TYPE, "{"), 400, "MQWB2004E"],
        [
          "an admin request body over the size limit",
          () =>
            call(
              "POST",
              `/ibmmq/rest/v2/admin/action/qmgr/${qmgr}/mqsc`,
              JSON_TYPE,
              JSON.stringify({ type: "runCommand", parameters: { command: `DISPLAY QMGR DESCR('${"x".repeat(300 * 1024)}')` } }),
            ),
          413,
          "MQWB0903E",
        ],
        ["no resource at the path", () => call("GET", "/ibmmq/rest/v2/messaging/nothing"), 404, "MQWB0901E"],
        ["a method the resource does not take", () => call("PUT", message()), 405, "MQWB2005E"],
        ["crtmqm of a queue manager that exists", () => create({ name: qmgr }), 409, "MQWB0904E"],
        ["dltmqm of a configured queue manager", () => remove(target.configured), 409, "MQWB0905E"],
        ["a confirm of a lease after it ended", () => endedLease(), 409, "MQWB0920E"],
        ["a confirm of a lease never given", () => call("DELETE", message() + "?confirm=00000000-0000-4000-8000-000000000000"), 404, "MQWB0921E"],
        ["a v3-only header on a v2 put", () => put(qmgr, "x", "DEV.QUEUE.1", { "ibm-mq-md-priority": "9" }), 400, "MQWB0922E"],
      ];
      const meanings = new Map<string, Set<string>>();
      for (const [what, request, status, msgId] of table) {
        const response = await request().catch((error: unknown) => {
          throw new Error(`${what}: ${String(error)} (${String((error as { cause?: unknown }).cause)})`);
        });
        expect(response.status, what).toBe(status);
        expect((await errorOf(response)).msgId, what).toBe(msgId);
        // The message's text is the catalogue's, with its inserts.
        meanings.set(msgId, (meanings.get(msgId) ?? new Set()).add(MESSAGES[msgId as keyof typeof MESSAGES].text));
      }
      // Every id the catalogue has is in the table, but those no client request can cause:
      // MQWB0000E (a server bug), MQWB0004E (a queue manager failing an admin call), MQWB0103E (roles).
      const untested = Object.keys(MESSAGES).filter((id) => !meanings.has(id));
      expect(untested.sort()).toEqual(["MQWB0000E", "MQWB0004E", "MQWB0103E"]);
      expect((await remove(qmgr)).status).toBe(204);
    });
  });
}
