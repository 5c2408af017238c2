/**
 * MQSET's selectors and values: which queue attribute each sets, and the reason a bad one is
 * refused. Apart from set-and-stat.ts (the verb) so that a client binding's server
 * (adapters/http/mqi-client/session.ts), which alters its own queue manager's queue, does not
 * load a connection's code.
 */
import type { Attributes, QueueManager } from "../../core/index.js";
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import { MQError } from "./structures.js";

/** One selector and the value a program gives it. */
export interface SetChange {
  selector: number;
  value: unknown;
}

const TRIGGER_TYPES: Record<number, string> = { [N.MQTT_NONE]: "none", [N.MQTT_FIRST]: "first", [N.MQTT_EVERY]: "every", [N.MQTT_DEPTH]: "depth" };

/** Each settable selector: the attribute it sets, from a value checked here (or the reason it is refused). */
const SETTERS: Record<number, { localOnly: boolean; set: (value: unknown, into: Attributes) => void }> = {
  [N.MQIA_INHIBIT_GET]: { localOnly: false, set: (v, a) => (a.getEnabled = flag(v, N.MQQA_GET_ALLOWED, N.MQQA_GET_INHIBITED, N.MQRC_GET_INHIBITED)) },
  [N.MQIA_INHIBIT_PUT]: { localOnly: false, set: (v, a) => (a.putEnabled = flag(v, N.MQQA_PUT_ALLOWED, N.MQQA_PUT_INHIBITED, N.MQRC_PUT_INHIBITED)) },
  [N.MQIA_TRIGGER_CONTROL]: { localOnly: true, set: (v, a) => (a.trigger = !flag(v, N.MQTC_OFF, N.MQTC_ON, N.MQRC_TRIGGER_CONTROL_ERROR)) },
  [N.MQIA_TRIGGER_TYPE]: {
    localOnly: true,
    set: (v, a) => {
      const type = typeof v === "number" ? TRIGGER_TYPES[v] : undefined;
      if (type === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_TRIGGER_TYPE_ERROR, "SET");
      a.triggerType = type;
    },
  },
  [N.MQIA_TRIGGER_DEPTH]: { localOnly: true, set: (v, a) => (a.triggerDepth = integer(v, 1, 999_999_999, N.MQRC_TRIGGER_DEPTH_ERROR)) },
  [N.MQIA_TRIGGER_MSG_PRIORITY]: { localOnly: true, set: (v, a) => (a.triggerMessagePriority = integer(v, 0, 9, N.MQRC_TRIGGER_MSG_PRIORITY_ERR)) },
  [N.MQCA_TRIGGER_DATA]: {
    localOnly: true,
    set: (v, a) => {
      if (typeof v !== "string" || v.length > N.MQ_TRIGGER_DATA_LENGTH) throw new MQError(N.MQCC_FAILED, N.MQRC_CHAR_ATTR_LENGTH_ERROR, "SET");
      a.triggerData = v.trimEnd();
    },
  },
};

/** true for `allowed`, false for `inhibited`; anything else is `reason`. */
function flag(value: unknown, allowed: number, inhibited: number, reason: number): boolean {
  if (value === allowed) return true;
  if (value === inhibited) return false;
  throw new MQError(N.MQCC_FAILED, reason === N.MQRC_GET_INHIBITED || reason === N.MQRC_PUT_INHIBITED ? N.MQRC_OPTIONS_ERROR : reason, "SET");
}

function integer(value: unknown, min: number, max: number, reason: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) throw new MQError(N.MQCC_FAILED, reason, "SET");
  return value;
}

/** The values' checks alone (no queue at hand: a client binding's Set, before it asks the server). */
export function checkSetValues(changes: SetChange[]): void {
  for (const { selector, value } of changes) {
    const setter = SETTERS[selector];
    if (setter === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_SELECTOR_ERROR, "SET");
    setter.set(value, {});
  }
}

/** The attributes `changes` set on a queue of `type` (a definition type: localQueue, aliasQueue, ...), or the MQError refusing them. */
export function attributesToSet(type: string, changes: SetChange[]): Attributes {
  const attributes: Attributes = {};
  for (const { selector, value } of changes) {
    const setter = SETTERS[selector];
    if (setter === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_SELECTOR_ERROR, "SET");
    if (setter.localOnly && type !== "localQueue") throw new MQError(N.MQCC_FAILED, N.MQRC_SELECTOR_NOT_FOR_TYPE, "SET");
    setter.set(value, attributes);
  }
  return attributes;
}

/** MQSET of queue `queue` of `qm` (the server's side of a client binding's Set): resolves once it is stored. */
export async function setQueueAttributes(qm: QueueManager, queue: string, changes: SetChange[]): Promise<void> {
  const definition = qm.object("queue", queue);
  if (definition === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_UNKNOWN_OBJECT_NAME, "SET");
  await qm.alterObject(definition.type, definition.name, attributesToSet(definition.type, changes));
}
