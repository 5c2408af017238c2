/**
 * Reading a request: the queue manager and queue it names, the ibm-mq-md-* headers of a
 * put, and the query parameters of a get, browse or message list. Every check happens
 * here, before any queue manager is touched, so a bad request changes nothing.
 */
import { checkObjectName, type PutMessage, type Selector } from "../../core/index.js";
import { compileSelector } from "../../core/selector/index.js";
import { badHeader, badName, badQueryParameter, headerNeedsVersion } from "./errors.js";
import { describeIdFormat, isApplicationCorrelationId, parseCorrelationId, parseMessageId, type ApiVersion } from "./ids.js";
import { HEADER, V3_ONLY_HEADERS } from "./headers.js";
import { parseUserProperties } from "./user-properties.js";

export interface QueueTarget {
  version: ApiVersion;
  /** The queue manager's name, URL-decoded. */
  qmgr: string;
  /** The queue's name, URL-decoded. */
  queue: string;
}

/** The version and names from the route's parameters (Hono has URL-decoded them once). */
export function queueTarget(params: Record<string, string>): QueueTarget {
  const version = params.version as ApiVersion;
  const qmgr = params.qmgr ?? "";
  const queue = params.queue ?? "";
  if (!isValidName(qmgr, "queue manager")) throw badName("queue manager", qmgr);
  if (!isValidName(queue, "queue")) throw badName("queue", queue, qmgr);
  return { version, qmgr, queue };
}

/** The queue manager named by a route that names no queue (the admin MQSC endpoint). */
export function queueManagerTarget(params: Record<string, string>): { version: ApiVersion; qmgr: string } {
  const qmgr = params.qmgr ?? "";
  if (!isValidName(qmgr, "queue manager")) throw badName("queue manager", qmgr);
  return { version: params.version as ApiVersion, qmgr };
}

function isValidName(name: string, what: string): boolean {
  try {
    checkObjectName(name, what);
    return true;
  } catch {
    return false;
  }
}

// --- POST headers ---

/** MQMD Expiry is at most 999,999,999 tenths of a second. */
const MAX_EXPIRY_MS = 99_999_999_900;
const DECIMAL = /^\d+$/;

/** The descriptor fields a POST's headers set; what they leave out takes core's defaults. */
export type PutDescriptor = Pick<
  PutMessage,
  "correlationId" | "correlationIdText" | "expiry" | "persistent" | "replyToQueue" | "replyToQueueManager" | "priority" | "properties"
>;

export function parsePutHeaders(version: ApiVersion, headers: Headers): PutDescriptor {
  if (version !== "v3") {
    for (const name of V3_ONLY_HEADERS) {
      const value = headers.get(name);
      if (value !== null) throw headerNeedsVersion(name, "v3", version);
    }
  }
  // IBM puts REST messages non-persistent unless the request says otherwise, whatever the
  // queue's DEFPSIST; we do the same so that scripts written for IBM behave the same here.
  const descriptor: PutDescriptor = { persistent: false };

  const correlationId = headers.get(HEADER.correlationId);
  if (correlationId !== null) {
    const hex = parseCorrelationId(version, correlationId);
    if (hex === undefined) throw badHeader(HEADER.correlationId, correlationId, "MQRC_CORREL_ID_ERROR", describeIdFormat(version, "correlation"));
    descriptor.correlationId = hex;
    // Kept as written, so that get, browse and list answer it back as IBM's v3 does.
    if (correlationId !== "" && isApplicationCorrelationId(version, correlationId)) descriptor.correlationIdText = correlationId;
  }

  const expiry = headers.get(HEADER.expiry);
  if (expiry !== null) descriptor.expiry = parseExpiry(expiry);

  const persistence = headers.get(HEADER.persistence);
  if (persistence !== null) {
    if (persistence !== "persistent" && persistence !== "nonPersistent") {
      throw badHeader(HEADER.persistence, persistence, "MQRC_PERSISTENCE_ERROR", "persistence is persistent or nonPersistent");
    }
    descriptor.persistent = persistence === "persistent";
  }

  const replyTo = headers.get(HEADER.replyTo);
  if (replyTo !== null) Object.assign(descriptor, parseReplyTo(replyTo));

  const priority = headers.get(HEADER.priority);
  if (priority !== null) {
    if (!/^\d$/.test(priority)) throw badHeader(HEADER.priority, priority, "MQRC_PRIORITY_ERROR", "priority is an integer from 0 to 9");
    descriptor.priority = Number(priority);
  }

  const userProperties = headers.get(HEADER.userProperties);
  if (userProperties !== null) descriptor.properties = parseUserProperties(userProperties);

  return descriptor;
}

/** `unlimited`, or a lifetime in milliseconds from 1 to 99999999900. */
function parseExpiry(value: string): number | null {
  if (value === "unlimited") return null;
  const ms = DECIMAL.test(value) ? Number(value) : NaN;
  if (!(ms >= 1 && ms <= MAX_EXPIRY_MS)) {
    throw badHeader(HEADER.expiry, value, "MQRC_EXPIRY_ERROR", `expiry is unlimited or a whole number of milliseconds from 1 to ${MAX_EXPIRY_MS}`);
  }
  return ms;
}

/** `queue` or `queue@qmgr`; the queue manager defaults to the one the message is put on. */
function parseReplyTo(value: string): Pick<PutDescriptor, "replyToQueue" | "replyToQueueManager"> {
  const at = value.indexOf("@");
  const queue = at < 0 ? value : value.slice(0, at);
  const qmgr = at < 0 ? undefined : value.slice(at + 1);
  if (!isValidName(queue, "queue") || (qmgr !== undefined && !isValidName(qmgr, "queue manager"))) {
    throw badHeader(HEADER.replyTo, value, "MQRC_OBJECT_NAME_ERROR", "the reply-to destination is queue or queue@qmgr, each a valid MQ name");
  }
  return qmgr === undefined ? { replyToQueue: queue } : { replyToQueue: queue, replyToQueueManager: qmgr };
}

// --- Query parameters ---

export interface MessageSelection {
  messageId?: string;
  correlationId?: string;
  /** A JMS message selector (ours, beyond IBM's API), compiled here so a bad one changes nothing. */
  selector?: Selector;
}

type Query = (name: string) => string | undefined;

/** `messageId` and `correlationId`, in the formats of `version`. */
export function parseSelection(version: ApiVersion, query: Query): MessageSelection {
  const selection: MessageSelection = {};
  const messageId = query("messageId");
  if (messageId !== undefined) {
    const hex = parseMessageId(version, messageId);
    if (hex === undefined) throw badQueryParameter("messageId", messageId, "MQRC_MSG_ID_ERROR", describeIdFormat(version, "message"));
    selection.messageId = hex;
  }
  const correlationId = query("correlationId");
  if (correlationId !== undefined) {
    const hex = parseCorrelationId(version, correlationId);
    if (hex === undefined) throw badQueryParameter("correlationId", correlationId, "MQRC_CORREL_ID_ERROR", describeIdFormat(version, "correlation"));
    selection.correlationId = hex;
  }
  const selector = query("selector");
  if (selector !== undefined && selector !== "") {
    try {
      selection.selector = compileSelector(selector);
    } catch (error) {
      throw badQueryParameter("selector", selector, "MQRC_SELECTOR_SYNTAX_ERROR", error instanceof Error ? error.message : String(error));
    }
  }
  return selection;
}

/** `wait`: milliseconds a destructive get waits for a message, 0 when absent, at most `maxWait`. */
export function parseWait(query: Query, maxWait: number): number {
  const value = query("wait");
  if (value === undefined) return 0;
  const ms = DECIMAL.test(value) ? Number(value) : NaN;
  if (!(ms <= maxWait)) {
    throw badQueryParameter(
      "wait",
      value,
      "MQRC_WAIT_INTERVAL_ERROR",
      `wait is a whole number of milliseconds from 0 to ${maxWait}, the longest this server lets a request wait`,
    );
  }
  return ms;
}

/** `limit`: the most summaries a message list returns; undefined for all. */
export function parseLimit(query: Query): number | undefined {
  const value = query("limit");
  if (value === undefined) return undefined;
  const limit = DECIMAL.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(limit)) throw badQueryParameter("limit", value, "MQRC_OPTIONS_ERROR", "limit is a whole number, 0 or more");
  return limit;
}
