/**
 * Publish/subscribe through the MQI: a topic opened for output publishes what is put to it,
 * MQSUB subscribes (durable or not, to a queue of the program's or a managed one), and
 * MQSUBRQ asks for a topic's retained publication again. It is the core's publish/subscribe:
 * a durable subscription is a SUB object (DISPLAY SUB shows it; a managed one's queue is the
 * SYSTEM.MANAGED.DURABLE.* queue JMS durable subscribers use), a non-durable one lives as long as
 * its handle, and a managed non-durable subscription's queue is a temporary dynamic queue.
 */
import { addNonDurableSubscription, ensureManagedDurable, requestRetained } from "../../core/manager/mqi-parts.js";
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import type { QueueManager } from "../../core/index.js";
import { asMQError, connectionOf, ConnectionState, objectOf, type ObjectState } from "./connection.js";
import { MQError, MQObject, type MQQueueManager } from "./structures.js";
import { openManagedNonDurable } from "./managed-queue.js";
import { subscribeOverClient, requestRetainedOverClient } from "./client-subscribe.js";
import { MQSD, MQSRO } from "./verb-structures.js";
import { resolveTopicString } from "./topic-string.js";

/** A topic's full string from an object name (a TOPIC object's TOPICSTR) and an object string (topic-string.ts), or `verb`'s MQError. */
export function topicStringOf(qm: QueueManager, objectName: string | null, objectString: string | null, verb: string): string {
  try {
    return resolveTopicString(qm, objectName, objectString);
  } catch (error) {
    throw asMQError(error, verb);
  }
}

function newState(object: MQObject, fields: Partial<ObjectState> & Pick<ObjectState, "kind" | "queue">): ObjectState {
  return {
    object,
    remote: undefined,
    handle: undefined,
    input: false,
    output: false,
    browse: false,
    inquire: false,
    cursor: undefined,
    consumer: undefined,
    ...fields,
  };
}

type SubCallback = (err: MQError | null, hObj?: MQObject, hSub?: MQObject) => void;

/**
 * MQSUB: `cb(err, hObj, hSub)`, hObj the queue the publications arrive on (the one given, or
 * the managed queue made for MQSO_MANAGED), hSub the subscription, which Close ends (with
 * MQCO_REMOVE_SUB, a durable one is removed too).
 */
export function Sub(hConn: MQQueueManager, hObjQ: MQObject | null, sd: MQSD, cb: SubCallback): void {
  if (typeof cb !== "function") throw new TypeError("Callback function must be provided");
  if (!(sd instanceof MQSD)) throw new TypeError("Parameter must be of type MQSD");
  if (hObjQ != null && !(hObjQ instanceof MQObject)) throw new TypeError("Parameter must be of type MQObject");
  let connection: ConnectionState;
  try {
    connection = connectionOf(hConn, "SUB");
  } catch (error) {
    queueMicrotask(() => cb(asMQError(error, "SUB")));
    return;
  }
  connection
    .serial(() => (connection.client ? subscribeOverClient(connection, hConn, hObjQ, sd) : subscribe(connection, hConn, hObjQ, sd)))
    .then(
      ({ hObj, hSub }) => cb(null, hObj, hSub),
      (error: unknown) => cb(asMQError(error, "SUB")),
    );
}

/** Sub as a Promise of `{ hObj, hSub }`, as `ibmmq`'s SubPromise. */
export function SubPromise(hConn: MQQueueManager, hObjQ: MQObject | null, sd: MQSD): Promise<{ hObj: MQObject; hSub: MQObject }> {
  return new Promise((resolve, reject) => Sub(hConn, hObjQ, sd, (err, hObj, hSub) => (err ? reject(err) : resolve({ hObj: hObj!, hSub: hSub! }))));
}

async function subscribe(connection: ConnectionState, hConn: MQQueueManager, hObjQ: MQObject | null, sd: MQSD): Promise<{ hObj: MQObject; hSub: MQObject }> {
  const qm = connection.qm;
  const options = sd.Options;
  const managed = (options & N.MQSO_MANAGED) !== 0;
  const durable = (options & N.MQSO_DURABLE) !== 0;
  if (!(options & (N.MQSO_CREATE | N.MQSO_RESUME | N.MQSO_ALTER))) throw new MQError(N.MQCC_FAILED, N.MQRC_OPTIONS_ERROR, "SUB");
  if (managed === (hObjQ != null)) throw new MQError(N.MQCC_FAILED, managed ? N.MQRC_HOBJ_ERROR : N.MQRC_OPTIONS_ERROR, "SUB");
  const name = sd.SubName?.trim() ?? "";
  if (durable && name === "") throw new MQError(N.MQCC_FAILED, N.MQRC_SUB_NAME_ERROR, "SUB");
  const existing = durable ? qm.object("subscription", name) : undefined;
  if (existing !== undefined && !(options & (N.MQSO_RESUME | N.MQSO_ALTER))) throw new MQError(N.MQCC_FAILED, N.MQRC_SUB_ALREADY_EXISTS, "SUB");
  if (existing === undefined && !(options & N.MQSO_CREATE)) throw new MQError(N.MQCC_FAILED, N.MQRC_NO_SUBSCRIPTION, "SUB");
  // Resuming takes the subscription's own topic; creating needs one.
  const topic =
    existing !== undefined && sd.ObjectString == null && sd.ObjectName == null
      ? String(existing.attributes.topicString ?? "")
      : topicStringOf(qm, sd.ObjectName, sd.ObjectString, "SUB");
  const selector = sd.SelectionString ?? "";

  let queueState: ObjectState | undefined;
  let hObj: MQObject;
  if (hObjQ != null) {
    const given = objectOf(hObjQ, "SUB").state;
    if (given.kind !== "queue") throw new MQError(N.MQCC_FAILED, N.MQRC_HOBJ_ERROR, "SUB");
    queueState = given;
    hObj = hObjQ;
  } else {
    const handle = durable
      ? await qm.open(await ensureManagedDurable(qm, name, topic, selector), { input: true, browse: true, application: connection.applName })
      : await openManagedNonDurable(qm, connection.applName);
    hObj = new MQObject(ConnectionState.newHandle(), hConn, handle.queueName);
    queueState = newState(hObj, { kind: "queue", queue: handle.queueName, handle, input: true, browse: true });
    connection.objects.set(hObj._hObj, queueState);
  }
  const queue = queueState.queue;
  let unsubscribe: (() => void) | undefined;
  if (!durable) unsubscribe = await addNonDurableSubscription(qm, { topic, queue, durable: false, connection });
  else if (!managed && existing === undefined)
    await qm.defineObject("subscription", name, { topicString: topic, destination: queue, ...(selector ? { selector } : {}) });
  sd.ResObjectString = topic;
  const hSub = new MQObject(ConnectionState.newHandle(), hConn, topic);
  connection.objects.set(
    hSub._hObj,
    newState(hSub, { kind: "subscription", queue: topic, subscription: { queue, durable, managed, name, ...(unsubscribe ? { unsubscribe } : {}) } }),
  );
  // Retained publications come at once unless the subscriber asks for them (MQSO_PUBLICATIONS_ON_REQUEST).
  if (!(options & N.MQSO_PUBLICATIONS_ON_REQUEST) && !(options & N.MQSO_NEW_PUBLICATIONS_ONLY) && existing === undefined && !durable)
    await requestRetained(qm, topic, queue, false);
  return { hObj, hSub };
}

/**
 * MQSUBRQ with MQSR_ACTION_PUBLICATION: the topic's retained publication is sent to the
 * subscription's queue again; `sro.NumPubs` says how many were (none: MQRC_NO_RETAINED_MSG).
 * With no callback, a Promise: the copy is put before it resolves.
 */
export function Subrq(hConn: MQQueueManager, hSub: MQObject, action: number, sro: MQSRO, cb?: (err: MQError | null) => void): Promise<void> | undefined {
  if (!(sro instanceof MQSRO)) throw new TypeError("Parameter must be of type MQSRO");
  const run = (async () => {
    const connection = connectionOf(hConn, "SUBRQ");
    const { state } = objectOf(hSub, "SUBRQ");
    if (state.kind !== "subscription" || state.subscription === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_HOBJ_ERROR, "SUBRQ");
    if (action !== N.MQSR_ACTION_PUBLICATION) throw new MQError(N.MQCC_FAILED, N.MQRC_OPTIONS_ERROR, "SUBRQ");
    const subscription = state.subscription;
    const sent = await connection.serial(() =>
      connection.client
        ? requestRetainedOverClient(connection, subscription)
        : requestRetained(connection.qm, state.queue, subscription.queue, subscription.durable),
    );
    sro.NumPubs = sent;
    if (sent === 0) throw new MQError(N.MQCC_FAILED, N.MQRC_NO_RETAINED_MSG, "SUBRQ");
  })().catch((error: unknown) => Promise.reject(asMQError(error, "SUBRQ")));
  if (!cb) return run;
  run.then(
    () => cb(null),
    (error: MQError) => cb(error),
  );
  return undefined;
}
