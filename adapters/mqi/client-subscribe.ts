/**
 * MQSUB and MQSUBRQ over a client binding (subscriptions.ts's Sub and Subrq): the server makes
 * the subscription on the session (adapters/http/mqi-client/session.ts) and gives back its
 * number, and for MQSO_MANAGED the handle of the queue it opened for it, which Get and GetDone
 * use over the same session as any queue's. Close of the subscription's handle ends it.
 * Non-durable only so far: a durable subscription (MQSO_DURABLE) is MQRC_ENVIRONMENT_ERROR.
 */
import type { QueueHandle } from "../../core/index.js";
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import type { ClientQueueManager } from "./client.js";
import { ConnectionState, objectOf, type ObjectState } from "./connection.js";
import { MQError, MQObject, type MQQueueManager } from "./structures.js";
import type { MQSD } from "./verb-structures.js";

function stateOf(object: MQObject, fields: Partial<ObjectState> & Pick<ObjectState, "kind" | "queue">): ObjectState {
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

export async function subscribeOverClient(
  connection: ConnectionState,
  hConn: MQQueueManager,
  hObjQ: MQObject | null,
  sd: MQSD,
): Promise<{ hObj: MQObject; hSub: MQObject }> {
  const client = connection.qm as unknown as ClientQueueManager;
  const options = sd.Options;
  const managed = (options & N.MQSO_MANAGED) !== 0;
  if (options & N.MQSO_DURABLE) {
    const error = new MQError(N.MQCC_FAILED, N.MQRC_ENVIRONMENT_ERROR, "SUB");
    error.message += ": durable subscriptions are not yet offered over a client binding; use a local binding";
    throw error;
  }
  if (!(options & N.MQSO_CREATE)) throw new MQError(N.MQCC_FAILED, N.MQRC_OPTIONS_ERROR, "SUB");
  if (managed === (hObjQ != null)) throw new MQError(N.MQCC_FAILED, managed ? N.MQRC_HOBJ_ERROR : N.MQRC_OPTIONS_ERROR, "SUB");
  if (sd.ObjectName?.trim()) {
    const error = new MQError(N.MQCC_FAILED, N.MQRC_ENVIRONMENT_ERROR, "SUB");
    error.message += ": over a client binding a subscription names its topic by ObjectString, not by a TOPIC object's name";
    throw error;
  }
  const topic = sd.ObjectString ?? "";
  if (topic === "") throw new MQError(N.MQCC_FAILED, N.MQRC_UNKNOWN_OBJECT_NAME, "SUB");
  let given: ObjectState | undefined;
  if (hObjQ != null) {
    given = objectOf(hObjQ, "SUB").state;
    const handle = (given.handle as unknown as { handle?: number } | undefined)?.handle;
    if (given.kind !== "queue" || handle === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_HOBJ_ERROR, "SUB");
  }
  const made = await client.subscribe(topic, {
    ...(given ? { handle: (given.handle as unknown as { handle: number }).handle } : {}),
    retained: !(options & (N.MQSO_PUBLICATIONS_ON_REQUEST | N.MQSO_NEW_PUBLICATIONS_ONLY)),
  });
  let hObj: MQObject;
  let queue: string;
  if (given) {
    hObj = hObjQ!;
    queue = given.queue;
  } else {
    const handle = made.managedQueue!;
    queue = handle.queueName;
    hObj = new MQObject(ConnectionState.newHandle(), hConn, queue);
    connection.objects.set(hObj._hObj, stateOf(hObj, { kind: "queue", queue, handle: handle as unknown as QueueHandle, input: true, browse: true }));
  }
  sd.ResObjectString = topic;
  const hSub = new MQObject(ConnectionState.newHandle(), hConn, topic);
  const unsubscribe = () => client.unsubscribe(made.subscription).catch(() => undefined); // a lost session ended it already
  connection.objects.set(
    hSub._hObj,
    stateOf(hSub, {
      kind: "subscription",
      queue: topic,
      subscription: { queue, durable: false, managed, name: "", unsubscribe, clientSubscription: made.subscription },
    }),
  );
  return { hObj, hSub };
}

/** MQSUBRQ over a client binding: how many retained publications the server sent again. */
export function requestRetainedOverClient(connection: ConnectionState, subscription: { clientSubscription?: number }): Promise<number> {
  if (subscription.clientSubscription === undefined) return Promise.reject(new MQError(N.MQCC_FAILED, N.MQRC_HOBJ_ERROR, "SUBRQ"));
  return (connection.qm as unknown as ClientQueueManager).requestRetained(subscription.clientSubscription);
}
