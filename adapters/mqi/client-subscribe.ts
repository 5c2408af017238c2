/**
 * MQSUB and MQSUBRQ over a client binding (subscriptions.ts's Sub and Subrq): the server makes
 * the subscription on the session (adapters/http/mqi-client/session.ts) and gives back its
 * number, and for MQSO_MANAGED the handle of the queue it opened for it, which Get and GetDone
 * use over the same session as any queue's. Close of the subscription's handle ends it (a
 * durable one stays for a later connection to resume, unless MQCO_REMOVE_SUB removes it). The
 * server resolves the topic, a TOPIC object's name included, and checks SUB or RESUME on it.
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
  const durable = (options & N.MQSO_DURABLE) !== 0;
  if (managed === (hObjQ != null)) throw new MQError(N.MQCC_FAILED, managed ? N.MQRC_HOBJ_ERROR : N.MQRC_OPTIONS_ERROR, "SUB");
  let given: { state: ObjectState; handle: number } | undefined;
  if (hObjQ != null) {
    const state = objectOf(hObjQ, "SUB").state;
    const handle = (state.handle as unknown as { handle?: number } | undefined)?.handle;
    if (state.kind !== "queue" || handle === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_HOBJ_ERROR, "SUB");
    given = { state, handle };
  }
  // The server checks the options further, resolves the topic (a TOPIC object's name is its to know) and the authority.
  const name = sd.SubName?.trim() ?? "";
  const made = await client.subscribe({
    options,
    ...(sd.ObjectName?.trim() ? { objectName: sd.ObjectName.trim() } : {}),
    ...(sd.ObjectString != null ? { topic: sd.ObjectString } : {}),
    ...(name ? { name } : {}),
    ...(sd.SelectionString ? { selector: sd.SelectionString } : {}),
    ...(given ? { handle: given.handle } : {}),
  });
  let hObj: MQObject;
  let queue: string;
  if (given) {
    hObj = hObjQ!;
    queue = given.state.queue;
  } else {
    const handle = made.managedQueue!;
    queue = handle.queueName;
    hObj = new MQObject(ConnectionState.newHandle(), hConn, queue);
    connection.objects.set(hObj._hObj, stateOf(hObj, { kind: "queue", queue, handle: handle as unknown as QueueHandle, input: true, browse: true }));
  }
  sd.ResObjectString = made.topic;
  const hSub = new MQObject(ConnectionState.newHandle(), hConn, made.topic);
  // At Close: the server stops a non-durable one's copies, or removes a durable one for MQCO_REMOVE_SUB; a lost session ended it already.
  const unsubscribe = (remove?: boolean) => client.unsubscribe(made.subscription, remove === true).catch(() => undefined);
  connection.objects.set(
    hSub._hObj,
    stateOf(hSub, {
      kind: "subscription",
      queue: made.topic,
      subscription: { queue, durable, managed, name, unsubscribe, clientSubscription: made.subscription },
    }),
  );
  return { hObj, hSub };
}

/** MQSUBRQ over a client binding: how many retained publications the server sent again. */
export function requestRetainedOverClient(connection: ConnectionState, subscription: { clientSubscription?: number }): Promise<number> {
  if (subscription.clientSubscription === undefined) return Promise.reject(new MQError(N.MQCC_FAILED, N.MQRC_HOBJ_ERROR, "SUBRQ"));
  return (connection.qm as unknown as ClientQueueManager).requestRetained(subscription.clientSubscription);
}
