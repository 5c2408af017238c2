/**
 * DEFINE, ALTER, DELETE, DISPLAY and CLEAR for the catalogued object types: MQSC
 * parameters are read against the catalogue (keyword, synonyms, type, range), the queue
 * manager does the work, and DISPLAY shows each attribute as MQ does.
 */
import type { MqscHost } from "./host.js";
import { applicableSpecs, type Attributes, type ObjectDefinition } from "../../objects/definitions.js";
import type { JsonValue } from "../../message/message.js";
import { attributeByKeyword, channelAttributeNames, CATALOGUE, type AttributeSpec } from "../../objects/catalogue/index.js";
import { MqscSyntax, QUEUE_KEYWORDS, OBJECT_KEYWORDS, failure, type ObjectCommandType } from "./commands.js";
import { isAutoDefinedSender } from "../clusters/auto-defined.js";
import { dateAndTime, isGeneric, layout, matchesGeneric, readWhere, satisfies, type DisplayItem, type WhereClause } from "./display.js";
import type { MqscParameter } from "./parser.js";
import { amq, failed, succeeded, type MqscObject, type Outcome } from "./result.js";
import { subscriptionId } from "../pubsub/subscription-id.js";
import { AttributeValueError, formatAttribute, jsonValue, readAttribute } from "./values.js";

/** The name in an object keyword's parentheses, e.g. QLOCAL(name). */
export function objectName(parameter: MqscParameter, allowGeneric: boolean): string {
  const values = parameter.values;
  if (!values || values.length !== 1 || values[0]!.text === "") throw new MqscSyntax(`${parameter.keyword} needs one name in parentheses`, parameter.position);
  const name = values[0]!.text;
  if (!allowGeneric && isGeneric(name)) throw new MqscSyntax(`${parameter.keyword}(${name}): a generic name is not allowed here`, values[0]!.position);
  return name;
}

interface ReadParameters {
  attributes: Attributes;
  options: Map<string, MqscParameter>;
}

/**
 * Reads attribute parameters against the catalogue; `options` are the command's own
 * keywords (LIKE, REPLACE, PURGE, ...). A keyword twice, an unknown one, a value out of
 * range, or one not valid for the channel type, is a syntax error at its position.
 */
function readParameters(
  specs: readonly AttributeSpec[],
  parameters: readonly MqscParameter[],
  optionKeywords: readonly string[],
  typeName: string,
): ReadParameters {
  const attributes: Attributes = {};
  const options = new Map<string, MqscParameter>();
  const seen = new Set<string>();
  const spec = { attributes: specs as AttributeSpec[], mqscType: typeName, synonyms: [] };
  for (const parameter of parameters) {
    if (optionKeywords.includes(parameter.keyword)) {
      if (options.has(parameter.keyword)) throw new MqscSyntax(`${parameter.keyword} is given twice`, parameter.position);
      options.set(parameter.keyword, parameter);
      continue;
    }
    const found = attributeByKeyword(spec, parameter.keyword);
    if (!found) throw new MqscSyntax(`${parameter.keyword} is not an attribute of ${typeName}`, parameter.position);
    if (seen.has(found.attribute.name)) throw new MqscSyntax(`${found.attribute.keyword} is given twice`, parameter.position);
    seen.add(found.attribute.name);
    try {
      attributes[found.attribute.name] = readAttribute(found.attribute, parameter.values, parameter.position, found.on);
    } catch (error) {
      if (error instanceof AttributeValueError) throw new MqscSyntax(`${error.keyword} ${error.detail}`, error.position);
      throw error;
    }
  }
  return { attributes, options };
}

/** A channel's CHLTYPE must come with DEFINE and ALTER CHANNEL; it decides which attributes apply. */
function channelTypeOf(parameters: readonly MqscParameter[], keyword: string, position: number): string {
  const typeParameter = parameters.find((p) => p.keyword === "CHLTYPE");
  if (!typeParameter) throw new MqscSyntax(`${keyword} CHANNEL needs CHLTYPE (SDR, RCVR, SVRCONN, ...)`, position);
  const channelTypeSpec = CATALOGUE.channel.attributes.find((a) => a.keyword === "CHLTYPE")!;
  try {
    return String(readAttribute(channelTypeSpec, typeParameter.values, typeParameter.position));
  } catch (error) {
    if (error instanceof AttributeValueError) throw new MqscSyntax(`CHLTYPE ${error.detail}`, error.position);
    throw error;
  }
}

function specsFor(
  object: ObjectCommandType,
  parameters: readonly MqscParameter[],
  verb: string,
  position: number,
): { specs: AttributeSpec[]; typeName: string } {
  if (object.type !== "channel") return { specs: applicableSpecs(object.type), typeName: object.queueType ?? object.displayKeyword };
  const channelType = channelTypeOf(parameters, verb, position);
  const names = channelAttributeNames(channelType);
  const keyword = (CATALOGUE.channel.attributes.find((a) => a.keyword === "CHLTYPE")!.type as { values: Record<string, string> }).values[channelType];
  return { specs: CATALOGUE.channel.attributes.filter((a) => names.has(a.name)), typeName: `a ${keyword} channel` };
}

export async function define(qm: MqscHost, object: ObjectCommandType, target: MqscParameter, rest: MqscParameter[]): Promise<Outcome> {
  const name = objectName(target, false);
  const { specs, typeName } = specsFor(object, rest, "DEFINE", target.position);
  const { attributes, options } = readParameters(specs, rest, ["LIKE", "REPLACE", "NOREPLACE"], typeName);
  if (options.has("REPLACE") && options.has("NOREPLACE"))
    throw new MqscSyntax("REPLACE and NOREPLACE cannot both be given", options.get("NOREPLACE")!.position);
  const like = options.get("LIKE");
  const likeName = like ? objectName(like, false) : undefined;
  try {
    await qm.defineObject(object.type, name, attributes, { replace: options.has("REPLACE"), like: likeName });
    return succeeded([amq(object.created)]);
  } catch (error) {
    return failure(error, likeName !== undefined && !qm.object(object.type, likeName) ? likeName : name);
  }
}

export async function alter(qm: MqscHost, object: ObjectCommandType, target: MqscParameter, rest: MqscParameter[]): Promise<Outcome> {
  const name = objectName(target, false);
  const { specs, typeName } = specsFor(object, rest, "ALTER", target.position);
  const { attributes } = readParameters(specs, rest, ["FORCE"], typeName);
  try {
    await qm.alterObject(object.type, name, attributes);
    return succeeded([amq(object.changed)]);
  } catch (error) {
    return failure(error, name);
  }
}

export async function remove(qm: MqscHost, object: ObjectCommandType, target: MqscParameter, rest: MqscParameter[]): Promise<Outcome> {
  const name = objectName(target, false);
  const options = object.type === "localQueue" ? ["PURGE", "NOPURGE", "AUTHREC"] : object.type === "channel" ? ["CHLTABLE", "AUTHREC"] : ["AUTHREC"];
  const { options: given } = readParameters([], rest, options, `DELETE ${object.queueType ?? object.displayKeyword}`);
  if (given.has("PURGE") && given.has("NOPURGE")) throw new MqscSyntax("PURGE and NOPURGE cannot both be given", given.get("NOPURGE")!.position);
  // As MQ does, a running listener must be stopped before it is deleted (MQRCCF_LISTENER_RUNNING).
  if (object.type === "listener" && qm.object("listener", name) && qm.listenerStatus(name)) return failed(3249, [amq("listenerRunning")]);
  try {
    await qm.deleteObject(object.type, name, { purge: given.has("PURGE") });
    return succeeded([amq(object.deleted)]);
  } catch (error) {
    return failure(error, name);
  }
}

export async function clear(qm: MqscHost, target: MqscParameter, rest: MqscParameter[]): Promise<Outcome> {
  const name = objectName(target, false);
  readParameters([], rest, [], "CLEAR QLOCAL");
  try {
    if (!qm.object("localQueue", name) && qm.object("queue", name)) {
      return failed(2057, [amq("objectWrongType")]);
    }
    await qm.clearQueue(name);
    return succeeded([amq("queueCleared")]);
  } catch (error) {
    return failure(error, name);
  }
}

/** DISPLAY QLOCAL(...), QUEUE(...), PROCESS(...), CHANNEL(...), ...: the objects that match, each laid out. */
export function display(qm: MqscHost, keyword: string, target: MqscParameter, rest: MqscParameter[]): Outcome {
  const pattern = objectName(target, true);
  const byQueueKeyword = QUEUE_KEYWORDS.has(keyword);
  const object = byQueueKeyword ? undefined : OBJECT_KEYWORDS[keyword]!;
  let types = object ? [object.type] : (["localQueue", "aliasQueue", "remoteQueue", "modelQueue"] as const).slice();
  let where: WhereClause | undefined;
  let all = false;
  const requested: MqscParameter[] = [];
  for (const parameter of rest) {
    if (parameter.keyword === "ALL" && parameter.values === undefined) all = true;
    else if (parameter.keyword === "WHERE" && parameter.values) {
      const clause = readWhere(parameter.values);
      if (typeof clause === "string") throw new MqscSyntax(clause, parameter.position);
      where = clause;
    } else if (parameter.keyword === "TYPE" && byQueueKeyword && parameter.values?.length === 1) {
      if (parameter.values[0]!.text.toUpperCase() === "ALL") continue;
      const filter = OBJECT_KEYWORDS[parameter.values[0]!.text.toUpperCase()];
      if (!filter?.queueType)
        throw new MqscSyntax(`TYPE(${parameter.values[0]!.text}) is not a queue type: QLOCAL, QALIAS, QREMOTE or QMODEL`, parameter.values[0]!.position);
      types = [filter.type as (typeof types)[number]];
    } else if (parameter.keyword === "CHLTYPE" && object?.type === "channel" && parameter.values?.length === 1) {
      requested.push(parameter); // a filter, applied below
    } else if (parameter.values === undefined) requested.push(parameter);
    else throw new MqscSyntax(`${parameter.keyword}(...) is not a DISPLAY option; name attributes without values`, parameter.position);
  }
  // A keyword is checked against every type the DISPLAY can show; an object whose own type
  // lacks it simply does not show it, as runmqsc does (DISPLAY QUEUE(*) MAXDEPTH and aliases).
  const known = displayableKeywords(types);
  for (const parameter of requested) {
    if (parameter.values === undefined && !known.has(keywordOfSynonymIn(types, parameter.keyword))) {
      throw new MqscSyntax(`${parameter.keyword} is not an attribute of ${object?.queueType ?? object?.displayKeyword ?? "a queue"}`, parameter.position);
    }
  }
  if (where && !known.has(keywordOfSynonymIn(types, where.keyword))) {
    throw new MqscSyntax(
      `WHERE(${where.keyword} ...): ${where.keyword} is not an attribute this DISPLAY shows`,
      rest.find((p) => p.keyword === "WHERE")!.position,
    );
  }
  // A single named object with nothing requested shows everything, as runmqsc does.
  if (requested.filter((p) => p.values === undefined).length === 0 && !isGeneric(pattern)) all = true;

  const channelFilter = requested.find((p) => p.keyword === "CHLTYPE" && p.values);
  // Auto-defined cluster-senders show in DISPLAY CLUSQMGR, not here (as IBM's).
  const definitions = qm.objects(types).filter((d) => matchesGeneric(pattern, d.name) && !isAutoDefinedSender(d));
  const objects: MqscObject[] = [];
  for (const definition of definitions) {
    const commandType = object ?? queueCommandType(definition);
    const items = displayItems(qm, commandType, definition);
    const byKeyword = new Map(items.map((item) => [item.keyword, item]));
    if (channelFilter && byKeyword.get("CHLTYPE")?.text !== `CHLTYPE(${channelFilter.values![0]!.text.toUpperCase()})`) continue;
    if (where && !satisfies(where, withSynonym(byKeyword, keywordOfSynonym(commandType, where.keyword), where.keyword))) continue;
    const head = items.slice(0, headCount(commandType));
    let shown: DisplayItem[];
    if (all) {
      // Our own attributes are shown when named, never under ALL (IBM's list stays IBM's).
      const ours = extensionKeywords(commandType.type);
      const named = new Set(requested.map((p) => keywordOfSynonym(commandType, p.keyword)));
      shown = ours.size === 0 ? items : items.filter((item) => !ours.has(item.keyword) || named.has(item.keyword));
    } else {
      shown = [...head];
      for (const parameter of requested) {
        if (parameter.values !== undefined) continue;
        const item = byKeyword.get(parameter.keyword) ?? byKeyword.get(keywordOfSynonym(commandType, parameter.keyword));
        if (item && !shown.includes(item)) shown.push(item);
      }
    }
    objects.push({ parameters: Object.fromEntries(shown.map((item) => [item.keyword.toLowerCase(), item.json])), lines: layout(shown) });
  }
  if (objects.length === 0) return failed(2085, [amq("objectNotFound", pattern)]);
  return succeeded([amq((object ?? OBJECT_KEYWORDS.QLOCAL!).details)], objects);
}

// --- Internal helpers ---

function queueCommandType(definition: ObjectDefinition): ObjectCommandType {
  return Object.values(OBJECT_KEYWORDS).find((o) => o.type === definition.type)!;
}

/** How many leading items always show: the name, and the type where the object has one. */
function headCount(object: ObjectCommandType): number {
  return object.queueType || object.type === "channel" || object.type === "topic" || object.type === "subscription" ? 2 : 1;
}

/** Every keyword a DISPLAY of these types can show: their attributes and the figures MQ adds. */
function displayableKeywords(types: readonly ObjectDefinition["type"][]): Set<string> {
  const out = new Set([
    "TYPE",
    "ALTDATE",
    "ALTTIME",
    "CRDATE",
    "CRTIME",
    "CURDEPTH",
    "IPPROCS",
    "OPPROCS",
    "DEFTYPE",
    "NAMCOUNT",
    "QUEUE",
    "PROCESS",
    "CHANNEL",
    "NAMELIST",
    "TOPIC",
    "SUB",
  ]);
  if (types.includes("channel")) out.add("RESETSEQ");
  if (types.includes("subscription")) for (const keyword of ["SUBID", "DURABLE", "SUBTYPE", "SELTYPE"]) out.add(keyword);
  for (const type of types) for (const spec of CATALOGUE[type].attributes) out.add(spec.keyword);
  return out;
}

function keywordOfSynonymIn(types: readonly ObjectDefinition["type"][], keyword: string): string {
  for (const type of types) {
    const found = attributeByKeyword(CATALOGUE[type], keyword);
    if (found) return found.attribute.keyword;
  }
  return keyword;
}

/** The items, with the one under `keyword` also reachable by the synonym the user wrote. */
function withSynonym(items: ReadonlyMap<string, DisplayItem>, keyword: string, written: string): ReadonlyMap<string, DisplayItem> {
  const item = items.get(keyword);
  if (!item || keyword === written) return items;
  return new Map([...items, [written, item]]);
}

function keywordOfSynonym(object: ObjectCommandType, keyword: string): string {
  const found = attributeByKeyword(CATALOGUE[object.type], keyword);
  return found ? found.attribute.keyword : keyword;
}

/** Every attribute of a definition as DISPLAY shows it: name and type first, then A to Z. */
function displayItems(qm: MqscHost, object: ObjectCommandType, definition: ObjectDefinition): DisplayItem[] {
  const item = (keyword: string, text: string, json: JsonValue): DisplayItem => ({ keyword, text, json });
  const head: DisplayItem[] = [item(object.displayKeyword, `${object.displayKeyword}(${definition.name})`, definition.name)];
  if (object.queueType) head.push(item("TYPE", `TYPE(${object.queueType})`, object.queueType));
  const channelType = definition.type === "channel" ? String(definition.attributes.channelType) : undefined;
  const specs = applicableSpecs(definition.type, channelType);
  const body: DisplayItem[] = [];
  for (const spec of specs) {
    const value = definition.attributes[spec.name] ?? spec.default;
    const shown = item(spec.keyword, formatAttribute(spec, value), jsonValue(spec.type, value));
    if (spec.keyword === "CHLTYPE" || (spec.keyword === "TYPE" && definition.type === "topic")) head.push(shown);
    else body.push(shown);
  }
  const created = dateAndTime(definition.createdAt);
  const altered = dateAndTime(definition.alteredAt);
  body.push(item("ALTDATE", `ALTDATE(${altered.date})`, altered.date), item("ALTTIME", `ALTTIME(${altered.time})`, altered.time));
  // IBM keeps a creation date and time for local queues and subscriptions only (MQINQ's
  // CreationDate is a local queue's attribute); alias, remote and model queues, topics,
  // processes, namelists and channels show ALTDATE and ALTTIME alone.
  if (definition.type === "localQueue" || definition.type === "subscription") {
    body.push(item("CRDATE", `CRDATE(${created.date})`, created.date), item("CRTIME", `CRTIME(${created.time})`, created.time));
  }
  if (channelType !== undefined && MESSAGE_CHANNEL_TYPES.has(String(headChannelType(head)))) {
    // A message channel's pending RESET CHANNEL sequence number: none is ever pending here.
    body.push(item("RESETSEQ", "RESETSEQ(NO)", "NO"));
  }
  if (definition.type === "localQueue") {
    const status = qm.queueStatus(definition.name);
    const dynamic = qm.queueDynamicType(definition.name);
    const defType = dynamic === "temporary" ? "TEMPDYN" : dynamic === "permanent" ? "PERMDYN" : "PREDEFINED";
    body.push(
      item("CURDEPTH", `CURDEPTH(${status.depth})`, status.depth),
      item("IPPROCS", `IPPROCS(${status.openInputCount})`, status.openInputCount),
      item("OPPROCS", `OPPROCS(${status.openOutputCount})`, status.openOutputCount),
      item("DEFTYPE", `DEFTYPE(${defType})`, defType),
    );
  }
  if (definition.type === "subscription") {
    // What MQ shows of a subscription besides its attributes: every SUB object here is
    // durable; SUBTYPE says who made it; a selector is a JMS (standard) one or none.
    const subtype = qm.subscriptionStatus(definition.name)?.type ?? "ADMIN";
    const seltype = String(definition.attributes.selector ?? "") === "" ? "NONE" : "STANDARD";
    head.push(item("SUBID", `SUBID(${subscriptionId(definition.name)})`, subscriptionId(definition.name)));
    body.push(item("DURABLE", "DURABLE(YES)", "YES"), item("SELTYPE", `SELTYPE(${seltype})`, seltype), item("SUBTYPE", `SUBTYPE(${subtype})`, subtype));
  }
  if (definition.type === "namelist") {
    const names = definition.attributes.names;
    const count = Array.isArray(names) ? names.length : 0;
    body.push(item("NAMCOUNT", `NAMCOUNT(${count})`, count));
  }
  body.sort((a, b) => (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0));
  return [...head, ...body];
}

/** The channel types that move messages between queue managers (and show RESETSEQ). */
const MESSAGE_CHANNEL_TYPES = new Set(["SDR", "SVR", "RCVR", "RQSTR", "CLUSSDR", "CLUSRCVR"]);

function headChannelType(head: readonly DisplayItem[]): JsonValue | undefined {
  return head.find((item) => item.keyword === "CHLTYPE")?.json;
}

/** The keywords of attributes of ours (not IBM's) of an object type. */
function extensionKeywords(type: string): Set<string> {
  const spec = (CATALOGUE as Record<string, { attributes: readonly AttributeSpec[] }>)[type];
  return new Set(spec ? spec.attributes.filter((a) => a.extension).map((a) => a.keyword) : []);
}
