/**
 * Which authority an MQSC command needs, on which object, as IBM's "Authorizations for MQSC
 * commands" lists them for the object authority manager: DSP to DISPLAY an object (and its
 * status), CHG to ALTER it, CRT to DEFINE it, DLT to DELETE it, CLR to CLEAR a local queue,
 * CTRL to START, STOP or PING a channel (and START or STOP a listener), CTRLX to RESET or
 * RESOLVE a channel, DSP on the queue manager for the queue
 * manager's own DISPLAYs and PING, CHG on it for ALTER QMGR and for SET and DELETE AUTHREC.
 *
 * Two differences from IBM, both documented in core/README.md: CRT is checked against the new
 * object's name (so a generic profile can let a team define its own queues), where IBM checks
 * the queue manager's `@class` profile; and a subscription's commands are checked on the queue
 * manager, where IBM checks the topic.
 */
import type { AuthorityObjectType } from "../authority/authorities.js";
import type { MqscParameter } from "./parser.js";

export interface RequiredAuthority {
  objectType: AuthorityObjectType;
  /** The object's name; for a DISPLAY of a generic name, undefined: each object shown is checked. */
  name: string | undefined;
  authority: string;
}

const BY_VERB: Record<string, string> = {
  DISPLAY: "DSP",
  ALTER: "CHG",
  DEFINE: "CRT",
  DELETE: "DLT",
  CLEAR: "CLR",
  START: "CTRL",
  STOP: "CTRL",
  PING: "CTRL",
  RESET: "CTRLX",
  RESOLVE: "CTRLX",
};

/** The OAM object type of each MQSC object keyword that names one object. */
const OBJECT_TYPE: Record<string, AuthorityObjectType> = {
  QLOCAL: "QUEUE",
  QL: "QUEUE",
  QALIAS: "QUEUE",
  QA: "QUEUE",
  QREMOTE: "QUEUE",
  QR: "QUEUE",
  QMODEL: "QUEUE",
  QM: "QUEUE",
  QUEUE: "QUEUE",
  Q: "QUEUE",
  QSTATUS: "QUEUE",
  QS: "QUEUE",
  PROCESS: "PROCESS",
  PRO: "PROCESS",
  NAMELIST: "NAMELIST",
  NL: "NAMELIST",
  TOPIC: "TOPIC",
  CHANNEL: "CHANNEL",
  CHL: "CHANNEL",
  CHSTATUS: "CHANNEL",
  CHS: "CHANNEL",
  LISTENER: "LISTENER",
  LSTR: "LISTENER",
  LSSTATUS: "LISTENER",
};

/** The authority `verb objectKeyword(target)` needs; undefined for a command that needs none (END). */
export function requiredAuthority(qmgrName: string, verb: string, objectKeyword: string, target: MqscParameter): RequiredAuthority | undefined {
  const onQueueManager = (authority: string): RequiredAuthority => ({ objectType: "QMGR", name: qmgrName, authority });
  if (objectKeyword === "AUTHREC") return onQueueManager(verb === "DISPLAY" ? "DSP" : "CHG");
  if (objectKeyword === "ENTAUTH") return onQueueManager("DSP");
  if (verb === "PING" && objectKeyword === "QMGR") return onQueueManager("DSP");
  const authority = BY_VERB[verb];
  if (authority === undefined) return onQueueManager("CHG");
  const objectType = OBJECT_TYPE[objectKeyword];
  const name = target.values?.length === 1 ? target.values[0]!.text : undefined;
  if (objectType === undefined || name === undefined) return onQueueManager(authority);
  if (name.endsWith("*")) return verb === "DISPLAY" ? { objectType, name: undefined, authority } : onQueueManager(authority);
  return { objectType, name, authority };
}
