/**
 * IBM's v1 admin resources for subscriptions and channels, which IBM offers for GET only
 * (its v1 reference has no POST, PATCH or DELETE on them: DEFINE SUB and DEFINE CHANNEL go
 * through the MQSC endpoint):
 *
 *   GET /ibmmq/rest/v1/admin/qmgr/{qmgr}/subscription[/{name}]  ?attributes= ?name= ?id= ?filter=
 *   GET /ibmmq/rest/v1/admin/qmgr/{qmgr}/channel[/{name}]       ?attributes= ?name= ?type= ?filter=
 *
 * {"subscription":[{"name","id","resolvedTopicString", ...}]} and {"channel":[{"name","type",
 * ...}]}: the name and identity always, the objects ?attributes= asks for besides. The values
 * come from the same definitions DISPLAY SUB and DISPLAY CHANNEL show. A named object that is
 * not defined is 404 with reason 2085.
 */
import type { Context, Hono } from "hono";
import { MQError, type JsonValue, type ObjectDefinition } from "../../core/index.js";
import { subscriptionId } from "../../core/features/pubsub/subscription-id.js";
import { setPath } from "./admin-queue-json.js";
import { checkQueryKeys, nameMatcher, readFilter, selectedPaths } from "./admin-query.js";
import { badQueryParameter } from "./errors.js";
import type { QueueManagerResolver } from "./options.js";
import { queueManagerTarget } from "./request.js";

const BASE = "/ibmmq/rest/:version{v1}/admin/qmgr/:qmgr";

type Reader = (definition: ObjectDefinition) => JsonValue | undefined;
const attribute =
  (name: string, words?: Record<string, string>): Reader =>
  (d) => {
    const value = d.attributes[name] ?? null;
    return words && typeof value === "string" ? (words[value] ?? value) : value;
  };
const TIMESTAMPS: Record<string, Reader> = {
  "timestamps.created": (d) => new Date(d.createdAt).toISOString(),
  "timestamps.altered": (d) => new Date(d.alteredAt).toISOString(),
};

/** A subscription's attributes by IBM's REST names (IBM MQ 9.x "Response body attributes for subscriptions"). */
const SUBSCRIPTION_FIELDS: Record<string, Reader> = {
  "general.topicName": attribute("topicObject"),
  "general.topicString": attribute("topicString"),
  "general.durable": () => true, // every SUB object here is durable
  "general.type": () => "admin",
  "general.expiry": attribute("expiry"),
  "general.userData": attribute("userData"),
  "general.scope": attribute("subscriptionScope", { all: "all", qmgr: "queueManager" }),
  "general.wildcardSchema": attribute("wildcardSchema", { topic: "topic", character: "character" }),
  "general.subscriptionLevel": attribute("subscriptionLevel"),
  "general.requestOnly": attribute("requestOnly"),
  "destination.name": attribute("destination"),
  "destination.qmgrName": attribute("destinationQueueManager"),
  "destination.correlationId": attribute("destinationCorrelId"),
  "destination.class": attribute("destinationClass", { provided: "provided", managed: "managed" }),
  "selector.value": attribute("selector"),
  "selector.type": (d) => (String(d.attributes.selector ?? "") === "" ? "none" : "standard"),
  "user.applicationIdentityData": attribute("publishApplicationId"),
  "user.accountingToken": attribute("publishAccountingToken"),
  "user.name": attribute("subscriptionUser"),
  "user.variable": attribute("variableUser", { any: "any", fixed: "fixed" }),
  "publishedMessages.priority": (d) =>
    d.attributes.publishPriority === -3 ? "asPublished" : d.attributes.publishPriority === -1 ? "asQueueDefault" : (d.attributes.publishPriority ?? null),
  "publishedMessages.propertiesFormat": attribute("publishSubscribeProperties", {
    none: "none",
    compat: "compatible",
    rfh2: "rfh2",
    messageProperties: "messageProperties",
  }),
  ...TIMESTAMPS,
};

/** IBM's REST words for channel types (REST API and PCF equivalents for channels). */
const CHANNEL_TYPES: Record<string, string> = {
  sender: "sender",
  server: "server",
  receiver: "receiver",
  requester: "requester",
  clusterSender: "clusterSender",
  clusterReceiver: "clusterReceiver",
  serverConnection: "serverConnection",
  clientConnection: "clientConnection",
  amqp: "amqp",
};

/** A channel's attributes by IBM's REST names; those its type lacks are left out. */
const CHANNEL_FIELDS: Record<string, Reader> = {
  "general.description": attribute("description"),
  "general.maximumMessageLength": attribute("maxMessageLength"),
  "connection.name": attribute("connectionName"),
  "connection.localAddress": attribute("localAddress"),
  transmissionQueueName: attribute("transmissionQueue"),
  "clusterRouting.workloadPriority": attribute("clusterWorkloadPriority"),
  "clusterRouting.workloadRank": attribute("clusterWorkloadRank"),
  "clusterRouting.workloadWeight": attribute("clusterWorkloadWeight"),
  "clusterRouting.networkPriority": attribute("networkPriority"),
  "cluster.name": attribute("cluster"),
  "cluster.namelist": attribute("clusterNamelist"),
  "transmissionSecurity.cipherSpecification": attribute("sslCipherSpec"),
  "transmissionSecurity.certificateLabel": attribute("certificateLabel"),
  "transmissionSecurity.certificatePeerName": attribute("sslPeerName"),
  "extended.heartbeatInterval": attribute("heartbeatInterval"),
  "extended.sharingConversations": attribute("sharingConversations"),
  "extended.maximumInstances": attribute("maxInstances"),
  "extended.maximumInstancesPerClient": attribute("maxInstancesPerClient"),
  "extended.disconnectInterval": attribute("disconnectInterval"),
  "extended.mcaUserId": attribute("mcaUserId"),
  "batch.size": attribute("batchSize"),
  "batch.interval": attribute("batchInterval"),
  "batch.heartbeatInterval": attribute("batchHeartbeatInterval"),
  "batch.dataLimit": attribute("batchDataLimit"),
  ...TIMESTAMPS,
};

export function addAdminSubscriptionAndChannelRoutes(app: Hono, resolve: QueueManagerResolver): void {
  const subscriptions = (named: boolean) => async (c: Context) => {
    const { qmgr } = queueManagerTarget(c.req.param());
    const params = new URL(c.req.url).searchParams;
    checkQueryKeys(params, named ? ["attributes", "filter"] : ["attributes", "filter", "name", "id"], "/admin/qmgr/{qmgrName}/subscription");
    const name = named ? nameParameter(c, "subscription", qmgr) : undefined;
    const attributes = selectedPaths(params, "attributes", Object.keys(SUBSCRIPTION_FIELDS));
    const filter = readFilter(params, Object.keys(SUBSCRIPTION_FIELDS));
    const matches = nameMatcher(params);
    const id = params.get("id")?.toUpperCase();
    const manager = await resolve(qmgr);
    const definitions = manager
      .objects(["subscription"])
      .filter((d) => (name === undefined ? matches(d.name) : d.name === name) && (id === undefined || subscriptionId(d.name) === id));
    if (name !== undefined && definitions.length === 0) throw notDefined("subscription", name, qmgr);
    const listed = definitions.filter((d) => !filter || filter.test(SUBSCRIPTION_FIELDS[filter.path]!(d)));
    return c.json({
      subscription: listed.map((d) =>
        objectJson(
          { name: d.name, id: subscriptionId(d.name), resolvedTopicString: String(d.attributes.topicString ?? "") },
          d,
          SUBSCRIPTION_FIELDS,
          attributes,
        ),
      ),
    });
  };
  app.get(`${BASE}/subscription`, subscriptions(false));
  app.get(`${BASE}/subscription/`, subscriptions(false));
  app.get(`${BASE}/subscription/:name`, subscriptions(true));

  const channels = (named: boolean) => async (c: Context) => {
    const { qmgr } = queueManagerTarget(c.req.param());
    const params = new URL(c.req.url).searchParams;
    checkQueryKeys(params, named ? ["attributes", "filter"] : ["attributes", "filter", "name", "type"], "/admin/qmgr/{qmgrName}/channel");
    const name = named ? nameParameter(c, "channel", qmgr) : undefined;
    const type = params.get("type") ?? "all";
    if (type !== "all" && !Object.values(CHANNEL_TYPES).includes(type))
      throw badQueryParameter("type", type, "MQRC_OPTIONS_ERROR", `type is all, ${Object.values(CHANNEL_TYPES).join(", ")}`);
    const attributes = selectedPaths(params, "attributes", Object.keys(CHANNEL_FIELDS));
    const filter = readFilter(params, Object.keys(CHANNEL_FIELDS));
    const matches = nameMatcher(params);
    const manager = await resolve(qmgr);
    const definitions = manager.objects(["channel"]).filter((d) => (name === undefined ? matches(d.name) : d.name === name));
    if (name !== undefined && definitions.length === 0) throw notDefined("channel", name, qmgr);
    const typeOf = (d: ObjectDefinition) => CHANNEL_TYPES[String(d.attributes.channelType)] ?? String(d.attributes.channelType);
    const listed = definitions.filter((d) => (type === "all" || typeOf(d) === type) && (!filter || filter.test(CHANNEL_FIELDS[filter.path]!(d))));
    return c.json({ channel: listed.map((d) => objectJson({ name: d.name, type: typeOf(d) }, d, CHANNEL_FIELDS, attributes)) });
  };
  app.get(`${BASE}/channel`, channels(false));
  app.get(`${BASE}/channel/`, channels(false));
  app.get(`${BASE}/channel/:name`, channels(true));
}

// --- Internal helpers ---

function objectJson(
  head: Record<string, JsonValue>,
  definition: ObjectDefinition,
  fields: Record<string, Reader>,
  wanted: ReadonlySet<string>,
): Record<string, JsonValue> {
  const json = { ...head };
  for (const [path, read] of Object.entries(fields)) {
    if (!wanted.has(path)) continue;
    // An attribute the object's type does not have (a channel's, by CHLTYPE) reads null and is left out.
    const value = read(definition);
    if (value !== undefined && value !== null) setPath(json, path, value);
  }
  return json;
}

function nameParameter(c: Context, what: "subscription" | "channel", qmgr: string): string {
  const name = c.req.param("name") ?? "";
  const longest = what === "channel" ? 20 : 10240;
  if (name === "" || name.length > longest)
    throw new MQError("MQRC_OBJECT_NAME_ERROR", `${JSON.stringify(name)} is not a ${what} name (1 to ${longest} characters) on queue manager ${qmgr}`);
  return name;
}

function notDefined(what: string, name: string, qmgr: string): MQError {
  return new MQError("MQRC_UNKNOWN_OBJECT_NAME", `${what} ${name} is not defined on queue manager ${qmgr}`);
}
