/**
 * One line on what an MQSC command does, for the console's help line: by verb, and by verb
 * and object keyword. Which commands exist comes from core (VERBS, OBJECT_KEYWORDS,
 * NOT_IMPLEMENTED); only the words are here.
 */
import { NOT_IMPLEMENTED, OBJECT_KEYWORDS, VERBS } from "../../core/internal.js";
import type { ObjectType } from "../../core/index.js";

/** The object keywords each verb takes, canonical spellings only, in the order worth showing. */
const OBJECTS = ["QLOCAL", "QALIAS", "QREMOTE", "QMODEL", "PROCESS", "NAMELIST", "TOPIC", "SUB", "CHANNEL"];
export const VERB_OBJECTS: Record<string, string[]> = {
  DEFINE: OBJECTS,
  ALTER: [...OBJECTS, "QMGR"],
  DELETE: [...OBJECTS, "AUTHREC"],
  DISPLAY: [...OBJECTS, "QUEUE", "QMGR", "QSTATUS", "CHSTATUS", "AUTHREC", "ENTAUTH"],
  SET: ["AUTHREC"],
  CLEAR: ["QLOCAL"],
  START: ["CHANNEL"],
  STOP: ["CHANNEL"],
};

const VERB_HELP: Record<string, string> = {
  DEFINE: "creates an object, e.g. DEFINE QLOCAL(MY.QUEUE) MAXDEPTH(100)",
  ALTER: "changes some attributes of an object that exists; the rest keep their values",
  DELETE: "deletes an object",
  DISPLAY: "shows objects and their attributes, or the live status of queues and channels",
  CLEAR: "removes every message from a local queue",
  START: "starts a channel or a listener",
  STOP: "stops a channel or a listener",
  END: "ends a runmqsc session; here it does nothing",
};

const NOUNS: Record<ObjectType, [one: string, many: string]> = {
  localQueue: ["a local queue, which holds messages", "local queues"],
  aliasQueue: ["an alias queue: another name for a queue or a topic", "alias queues"],
  remoteQueue: ["a remote queue definition: a local name for a queue on another queue manager", "remote queue definitions"],
  modelQueue: ["a model queue: the template that dynamic queues are made from", "model queues"],
  process: ["a process definition: the application a trigger starts", "process definitions"],
  namelist: ["a namelist: a named list of object names", "namelists"],
  topic: ["a topic object: a point in the topic tree and its attributes", "topic objects"],
  subscription: ["a durable subscription", "subscriptions"],
  channel: ["a channel: a link to another queue manager or a client", "channels"],
  listener: ["a listener: the TCP port MQ clients and channels connect to (a state only here: clients come over HTTP)", "listeners"],
};

const SPECIAL: Record<string, string> = {
  "ALTER QMGR": "changes the queue manager's own attributes, e.g. DEADQ, MAXMSGL, DESCR",
  "DISPLAY QMGR": "shows the queue manager's attributes; name some, or ALL",
  "DISPLAY QUEUE": "shows queues of every type whose name matches (a trailing * is generic); TYPE(QLOCAL) narrows it",
  "DISPLAY QSTATUS": "shows the live figures of local queues (CURDEPTH, IPPROCS, OPPROCS, last put and get), or with TYPE(HANDLE) their open handles",
  "DISPLAY CHSTATUS": "shows the status of channels that have been started",
  "CLEAR QLOCAL": "removes every message from a local queue; the queue stays, and it refuses while the queue is open",
  "START CHANNEL": "starts a channel (channels do not yet move messages between queue managers)",
  "STOP CHANNEL": "stops a channel that was started",
  "SET AUTHREC": "grants (AUTHADD) or takes away (AUTHRMV) authorities of a PRINCIPAL or GROUP on a PROFILE (generic: ?, *, **) of an OBJTYPE",
  "DELETE AUTHREC": "deletes the authority record of a PRINCIPAL or GROUP on a PROFILE of an OBJTYPE",
  "DISPLAY AUTHREC": "shows authority records; PROFILE, OBJTYPE, PRINCIPAL or GROUP and MATCH(PROFILE|EXACT|MEMBERSHIP) filter them",
  "DISPLAY ENTAUTH": "shows what a PRINCIPAL or GROUP may do on one object (OBJNAME, OBJTYPE), its groups' records included",
};

const OTHER_SYNONYMS: Record<string, string> = { Q: "QUEUE", QS: "QSTATUS", CHS: "CHSTATUS" };

/** The canonical verb for a verb or its synonym (DIS -> DISPLAY), or undefined. */
export function canonicalVerb(word: string): string | undefined {
  return VERBS[word];
}

export function verbHelp(verb: string): string {
  const objects = VERB_OBJECTS[verb];
  const takes = objects ? `; objects: ${objects.join(", ")}` : "";
  const notImplemented = Object.keys(NOT_IMPLEMENTED).filter((command) => command.startsWith(`${verb} `));
  const described = VERB_HELP[verb] ?? (notImplemented.length > 0 ? `recognised, not implemented here (${notImplemented.join(", ")})` : "");
  return `${verb}: ${described}${takes}`;
}

/** What VERB OBJECT does, or undefined when this queue manager does not know the command. */
export function commandHelp(verb: string, objectKeyword: string): string | undefined {
  const object = OBJECT_KEYWORDS[objectKeyword];
  // Synonyms (QL, DIS Q, QS, ...) are described under the canonical keyword.
  const canonical = object
    ? (OBJECTS.find((keyword) => OBJECT_KEYWORDS[keyword] === object) ?? objectKeyword)
    : (OTHER_SYNONYMS[objectKeyword] ?? objectKeyword);
  const name = `${verb} ${canonical}`;
  const reason = NOT_IMPLEMENTED[`${verb} ${objectKeyword}`];
  if (reason !== undefined) return `${verb} ${objectKeyword}: recognised but not implemented: ${reason}`;
  if (SPECIAL[name]) return `${name}: ${SPECIAL[name]}`;
  if (!object || !VERB_OBJECTS[verb]?.includes(canonical)) return undefined;
  const [one, many] = NOUNS[object.type];
  switch (verb) {
    case "DEFINE":
      return `${name}: creates ${one}; LIKE(name) copies another's attributes, REPLACE redefines one that exists`;
    case "ALTER":
      return `${name}: changes the attributes named of ${one}; the rest keep their values`;
    case "DELETE":
      return object.type === "localQueue" ? `${name}: deletes ${one}; it refuses while messages are on it, unless PURGE is given` : `${name}: deletes ${one}`;
    default:
      return `${name}: shows ${many} whose name matches (a trailing * is generic); list attributes to show, or ALL; WHERE(CURDEPTH GT 0) filters`;
  }
}

/** The object keywords a verb takes that begin with what was typed. */
export function objectsStartingWith(verb: string, prefix: string): string[] {
  const known = new Set([
    ...(VERB_OBJECTS[verb] ?? []),
    ...Object.keys(NOT_IMPLEMENTED)
      .filter((c) => c.startsWith(`${verb} `))
      .map((c) => c.slice(verb.length + 1)),
  ]);
  return [...known].filter((keyword) => keyword.startsWith(prefix));
}

export function verbsStartingWith(prefix: string): string[] {
  return [...new Set(Object.values(VERBS))].filter((verb) => verb.startsWith(prefix));
}
