/**
 * `webmq/ibmmq`: the MQI as IBM's `ibmmq` package gives it to JavaScript, bound locally to a
 * queue manager opened in the same runtime (`registerQueueManager`). A program written for
 * `ibmmq` runs unchanged once the name `ibmmq` resolves to this entry (README.md).
 */
import type { PutMessage } from "../../core/index.js";
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import { asMQError, attach, closeObjectState, ConnectionState, connectionOf, objectOf, registeredQueueManager, type ObjectState } from "./connection.js";
import { messageFromMD, putData, putDateTime, putOutput } from "./descriptor.js";
import { inquire } from "./inquire.js";
import { inquireOverClient } from "./client-inquire.js";
import { propertiesForPut } from "./message-handles.js";
import { topicStringOf } from "./subscriptions.js";
import { MQAttr, MQCNO, MQError, MQMD, MQOD, MQObject, MQPMO, MQQueueManager } from "./structures.js";
import { connectClient } from "./client-connect.js";
import { environmentNamesServer, wantsClient } from "./client-address.js";
import { ClientQueueManager } from "./client.js";

export { registerQueueManager, unregisterQueueManager } from "./connection.js";
export { MQCD } from "./client-address.js";
export { MQAttr, MQCNO, MQCSP, MQError, MQGMO, MQMD, MQOD, MQObject, MQPMO, MQQueueManager } from "./structures.js";
export { MQCMHO, MQDMHO, MQDMPO, MQIMPO, MQPD, MQSD, MQSMPO, MQSRO, MQSTS } from "./verb-structures.js";
export { MQDLH, MQRFH2 } from "./headers.js";
export { CloseSync, GetSync } from "./sync.js";
export { DiscSync, OpenSync, Put1Sync, PutSync } from "./client-sync-verbs.js";
export { CrtMh, DltMh, DltMp, InqMp, SetMp } from "./message-handles.js";
export { Sub, SubPromise, Subrq } from "./subscriptions.js";
export { Set, Stat } from "./set-and-stat.js";
export { Ctl, Get, GetDone, GetOnce } from "./get-async.js";

/** The constants, with the Buffer-valued MQMI_NONE and MQCI_NONE. */
export const MQC = Object.freeze({ ...N, MQMI_NONE: Buffer.alloc(N.MQ_MSG_ID_LENGTH, 0), MQCI_NONE: Buffer.alloc(N.MQ_CORREL_ID_LENGTH, 0) });

/** The name of a constant's value in a range: Lookup("MQRC", 2033) is "MQRC_NO_MSG_AVAILABLE". */
export { lookupConstant as Lookup } from "../../core/features/mqi/mqc.js";

type Callback<T = void> = (err: MQError | null, value?: T) => void;

/** Runs a verb: its result or MQError goes to `cb` after the connection's earlier verbs; without `cb`, a Promise. */
function complete<T>(verb: string, cb: Callback<T> | undefined, work: () => Promise<T>): Promise<T> | undefined {
  const running = work().catch((error: unknown) => Promise.reject(asMQError(error, verb)));
  if (cb === undefined) return running;
  running.then(
    (value) => cb(null, value),
    (error: MQError) => cb(error),
  );
  return undefined;
}

/** A verb's synchronous checks fail through the same path as its work. */
function attempt<T>(work: () => Promise<T>): () => Promise<T> {
  return () => {
    try {
      return work();
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

// --- Connecting ---

export function Connx(qMgrName: string | null, cno: MQCNO | null, cb: Callback<MQQueueManager>): void {
  if (typeof cb !== "function") throw new TypeError("Callback function must be provided");
  void complete(
    "CONNX",
    cb,
    attempt(() => connect(qMgrName, cno)),
  );
}

export function Conn(qMgrName: string | null, cb: Callback<MQQueueManager>): void {
  if (typeof cb !== "function") throw new TypeError("Callback function must be provided");
  void complete(
    "CONNX",
    cb,
    attempt(() => connect(qMgrName, null)),
  );
}

async function connect(qMgrName: string | null, cno: MQCNO | null): Promise<MQQueueManager> {
  if (cno != null && !(cno instanceof MQCNO)) throw new TypeError("Parameter must be of type MQCNO");
  // A client binding when the options ask for one, or when no local queue manager answers and MQSERVER or MQCCDTURL names a server.
  const local = wantsClient(cno) ? undefined : registeredQueueManager(qMgrName ?? "");
  if (local === undefined && (wantsClient(cno) || environmentNamesServer())) return connectClient(qMgrName ?? "", cno);
  const qm = local;
  if (qm === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_Q_MGR_NAME_ERROR, "CONNX");
  const hConn = new MQQueueManager(ConnectionState.newHandle(), qm.name);
  attach(hConn, new ConnectionState(qm, hConn, cno?.ApplName ?? "webmq ibmmq"));
  return hConn;
}

/** Disconnects: stops its consumers, closes its objects, and commits its unit of work, as a normal MQDISC does. */
export function Disc(hConn: MQQueueManager, cb?: Callback): Promise<void> | undefined {
  return complete(
    "DISC",
    cb,
    attempt(() => {
      const connection = connectionOf(hConn, "DISC");
      for (const state of connection.objects.values()) state.consumer?.stop();
      return connection.serial(async () => {
        connection.connected = false;
        for (const state of connection.objects.values()) await closeObjectState(connection, state, N.MQCO_NONE);
        connection.objects.clear();
        await connection.endUnit(true);
        if (connection.qm instanceof ClientQueueManager) connection.qm.disconnect();
        hConn._hConn = -1;
      });
    }),
  );
}

// --- Objects ---

export function Open(hConn: MQQueueManager, od: MQOD, openOptions: number, cb: Callback<MQObject>): void {
  if (typeof cb !== "function") throw new TypeError("Callback function must be provided");
  void complete(
    "OPEN",
    cb,
    attempt(() => openObject(hConn, od, openOptions, "OPEN")),
  );
}

async function openObject(hConn: MQQueueManager, od: MQOD, options: number, verb: string): Promise<MQObject> {
  if (!(od instanceof MQOD)) throw new TypeError("Parameter must be of type MQOD");
  const connection = connectionOf(hConn, verb);
  return connection.serial(async () => {
    const input = (options & (N.MQOO_INPUT_AS_Q_DEF | N.MQOO_INPUT_SHARED | N.MQOO_INPUT_EXCLUSIVE)) !== 0;
    const output = (options & N.MQOO_OUTPUT) !== 0;
    const browse = (options & N.MQOO_BROWSE) !== 0;
    const inquire = (options & N.MQOO_INQUIRE) !== 0;
    const set = (options & N.MQOO_SET) !== 0;
    if (!input && !output && !browse && !inquire && !set) throw new MQError(N.MQCC_FAILED, N.MQRC_OPTIONS_ERROR, verb);
    const qm = connection.qm;
    const state: Omit<ObjectState, "object"> = {
      kind: "queue",
      queue: "",
      remote: undefined,
      handle: undefined,
      input,
      output,
      browse,
      inquire,
      set,
      cursor: undefined,
      consumer: undefined,
    };
    if (od.ObjectType === N.MQOT_Q_MGR) {
      if (input || output || browse) throw new MQError(N.MQCC_FAILED, N.MQRC_OPTION_NOT_VALID_FOR_TYPE, verb);
      const name = od.ObjectName?.trim();
      if (name && name !== qm.name) throw new MQError(N.MQCC_FAILED, N.MQRC_UNKNOWN_OBJECT_NAME, verb);
      state.kind = "qmgr";
      state.queue = qm.name;
    } else if (od.ObjectType === N.MQOT_Q) {
      const name = od.ObjectName?.trim() ?? "";
      if (name === "") throw new MQError(N.MQCC_FAILED, N.MQRC_UNKNOWN_OBJECT_NAME, verb);
      if (input || output || browse) {
        const remote = od.ObjectQMgrName?.trim() || undefined;
        state.remote = remote;
        state.handle = await qm.open(name, {
          input,
          output,
          browse,
          ...(remote ? { queueManager: remote } : {}),
          ...(od.DynamicQName ? { dynamicQueueName: od.DynamicQName.trim() } : {}),
          application: connection.applName,
        });
        state.queue = state.handle.queueName;
      } else {
        // A client binding has no definitions here: the server names an unknown queue when Inq or Set asks of it.
        if (!connection.client && qm.object("queue", name) === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_UNKNOWN_OBJECT_NAME, verb);
        state.queue = name;
      }
      // A model queue opened makes a dynamic queue: MQOPEN gives its name back in the MQOD.
      od.ObjectName = state.queue;
      od.ResolvedQName = state.queue;
      od.ResolvedQMgrName = od.ObjectQMgrName?.trim() || qm.name;
      od.ResolvedType = N.MQOT_Q;
    } else if (od.ObjectType === N.MQOT_TOPIC) {
      // A topic opened for output publishes what is put to it (subscriptions.ts).
      if (input || browse || set) throw new MQError(N.MQCC_FAILED, N.MQRC_OPTION_NOT_VALID_FOR_TYPE, verb);
      state.kind = "topic";
      // A TOPIC object's name over a client binding is the server's to resolve: it holds the definitions.
      state.queue =
        connection.client && od.ObjectName?.trim()
          ? await (qm as unknown as ClientQueueManager).topicString(od.ObjectName, od.ObjectString)
          : topicStringOf(qm, od.ObjectName, od.ObjectString, verb);
      od.ResObjectString = state.queue;
      od.ResolvedType = N.MQOT_TOPIC;
    } else {
      throw new MQError(N.MQCC_FAILED, N.MQRC_OBJECT_TYPE_ERROR, verb);
    }
    const object = new MQObject(ConnectionState.newHandle(), hConn, state.queue);
    connection.objects.set(object._hObj, { ...state, object });
    return object;
  });
}

export function Close(hObj: MQObject, closeOptions: number, cb?: Callback): Promise<void> | undefined {
  return complete(
    "CLOSE",
    cb,
    attempt(() => {
      const { connection, state } = objectOf(hObj, "CLOSE");
      state.consumer?.stop();
      return connection.serial(async () => {
        connection.objects.delete(hObj._hObj);
        await closeObjectState(connection, state, closeOptions);
        hObj._hObj = -1;
      });
    }),
  );
}

// --- Putting ---

async function putOn(connection: ConnectionState, queue: string, remote: string | undefined, md: MQMD, pmo: MQPMO, data: Buffer, topic = false): Promise<void> {
  const { message, messageId, format } = messageFromMD(md, pmo.Options, data);
  const properties = propertiesForPut(connection, pmo.OriginalMsgHandle);
  if (properties !== undefined) message.properties = properties;
  if (topic) return publishOn(connection, queue, md, pmo, message);
  const context =
    messageId !== undefined || format !== undefined
      ? { ...(messageId !== undefined ? { messageId } : {}), ...(format !== undefined ? { format } : {}) }
      : undefined;
  const syncpoint = (pmo.Options & N.MQPMO_SYNCPOINT) !== 0;
  const putting = connection.qm.put(queue, message, {
    ...(syncpoint ? { unitOfWork: connection.unit() } : {}),
    ...(remote ? { queueManager: remote } : {}),
    ...(context ? { context } : {}),
  });
  // A persistent message is on its queue only once the store has it: until then GetSync cannot see it.
  // (Over a client binding there is no GetSync, and the server answers once the message is stored.)
  const persistent = !connection.client && (message.persistent ?? connection.qm.object("queue", queue)?.attributes.defaultPersistence === true);
  const result = await (persistent && !syncpoint ? connection.storing(putting) : putting);
  putOutput(md, result, connection.applName);
  pmo.ResolvedQName = queue;
  pmo.ResolvedQMgrName = remote || connection.qm.name;
}

/** A put to a topic: a publication, a copy to each matching subscription; none is MQRC_NO_SUBS_MATCHED with MQPMO_WARN_IF_NO_SUBS_MATCHED. */
async function publishOn(connection: ConnectionState, topic: string, md: MQMD, pmo: MQPMO, message: PutMessage): Promise<void> {
  const { subscriptions } = await connection.qm.publish(topic, message, {
    ...(pmo.Options & N.MQPMO_SYNCPOINT ? { unitOfWork: connection.unit() } : {}),
    ...(pmo.Options & N.MQPMO_RETAIN ? { retain: true } : {}),
  });
  Object.assign(md, putDateTime(Date.now()));
  md.PutApplName = connection.applName;
  if (subscriptions === 0 && pmo.Options & N.MQPMO_WARN_IF_NO_SUBS_MATCHED) throw new MQError(N.MQCC_WARNING, N.MQRC_NO_SUBS_MATCHED, "PUT");
}

export function Put(hObj: MQObject, md: MQMD, pmo: MQPMO, data: Buffer | string, cb?: Callback): Promise<void> | undefined {
  return complete(
    "PUT",
    cb,
    attempt(() => {
      if (!(md instanceof MQMD)) throw new TypeError("Parameter must be of type MQMD");
      if (!(pmo instanceof MQPMO)) throw new TypeError("Parameter must be of type MQPMO");
      const { connection, state } = objectOf(hObj, "PUT");
      const body = putData(md, data);
      return connection.serial(async () => {
        if (!state.output || (state.handle === undefined && state.kind !== "topic")) throw new MQError(N.MQCC_FAILED, N.MQRC_NOT_OPEN_FOR_OUTPUT, "PUT");
        const asyncResponse = (pmo.Options & N.MQPMO_ASYNC_RESPONSE) !== 0;
        try {
          await putOn(connection, state.queue, state.remote, md, pmo, body, state.kind === "topic");
          if (asyncResponse) connection.asyncPuts.success++;
        } catch (error) {
          // MQPMO_ASYNC_RESPONSE: Stat reports the outcome too.
          if (asyncResponse) {
            const failure = asMQError(error, "PUT");
            if (failure.mqcc === N.MQCC_WARNING) connection.asyncPuts.warning++;
            else connection.asyncPuts.failure++;
            connection.asyncPuts.last = { mqcc: failure.mqcc, mqrc: failure.mqrc, queue: state.queue, remote: state.remote };
          }
          throw error;
        }
      }, state.kind !== "topic");
    }),
  );
}

/** Opens a queue, puts one message and closes it (MQPUT1). */
export function Put1(hConn: MQQueueManager, od: MQOD, md: MQMD, pmo: MQPMO, data: Buffer | string, cb?: Callback): Promise<void> | undefined {
  return complete(
    "PUT1",
    cb,
    attempt(() => {
      if (!(od instanceof MQOD)) throw new TypeError("Parameter must be of type MQOD");
      if (!(md instanceof MQMD)) throw new TypeError("Parameter must be of type MQMD");
      if (!(pmo instanceof MQPMO)) throw new TypeError("Parameter must be of type MQPMO");
      const connection = connectionOf(hConn, "PUT1");
      const body = putData(md, data);
      return connection.serial(async () => {
        const name = od.ObjectName?.trim() ?? "";
        if (od.ObjectType !== N.MQOT_Q || name === "")
          throw new MQError(N.MQCC_FAILED, od.ObjectType !== N.MQOT_Q ? N.MQRC_OBJECT_TYPE_ERROR : N.MQRC_UNKNOWN_OBJECT_NAME, "PUT1");
        const remote = od.ObjectQMgrName?.trim() || undefined;
        const handle = await connection.qm.open(name, { output: true, ...(remote ? { queueManager: remote } : {}), application: connection.applName });
        try {
          await putOn(connection, handle.queueName, remote, md, pmo, body);
        } finally {
          await handle.close();
        }
        od.ResolvedQName = handle.queueName;
        od.ResolvedQMgrName = remote ?? connection.qm.name;
      });
    }),
  );
}

// --- Units of work ---

/**
 * MQBEGIN: begins the connection's unit of work now (MQPMO_SYNCPOINT and MQGMO_SYNCPOINT calls
 * join it). No external resource manager takes part in a local binding's units of work, so it
 * completes with MQCC_WARNING and MQRC_NO_EXTERNAL_PARTICIPANTS, as IBM's MQBEGIN does without
 * any; synchronous as `ibmmq`'s: without a callback that warning is thrown. A unit already in
 * flight is MQRC_UOW_IN_PROGRESS.
 */
export function Begin(hConn: MQQueueManager, cb?: (err: MQError | null) => void): void {
  let outcome: MQError;
  try {
    const connection = connectionOf(hConn, "BEGIN");
    if (connection.inUnit) throw new MQError(N.MQCC_FAILED, N.MQRC_UOW_IN_PROGRESS, "BEGIN");
    connection.unit();
    outcome = new MQError(N.MQCC_WARNING, N.MQRC_NO_EXTERNAL_PARTICIPANTS, "BEGIN");
  } catch (error) {
    outcome = asMQError(error, "BEGIN");
  }
  if (cb) cb(outcome);
  else throw outcome;
}

/** Commits the connection's unit of work (MQCMIT). With no callback, returns a Promise. */
export function Cmit(hConn: MQQueueManager, cb?: Callback): Promise<void> | undefined {
  return complete(
    "CMIT",
    cb,
    attempt(() => {
      const connection = connectionOf(hConn, "CMIT");
      return connection.serial(() => connection.endUnit(true));
    }),
  );
}

/** Backs out the connection's unit of work (MQBACK): gets return to their queues, backout counts raised. */
export function Back(hConn: MQQueueManager, cb?: Callback): Promise<void> | undefined {
  return complete(
    "BACK",
    cb,
    attempt(() => {
      const connection = connectionOf(hConn, "BACK");
      return connection.serial(() => connection.endUnit(false));
    }),
  );
}

// --- Inquiring ---

/**
 * Fills in each MQAttr's value for a queue or the queue manager opened with MQOO_INQUIRE. Synchronous,
 * as IBM's is: what it reads the queue manager keeps in memory. Without a callback a failure throws.
 */
export function Inq(hObj: MQObject, selectors: MQAttr[], cb?: (err: MQError | null, selectors: MQAttr[]) => void): void {
  let error: MQError | null = null;
  try {
    if (!Array.isArray(selectors)) throw new TypeError("Parameter must be an array");
    const { connection, state } = objectOf(hObj, "INQ");
    if (!state.inquire) throw new MQError(N.MQCC_FAILED, N.MQRC_NOT_OPEN_FOR_INQUIRE, "INQ");
    if (connection.qm instanceof ClientQueueManager) return inquireOverClient(connection, state, selectors, cb);
    inquire(connection.qm, state, selectors);
  } catch (e) {
    if (e instanceof TypeError) throw e;
    error = asMQError(e, "INQ");
  }
  if (cb) cb(error, selectors);
  else if (error) throw error;
}

// --- The synchronous forms ---

/**
 * `ibmmq`'s *Sync verbs block the thread until the queue manager answers. A local binding's
 * queue manager runs on this same thread, so blocking it would wait for ever: these refuse with
 * MQRC_ENVIRONMENT_ERROR, saying which form to use instead (README.md). (OpenSync, PutSync,
 * Put1Sync and DiscSync block over a client binding in Node: client-sync-verbs.ts; GetSync and
 * CloseSync: sync.ts.)
 */
function notSynchronous(verb: string, instead: string) {
  return (): never => {
    const error = new MQError(N.MQCC_FAILED, N.MQRC_ENVIRONMENT_ERROR, verb);
    error.message += `: a local binding's queue manager runs on this thread and cannot be waited for synchronously; use ${instead}`;
    throw error;
  };
}
export const ConnSync = notSynchronous("CONNX", "Conn or ConnPromise");
export const ConnxSync = notSynchronous("CONNX", "Connx or ConnxPromise");

// --- The Promise forms ibmmq offers ---

export const ConnPromise = (qMgrName: string | null): Promise<MQQueueManager> =>
  new Promise((resolve, reject) => Conn(qMgrName, (err, hConn) => (err ? reject(err) : resolve(hConn!))));
export const ConnxPromise = (qMgrName: string | null, cno: MQCNO | null): Promise<MQQueueManager> =>
  new Promise((resolve, reject) => Connx(qMgrName, cno, (err, hConn) => (err ? reject(err) : resolve(hConn!))));
export const DiscPromise = (hConn: MQQueueManager): Promise<void> => Disc(hConn)!;
export const OpenPromise = (hConn: MQQueueManager, od: MQOD, openOptions: number): Promise<MQObject> =>
  new Promise((resolve, reject) => Open(hConn, od, openOptions, (err, hObj) => (err ? reject(err) : resolve(hObj!))));
export const ClosePromise = (hObj: MQObject, closeOptions: number): Promise<void> => Close(hObj, closeOptions)!;
export const PutPromise = (hObj: MQObject, md: MQMD, pmo: MQPMO, data: Buffer | string): Promise<void> => Put(hObj, md, pmo, data)!;
export const Put1Promise = (hConn: MQQueueManager, od: MQOD, md: MQMD, pmo: MQPMO, data: Buffer | string): Promise<void> => Put1(hConn, od, md, pmo, data)!;
