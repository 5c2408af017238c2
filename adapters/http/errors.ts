/**
 * Every failure the HTTP facade reports, in IBM MQ's REST error shape, and the one place
 * where MQ reason codes become HTTP statuses.
 *
 * The body is what real mqweb servers send (IBM's reference names the id `messageId`, but
 * mqweb sends `msgId`):
 *
 *   {"error":[{"msgId":"MQWB0009E","action":"...","completionCode":2,"reasonCode":2058,
 *              "type":"rest","message":"MQWB0009E: Could not query the queue manager 'QM9'.",
 *              "explanation":"..."}]}
 *
 * with no other keys. mqweb sends completionCode 0 and reasonCode 0 for a failure of the REST
 * layer itself (a CSRF header, a cookie); ours always carry the MQ reason code that says what
 * was wrong (MQRC_NOT_AUTHORIZED, MQRC_WAIT_INTERVAL_ERROR, ...), with completionCode 2, so a
 * script can act on the number. The explanation is IBM's, followed by what exactly was wrong
 * with this request. Which id answers which failure is the table in messages.ts and below.
 */
import { HTTPException } from "hono/http-exception";
import { MQCC_FAILED, MQError, MQRC, type MQReasonName } from "../../core/index.js";
import { ConfigurationError } from "./configuration-error.js";
import { MESSAGES, messageText, type MessageId } from "./messages.js";

export interface RestErrorDetails {
  /** The HTTP status of the response. */
  status: number;
  msgId: MessageId;
  /** The message's inserts, in order. */
  inserts?: readonly (string | number)[];
  /** What was wrong with this request, after IBM's explanation. */
  detail?: string;
  reason: MQReasonName;
  /** Response headers the failure needs (Allow on a 405). */
  headers?: Record<string, string>;
  /** What to do, where this request needs more than the message's own action says. */
  action?: string;
}

/** A failure the facade answers with an IBM-shaped error body. */
export class RestError extends Error {
  override readonly name = "RestError";
  readonly status: number;
  readonly msgId: MessageId;
  readonly explanation: string;
  readonly action: string;
  readonly reason: MQReasonName;
  readonly headers: Record<string, string>;

  constructor(details: RestErrorDetails) {
    super(messageText(details.msgId, details.inserts));
    const spec = MESSAGES[details.msgId];
    this.status = details.status;
    this.msgId = details.msgId;
    this.explanation = details.detail ? `${spec.explanation} ${details.detail}` : spec.explanation;
    this.action = details.action ?? spec.action;
    this.reason = details.reason;
    this.headers = details.headers ?? {};
  }

  get reasonCode(): number {
    return MQRC[this.reason];
  }

  /** IBM's error body: these keys, in mqweb's order, and no others. */
  body(): { error: [Record<string, string | number>] } {
    return {
      error: [
        {
          msgId: this.msgId,
          action: this.action,
          completionCode: MQCC_FAILED,
          reasonCode: this.reasonCode,
          type: "rest",
          message: `${this.msgId}: ${this.message}`,
          explanation: this.explanation,
        },
      ],
    };
  }

  toResponse(extraHeaders?: Record<string, string>): Response {
    return new Response(JSON.stringify(this.body()), {
      status: this.status,
      headers: { "content-type": "application/json;charset=utf-8", ...this.headers, ...extraHeaders },
    });
  }
}

// --- The errors the facade raises itself ---

/** MQWB0100E: a POST, PATCH or DELETE without IBM's CSRF header. Nothing was done. */
export function csrfHeaderOmitted(header: string): RestError {
  return new RestError({
    status: 403,
    msgId: "MQWB0100E",
    inserts: [header],
    detail: "POST, PATCH and DELETE requests must carry it, with any value.",
    reason: "MQRC_NOT_AUTHORIZED",
  });
}

/** MQWB0302E: a request header (ibm-mq-md-*, ibm-mq-usr) has a value we cannot use. */
export function badHeader(header: string, value: string, reason: MQReasonName, why: string): RestError {
  return new RestError({ status: 400, msgId: "MQWB0302E", inserts: [header, JSON.stringify(value)], detail: sentence(why), reason });
}

/**
 * 400 MQWB0922E: a request header of a later API version than the request's (ibm-mq-md-priority
 * and ibm-mq-usr are v3's; v1 and v2 take ibm-mq-md-correlationId, -expiry, -persistence and
 * -replyTo). Nothing was put.
 */
export function headerNeedsVersion(header: string, needs: string, version: string): RestError {
  return new RestError({ status: 400, msgId: "MQWB0922E", inserts: [header, needs, version], reason: "MQRC_OPTIONS_ERROR" });
}

/** MQWB0902E: a query parameter (wait, messageId, correlationId, limit, attributes, ...) has a value we cannot use. */
export function badQueryParameter(parameter: string, value: string, reason: MQReasonName, why: string): RestError {
  return new RestError({ status: 400, msgId: "MQWB0902E", inserts: [parameter, JSON.stringify(value)], detail: sentence(why), reason });
}

/**
 * A queue manager or queue name in the URL breaks MQ's naming rules. Nothing was touched.
 * A queue manager: MQWB0009E (it cannot be located), 2058; a queue: MQWB0300E (no connection
 * to it can be made), 2152.
 */
export function badName(what: "queue manager" | "queue", name: string, qmgr = ""): RestError {
  const detail = `${JSON.stringify(name)} is not a valid ${what} name: MQ names are 1 to 48 characters from A-Z a-z 0-9 . / _ %; in the URL, / is written %2F and % is written %25.`;
  return what === "queue manager"
    ? new RestError({ status: 400, msgId: "MQWB0009E", inserts: [name], detail, reason: "MQRC_Q_MGR_NAME_ERROR" })
    : new RestError({ status: 400, msgId: "MQWB0300E", inserts: [name, qmgr], detail, reason: "MQRC_OBJECT_NAME_ERROR" });
}

const MESSAGE_MEDIA_TYPES = "text/plain, text/html, text/xml, application/xml or application/json with charset=utf-8, or application/octet-stream";

/** MQWB0306E: the POST's Content-Type is missing or not one the route takes (by default, the message types we store). */
export function unsupportedMediaType(contentType: string | undefined, accepted = MESSAGE_MEDIA_TYPES): RestError {
  return new RestError({
    status: 415,
    msgId: "MQWB0306E",
    detail: `Content-Type ${contentType === undefined ? "is missing" : JSON.stringify(contentType) + " is not supported"}; use ${accepted}.`,
    reason: "MQRC_FORMAT_ERROR",
  });
}

/** MQWB0305E: a text body in a character set other than UTF-8. */
export function unacceptableCharset(charset: string): RestError {
  return new RestError({
    status: 400,
    msgId: "MQWB0305E",
    inserts: [charset],
    detail: "Text bodies must be encoded in UTF-8, with charset=utf-8.",
    reason: "MQRC_FORMAT_ERROR",
  });
}

/** MQWB0301E: the body cannot become a message (bytes that are not UTF-8). */
export function cannotCreateMessage(why: string): RestError {
  return new RestError({ status: 400, msgId: "MQWB0301E", detail: sentence(why), reason: "MQRC_FORMAT_ERROR" });
}

/**
 * MQWB2004E: a JSON request body (the admin MQSC endpoint's, crtmqm's) is not JSON, or not a
 * request the resource understands. Nothing was run.
 */
export function badMqscRequest(why: string, reason: MQReasonName = "MQRC_OPTIONS_ERROR"): RestError {
  return new RestError({ status: 400, msgId: "MQWB2004E", detail: sentence(why), reason });
}

/** 404 MQWB0009E: no queue manager of that name is served here (MQRC_Q_MGR_NAME_ERROR). */
export function unknownQueueManager(name: string): RestError {
  return new RestError({
    status: 404,
    msgId: "MQWB0009E",
    inserts: [name],
    detail: "The queue managers served are the configured ones and those created through the REST API.",
    reason: "MQRC_Q_MGR_NAME_ERROR",
  });
}

/**
 * 413 MQWB0903E: a request body larger than the resource takes; nothing was run. The body
 * is left unread, so the server ends the connection after answering: `Connection: close`
 * tells the client not to send its next request on it.
 */
export function requestTooLarge(limit: number, resource: string): RestError {
  return new RestError({ status: 413, msgId: "MQWB0903E", inserts: [limit, resource], reason: "MQRC_DATA_LENGTH_ERROR", headers: { connection: "close" } });
}

/** 413: an MQSC request larger than the endpoint takes; nothing was run. */
export function mqscRequestTooLarge(limit: number): RestError {
  return requestTooLarge(limit, "mqsc");
}

/** MQWB0104E: no credentials, malformed ones, or ones that are not accepted. */
export function notAuthenticated(why: string): RestError {
  return new RestError({ status: 401, msgId: "MQWB0104E", detail: sentence(why), reason: "MQRC_NOT_AUTHORIZED" });
}

/** 404 MQWB0901E: no resource of the API at this path, whatever the method. */
export function routeNotFound(method: string, path: string): RestError {
  return new RestError({
    status: 404,
    msgId: "MQWB0901E",
    inserts: [path],
    detail: `(${method}) The messaging REST API offers .../messaging/qmgr/{qmgr}/queue/{queue}/message (POST, DELETE, GET), .../queue/{queue}/messagelist (GET) and .../topic/{topic}/message (POST); the administrative REST API offers .../admin/qmgr[/{qmgr}], .../admin/installation and .../admin/action/qmgr/{qmgr}/mqsc; all under /ibmmq/rest/v1, v2 or v3.`,
    reason: "MQRC_FUNCTION_NOT_SUPPORTED",
  });
}

/** 405 MQWB2005E: the resource exists but does not take this method; Allow lists those it takes. */
export function methodNotAllowed(method: string, resource: string, allowed: readonly string[]): RestError {
  return new RestError({
    status: 405,
    msgId: "MQWB2005E",
    inserts: [method, resource],
    detail: `It takes ${allowed.join(", ")}.`,
    reason: "MQRC_FUNCTION_NOT_SUPPORTED",
    headers: { allow: allowed.join(", ") },
  });
}

/** 409 MQWB0904E: crtmqm of a name that is already a queue manager here. */
export function queueManagerExists(name: string): RestError {
  return new RestError({ status: 409, msgId: "MQWB0904E", inserts: [name], reason: "MQRC_OBJECT_ALREADY_EXISTS" });
}

/** 409 MQWB0905E: dltmqm of a configured queue manager. */
export function configuredQueueManager(name: string): RestError {
  return new RestError({ status: 409, msgId: "MQWB0905E", inserts: [name], reason: "MQRC_OBJECT_IN_USE" });
}

// --- MQ reason codes to HTTP statuses: the one table ---

const STATUS_BY_REASON: ReadonlyMap<number, number> = new Map<number, number>([
  [MQRC.MQRC_UNKNOWN_OBJECT_NAME, 404],
  // A malformed queue manager name never reaches here (badName answers 400); 2058 from
  // the resolver means no queue manager has that name, which IBM answers 404.
  [MQRC.MQRC_Q_MGR_NAME_ERROR, 404],
  [MQRC.MQRC_Q_MGR_NOT_AVAILABLE, 503],
  [MQRC.MQRC_Q_MGR_STOPPING, 503],
  [MQRC.MQRC_CONNECTION_BROKEN, 503],
  [MQRC.MQRC_NOT_AUTHORIZED, 403],
  // PUT(DISABLED) / GET(DISABLED): the administrator refuses the operation to everyone,
  // and the same request fails until they re-enable it, so "forbidden" rather than a
  // conflict the client could resolve by changing its request.
  [MQRC.MQRC_PUT_INHIBITED, 403],
  [MQRC.MQRC_GET_INHIBITED, 403],
  // A full queue is transient: consumers drain it and the same request then succeeds.
  // 503 says "retry later" to clients and proxies; 409 would suggest changing the request.
  [MQRC.MQRC_Q_FULL, 503],
  [MQRC.MQRC_MSG_TOO_BIG_FOR_Q, 413],
  [MQRC.MQRC_MSG_TOO_BIG_FOR_Q_MGR, 413],
  [MQRC.MQRC_OBJECT_IN_USE, 409],
  [MQRC.MQRC_OBJECT_NAME_ERROR, 400],
  [MQRC.MQRC_MSG_ID_ERROR, 400],
  [MQRC.MQRC_CORREL_ID_ERROR, 400],
  [MQRC.MQRC_WAIT_INTERVAL_ERROR, 400],
  [MQRC.MQRC_EXPIRY_ERROR, 400],
  [MQRC.MQRC_PERSISTENCE_ERROR, 400],
  [MQRC.MQRC_PRIORITY_ERROR, 400],
  [MQRC.MQRC_PROPERTY_NAME_ERROR, 400],
  [MQRC.MQRC_PROPERTY_TYPE_ERROR, 400],
  [MQRC.MQRC_PROPERTY_VALUE_TOO_BIG, 400],
  [MQRC.MQRC_FORMAT_ERROR, 400],
  [MQRC.MQRC_OPTIONS_ERROR, 400],
  [MQRC.MQRC_DATA_LENGTH_ERROR, 400],
  [MQRC.MQRC_OBJECT_TYPE_ERROR, 400],
  [MQRC.MQRC_Q_TYPE_ERROR, 400],
  // Getting from a remote or model queue: the request names the wrong kind of queue.
  [MQRC.MQRC_OPTION_NOT_VALID_FOR_TYPE, 400],
  [MQRC.MQRC_MSG_TYPE_ERROR, 400],
  [MQRC.MQRC_PERSISTENT_NOT_ALLOWED, 400],
  // An alias whose base queue is missing, or a remote queue without its transmission queue:
  // the administrator's definitions are incomplete, the request itself is fine.
  [MQRC.MQRC_UNKNOWN_ALIAS_BASE_Q, 404],
  [MQRC.MQRC_ALIAS_BASE_Q_TYPE_ERROR, 409],
  [MQRC.MQRC_UNKNOWN_XMIT_Q, 404],
  [MQRC.MQRC_XMIT_Q_USAGE_ERROR, 409],
  [MQRC.MQRC_XMIT_Q_TYPE_ERROR, 409],
  [MQRC.MQRC_REMOTE_Q_NAME_ERROR, 409],
  [MQRC.MQRC_UNKNOWN_REMOTE_Q_MGR, 404],
  [MQRC.MQRC_UNKNOWN_DEF_XMIT_Q, 404],
  [MQRC.MQRC_DEF_XMIT_Q_TYPE_ERROR, 409],
  [MQRC.MQRC_DEF_XMIT_Q_USAGE_ERROR, 409],
  [MQRC.MQRC_Q_DELETED, 404],
  [MQRC.MQRC_SELECTOR_SYNTAX_ERROR, 400],
  [MQRC.MQRC_FUNCTION_NOT_SUPPORTED, 501],
  // The store failed or is full: the server's trouble, and it may pass.
  [MQRC.MQRC_RESOURCE_PROBLEM, 503],
  [MQRC.MQRC_STORAGE_MEDIUM_FULL, 503],
  // The queue manager holds as many non-persistent messages as its memory allows; getters free it.
  [MQRC.MQRC_STORAGE_NOT_AVAILABLE, 503],
  [MQRC.MQRC_UOW_NOT_AVAILABLE, 409],
  [MQRC.MQRC_TOPIC_STRING_ERROR, 400],
  [MQRC.MQRC_OBJECT_DAMAGED, 500],
  [MQRC.MQRC_UNEXPECTED_ERROR, 500],
]);

/** The HTTP status for an MQ reason code; 500 for one the table does not list. */
export function httpStatusFor(reasonCode: number): number {
  return STATUS_BY_REASON.get(reasonCode) ?? 500;
}

/** What a failed request named: which API, queue manager and queue, for the message's inserts. */
export interface ErrorContext {
  area: "messaging" | "admin" | "other";
  qmgr: string;
  queue: string;
}

/** The context of a request, read from its URL (it may not have matched a route). */
export function errorContext(url: string): ErrorContext {
  let path = url;
  try {
    path = new URL(url, "http://localhost").pathname;
  } catch {
    // keep the raw text
  }
  const decode = (text: string | undefined) => {
    try {
      return decodeURIComponent(text ?? "");
    } catch {
      return text ?? "";
    }
  };
  const area = /^\/ibmmq\/rest\/v\d+\/messaging\//.test(path) ? "messaging" : /^\/ibmmq\/rest\/v\d+\/admin\//.test(path) ? "admin" : "other";
  return { area, qmgr: decode(/\/qmgr\/([^/]+)/.exec(path)?.[1]), queue: decode(/\/(?:queue|topic)\/([^/]+)/.exec(path)?.[1]) };
}

/**
 * The RestError for an MQError raised by the queue manager (or the resolver):
 *   2058                  MQWB0009E  the queue manager cannot be located
 *   2085, 2059, 2161, 2009 MQWB0300E  no messaging connection to the queue on the queue manager (messaging API)
 *   2035                  MQWB0103E  not authorized
 *   any other, messaging  MQWB0303E  the put, publish, get or browse failed, with its reason code
 *   any other, admin      MQWB0004E  the queue manager failed the request, with its reason code
 */
export function fromMQError(error: MQError, context: ErrorContext = { area: "other", qmgr: "", queue: "" }): RestError {
  const reason = error.reason in MQRC ? (error.reason as MQReasonName) : "MQRC_UNEXPECTED_ERROR";
  const code = MQRC[reason];
  const status = httpStatusFor(code);
  // The core's messages are written for the person who made the request (which queue,
  // which limit); they carry no stack or internal state.
  const detail = sentence(error.message);
  switch (code) {
    case MQRC.MQRC_Q_MGR_NAME_ERROR:
      return new RestError({ status, msgId: "MQWB0009E", inserts: [context.qmgr], detail, reason });
    case MQRC.MQRC_NOT_AUTHORIZED:
      return new RestError({ status, msgId: "MQWB0103E", inserts: ["open", context.queue || context.qmgr], detail, reason });
    case MQRC.MQRC_UNKNOWN_OBJECT_NAME:
    case MQRC.MQRC_Q_MGR_NOT_AVAILABLE:
    case MQRC.MQRC_Q_MGR_STOPPING:
    case MQRC.MQRC_CONNECTION_BROKEN:
      if (context.area !== "admin") return new RestError({ status, msgId: "MQWB0300E", inserts: [context.queue, context.qmgr], detail, reason });
  }
  return context.area === "admin"
    ? new RestError({ status, msgId: "MQWB0004E", inserts: [code, reason], detail, reason })
    : new RestError({ status, msgId: "MQWB0303E", detail, reason });
}

/**
 * Any thrown value as a Response. Anything that is neither ours, an MQError nor a Hono
 * HTTPException is a bug: it becomes a 500 that says nothing about the internals.
 */
export function errorResponse(error: unknown, request?: Request): Response {
  if (error instanceof RestError) return error.toResponse();
  if (error instanceof MQError) return fromMQError(error, request ? errorContext(request.url) : undefined).toResponse();
  if (error instanceof HTTPException) return error.getResponse();
  if (error instanceof ConfigurationError) {
    // The operator's mistake, not a bug: name the variable to fix; the log says what is wrong.
    console.error(`webmq: ${error.message}`);
    const detail = `This server's configuration is not usable: ${error.variable} must be fixed; the server's log says what is wrong with it.`;
    return new RestError({ status: 500, msgId: "MQWB0000E", inserts: [error.name], detail, reason: error.reason }).toResponse();
  }
  // The client is told nothing of it; the log must be (a 500 nobody can explain is a bug nobody finds).
  console.error("webmq: an unexpected error was answered 500 MQWB0000E:", error);
  return new RestError({
    status: 500,
    msgId: "MQWB0000E",
    inserts: [error instanceof Error ? error.name : typeof error],
    detail: "The server failed while handling the request; the failure is not described to clients.",
    reason: "MQRC_UNEXPECTED_ERROR",
  }).toResponse();
}

// --- Internal helpers ---

/** A detail as a sentence: capitalised and ending in a full stop, as IBM's explanations are. */
function sentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "") return trimmed;
  const capital = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : capital + ".";
}
