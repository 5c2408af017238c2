/**
 * The MQWB messages the HTTP facade answers with: one id for one meaning, each with its text
 * (`{0}`, `{1}` are IBM's <insert_0>, <insert_1>), explanation and action.
 *
 * IBM's ids carry IBM's texts, from IBM's "REST API messages" reference (MQWB00xx, MQWB01xx,
 * MQWB03xx) and the IBM MQ Console messages (MQWB2xxx), and from bodies real mqweb servers
 * send (MQWB0009E's wording). IBM's catalogue has no message for four things a client can
 * get wrong here (an unknown resource, a bad query parameter, a body over a size limit, and
 * our crtmqm and dltmqm calls), so those are ours, in MQWB09xx: a range IBM documents
 * nothing in, so that a client that parses `MQWBnnnnX` still can, and no id means two things.
 */

export interface MessageSpec {
  /** The text after "MQWBnnnnE: ", with `{n}` for each insert. */
  text: string;
  explanation: string;
  action: string;
  /** Whether the id is IBM's (its text as IBM words it) or ours (MQWB09xx). */
  origin: "IBM" | "webmq";
}

const RESUBMIT = "Resubmit the request, correcting any issues.";

export const MESSAGES = {
  MQWB0000E: {
    origin: "IBM",
    text: "An unexpected exception {0} occurred.",
    explanation: "An exception was thrown which is not otherwise handled.",
    action: "Resubmit the request; if the problem persists, contact the administrator of this server.",
  },
  MQWB0004E: {
    origin: "IBM",
    text: "An internal error occurred while communicating with the queue manager. The root MQ reason code was {0} : {1}.",
    explanation:
      "The REST API caught an exception when communicating with the queue manager. This might indicate that there was a problem with the queue manager, or that a parameter that was passed was incorrect.",
    action: "Rectify the problem, which might require operations to be performed on the queue manager, and resubmit the request.",
  },
  MQWB0009E: {
    origin: "IBM",
    text: "Could not query the queue manager '{0}'.",
    explanation: "The REST API was invoked specifying a queue manager name which cannot be located.",
    action: "Resubmit the request with a valid queue manager name.",
  },
  MQWB0100E: {
    origin: "IBM",
    text: "The CSRF header {0} was omitted from the request.",
    explanation: "The REST API request cannot be completed because the CSRF header was omitted.",
    action: "Resubmit the request with the correct CSRF header.",
  },
  MQWB0103E: {
    origin: "IBM",
    // IBM's variants: "Not authorized to put to <insert_0>.", "... get from ...", "... open ...", ...
    text: "Not authorized to {0} {1}.",
    explanation: "The authenticated principal is not authorized to perform the requested REST API operation.",
    action: "Obtain the necessary authorization to perform the operation and resubmit the request.",
  },
  MQWB0104E: {
    origin: "IBM",
    text: "The REST API request is not authenticated.",
    explanation: "The REST API request cannot be completed because credentials were omitted from the request.",
    action: "Resubmit the request with valid credentials.",
  },
  MQWB0300E: {
    origin: "IBM",
    text: "Cannot create messaging connection to {0} on {1}.",
    explanation: "The queue manager or destination might not be created or active.",
    action: RESUBMIT,
  },
  MQWB0301E: {
    origin: "IBM",
    text: "Cannot create message.",
    explanation: "The message could not be created.",
    action: RESUBMIT,
  },
  MQWB0302E: {
    origin: "IBM",
    text: "The {0} request header cannot be set as {1} is not a valid request header value.",
    explanation: "The API request cannot be completed because an invalid value was specified for a request header.",
    action: "Resubmit the request using a valid header value.",
  },
  MQWB0303E: {
    origin: "IBM",
    text: "An unforeseen error occurred while sending, publishing, receiving, or browsing the message.",
    explanation: "An underlying error occurred while sending, publishing, receiving, or browsing the message.",
    action: RESUBMIT,
  },
  MQWB0305E: {
    origin: "IBM",
    text: "The character set {0} is not acceptable for the request.",
    explanation: "The request is encoded using an unacceptable character set.",
    action: RESUBMIT,
  },
  MQWB0306E: {
    origin: "IBM",
    text: "The media type is unsupported for this type of request.",
    explanation: "The request attempted to use an unsupported media type.",
    action: RESUBMIT,
  },
  MQWB2004E: {
    origin: "IBM",
    text: "The body of the request could not be parsed.",
    explanation: "The body of the HTTP request could not be parsed, possibly due to bad formatting of the data.",
    action: "Ensure the request contains valid data that matches the data format expected for the specified HTTP resource, HTTP method, and HTTP content type.",
  },
  MQWB2005E: {
    origin: "IBM",
    text: "The {0} HTTP method is not allowed for the {1} resource request.",
    explanation: "A recognized resource request has been made, but it does not support the specified method.",
    action: "Update the request to specify a different resource or specify a different HTTP method.",
  },
  MQWB0901E: {
    origin: "webmq",
    text: "There is no resource at {0}.",
    explanation: "The request names no resource of the messaging or administrative REST API.",
    action: "Resubmit the request to a valid resource URL.",
  },
  MQWB0902E: {
    origin: "webmq",
    text: "The {0} query parameter cannot be set as {1} is not a valid value.",
    explanation: "The API request cannot be completed because an invalid value was specified for a query parameter.",
    action: "Resubmit the request using a valid query parameter value.",
  },
  MQWB0903E: {
    origin: "webmq",
    text: "The request body is larger than {0} bytes, the most the {1} resource takes.",
    explanation: "The request was refused before its body was read; nothing was run.",
    action: "Resubmit the request with a smaller body, or split it into several requests.",
  },
  MQWB0904E: {
    origin: "webmq",
    text: "The queue manager {0} already exists.",
    explanation: "AMQ8110E: IBM MQ queue manager already exists. A queue manager of that name is configured or was created before.",
    action: "Use the existing queue manager, or create one with another name.",
  },
  MQWB0905E: {
    origin: "webmq",
    text: "The queue manager {0} is configured and cannot be deleted.",
    explanation:
      "Only queue managers created through the REST API are deleted through it; a configured one exists because the server's configuration names it.",
    action: "Remove the queue manager from the server's configuration (MQ_QUEUE_MANAGERS on the edge) instead.",
  },
  // Leased gets (leases.ts) and version-bound headers: ours, numbered apart from MQWB090x.
  MQWB0920E: {
    origin: "webmq",
    text: "The lease {0} on queue {1} ended at {2}.",
    explanation: "The request names the lease of a leased get (?lease=), and that lease has already ended.",
    action: "Get the message again with ?lease=, and confirm it before its lease ends (webmq-lease-expires says when).",
  },
  MQWB0921E: {
    origin: "webmq",
    text: "No lease {0} is held on queue {1} of queue manager {2}.",
    explanation: "The request names a lease of a leased get (?confirm= or ?release=) that this server does not hold.",
    action: "Resubmit the request with the webmq-lease header of a get made with ?lease=, on the same queue; after a restart, get the message again.",
  },
  MQWB0922E: {
    origin: "webmq",
    text: "The {0} request header is only available with REST API {1}; this request uses {2}.",
    explanation: "The header is part of a later version of the messaging REST API than the one in the request URL.",
    action: "Resubmit the request to the URL of the version that takes the header, or without the header.",
  },
} as const satisfies Record<string, MessageSpec>;

export type MessageId = keyof typeof MESSAGES;

/** The message's text with its inserts, e.g. "Could not query the queue manager 'QM2'." */
export function messageText(id: MessageId, inserts: readonly (string | number)[] = []): string {
  return MESSAGES[id].text.replace(/\{(\d)\}/g, (_, n: string) => String(inserts[Number(n)] ?? ""));
}
