/**
 * The MQSC command set: verbs and their synonyms, the object keywords each verb takes, the
 * commands that are recognised but not implemented (each with its own reason), and how a
 * failure inside a command becomes runmqsc's message.
 */
import { MQError } from "../../base/errors.js";
import type { ObjectType } from "../../objects/definitions.js";
import { MQRCCF, type AmqMessageName } from "../../objects/catalogue/messages.js";
import { amq, failed, productMessage, type Outcome } from "./result.js";

/** Thrown by a command handler for input that breaks MQSC's rules; the executor reports it with its position. */
export class MqscSyntax extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

export const VERBS: Record<string, string> = {
  DEFINE: "DEFINE",
  DEF: "DEFINE",
  ALTER: "ALTER",
  ALT: "ALTER",
  DELETE: "DELETE",
  DISPLAY: "DISPLAY",
  DIS: "DISPLAY",
  CLEAR: "CLEAR",
  START: "START",
  STA: "START",
  STOP: "STOP",
  SET: "SET",
  REFRESH: "REFRESH",
  REF: "REFRESH",
  RESET: "RESET",
  PING: "PING",
  RESOLVE: "RESOLVE",
  RVE: "RESOLVE",
  SUSPEND: "SUSPEND",
  RESUME: "RESUME",
  PURGE: "PURGE",
  END: "END",
};

/** An object type MQSC names, with the messages its commands answer with. */
export interface ObjectCommandType {
  type: ObjectType;
  /** The keyword DISPLAY heads each object with, e.g. QUEUE, PROCESS, SUB. */
  displayKeyword: string;
  /** The TYPE(...) a queue shows, e.g. QLOCAL; undefined for other kinds. */
  queueType?: string;
  created: AmqMessageName;
  changed: AmqMessageName;
  deleted: AmqMessageName;
  details: AmqMessageName;
}

const QUEUE_MESSAGES = { created: "queueCreated", changed: "queueChanged", deleted: "queueDeleted", details: "displayQueueDetails" } as const;

const LOCAL: ObjectCommandType = { type: "localQueue", displayKeyword: "QUEUE", queueType: "QLOCAL", ...QUEUE_MESSAGES };
const ALIAS: ObjectCommandType = { type: "aliasQueue", displayKeyword: "QUEUE", queueType: "QALIAS", ...QUEUE_MESSAGES };
const REMOTE: ObjectCommandType = { type: "remoteQueue", displayKeyword: "QUEUE", queueType: "QREMOTE", ...QUEUE_MESSAGES };
const MODEL: ObjectCommandType = { type: "modelQueue", displayKeyword: "QUEUE", queueType: "QMODEL", ...QUEUE_MESSAGES };
const PROCESS: ObjectCommandType = {
  type: "process",
  displayKeyword: "PROCESS",
  created: "processCreated",
  changed: "processChanged",
  deleted: "processDeleted",
  details: "displayProcessDetails",
};
const NAMELIST: ObjectCommandType = {
  type: "namelist",
  displayKeyword: "NAMELIST",
  created: "namelistCreated",
  changed: "namelistChanged",
  deleted: "namelistDeleted",
  details: "displayNamelistDetails",
};
const TOPIC: ObjectCommandType = {
  type: "topic",
  displayKeyword: "TOPIC",
  created: "topicCreated",
  changed: "topicChanged",
  deleted: "topicDeleted",
  details: "displayTopicDetails",
};
const SUBSCRIPTION: ObjectCommandType = {
  type: "subscription",
  displayKeyword: "SUB",
  created: "subscriptionCreated",
  changed: "subscriptionChanged",
  deleted: "subscriptionDeleted",
  details: "displaySubscriptionDetails",
};
const LISTENER: ObjectCommandType = {
  type: "listener",
  displayKeyword: "LISTENER",
  created: "listenerCreated",
  changed: "listenerChanged",
  deleted: "listenerDeleted",
  details: "displayListenerDetails",
};
const CHANNEL: ObjectCommandType = {
  type: "channel",
  displayKeyword: "CHANNEL",
  created: "channelCreated",
  changed: "channelChanged",
  deleted: "channelDeleted",
  details: "displayChannelDetails",
};

/** Object keywords (and IBM's synonyms) of DEFINE, ALTER, DELETE and DISPLAY. */
export const OBJECT_KEYWORDS: Record<string, ObjectCommandType> = {
  QLOCAL: LOCAL,
  QL: LOCAL,
  QALIAS: ALIAS,
  QA: ALIAS,
  QREMOTE: REMOTE,
  QR: REMOTE,
  QMODEL: MODEL,
  QM: MODEL,
  PROCESS: PROCESS,
  PRO: PROCESS,
  NAMELIST: NAMELIST,
  NL: NAMELIST,
  TOPIC: TOPIC,
  SUB: SUBSCRIPTION,
  SUBSCRIPTION: SUBSCRIPTION,
  CHANNEL: CHANNEL,
  CHL: CHANNEL,
  LISTENER: LISTENER,
  LSTR: LISTENER,
};

/** DISPLAY QUEUE(...) shows queues of every type. */
export const QUEUE_KEYWORDS = new Set(["QUEUE", "Q"]);

/**
 * Commands the product recognises but does not carry out: each answers with why, and
 * changes nothing. The key is the verb and the object keyword.
 */
export const NOT_IMPLEMENTED: Record<string, string> = {
  "DEFINE AUTHINFO": "authentication information objects (LDAP, IDPWOS, CRL) are not implemented: the REST API authenticates with bearer tokens",
  "ALTER AUTHINFO": "authentication information objects are not implemented: the REST API authenticates with bearer tokens",
  "DELETE AUTHINFO": "authentication information objects are not implemented",
  "DISPLAY AUTHINFO": "authentication information objects are not implemented",
  "REFRESH SECURITY": "there is no security cache to refresh: bearer tokens are read from the worker's environment on each request",
  "DEFINE SERVICE": "services start operating-system programs, which a browser or an edge worker cannot run",
  "START SERVICE": "services start operating-system programs, which a browser or an edge worker cannot run",
  "STOP SERVICE": "services are not implemented",
  "DISPLAY SERVICE": "services are not implemented",
  "DEFINE COMMINFO": "multicast communication information objects are not implemented",
  "DISPLAY COMMINFO": "multicast communication information objects are not implemented",
  "REFRESH QMGR": "event and configuration messages are not implemented yet",
  "RESET QMGR": "statistics and channel-related queue manager resets are not implemented",
  "RESET QSTATS": "queue statistics are not kept yet",
  "STOP CONN": "connections are not tracked: REST requests are not MQ connections",
  "DISPLAY PUBSUB":
    "there are no publish/subscribe hierarchies or clusters to report on: publications are delivered inside this queue manager (see DISPLAY TPSTATUS and SBSTATUS)",
  "SET POLICY": "security policies (Advanced Message Security) are not implemented",
  "DISPLAY POLICY": "security policies (Advanced Message Security) are not implemented",
  "SET LOG": "there is no recovery log to manage: the store commits every batch atomically",
  "DISPLAY LOG": "there is no recovery log: the store commits every batch atomically",
  "PURGE CHANNEL": "channels do not yet move messages",
};

/** How a failure inside a valid command is reported, as runmqsc would. */
export function failure(error: unknown, name: string): Outcome {
  if (!(error instanceof MQError)) {
    const text = error instanceof Error ? error.message : String(error);
    return failed(MQRCCF.MQRCCF_COMMAND_FAILED, [productMessage(900, "E", `The command failed unexpectedly: ${text}`)]);
  }
  switch (error.reason) {
    case "MQRC_UNKNOWN_OBJECT_NAME":
      return failed(error.reasonCode, [amq("objectNotFound", name)]);
    case "MQRC_OBJECT_ALREADY_EXISTS":
      return failed(MQRCCF.MQRCCF_OBJECT_ALREADY_EXISTS, [amq("objectAlreadyExists")]);
    case "MQRC_OBJECT_TYPE_ERROR":
      return failed(MQRCCF.MQRCCF_OBJECT_WRONG_TYPE, [amq("objectWrongType"), productMessage(101, "E", error.message.replace(/^MQRC_\w+ \(\d+\): /, ""))]);
    case "MQRC_Q_NOT_EMPTY":
      return failed(error.reasonCode, [amq("queueNotEmpty")]);
    case "MQRC_OBJECT_IN_USE":
      return failed(MQRCCF.MQRCCF_OBJECT_OPEN, [amq("objectInUse"), productMessage(102, "E", error.message.replace(/^MQRC_\w+ \(\d+\): /, ""))]);
    default:
      return failed(error.reasonCode, [productMessage(100, "E", error.message)]);
  }
}
