/**
 * IBM's v1 admin object resources (.../admin/qmgr/{qmgr}/queue, /subscription, /channel) as
 * IBM's reference pages show them, over HTTP as a client sends them: written once, run over
 * real sockets in Node (serveHttp) and through the real worker in workerd. Each test names the
 * IBM page whose examples it follows; the bodies are IBM's shapes, the names our own.
 */
import { describe, expect, it } from "vitest";
import { errorOf } from "./http.contract.js";

export interface AdminObjectsTarget {
  fetch(path: string, init: RequestInit): Promise<Response>;
  /** Headers that authenticate as MQWebAdmin, MQWebAdminRO and MQWebUser. */
  admin: Record<string, string>;
  reader: Record<string, string>;
  user: Record<string, string>;
  /** A configured queue manager. */
  qmgr: string;
}

type Json = Record<string, unknown>;
let run = 0;

export function testAdminObjectsApi(name: string, target: AdminObjectsTarget): void {
  const base = `/ibmmq/rest/v1/admin/qmgr/${target.qmgr}`;
  const CSRF = { "ibm-mq-rest-csrf-token": "value" };
  const call = (method: string, path: string, auth = target.admin, body?: unknown) =>
    target.fetch(base + path, {
      method,
      headers: { ...auth, ...(method === "GET" ? {} : CSRF), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
  const json = async (response: Response, status = 200): Promise<Json> => {
    expect(response.status, await response.clone().text()).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    return (await response.json()) as Json;
  };
  const mqsc = async (command: string) => {
    const response = await target.fetch(`/ibmmq/rest/v2/admin/action/qmgr/${target.qmgr}/mqsc`, {
      method: "POST",
      headers: { ...target.admin, ...CSRF, "content-type": "application/json" },
      body: JSON.stringify({ type: "runCommand", parameters: { command } }),
    });
    return (await json(response)) as { commandResponse: { completionCode: number; text: string[] }[] };
  };
  const unique = () => `REST.${Date.now().toString(36).toUpperCase()}.${(run++).toString(36).toUpperCase()}`;

  describe(`admin REST API v1: queues, subscriptions, channels (${name})`, () => {
    // IBM MQ 9.x: /admin/qmgr/{qmgrName}/queue POST ("Example": a local queue by name only,
    // an alias queue with alias.targetName, a remote queue with remote.queueName and qmgrName).
    it("creates queues from IBM's POST bodies: 201, and MQSC DISPLAY shows what the body set", async () => {
      const prefix = unique();
      expect((await call("POST", "/queue", target.admin, { name: `${prefix}.LOCAL` })).status).toBe(201);
      const created = await call("POST", "/queue/", target.admin, {
        name: `${prefix}.TUNED`,
        type: "local",
        general: { description: "made over REST", inhibitPut: true },
        storage: { maximumDepth: 1000, messageDeliverySequence: "fifo" },
        trigger: { enabled: true, type: "every", initiationQueueName: "SYSTEM.DEFAULT.INITIATION.QUEUE" },
        events: { depth: { highEnabled: true, highPercentage: 75 }, serviceInterval: { okEnabled: true } },
        applicationDefaults: { persistent: true, priority: 4, sharedInput: false },
        extended: { backoutThreshold: 3, backoutRequeueQueueName: "SYSTEM.DEAD.LETTER.QUEUE" },
      });
      expect(created.status).toBe(201);
      expect(await created.text()).toBe("");
      expect((await call("POST", "/queue", target.admin, { name: `${prefix}.ALIAS`, type: "alias", alias: { targetName: `${prefix}.LOCAL` } })).status).toBe(
        201,
      );
      expect(
        (
          await call("POST", "/queue", target.admin, {
            name: `${prefix}.REMOTE`,
            type: "remote",
            remote: { queueName: "FAR.Q", qmgrName: "FAR.QM", transmissionQueueName: "" },
          })
        ).status,
      ).toBe(201);

      const shown = (await mqsc(`DISPLAY QLOCAL(${prefix}.TUNED) ALL`)).commandResponse[0]!.text.join(" ");
      for (const expected of [
        "DESCR(made over REST)",
        "PUT(DISABLED)",
        "MAXDEPTH(1000)",
        "MSGDLVSQ(FIFO)",
        "TRIGGER",
        "TRIGTYPE(EVERY)",
        "QDPHIEV(ENABLED)",
        "QDEPTHHI(75)",
        "QSVCIEV(OK)",
        "DEFPSIST(YES)",
        "DEFPRTY(4)",
        "DEFSOPT(EXCL)",
        "BOTHRESH(3)",
      ]) {
        expect(shown).toContain(expected);
      }
      expect((await mqsc(`DISPLAY QALIAS(${prefix}.ALIAS) TARGET`)).commandResponse[0]!.text.join(" ")).toContain(`TARGET(${prefix}.LOCAL)`);
      expect((await mqsc(`DISPLAY QREMOTE(${prefix}.REMOTE) RNAME RQMNAME`)).commandResponse[0]!.text.join(" ")).toMatch(/RNAME\(FAR\.Q\).*RQMNAME\(FAR\.QM\)/);
    });

    // IBM MQ 9.x: /admin/qmgr/{qmgrName}/queue GET: name and type by default; ?attributes= for
    // objects or attributes, ?status= for local queues, ?name= wildcards, ?type=, ?filter=.
    it("lists and shows queues as IBM's GET does: name and type, then what attributes, status, name, type and filter ask", async () => {
      const prefix = unique();
      await call("POST", "/queue", target.admin, { name: `${prefix}.A`, storage: { maximumDepth: 10 } });
      await call("POST", "/queue", target.admin, { name: `${prefix}.B`, general: { description: "second" } });
      await call("POST", "/queue", target.admin, { name: `${prefix}.ALIAS`, type: "alias", alias: { targetName: `${prefix}.A` } });

      const listed = (await json(await call("GET", `/queue?name=${prefix}.*`))).queue as Json[];
      expect(listed).toEqual([
        { name: `${prefix}.A`, type: "local" },
        { name: `${prefix}.ALIAS`, type: "alias" },
        { name: `${prefix}.B`, type: "local" },
      ]);
      const all = (await json(await call("GET", "/queue"))).queue as Json[];
      expect(all.map((q) => q.name)).toContain("DEV.QUEUE.1");
      expect(((await json(await call("GET", `/queue?name=${prefix}.*&type=alias`))).queue as Json[]).map((q) => q.name)).toEqual([`${prefix}.ALIAS`]);
      expect((await json(await call("GET", `/queue?name=${prefix}.*&type=cluster`))).queue).toEqual([]);

      const picked = (await json(await call("GET", `/queue/${prefix}.A?attributes=storage.maximumDepth,general.inhibitPut`))).queue as Json[];
      expect(picked).toEqual([{ name: `${prefix}.A`, type: "local", storage: { maximumDepth: 10 }, general: { inhibitPut: false } }]);
      const storage = ((await json(await call("GET", `/queue/${prefix}.A?attributes=storage`))).queue as Json[])[0]!;
      expect(storage.storage).toEqual({
        maximumDepth: 10,
        maximumMessageLength: 4194304,
        messageDeliverySequence: "priority",
        nonPersistentMessageClass: "normal",
      });
      const everything = ((await json(await call("GET", `/queue/${prefix}.A?attributes=*`))).queue as Json[])[0]!;
      expect(Object.keys(everything)).toEqual(
        expect.arrayContaining(["general", "storage", "trigger", "events", "applicationDefaults", "cluster", "extended", "dataCollection", "timestamps"]),
      );
      expect(everything).not.toHaveProperty("alias");
      expect((everything.events as Json).depth).toMatchObject({ highEnabled: false, highPercentage: 80, fullEnabled: true });
      expect((everything.timestamps as Json).created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const alias = ((await json(await call("GET", `/queue/${prefix}.ALIAS?attributes=*`))).queue as Json[])[0]!;
      expect(alias.alias).toEqual({ targetName: `${prefix}.A`, targetType: "queue" });
      expect(alias).not.toHaveProperty("storage");

      // Status, for local queues: the depth a put makes.
      const put = await target.fetch(`/ibmmq/rest/v2/messaging/qmgr/${target.qmgr}/queue/${prefix}.A/message`, {
        method: "POST",
        headers: { ...target.admin, ...CSRF, "content-type": "text/plain;charset=utf-8" },
        body: "one",
      });
      expect(put.status).toBe(201);
      const status = ((await json(await call("GET", `/queue/${prefix}.A?status=*`))).queue as Json[])[0]!.status as Json;
      expect(status).toMatchObject({ currentDepth: 1, openInputCount: 0, openOutputCount: 0, uncommittedMessages: 0 });
      expect(status.lastPut).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(((await json(await call("GET", `/queue/${prefix}.A?status=status.currentDepth`))).queue as Json[])[0]!.status).toEqual({ currentDepth: 1 });

      // filter=attribute:operator:value
      const deep = (await json(await call("GET", `/queue?name=${prefix}.*&filter=storage.maximumDepth:lessThan:100`))).queue as Json[];
      expect(deep.map((q) => q.name)).toEqual([`${prefix}.A`]);
      const described = (await json(await call("GET", `/queue?name=${prefix}.*&filter=general.description:equalTo:sec*`))).queue as Json[];
      expect(described.map((q) => q.name)).toEqual([`${prefix}.B`]);
    });

    // IBM MQ 9.x: /admin/qmgr/{qmgrName}/queue/{queueName} PATCH and DELETE: 204 No Content.
    it("alters with PATCH and deletes with DELETE (purge for a queue that holds messages): 204", async () => {
      const queue = `${unique()}.Q`;
      expect((await call("POST", "/queue", target.admin, { name: queue })).status).toBe(201);
      const patched = await call("PATCH", `/queue/${queue}`, target.admin, {
        general: { description: "patched", inhibitGet: true },
        storage: { maximumDepth: 7 },
      });
      expect(patched.status).toBe(204);
      const shown = ((await json(await call("GET", `/queue/${queue}?attributes=general,storage.maximumDepth`))).queue as Json[])[0]!;
      expect(shown).toMatchObject({ general: { description: "patched", inhibitGet: true, inhibitPut: false }, storage: { maximumDepth: 7 } });

      await target.fetch(`/ibmmq/rest/v2/messaging/qmgr/${target.qmgr}/queue/${queue}/message`, {
        method: "POST",
        headers: { ...target.admin, ...CSRF, "content-type": "text/plain" },
        body: "x",
      });
      const notEmpty = await call("DELETE", `/queue/${queue}`);
      expect(notEmpty.status).toBe(409);
      expect(await errorOf(notEmpty)).toMatchObject({ msgId: "MQWB0004E", reasonCode: 2055 });
      expect((await call("DELETE", `/queue/${queue}?purge`)).status).toBe(204);
      const gone = await call("GET", `/queue/${queue}`);
      expect(gone.status).toBe(404);
      const entry = await errorOf(gone);
      expect(entry).toMatchObject({ msgId: "MQWB0004E", reasonCode: 2085 });
      expect(entry.message).toBe(
        "MQWB0004E: An internal error occurred while communicating with the queue manager. The root MQ reason code was 2085 : MQRC_UNKNOWN_OBJECT_NAME.",
      );
      expect((await call("PATCH", `/queue/${queue}`, target.admin, { general: { description: "x" } })).status).toBe(404);
      expect((await call("DELETE", `/queue/${queue}`)).status).toBe(404);
    });

    it("replaces on POST unless noReplace, copies with like, and refuses what it cannot use with 400, creating nothing", async () => {
      const queue = `${unique()}.Q`;
      await call("POST", "/queue", target.admin, { name: queue, storage: { maximumDepth: 11 } });
      expect((await call("POST", "/queue", target.admin, { name: queue, general: { description: "replaced" } })).status).toBe(201);
      expect(((await json(await call("GET", `/queue/${queue}?attributes=storage.maximumDepth,general.description`))).queue as Json[])[0]).toMatchObject({
        storage: { maximumDepth: 5000 },
        general: { description: "replaced" },
      });
      const kept = await call("POST", "/queue?noReplace", target.admin, { name: queue });
      expect(kept.status).toBe(409);
      expect(await errorOf(kept)).toMatchObject({ reasonCode: 2100 });
      expect((await call("POST", `/queue?like=${queue}`, target.admin, { name: `${queue}.COPY` })).status).toBe(201);
      expect(((await json(await call("GET", `/queue/${queue}.COPY?attributes=general.description`))).queue as Json[])[0]).toMatchObject({
        general: { description: "replaced" },
      });

      for (const body of [
        { name: `${queue}.BAD`, storage: { maximumDepth: "deep" } },
        { name: `${queue}.BAD`, storage: { depth: 5 } },
        { name: `${queue}.BAD`, alias: { targetName: "X" } },
        { name: `${queue}.BAD`, type: "cluster" },
        { storage: { maximumDepth: 5 } },
        "not json",
      ]) {
        const refused = await call("POST", "/queue", target.admin, body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
      }
      expect((await call("GET", `/queue/${queue}.BAD`)).status).toBe(404);
      const badParameter = await call("GET", "/queue?attributes=storage.depth");
      expect([badParameter.status, (await errorOf(badParameter)).msgId]).toEqual([400, "MQWB0902E"]);
      expect((await call("GET", "/queue?colour=red")).status).toBe(400);
      expect((await call("GET", "/queue?type=topic")).status).toBe(400);
    });

    it("applies the roles: MQWebAdminRO may GET and nothing else; MQWebUser none; a change needs the CSRF header", async () => {
      const queue = `${unique()}.Q`;
      expect((await json(await call("GET", "/queue?name=DEV.QUEUE.1", target.reader))).queue).toEqual([{ name: "DEV.QUEUE.1", type: "local" }]);
      const refused = await call("POST", "/queue", target.reader, { name: queue });
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toMatchObject({ msgId: "MQWB0103E", reasonCode: 2035 });
      expect((await call("DELETE", "/queue/DEV.QUEUE.1", target.reader)).status).toBe(403);
      expect((await call("GET", "/queue", target.user)).status).toBe(403);
      expect((await call("GET", "/subscription", target.user)).status).toBe(403);
      const noCsrf = await target.fetch(`${base}/queue`, {
        method: "POST",
        headers: { ...target.admin, "content-type": "application/json" },
        body: JSON.stringify({ name: queue }),
      });
      expect(noCsrf.status).toBe(403);
      expect((await call("GET", `/queue/${queue}`)).status).toBe(404);
      // IBM's v2 and v3 have no such resource.
      expect((await target.fetch(`/ibmmq/rest/v2/admin/qmgr/${target.qmgr}/queue`, { headers: target.admin })).status).toBe(404);
    });

    // An admin client's suite: DEFINE LISTENER then DISPLAY LISTENER ALL through the MQSC endpoint (it answered WEBMQ001E).
    it("defines and displays a listener through the MQSC endpoint as runmqsc does, by runCommand and runCommandJSON", async () => {
      const listener = `${unique()}.LSTR`;
      const defined = (await mqsc(`DEFINE LISTENER(${listener}) TRPTYPE(TCP) PORT(1414)`)).commandResponse[0]!;
      expect(defined).toMatchObject({ completionCode: 0, text: ["AMQ8626I: IBM MQ listener created."] });
      const shown = (await mqsc(`DISPLAY LISTENER(${listener}) ALL`)).commandResponse[0]!;
      expect(shown.completionCode).toBe(0);
      expect(shown.text[0]).toBe("AMQ8630I: Display listener information details.");
      expect(shown.text.join("\n")).toMatch(/PORT\(1414\)[\s\S]*TRPTYPE\(TCP\)/);
      const response = await target.fetch(`/ibmmq/rest/v2/admin/action/qmgr/${target.qmgr}/mqsc`, {
        method: "POST",
        headers: { ...target.admin, ...CSRF, "content-type": "application/json" },
        body: JSON.stringify({ type: "runCommandJSON", command: "display", qualifier: "listener", name: listener, responseParameters: ["all"] }),
      });
      const parameters = ((await json(response)) as { commandResponse: { parameters: Json }[] }).commandResponse[0]!.parameters;
      expect(parameters).toMatchObject({ listener, trptype: "TCP", port: 1414, control: "MANUAL", backlog: 0, ipaddr: "", descr: "" });
    });

    // IBM MQ 9.x: /admin/qmgr/{qmgrName}/subscription GET (name, id, resolvedTopicString; attributes=, name=, id=).
    it("shows subscriptions as IBM's GET does, from DEFINE SUB; GET only", async () => {
      const sub = `${unique()}.SUB`;
      expect((await mqsc(`DEFINE SUB(${sub}) TOPICSTR('price/fruit') DEST(DEV.QUEUE.2) SELECTOR('colour = ''red''')`)).commandResponse[0]!.completionCode).toBe(
        0,
      );
      const listed = (await json(await call("GET", `/subscription?name=${sub}`))).subscription as Json[];
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ name: sub, resolvedTopicString: "price/fruit" });
      expect(listed[0]!.id).toMatch(/^[0-9A-F]{48}$/);
      const byId = (await json(await call("GET", `/subscription?id=${String(listed[0]!.id)}`))).subscription as Json[];
      expect(byId.map((s) => s.name)).toEqual([sub]);
      const full = ((await json(await call("GET", `/subscription/${sub}?attributes=*`))).subscription as Json[])[0]!;
      expect(full).toMatchObject({
        destination: { name: "DEV.QUEUE.2", class: "provided" },
        selector: { value: "colour = 'red'", type: "standard" },
        general: { topicString: "price/fruit", durable: true },
      });
      expect((await call("GET", "/subscription/NO.SUCH.SUB")).status).toBe(404);
      const post = await call("POST", "/subscription", target.admin, { name: "X" });
      expect([post.status, post.headers.get("allow")]).toEqual([405, "GET"]);
    });

    // IBM MQ 9.x: /admin/qmgr/{qmgrName}/channel GET (name and type; type=; attributes=).
    it("shows channels as IBM's GET does, from DEFINE CHANNEL; GET only", async () => {
      const channel = `C${Date.now().toString(36).toUpperCase().slice(-8)}${(run++).toString(36).toUpperCase()}`;
      expect(
        (await mqsc(`DEFINE CHANNEL(${channel}) CHLTYPE(SDR) CONNAME('far.example(1414)') XMITQ(DEV.QUEUE.3) DESCR('to far')`)).commandResponse[0]!
          .completionCode,
      ).toBe(0);
      const senders = (await json(await call("GET", "/channel?type=sender"))).channel as Json[];
      expect(senders).toContainEqual({ name: channel, type: "sender" });
      expect(senders.every((c) => c.type === "sender")).toBe(true);
      const shown = ((await json(await call("GET", `/channel/${channel}?attributes=*`))).channel as Json[])[0]!;
      expect(shown).toMatchObject({
        name: channel,
        type: "sender",
        general: { description: "to far" },
        connection: { name: "far.example(1414)" },
        transmissionQueueName: "DEV.QUEUE.3",
      });
      expect(((await json(await call("GET", "/channel?name=SYSTEM.DEF.SVR*"))).channel as Json[]).map((c) => c.name)).toEqual(["SYSTEM.DEF.SVRCONN"]);
      expect((await call("GET", "/channel/NO.SUCH")).status).toBe(404);
      expect((await call("DELETE", `/channel/${channel}`)).status).toBe(405);
    });
  });
}
