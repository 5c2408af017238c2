/**
 * OpenSync, PutSync and Put1Sync over a client binding in Node: each is the request its
 * asynchronous form makes, sent with the session's `requestSync`, so the program's thread blocks
 * until the server answers, as under IBM's `ibmmq` (client-sync.ts has GetSync and CloseSync,
 * client-thread.ts why the thread can block). OpenSync opens queues (the queue manager and topics
 * are opened with Open); PutSync puts to a queue opened for output.
 */
import type { PutMessage } from "../../core/index.js";
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import { underUnit, type ClientQueueManager } from "./client.js";
import { asMQError, ConnectionState, connectionOf, objectOf, type ObjectState } from "./connection.js";
import { messageFromMD, putData, putOutput } from "./descriptor.js";
import { propertiesForPut } from "./message-handles.js";
import { MQError, MQMD, MQOD, MQObject, MQPMO, type MQQueueManager } from "./structures.js";

function failure(verb: string, reason: number, why: string): MQError {
  const error = new MQError(N.MQCC_FAILED, reason, verb);
  error.message += `: ${why}`;
  return error;
}

/** The client queue manager, when this thread can block on it; else why not, as MQRC_ENVIRONMENT_ERROR. */
function blockingClient(connection: ConnectionState, verb: string, instead: string): ClientQueueManager {
  const qm = connection.qm as unknown as ClientQueueManager;
  if (!connection.client || !qm.session.canBlock)
    throw failure(
      verb,
      N.MQRC_ENVIRONMENT_ERROR,
      `this thread cannot block waiting for the queue manager (only Node's can, over a client binding); use ${instead}`,
    );
  // Its request would overtake the earlier verb's, which the server answers in order.
  if (connection.busy) throw failure(verb, N.MQRC_CALL_IN_PROGRESS, "an earlier call on this connection has not finished; wait for its callback");
  return qm;
}

/** MQOPEN of a queue, blocking: the object, `od` filled in as Open fills it. */
function clientOpenSync(connection: ConnectionState, hConn: MQQueueManager, od: MQOD, options: number): MQObject {
  const qm = blockingClient(connection, "OPEN", "Open or OpenPromise");
  const input = (options & (N.MQOO_INPUT_AS_Q_DEF | N.MQOO_INPUT_SHARED | N.MQOO_INPUT_EXCLUSIVE)) !== 0;
  const output = (options & N.MQOO_OUTPUT) !== 0;
  const browse = (options & N.MQOO_BROWSE) !== 0;
  const inquire = (options & N.MQOO_INQUIRE) !== 0;
  const set = (options & N.MQOO_SET) !== 0;
  if (!input && !output && !browse && !inquire && !set) throw new MQError(N.MQCC_FAILED, N.MQRC_OPTIONS_ERROR, "OPEN");
  if (od.ObjectType !== N.MQOT_Q) throw failure("OPEN", N.MQRC_ENVIRONMENT_ERROR, "OpenSync over a client binding opens queues; use Open or OpenPromise");
  const name = od.ObjectName?.trim() ?? "";
  if (name === "") throw new MQError(N.MQCC_FAILED, N.MQRC_UNKNOWN_OBJECT_NAME, "OPEN");
  const remote = od.ObjectQMgrName?.trim() || undefined;
  let handle: ObjectState["handle"];
  let queue = name;
  // A queue opened for INQUIRE or SET alone is not looked up: the server names an unknown one when Inq or Set asks of it (as Open).
  if (input || output || browse) {
    const answer = qm.session.requestSync({
      op: "open",
      queue: name,
      input,
      output,
      browse,
      ...(remote ? { queueManager: remote } : {}),
      ...(od.DynamicQName ? { dynamicQueueName: od.DynamicQName.trim() } : {}),
    });
    queue = answer.queueName ?? name;
    handle = qm.handleOf(answer.handle!, queue) as unknown as ObjectState["handle"];
  }
  od.ObjectName = queue;
  od.ResolvedQName = queue;
  od.ResolvedQMgrName = remote || qm.name;
  od.ResolvedType = N.MQOT_Q;
  const object = new MQObject(ConnectionState.newHandle(), hConn, queue);
  const state: ObjectState = { object, kind: "queue", queue, remote, handle, input, output, browse, inquire, set, cursor: undefined, consumer: undefined };
  connection.objects.set(object._hObj, state);
  return object;
}

/** MQPUT to a queue, blocking until the server has it: `md` and `pmo` filled in as Put fills them. */
function clientPutSync(connection: ConnectionState, state: ObjectState, md: MQMD, pmo: MQPMO, body: Buffer): void {
  const qm = blockingClient(connection, "PUT", "Put or PutPromise");
  if (state.kind === "topic") throw failure("PUT", N.MQRC_ENVIRONMENT_ERROR, "PutSync over a client binding puts to queues; publish with Put or PutPromise");
  if (!state.output || state.handle === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_NOT_OPEN_FOR_OUTPUT, "PUT");
  putOn(connection, qm, state.queue, state.remote, md, pmo, body);
}

/** MQPUT1 of a queue, blocking: opens it, puts, and closes it, each answered by the server before the next. */
function clientPut1Sync(connection: ConnectionState, od: MQOD, md: MQMD, pmo: MQPMO, body: Buffer): void {
  const qm = blockingClient(connection, "PUT1", "Put1 or Put1Promise");
  const name = od.ObjectName?.trim() ?? "";
  if (od.ObjectType !== N.MQOT_Q || name === "")
    throw new MQError(N.MQCC_FAILED, od.ObjectType !== N.MQOT_Q ? N.MQRC_OBJECT_TYPE_ERROR : N.MQRC_UNKNOWN_OBJECT_NAME, "PUT1");
  const remote = od.ObjectQMgrName?.trim() || undefined;
  const opened = qm.session.requestSync({ op: "open", queue: name, input: false, output: true, browse: false, ...(remote ? { queueManager: remote } : {}) });
  const queue = opened.queueName ?? name;
  try {
    putOn(connection, qm, queue, remote, md, pmo, body);
  } finally {
    if (!qm.session.broken) qm.session.requestSync({ op: "close", handle: opened.handle!, deleteQueue: false });
  }
  od.ResolvedQName = queue;
  od.ResolvedQMgrName = remote ?? qm.name;
}

function putOn(connection: ConnectionState, qm: ClientQueueManager, queue: string, remote: string | undefined, md: MQMD, pmo: MQPMO, body: Buffer): void {
  const { message, messageId, format } = messageFromMD(md, pmo.Options, body);
  const properties = propertiesForPut(connection, pmo.OriginalMsgHandle);
  if (properties !== undefined) (message as PutMessage).properties = properties;
  const answer = qm.session.requestSync({
    op: "put",
    queue,
    message,
    ...underUnit(pmo.Options & N.MQPMO_SYNCPOINT ? connection.unit() : undefined),
    ...(remote ? { queueManager: remote } : {}),
    ...(messageId !== undefined ? { messageId } : {}),
    ...(format !== undefined ? { format } : {}),
  });
  putOutput(md, answer.result!, connection.applName);
  pmo.ResolvedQName = queue;
  pmo.ResolvedQMgrName = remote || qm.name;
}

/** Runs a synchronous verb: its result, or its MQError thrown (and given to `cb` first, when there is one). */
function synchronously<T>(verb: string, cb: ((err: MQError | null) => void) | undefined, work: () => T): T | undefined {
  let result: T | undefined;
  let error: MQError | null = null;
  try {
    result = work();
  } catch (e) {
    if (e instanceof TypeError) throw e;
    error = asMQError(e, verb);
  }
  if (cb) cb(error);
  else if (error) throw error;
  return result;
}

/** MQOPEN blocking the thread: over a client binding in Node, of a queue; elsewhere MQRC_ENVIRONMENT_ERROR naming Open. */
export function OpenSync(hConn: MQQueueManager, od: MQOD, openOptions: number, cb?: (err: MQError | null) => void): MQObject | undefined {
  if (!(od instanceof MQOD)) throw new TypeError("Parameter must be of type MQOD");
  return synchronously("OPEN", cb, () => clientOpenSync(connectionOf(hConn, "OPEN"), hConn, od, openOptions));
}

/** MQPUT blocking the thread: over a client binding in Node, to a queue; elsewhere MQRC_ENVIRONMENT_ERROR naming Put. */
export function PutSync(hObj: MQObject, md: MQMD, pmo: MQPMO, data: Buffer | string, cb?: (err: MQError | null) => void): void {
  if (!(md instanceof MQMD)) throw new TypeError("Parameter must be of type MQMD");
  if (!(pmo instanceof MQPMO)) throw new TypeError("Parameter must be of type MQPMO");
  synchronously("PUT", cb, () => {
    const { connection, state } = objectOf(hObj, "PUT");
    clientPutSync(connection, state, md, pmo, putData(md, data));
  });
}

/** MQPUT1 blocking the thread: over a client binding in Node; elsewhere MQRC_ENVIRONMENT_ERROR naming Put1. */
export function Put1Sync(hConn: MQQueueManager, od: MQOD, md: MQMD, pmo: MQPMO, data: Buffer | string, cb?: (err: MQError | null) => void): void {
  if (!(od instanceof MQOD)) throw new TypeError("Parameter must be of type MQOD");
  if (!(md instanceof MQMD)) throw new TypeError("Parameter must be of type MQMD");
  if (!(pmo instanceof MQPMO)) throw new TypeError("Parameter must be of type MQPMO");
  synchronously("PUT1", cb, () => clientPut1Sync(connectionOf(hConn, "PUT1"), od, md, pmo, putData(md, data)));
}

/**
 * MQDISC blocking the thread: over a client binding in Node, each open object closed at the
 * server (a subscription's use ended, a durable one kept), the unit of work committed, as a
 * normal MQDISC does, and the session ended; elsewhere MQRC_ENVIRONMENT_ERROR naming Disc.
 */
export function DiscSync(hConn: MQQueueManager, cb?: (err: MQError | null) => void): void {
  synchronously("DISC", cb, () => {
    const connection = connectionOf(hConn, "DISC");
    const qm = blockingClient(connection, "DISC", "Disc or DiscPromise");
    connection.connected = false;
    for (const state of connection.objects.values()) {
      state.consumer?.stop();
      state.cursor?.close();
      const handle = state.handle as { handle?: number } | undefined;
      if (state.subscription?.clientSubscription !== undefined) qm.session.requestSync({ op: "unsub", subscription: state.subscription.clientSubscription });
      if (handle?.handle !== undefined) qm.session.requestSync({ op: "close", handle: handle.handle, deleteQueue: false });
    }
    connection.objects.clear();
    if (connection.inUnit) (connection.unit() as unknown as { endSync(commit: boolean): void }).endSync(true);
    qm.disconnect();
    hConn._hConn = -1;
  });
}
