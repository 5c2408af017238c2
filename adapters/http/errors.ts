/**
 * Every failure the HTTP facade reports, in IBM MQ's REST error shape, and the one place
 * where MQ reason codes become HTTP statuses.
 *
 * IBM documents the body as `{"error":[{type, messageId, message, explanation, action,
 * completionCode, reasonCode}]}`, but real mqweb servers send the id as `msgId`; we send
 * `msgId`, and add `reason` (the MQRC name) so that a script need not look numbers up.
 *
 * The MQWB message ids used here are IBM's documented ones, chosen by meaning:
 *   MQWB0009E unknown queue manager, MQWB0103E not authorized, MQWB0104E not authenticated,
 *   MQWB0300E cannot reach the queue manager or queue, MQWB0301E cannot create the message,
 *   MQWB0302E bad request header, MQWB0303E the put/get/browse failed (carries the MQRC),
 *   MQWB0305E bad charset, MQWB0306E unsupported media type, MQWB0000E unexpected exception,
 *   MQWB2004E a request body that cannot be parsed (the admin MQSC endpoint's JSON body; the
 *   id is from IBM's mqweb MQWB2xxx range, "The body of the request could not be parsed").
 * Which id IBM itself sends for, say, an unknown queue on the messaging API is not
 * documented in what we could read; the reason code is the dependable part.
 */
import { HTTPException } from "hono/http-exception";
import { MQCC_FAILED, MQError, MQRC, type MQReasonName } from "../../core/index.js";

export interface RestErrorDetails {
  /** The HTTP status of the response. */
  status: number;
  /** IBM's MQWBnnnnE id. */
  msgId: string;
  /** The message text after "MQWBnnnnE: ". */
  message: string;
  explanation: string;
  action: string;
  reason: MQReasonName;
}

/** A failure the facade answers with an IBM-shaped error body. */
export class RestError extends Error {
  override readonly name = "RestError";
  readonly status: number;
  readonly msgId: string;
  readonly explanation: string;
  readonly action: string;
  readonly reason: MQReasonName;

  constructor(details: RestErrorDetails) {
    super(details.message);
    this.status = details.status;
    this.msgId = details.msgId;
    this.explanation = details.explanation;
    this.action = details.action;
    this.reason = details.reason;
  }

  get reasonCode(): number {
    return MQRC[this.reason];
  }

  toResponse(extraHeaders?: Record<string, string>): Response {
    const body = {
      error: [
        {
          type: "rest",
          msgId: this.msgId,
          message: `${this.msgId}: ${this.message}`,
          explanation: this.explanation,
          action: this.action,
          completionCode: MQCC_FAILED,
          reasonCode: this.reasonCode,
          reason: this.reason,
        },
      ],
    };
    return new Response(JSON.stringify(body), {
      status: this.status,
      headers: { "content-type": "application/json;charset=utf-8", ...extraHeaders },
    });
  }
}

// --- The errors the facade raises itself ---

/** MQWB0100E: a POST, PATCH or DELETE without IBM's CSRF header. Nothing was done. */
export function csrfHeaderOmitted(header: string): RestError {
  return new RestError({
    status: 403,
    msgId: "MQWB0100E",
    message: `The CSRF header ${header} was omitted from the request.`,
    explanation: "The REST API request cannot be completed because the CSRF header was omitted: POST, PATCH and DELETE requests must carry it, with any value.",
    action: `Resubmit the request with the ${header} header.`,
    reason: "MQRC_NOT_AUTHORIZED",
  });
}

/** MQWB0302E: a request header (ibm-mq-md-*, ibm-mq-usr) has a value we cannot use. */
export function badHeader(header: string, value: string, reason: MQReasonName, why: string): RestError {
  return new RestError({
    status: 400,
    msgId: "MQWB0302E",
    message: `The ${header} request header cannot be set as ${JSON.stringify(value)} is not a valid request header value.`,
    explanation: why,
    action: "Resubmit the request using a valid header value.",
    reason,
  });
}

/** A query parameter (wait, messageId, correlationId, limit) has a value we cannot use. */
export function badQueryParameter(parameter: string, value: string, reason: MQReasonName, why: string): RestError {
  return new RestError({
    status: 400,
    msgId: "MQWB0303E",
    message: `The ${parameter} query parameter cannot be set as ${JSON.stringify(value)} is not a valid value.`,
    explanation: why,
    action: "Resubmit the request with a valid query parameter value.",
    reason,
  });
}

/** A queue manager or queue name in the URL breaks MQ's naming rules. Nothing was touched. */
export function badName(what: "queue manager" | "queue", name: string): RestError {
  return new RestError({
    status: 400,
    msgId: "MQWB0300E",
    message: `The ${what} name ${JSON.stringify(name)} is not valid.`,
    explanation: "MQ names are 1 to 48 characters from A-Z a-z 0-9 . / _ %; in the URL, / is written %2F and % is written %25.",
    action: "Resubmit the request with a valid name.",
    reason: what === "queue manager" ? "MQRC_Q_MGR_NAME_ERROR" : "MQRC_OBJECT_NAME_ERROR",
  });
}

const MESSAGE_MEDIA_TYPES = "text/plain, text/html, text/xml, application/xml or application/json with charset=utf-8, or application/octet-stream";

/** MQWB0306E: the POST's Content-Type is missing or not one the route takes (by default, the message types we store). */
export function unsupportedMediaType(contentType: string | undefined, accepted = MESSAGE_MEDIA_TYPES): RestError {
  return new RestError({
    status: 415,
    msgId: "MQWB0306E",
    message: "The media type is unsupported for this type of request.",
    explanation: `Content-Type ${contentType === undefined ? "is missing" : JSON.stringify(contentType) + " is not supported"}; use ${accepted}.`,
    action: "Resubmit the request with a supported Content-Type header.",
    reason: "MQRC_FORMAT_ERROR",
  });
}

/** MQWB0305E: a text body in a character set other than UTF-8. */
export function unacceptableCharset(charset: string): RestError {
  return new RestError({
    status: 400,
    msgId: "MQWB0305E",
    message: `The character set ${charset} is not acceptable for the request.`,
    explanation: "Text bodies must be encoded in UTF-8.",
    action: "Resubmit the request encoded as UTF-8, with charset=utf-8.",
    reason: "MQRC_FORMAT_ERROR",
  });
}

/** MQWB0301E: the body cannot become a message (invalid JSON, bytes that are not UTF-8). */
export function cannotCreateMessage(why: string): RestError {
  return new RestError({
    status: 400,
    msgId: "MQWB0301E",
    message: "Cannot create message.",
    explanation: why,
    action: "Resubmit the request, correcting any issues.",
    reason: "MQRC_FORMAT_ERROR",
  });
}

/**
 * MQWB2004E: the admin MQSC endpoint's body is not JSON, or not a request it understands
 * (no or unknown `type`, no command, a field of the wrong type). Nothing was run.
 */
export function badMqscRequest(why: string, reason: MQReasonName = "MQRC_OPTIONS_ERROR"): RestError {
  return new RestError({
    status: 400,
    msgId: "MQWB2004E",
    message: "The body of the request could not be parsed.",
    explanation: why,
    action: 'Resubmit the request with a JSON body such as {"type":"runCommand","parameters":{"command":"DISPLAY QMGR"}} or {"type":"runCommandJSON","command":"display","qualifier":"qlocal","name":"*"}.',
    reason,
  });
}

/** 404 MQWB0009E: no queue manager of that name is served here (MQRC_Q_MGR_NAME_ERROR). */
export function unknownQueueManager(name: string): RestError {
  return fromMQError(new MQError("MQRC_Q_MGR_NAME_ERROR", `there is no queue manager ${name} here; the queue managers served are configured (MQ_QUEUE_MANAGERS)`));
}

/** 413: an MQSC request larger than the endpoint takes; nothing was run. */
export function mqscRequestTooLarge(limit: number): RestError {
  return new RestError({
    status: 413,
    msgId: "MQWB2004E",
    message: "The body of the request could not be parsed.",
    explanation: `The request body is larger than ${limit} bytes, the most this endpoint takes; nothing was run.`,
    action: "Send the MQSC in several smaller requests.",
    reason: "MQRC_DATA_LENGTH_ERROR",
  });
}

/** MQWB0104E: no bearer token, a malformed one, or one that is not accepted. */
export function notAuthenticated(why: string): RestError {
  return new RestError({
    status: 401,
    msgId: "MQWB0104E",
    message: "The REST API request is not authenticated.",
    explanation: why,
    action: "Resubmit the request with an Authorization: Bearer header carrying a valid token.",
    reason: "MQRC_NOT_AUTHORIZED",
  });
}

export function routeNotFound(method: string, path: string): RestError {
  return new RestError({
    status: 404,
    msgId: "MQWB0303E",
    message: `There is no ${method} resource at ${path}.`,
    explanation: "The messaging REST API offers POST, DELETE and GET on .../messaging/qmgr/{qmgr}/queue/{queue}/message and GET on .../queue/{queue}/messagelist; the admin API offers POST on .../admin/action/qmgr/{qmgr}/mqsc; all under /ibmmq/rest/v1, v2 or v3.",
    action: "Resubmit the request to a valid resource URL.",
    reason: "MQRC_FUNCTION_NOT_SUPPORTED",
  });
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

function messageIdFor(reasonCode: number): string {
  switch (reasonCode) {
    case MQRC.MQRC_Q_MGR_NAME_ERROR:
      return "MQWB0009E";
    case MQRC.MQRC_UNKNOWN_OBJECT_NAME:
    case MQRC.MQRC_Q_MGR_NOT_AVAILABLE:
    case MQRC.MQRC_Q_MGR_STOPPING:
    case MQRC.MQRC_CONNECTION_BROKEN:
      return "MQWB0300E";
    case MQRC.MQRC_NOT_AUTHORIZED:
      return "MQWB0103E";
    default:
      return "MQWB0303E";
  }
}

const MESSAGE_TEXT: Record<string, string> = {
  MQWB0009E: "Could not query the queue manager.",
  MQWB0300E: "Cannot create messaging connection to the queue manager or queue.",
  MQWB0103E: "Not authorized.",
  MQWB0303E: "An unforeseen error occurred while sending, receiving, or browsing the message.",
};

/** The RestError for an MQError raised by the queue manager (or the resolver). */
export function fromMQError(error: MQError): RestError {
  const msgId = messageIdFor(error.reasonCode);
  const reason = error.reason in MQRC ? (error.reason as MQReasonName) : "MQRC_UNEXPECTED_ERROR";
  return new RestError({
    status: httpStatusFor(error.reasonCode),
    msgId,
    message: MESSAGE_TEXT[msgId]!,
    // The core's messages are written for the person who made the request (which queue,
    // which limit); they carry no stack or internal state.
    explanation: error.message,
    action: "Resubmit the request, correcting any issues.",
    reason,
  });
}

/**
 * Any thrown value as a Response. Anything that is neither ours, an MQError nor a Hono
 * HTTPException is a bug: it becomes a 500 that says nothing about the internals.
 */
export function errorResponse(error: unknown): Response {
  if (error instanceof RestError) return error.toResponse();
  if (error instanceof MQError) return fromMQError(error).toResponse();
  if (error instanceof HTTPException) return error.getResponse();
  return new RestError({
    status: 500,
    msgId: "MQWB0000E",
    message: "An unexpected exception occurred.",
    explanation: "The server failed while handling the request; the failure is not described to clients.",
    action: "Resubmit the request; if the problem persists, contact the administrator.",
    reason: "MQRC_UNEXPECTED_ERROR",
  }).toResponse();
}
