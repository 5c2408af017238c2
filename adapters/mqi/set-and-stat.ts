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
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import type { ClientQueueManager } from "./client.js";
import { asMQError, connectionOf, objectOf } from "./connection.js";
import { attributesToSet, checkSetValues } from "./set-attributes.js";
import { MQError, type MQAttr, type MQQueueManager, type MQObject } from "./structures.js";
import { MQSTS } from "./verb-structures.js";

/** MQSET on a queue opened with MQOO_SET (see above). */
export function Set(hObj: MQObject, selectors: MQAttr[], cb?: (err: MQError | null) => void): void {
  if (!Array.isArray(selectors)) throw new TypeError("Parameter must be an array");
  let altering: Promise<unknown>;
  try {
    const { connection, state } = objectOf(hObj, "SET");
    if (!state.set) throw new MQError(N.MQCC_FAILED, N.MQRC_NOT_OPEN_FOR_SET, "SET");
    if (state.kind !== "queue") throw new MQError(N.MQCC_FAILED, N.MQRC_SELECTOR_NOT_FOR_TYPE, "SET");
    const changes = selectors.map((attr) => ({ selector: attr.selector, value: attr.value }));
    if (connection.client) {
      // The server holds the definitions: it checks SET authority and the queue's type, then alters it.
      checkSetValues(changes);
      const client = connection.qm as unknown as ClientQueueManager;
      altering = connection.serial(() => client.set(state.queue, changes));
    } else {
      const definition = connection.qm.object("queue", state.queue);
      if (definition === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_SELECTOR_NOT_FOR_TYPE, "SET");
      const attributes = attributesToSet(definition.type, changes);
      altering = connection.serial(() => connection.qm.alterObject(definition.type, definition.name, attributes));
    }
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
