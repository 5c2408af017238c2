/**
 * MQSET (the queue attributes IBM lets a program change: inhibit get and put, and the trigger
 * attributes) and MQSTAT (the outcome of the connection's asynchronous puts).
 *
 * Set is synchronous with an optional callback, as `ibmmq`'s: the selectors and values are
 * checked when it is called (a bad one throws, or goes to the callback, and nothing changes);
 * the change is written to the store and then takes effect, before the connection's next verb
 * runs. With a callback, the callback comes once it has. Inq reads at once, so an Inq called
 * straight after a Set without a callback may still see the old values.
 */
import type { Attributes } from "../../core/index.js";
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import { asMQError, connectionOf, objectOf } from "./connection.js";
import { MQError, type MQAttr, type MQQueueManager, type MQObject } from "./structures.js";
import { MQSTS } from "./verb-structures.js";

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

/** MQSET on a queue opened with MQOO_SET (see above). */
export function Set(hObj: MQObject, selectors: MQAttr[], cb?: (err: MQError | null) => void): void {
  if (!Array.isArray(selectors)) throw new TypeError("Parameter must be an array");
  let altering: Promise<unknown>;
  try {
    const { connection, state } = objectOf(hObj, "SET");
    if (!state.set) throw new MQError(N.MQCC_FAILED, N.MQRC_NOT_OPEN_FOR_SET, "SET");
    const definition = state.kind === "queue" ? connection.qm.object("queue", state.queue) : undefined;
    if (definition === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_SELECTOR_NOT_FOR_TYPE, "SET");
    const attributes: Attributes = {};
    for (const attr of selectors) {
      const setter = SETTERS[attr.selector];
      if (setter === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_SELECTOR_ERROR, "SET");
      if (setter.localOnly && definition.type !== "localQueue") throw new MQError(N.MQCC_FAILED, N.MQRC_SELECTOR_NOT_FOR_TYPE, "SET");
      setter.set(attr.value, attributes);
    }
    altering = connection.serial(() => connection.qm.alterObject(definition.type, definition.name, attributes));
    if (!cb) connection.after(altering);
  } catch (error) {
    const failure = asMQError(error, "SET");
    if (cb) return cb(failure);
    throw failure;
  }
  if (cb)
    altering.then(
      () => cb(null),
      (error: unknown) => cb(asMQError(error, "SET")),
    );
}

/**
 * MQSTAT with MQSTAT_TYPE_ASYNC_ERROR: how many puts with MQPMO_ASYNC_RESPONSE succeeded,
 * warned or failed since the last Stat, and the last failure's reason; the counts start again.
 * A local binding never reconnects: MQSTAT_TYPE_RECONNECTION and _RECONNECTION_ERROR report
 * nothing. Synchronous, as `ibmmq`'s: returns the MQSTS, or gives it to `cb`.
 */
export function Stat(hConn: MQQueueManager, type: number, cb?: (err: MQError | null, sts?: MQSTS) => void): MQSTS | undefined {
  const sts = new MQSTS();
  let error: MQError | null = null;
  try {
    const connection = connectionOf(hConn, "STAT");
    if (type === N.MQSTAT_TYPE_ASYNC_ERROR) {
      const counts = connection.asyncPuts;
      sts.PutSuccessCount = counts.success;
      sts.PutWarningCount = counts.warning;
      sts.PutFailureCount = counts.failure;
      if (counts.last) {
        sts.CompCode = counts.last.mqcc;
        sts.Reason = counts.last.mqrc;
        sts.ObjectName = counts.last.queue;
        sts.ObjectQMgrName = counts.last.remote ?? connection.qm.name;
      }
      connection.asyncPuts.success = connection.asyncPuts.warning = connection.asyncPuts.failure = 0;
      delete connection.asyncPuts.last;
    } else if (type !== N.MQSTAT_TYPE_RECONNECTION && type !== N.MQSTAT_TYPE_RECONNECTION_ERROR) {
      throw new MQError(N.MQCC_FAILED, N.MQRC_STAT_TYPE_ERROR, "STAT");
    }
  } catch (e) {
    error = asMQError(e, "STAT");
  }
  if (cb) cb(error, sts);
  else if (error) throw error;
  return error ? undefined : sts;
}
