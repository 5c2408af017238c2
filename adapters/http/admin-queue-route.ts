/**
 * IBM's v1 admin resource for queues, on core's object administration (the same define,
 * alter and delete that MQSC's DEFINE, ALTER and DELETE run):
 *
 *   GET    /ibmmq/rest/v1/admin/qmgr/{qmgr}/queue[/{queue}]  ?attributes= ?status= ?name= ?type= ?filter=
 *   POST   .../queue                {"name":"Q1","type":"local","storage":{...},...}  ?like= ?noReplace   201
 *   PATCH  .../queue/{queue}        {"general":{...},...}                                             204
 *   DELETE .../queue/{queue}        ?purge ?keepAuthorityRecords                                       204
 *
 * As IBM's: GET answers {"queue":[{"name","type"}]} and the objects ?attributes= asks for
 * (admin-queue-json.ts maps them), with "status" for local queues when ?status= asks; POST
 * replaces a queue of that name unless ?noReplace; the resource is v1 only (IBM's v2 and v3
 * use the MQSC endpoint). An unknown queue is 404 with reason 2085 (MQRC_UNKNOWN_OBJECT_NAME).
 * MQWebAdminRO may GET; only MQWebAdmin may change (routes.ts, security/roles.ts).
 */
import type { Context, Hono } from "hono";
import { MQError, checkObjectName, type JsonValue, type MQReasonName, type ObjectDefinition, type ObjectType, type QueueManager } from "../../core/index.js";
import { ALL_QUEUE_PATHS, QUEUE_TYPE_WORDS, queueAttributesFromBody, queuePaths, queueTypeWord, queueValue, setPath } from "./admin-queue-json.js";
import { checkQueryKeys, nameMatcher, readFilter, selectedPaths } from "./admin-query.js";
import { readJsonBody } from "./body.js";
import { RestError, badMqscRequest, badName, badQueryParameter, httpStatusFor } from "./errors.js";
import type { QueueManagerResolver } from "./options.js";
import { queueManagerTarget } from "./request.js";

const QUEUE_PATH = "/ibmmq/rest/:version{v1}/admin/qmgr/:qmgr/queue";

const STATUS_PATHS = [
  "status.currentDepth",
  "status.openInputCount",
  "status.openOutputCount",
  "status.lastGet",
  "status.lastPut",
  "status.oldestMessageAge",
  "status.uncommittedMessages",
];
const ATTRIBUTE_PATHS = [...ALL_QUEUE_PATHS];

export function addAdminQueueRoutes(app: Hono, resolve: QueueManagerResolver): void {
  const list = async (c: Context) => {
    const { qmgr } = queueManagerTarget(c.req.param());
    const params = new URL(c.req.url).searchParams;
    checkQueryKeys(params, ["attributes", "status", "name", "type", "filter"], "/admin/qmgr/{qmgrName}/queue");
    const query = readQueueQuery(params);
    const manager = await resolve(qmgr);
    const queues = manager.objects(query.types).filter((d) => query.matchesName(d.name));
    return c.json({ queue: queues.map((d) => queueJson(manager, d, query)).filter((q): q is Record<string, JsonValue> => q !== undefined) });
  };
  app.get(QUEUE_PATH, list);
  app.get(`${QUEUE_PATH}/`, list);

  app.get(`${QUEUE_PATH}/:queue`, async (c) => {
    const { qmgr, queue } = target(c);
    const params = new URL(c.req.url).searchParams;
    checkQueryKeys(params, ["attributes", "status", "type", "filter"], "/admin/qmgr/{qmgrName}/queue/{queueName}");
    const query = readQueueQuery(params);
    const manager = await resolve(qmgr);
    const definition = existing(manager, queue, qmgr);
    const json = query.types.includes(definition.type) ? queueJson(manager, definition, query) : undefined;
    return c.json({ queue: json ? [json] : [] });
  });

  const create = async (c: Context) => {
    const { qmgr } = queueManagerTarget(c.req.param());
    const params = new URL(c.req.url).searchParams;
    checkQueryKeys(params, ["like", "noReplace"], "POST /admin/qmgr/{qmgrName}/queue");
    const like = params.get("like") ?? undefined;
    if (like !== undefined) validQueueName(like, qmgr, "like");
    const body = await readObjectBody(c.req.raw);
    if (typeof body.name !== "string") throw badMqscRequest('The body needs "name", the new queue\'s name, a string.');
    const name = validQueueName(body.name, qmgr);
    const typeWord = body.type === undefined ? "local" : body.type;
    const type = typeof typeWord === "string" ? QUEUE_TYPE_WORDS[typeWord] : undefined;
    if (!type) throw badMqscRequest(`"type" is one of ${Object.keys(QUEUE_TYPE_WORDS).join(", ")}; got ${JSON.stringify(typeWord)}.`);
    const attributes = fromBody(body, type);
    const manager = await resolve(qmgr);
    await administer(() => manager.defineObject(type, name, attributes, { like, replace: !params.has("noReplace") }));
    return new Response(null, { status: 201 });
  };
  app.post(QUEUE_PATH, create);
  app.post(`${QUEUE_PATH}/`, create);

  app.patch(`${QUEUE_PATH}/:queue`, async (c) => {
    const { qmgr, queue } = target(c);
    checkQueryKeys(new URL(c.req.url).searchParams, [], "PATCH /admin/qmgr/{qmgrName}/queue/{queueName}");
    const body = await readObjectBody(c.req.raw);
    const manager = await resolve(qmgr);
    const definition = existing(manager, queue, qmgr);
    if (body.name !== undefined && body.name !== queue) throw badMqscRequest(`"name" cannot be changed: it is ${JSON.stringify(queue)}, the queue in the URL.`);
    if (body.type !== undefined && QUEUE_TYPE_WORDS[String(body.type)] !== definition.type) {
      throw badMqscRequest(`"type" cannot be changed: ${queue} is a ${queueTypeWord(definition.type)} queue.`);
    }
    const attributes = fromBody(body, definition.type);
    await administer(() => manager.alterObject(definition.type, queue, attributes));
    return new Response(null, { status: 204 });
  });

  app.delete(`${QUEUE_PATH}/:queue`, async (c) => {
    const { qmgr, queue } = target(c);
    const params = new URL(c.req.url).searchParams;
    checkQueryKeys(params, ["purge", "keepAuthorityRecords"], "DELETE /admin/qmgr/{qmgrName}/queue/{queueName}");
    const manager = await resolve(qmgr);
    const definition = existing(manager, queue, qmgr);
    await administer(() => manager.deleteObject(definition.type, queue, { purge: params.has("purge") }));
    return new Response(null, { status: 204 });
  });
}

// --- Internal helpers ---

interface QueueQuery {
  types: ObjectType[];
  attributes: ReadonlySet<string>;
  status: ReadonlySet<string>;
  matchesName: (name: string) => boolean;
  filter: ReturnType<typeof readFilter>;
}

function readQueueQuery(params: URLSearchParams): QueueQuery {
  const type = params.get("type") ?? "all";
  // IBM's `cluster` lists the cluster queues this queue manager knows of: there are none here.
  const types: ObjectType[] =
    type === "all" ? Object.values(QUEUE_TYPE_WORDS) : type === "cluster" ? [] : QUEUE_TYPE_WORDS[type] ? [QUEUE_TYPE_WORDS[type]!] : [];
  if (type !== "all" && type !== "cluster" && types.length === 0)
    throw badQueryParameter("type", type, "MQRC_OPTIONS_ERROR", "type is all, local, alias, remote, model or cluster");
  return {
    types,
    attributes: selectedPaths(params, "attributes", ATTRIBUTE_PATHS),
    status: selectedPaths(params, "status", STATUS_PATHS, ["*", "status"]),
    matchesName: nameMatcher(params),
    filter: readFilter(params, [...ATTRIBUTE_PATHS, ...STATUS_PATHS]),
  };
}

/** One queue as IBM's GET shows it; undefined when the filter leaves it out. */
function queueJson(manager: QueueManager, definition: ObjectDefinition, query: QueueQuery): Record<string, JsonValue> | undefined {
  const json: Record<string, JsonValue> = { name: definition.name, type: queueTypeWord(definition.type) };
  const own = new Set(queuePaths(definition.type));
  for (const path of ATTRIBUTE_PATHS) {
    if (!query.attributes.has(path) || !own.has(path)) continue;
    const value = queueValue(definition, path);
    if (value !== undefined) setPath(json, path, value);
  }
  const status = definition.type === "localQueue" ? statusValues(manager, definition.name) : {};
  for (const [path, value] of Object.entries(status)) if (query.status.has(path) && value !== undefined) setPath(json, path, value);
  if (query.filter) {
    const value = query.filter.path.startsWith("status.")
      ? status[query.filter.path]
      : own.has(query.filter.path)
        ? queueValue(definition, query.filter.path)
        : undefined;
    if (!query.filter.test(value)) return undefined;
  }
  return json;
}

/** A local queue's status object: IBM's names, times in ISO 8601 (absent until the first put or get). */
function statusValues(manager: QueueManager, name: string): Record<string, JsonValue | undefined> {
  const status = manager.queueStatus(name);
  const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : undefined);
  return {
    "status.currentDepth": status.depth,
    "status.openInputCount": status.openInputCount,
    "status.openOutputCount": status.openOutputCount,
    "status.lastGet": iso(status.lastGetTime),
    "status.lastPut": iso(status.lastPutTime),
    // Seconds, as MQSC's MSGAGE; -1 when the queue is empty (IBM's "not available").
    "status.oldestMessageAge": status.oldestMessageAge === null ? -1 : Math.floor(status.oldestMessageAge / 1000),
    "status.uncommittedMessages": status.uncommitted,
  };
}

function target(c: Context): { qmgr: string; queue: string } {
  const { qmgr } = queueManagerTarget(c.req.param());
  return { qmgr, queue: validQueueName(c.req.param("queue") ?? "", qmgr) };
}

function validQueueName(name: string, qmgr: string, parameter?: string): string {
  try {
    checkObjectName(name, "queue");
  } catch {
    if (parameter) throw badQueryParameter(parameter, name, "MQRC_OBJECT_NAME_ERROR", "it is not a valid queue name");
    throw badName("queue", name, qmgr);
  }
  return name;
}

/** The queue's definition, of any queue type; 404 with reason 2085 when there is none. */
function existing(manager: QueueManager, name: string, qmgr: string): ObjectDefinition {
  const definition = manager.object("queue", name);
  if (!definition) throw new MQError("MQRC_UNKNOWN_OBJECT_NAME", `queue ${name} is not defined on queue manager ${qmgr}`);
  return definition;
}

async function readObjectBody(request: Request): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request);
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw badMqscRequest("The body is a JSON object: the queue's name, type and attribute objects.", "MQRC_FORMAT_ERROR");
  return body as Record<string, unknown>;
}

function fromBody(body: Record<string, unknown>, type: ObjectType) {
  try {
    return queueAttributesFromBody(body, type);
  } catch (error) {
    if (error instanceof TypeError) throw badMqscRequest(error.message);
    throw error;
  }
}

/**
 * Runs a change; the failures that say "this conflicts with what is there" (the queue
 * exists and noReplace was given, it is not empty, it is open) are 409, the rest as the
 * facade's one table says.
 */
async function administer(change: () => Promise<unknown>): Promise<void> {
  try {
    await change();
  } catch (error) {
    if (error instanceof MQError && CONFLICTS.has(error.reason) && httpStatusFor(error.reasonCode) === 500) {
      const detail = error.message.replace(/^MQRC_\w+ \(\d+\): /, "");
      throw new RestError({
        status: 409,
        msgId: "MQWB0004E",
        inserts: [error.reasonCode, error.reason],
        detail: `${detail[0]!.toUpperCase()}${detail.slice(1)}.`,
        reason: error.reason as MQReasonName,
      });
    }
    throw error;
  }
}

const CONFLICTS = new Set(["MQRC_OBJECT_ALREADY_EXISTS", "MQRC_Q_NOT_EMPTY"]);
