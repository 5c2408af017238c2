/**
 * IBM's admin resources for queue managers and the installation, and our crtmqm and dltmqm:
 *
 *   GET    /ibmmq/rest/{v1|v2|v3}/admin/qmgr[?attributes=&status=&state=]   list (dspmq)
 *   GET    .../admin/qmgr/{qmgr}[?attributes=&status=]                      one queue manager
 *   POST   .../admin/qmgr  {"name":"QM2"}                                   crtmqm (ours): 201
 *   DELETE .../admin/qmgr/{qmgr}                                            dltmqm (ours): 204
 *   GET    .../admin/installation[/{name}][?attributes=]                    dspmqver
 *
 * IBM's answers: {"qmgr":[{"name":"QM1","state":"running"}]}, with `extended` and `status`
 * objects when ?attributes= and ?status= ask for them, and {"installation":[{"name",
 * "version","platform"}]}. Values are true of this server: a queue manager that is served
 * is running (it opens on first use); no channel initiator or LDAP connection runs; publish/
 * subscribe does. crtmqm and dltmqm are REST calls of ours, shaped as IBM creates and deletes
 * other objects (201 with Location; 204); MQWebAdmin only (routes.ts).
 */
import type { Context, Hono } from "hono";
import { MQError, checkObjectName } from "../../core/index.js";
import { readJsonBody } from "./body.js";
import { badMqscRequest, badName, badQueryParameter, routeNotFound } from "./errors.js";
import type { QueueManagerDirectory, QueueManagerFacts } from "./queue-manager-directory.js";
import { WEBMQ_VERSION } from "./version.js";

/** What GET /admin/installation says of the server: true values for this runtime. */
export interface InstallationInfo {
  /** IBM's platform word where one is true (unix, windows), else the runtime's own (workerd, browser). */
  platform: string;
  /** Full descriptive text of the operating system or runtime. */
  operatingSystem: string;
}

/** The installation's name: there is one, this package. */
export const INSTALLATION_NAME = "webmq";

const QMGR_PATH = "/ibmmq/rest/:version{v[123]}/admin/qmgr";
const INSTALLATION_PATH = "/ibmmq/rest/:version{v[123]}/admin/installation";

/**
 * Adds the routes to `app`. `directoryFor` gives the directory for a request (the edge's
 * depends on the request's bindings); undefined answers 501.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app: the edge's has bindings, the facade's none
export function addAdminQueueManagerRoutes(
  app: Hono<any>,
  directoryFor: (c: Context<any>) => QueueManagerDirectory | undefined,
  installation: InstallationInfo,
): void {
  const need = (c: Context): QueueManagerDirectory => {
    const directory = directoryFor(c);
    if (!directory)
      throw new MQError("MQRC_FUNCTION_NOT_SUPPORTED", "this server was not given a directory of its queue managers (createHttpApp's queueManagers option)");
    return directory;
  };

  app.get(QMGR_PATH, async (c) => {
    const query = readQmgrQuery(new URL(c.req.url).searchParams, true);
    const directory = need(c);
    const facts = await Promise.all((await directory.names()).map((name) => directory.describe(name)));
    // Every queue manager served is running; a filter on another state lists none.
    const listed = query.state === undefined || query.state === "running" ? facts : [];
    return c.json({ qmgr: listed.map((f) => qmgrJson(f, query)) });
  });

  app.get(`${QMGR_PATH}/:qmgr`, async (c) => {
    const name = validName(c.req.param("qmgr"));
    const query = readQmgrQuery(new URL(c.req.url).searchParams, false);
    return c.json({ qmgr: [qmgrJson(await need(c).describe(name), query)] });
  });

  app.post(QMGR_PATH, async (c) => {
    const name = await readCreateBody(c.req.raw);
    await need(c).create(name);
    return new Response(null, { status: 201, headers: { location: `${new URL(c.req.url).pathname.replace(/\/$/, "")}/${encodeURIComponent(name)}` } });
  });

  app.delete(`${QMGR_PATH}/:qmgr`, async (c) => {
    await need(c).delete(validName(c.req.param("qmgr")));
    return new Response(null, { status: 204 });
  });

  const showInstallation = (url: string, name: string | undefined) => {
    if (name !== undefined && name !== INSTALLATION_NAME) throw routeNotFound("GET", new URL(url).pathname);
    const wanted = readAttributes(new URL(url).searchParams, "attributes", "extended", ["level", "operatingSystem", "description"]);
    const extended = {
      level: `webmq ${WEBMQ_VERSION}`,
      operatingSystem: installation.operatingSystem,
      description: "webmq: IBM MQ and JMS semantics in TypeScript",
    };
    const json: Record<string, unknown> = { name: INSTALLATION_NAME, platform: installation.platform, version: WEBMQ_VERSION };
    if (wanted.size > 0) json.extended = pick(extended, wanted);
    return { installation: [json] };
  };
  app.get(INSTALLATION_PATH, (c) => c.json(showInstallation(c.req.url, undefined)));
  app.get(`${INSTALLATION_PATH}/:name`, (c) => c.json(showInstallation(c.req.url, c.req.param("name"))));
}

// --- Internal helpers ---

interface QmgrQuery {
  extended: ReadonlySet<string>;
  status: ReadonlySet<string>;
  state: string | undefined;
}

const EXTENDED = ["installationName", "permitStandby", "isDefaultQmgr"];
const STATUS = ["started", "channelInitiatorState", "ldapConnectionState", "connectionCount", "publishSubscribeState"];
/** The states IBM's ?state= takes (dspmq's). */
const STATES = [
  "running",
  "ended",
  "endedImmediately",
  "endedPreemptively",
  "endedUnexpectedly",
  "starting",
  "quiescing",
  "endingImmediately",
  "endingPreemptively",
  "beingDeleted",
  "stateNotAvailable",
  "runningAsStandby",
  "runningElsewhere",
];

function readQmgrQuery(params: URLSearchParams, list: boolean): QmgrQuery {
  for (const key of params.keys()) {
    if (key !== "attributes" && key !== "status" && !(list && key === "state")) {
      throw badQueryParameter(
        key,
        params.get(key) ?? "",
        "MQRC_OPTIONS_ERROR",
        `${key} is not a query parameter of this resource; it takes attributes and status${list ? ", and state" : ""}`,
      );
    }
  }
  const state = params.get("state") ?? undefined;
  if (state !== undefined && !STATES.includes(state)) throw badQueryParameter("state", state, "MQRC_OPTIONS_ERROR", `state is one of ${STATES.join(", ")}`);
  return { extended: readAttributes(params, "attributes", "extended", EXTENDED), status: readAttributes(params, "status", "status", STATUS), state };
}

/** IBM's `group|*|group.name,...` list: the names asked for, none when the parameter is absent. */
function readAttributes(params: URLSearchParams, parameter: string, group: string, names: readonly string[]): Set<string> {
  const value = params.get(parameter);
  if (value === null) return new Set();
  const wanted = new Set<string>();
  for (const entry of value.split(",")) {
    const term = entry.trim();
    if (term === "*" || term === group) names.forEach((name) => wanted.add(name));
    else if (term.startsWith(`${group}.`) && names.includes(term.slice(group.length + 1))) wanted.add(term.slice(group.length + 1));
    else
      throw badQueryParameter(
        parameter,
        value,
        "MQRC_OPTIONS_ERROR",
        `${parameter} is ${group}, * or a list of ${names.map((n) => `${group}.${n}`).join(", ")}`,
      );
  }
  return wanted;
}

function qmgrJson(facts: QueueManagerFacts, query: QmgrQuery): Record<string, unknown> {
  const json: Record<string, unknown> = { name: facts.name, state: "running" };
  if (query.extended.size > 0) {
    json.extended = pick({ installationName: INSTALLATION_NAME, permitStandby: "notPermitted", isDefaultQmgr: false }, query.extended);
  }
  if (query.status.size > 0) {
    json.status = pick(
      {
        // IBM's REST time stamps: ISO 8601 in UTC, to the millisecond.
        started: new Date(facts.startedAt).toISOString(),
        channelInitiatorState: "stopped",
        ldapConnectionState: "disconnected",
        connectionCount: facts.connectionCount,
        publishSubscribeState: "running",
      },
      query.status,
    );
  }
  return json;
}

function pick(values: Record<string, unknown>, wanted: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => wanted.has(key)));
}

function validName(name: string | undefined): string {
  const value = name ?? "";
  try {
    checkObjectName(value, "queue manager");
  } catch {
    throw badName("queue manager", value);
  }
  return value;
}

/** crtmqm's body: {"name":"QM2"}, JSON; nothing else is taken. */
async function readCreateBody(request: Request): Promise<string> {
  const body = await readJsonBody(request);
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw badMqscRequest('The body is {"name": "<queue manager name>"}.', "MQRC_FORMAT_ERROR");
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).find((key) => key !== "name");
  if (unknown !== undefined)
    throw badMqscRequest(`${JSON.stringify(unknown)} is not a field of a queue manager to create; the body is {"name": "<queue manager name>"}.`);
  if (typeof fields.name !== "string") throw badMqscRequest('The body needs "name", the new queue manager\'s name, a string.');
  return validName(fields.name);
}
