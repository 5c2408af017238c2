/**
 * `webmq/ibmmq`: the MQI as IBM's `ibmmq` package gives it to JavaScript, bound locally to a
 * queue manager opened in the same runtime (`registerQueueManager`). A program written for
 * `ibmmq` runs unchanged once the name `ibmmq` resolves to this entry (README.md).
 */
import type { Message, UnitOfWork } from "../../core/index.js";
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import { asMQError, attach, ConnectionState, connectionOf, objectOf, registeredQueueManager, type ObjectState } from "./connection.js";
import { fillMD, hexOf, isZero, messageFromMD, putOutput } from "./descriptor.js";
import { inquire } from "./inquire.js";
import { MQAttr, MQCNO, MQError, MQGMO, MQMD, MQOD, MQObject, MQPMO, MQQueueManager } from "./structures.js";

export { registerQueueManager, unregisterQueueManager } from "./connection.js";
export { MQAttr, MQCNO, MQCSP, MQError, MQGMO, MQMD, MQOD, MQObject, MQPMO, MQQueueManager } from "./structures.js";

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
  const options = cno?.Options ?? 0;
  // Client bindings (MQCNO_CLIENT_BINDING, an MQCD, a CCDT) are the next layer of this entry.
  if (options & N.MQCNO_CLIENT_BINDING || cno?.ClientConn != null || cno?.CCDTUrl != null) throw new MQError(N.MQCC_FAILED, N.MQRC_ENVIRONMENT_ERROR, "CONNX");
  const qm = registeredQueueManager(qMgrName ?? "");
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
        for (const state of connection.objects.values()) await closeObject(state, false);
        connection.objects.clear();
        await connection.endUnit(true);
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
    if (!input && !output && !browse && !inquire) throw new MQError(N.MQCC_FAILED, N.MQRC_OPTIONS_ERROR, verb);
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
        if (qm.object("queue", name) === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_UNKNOWN_OBJECT_NAME, verb);
        state.queue = name;
      }
      // A model queue opened makes a dynamic queue: MQOPEN gives its name back in the MQOD.
      od.ObjectName = state.queue;
      od.ResolvedQName = state.queue;
      od.ResolvedQMgrName = od.ObjectQMgrName?.trim() || qm.name;
      od.ResolvedType = N.MQOT_Q;
    } else {
      throw new MQError(N.MQCC_FAILED, N.MQRC_OBJECT_TYPE_ERROR, verb);
    }
    const object = new MQObject(ConnectionState.newHandle(), hConn, state.queue);
    connection.objects.set(object._hObj, { ...state, object });
    return object;
  });
}

async function closeObject(state: ObjectState, deleteQueue: boolean): Promise<void> {
  state.consumer?.stop();
  state.cursor?.close();
  await state.handle?.close({ deleteQueue });
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
        await closeObject(state, (closeOptions & (N.MQCO_DELETE | N.MQCO_DELETE_PURGE)) !== 0);
        hObj._hObj = -1;
      });
    }),
  );
}

// --- Putting ---

function putData(md: MQMD, data: Buffer | string | null | undefined): Buffer {
  if (typeof data === "string") {
    md.Format = N.MQFMT_STRING;
    return Buffer.from(data, "utf8");
  }
  if (data == null) return Buffer.alloc(0);
  if (!(data instanceof Uint8Array)) throw new TypeError("Parameter must be of type Buffer");
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

async function putOn(connection: ConnectionState, queue: string, remote: string | undefined, md: MQMD, pmo: MQPMO, data: Buffer): Promise<void> {
  const { message, messageId, format } = messageFromMD(md, pmo.Options, data);
  const context =
    messageId !== undefined || format !== undefined
      ? { ...(messageId !== undefined ? { messageId } : {}), ...(format !== undefined ? { format } : {}) }
      : undefined;
  const result = await connection.qm.put(queue, message, {
    ...(pmo.Options & N.MQPMO_SYNCPOINT ? { unitOfWork: connection.unit() } : {}),
    ...(remote ? { queueManager: remote } : {}),
    ...(context ? { context } : {}),
  });
  putOutput(md, result, connection.applName);
  pmo.ResolvedQName = queue;
  pmo.ResolvedQMgrName = remote || connection.qm.name;
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
        if (!state.output || state.handle === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_NOT_OPEN_FOR_OUTPUT, "PUT");
        await putOn(connection, state.queue, state.remote, md, pmo, body);
      });
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

// --- Getting ---

const BROWSE = N.MQGMO_BROWSE_FIRST | N.MQGMO_BROWSE_NEXT;

/** The wait a get's MQGMO asks for, in milliseconds. */
function waitOf(gmo: MQGMO): number {
  if (!(gmo.Options & N.MQGMO_WAIT)) return 0;
  return gmo.WaitInterval === N.MQWI_UNLIMITED ? Infinity : Math.max(0, gmo.WaitInterval);
}

/**
 * One MQGET on an open object: a destructive get (under the connection's unit of work with
 * MQGMO_SYNCPOINT) or the next message of its browse cursor; null when none came in the wait.
 */
async function getOne(
  connection: ConnectionState,
  state: ObjectState,
  md: MQMD,
  gmo: MQGMO,
  first: boolean,
  signal?: AbortSignal,
  unit: UnitOfWork | undefined = gmo.Options & N.MQGMO_SYNCPOINT ? connection.unit() : undefined,
): Promise<Message | null> {
  const wait = waitOf(gmo);
  if (gmo.Options & BROWSE) {
    if (!state.browse) throw new MQError(N.MQCC_FAILED, N.MQRC_NOT_OPEN_FOR_BROWSE, "GET");
    if (state.cursor === undefined || (first && gmo.Options & N.MQGMO_BROWSE_FIRST)) {
      state.cursor?.close();
      state.cursor = connection.qm.browse(state.queue);
    }
    return browseNext(connection, state, wait, signal);
  }
  if (!state.input) throw new MQError(N.MQCC_FAILED, N.MQRC_NOT_OPEN_FOR_INPUT, "GET");
  const match = gmo.MatchOptions;
  return connection.qm.get(state.queue, {
    wait,
    ...(signal ? { signal } : {}),
    ...(unit ? { unitOfWork: unit } : {}),
    ...(match & N.MQMO_MATCH_MSG_ID && !isZero(md.MsgId) ? { messageId: hexOf(md.MsgId) } : {}),
    ...(match & N.MQMO_MATCH_CORREL_ID && !isZero(md.CorrelId) ? { correlationId: hexOf(md.CorrelId) } : {}),
  });
}

/** The browse cursor's next message, waiting up to `wait` ms for a put on the queue when there is none. */
async function browseNext(connection: ConnectionState, state: ObjectState, wait: number, signal?: AbortSignal): Promise<Message | null> {
  const cursor = state.cursor!;
  const deadline = Date.now() + wait;
  for (;;) {
    const message = await cursor.next();
    if (message !== null || Date.now() >= deadline || signal?.aborted) return message;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stop();
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const stop = connection.qm.events.subscribe((event) => {
        if (event.type === "put" && event.queue === state.queue) done();
      });
      const timer = setTimeout(done, Math.min(deadline - Date.now(), 2_147_483_647));
      signal?.addEventListener("abort", done, { once: true });
    });
  }
}

/**
 * Asynchronous get: `cb(err, hObj, gmo, md, data, hConn)` is called for each message until
 * GetDone; when a wait ends with none, with MQRC_NO_MSG_AVAILABLE (and the consumer goes on
 * until GetDone, as IBM's does). Another failure ends the consumer.
 */
export function Get(
  hObj: MQObject,
  md: MQMD,
  gmo: MQGMO,
  cb: (err: MQError | null, hObj: MQObject, gmo: MQGMO, md: MQMD | null, data: Buffer | null, hConn: MQQueueManager) => void,
): void {
  if (typeof cb !== "function") throw new TypeError("Callback function must be provided");
  if (!(md instanceof MQMD)) throw new TypeError("Parameter must be of type MQMD");
  if (!(gmo instanceof MQGMO)) throw new TypeError("Parameter must be of type MQGMO");
  let found: ReturnType<typeof objectOf>;
  try {
    found = objectOf(hObj, "GET[async]");
  } catch (error) {
    queueMicrotask(() => cb(asMQError(error, "GET[async]"), hObj, gmo, null, null, hObj?._mqQueueManager));
    return;
  }
  const { connection, state } = found;
  if (state.consumer !== undefined) {
    queueMicrotask(() => cb(new MQError(N.MQCC_FAILED, N.MQRC_HCONN_ASYNC_ACTIVE, "GET[async]"), hObj, gmo, null, null, hObj._mqQueueManager));
    return;
  }
  const stopper = new AbortController();
  state.consumer = { stop: () => stopper.abort() };
  const noWaitPause = 250;
  const run = async () => {
    let first = true;
    while (!stopper.signal.aborted && connection.connected) {
      await connection.whenResumed();
      if (stopper.signal.aborted) break;
      const gotMD = new MQMD();
      const gotGMO = Object.assign(new MQGMO(), { Options: gmo.Options, WaitInterval: gmo.WaitInterval, MatchOptions: gmo.MatchOptions });
      let message: Message | null;
      try {
        message = await getOne(connection, state, md, gmo, first, stopper.signal);
      } catch (error) {
        if (stopper.signal.aborted) break;
        state.consumer = undefined;
        deliver(asMQError(error, "GET[async]"), null, null, gotGMO);
        return;
      }
      first = false;
      if (stopper.signal.aborted) break; // a message taken after GetDone is not one (a wait aborted leaves it on the queue)
      if (message === null) {
        deliver(new MQError(N.MQCC_FAILED, N.MQRC_NO_MSG_AVAILABLE, "GET[async]"), null, null, gotGMO);
        if (!(gmo.Options & N.MQGMO_WAIT)) await new Promise((resolve) => setTimeout(resolve, noWaitPause));
        continue;
      }
      const data = fillMD(gotMD, message);
      gotGMO.ResolvedQName = state.queue;
      gotGMO.ReturnedLength = data.length;
      deliver(null, gotMD, data, gotGMO);
    }
    if (state.consumer?.stop !== undefined && stopper.signal.aborted) state.consumer = undefined;
  };
  const deliver = (err: MQError | null, gotMD: MQMD | null, data: Buffer | null, gotGMO: MQGMO) => {
    const hConn = hObj._mqQueueManager;
    hConn._inCB = true;
    try {
      cb(err, hObj, gotGMO, gotMD, data, hConn);
    } finally {
      hConn._inCB = false;
    }
  };
  void run();
}

/**
 * One MQGET as IBM's procedural MQI makes it, for hosts of programs in other languages (the
 * WebAssembly host, adapters/wasm); `ibmmq` has no such verb. Resolves with the message's whole
 * data, `md` and `gmo` filled in; rejects with MQRC_NO_MSG_AVAILABLE when none came in the wait.
 * With `maxLength` and neither MQGMO_ACCEPT_TRUNCATED_MSG nor a browse, a longer message is
 * MQRC_TRUNCATED_MSG_FAILED: outside syncpoint it is taken in a unit of work of its own and
 * backed out, so it stays on the queue (its BackoutCount raised, unlike IBM's).
 */
export function GetOnce(hObj: MQObject, md: MQMD, gmo: MQGMO, maxLength = Infinity): Promise<Buffer> {
  return complete(
    "GET",
    undefined,
    attempt(() => {
      const { connection, state } = objectOf(hObj, "GET");
      return connection.serial(async () => {
        const guarded = maxLength !== Infinity && !(gmo.Options & (N.MQGMO_ACCEPT_TRUNCATED_MSG | BROWSE | N.MQGMO_SYNCPOINT));
        const unit = guarded ? connection.qm.beginUnitOfWork() : undefined;
        const message = await getOne(connection, state, md, gmo, true, undefined, unit);
        if (message === null) throw new MQError(N.MQCC_FAILED, N.MQRC_NO_MSG_AVAILABLE, "GET");
        const data = fillMD(md, message);
        gmo.ResolvedQName = state.queue;
        gmo.ReturnedLength = Math.min(data.length, maxLength);
        if (unit !== undefined) {
          if (data.length > maxLength) await unit.rollback();
          else await unit.commit();
        }
        return data;
      });
    }),
  )!;
}

/** Ends the asynchronous get on an object: no more calls of its callback. */
export function GetDone(hObj: MQObject, cb?: (err?: MQError) => void): void {
  let error: MQError | undefined;
  try {
    const { state } = objectOf(hObj, "GETDONE");
    if (state.consumer === undefined) error = new MQError(N.MQCC_FAILED, N.MQRC_CALLBACK_ROUTINE_ERROR, "GETDONE");
    state.consumer?.stop();
    state.consumer = undefined;
  } catch (e) {
    error = asMQError(e, "GETDONE");
  }
  if (cb) cb(error);
  else if (error) throw error;
}

/** Starts, suspends, resumes or stops a connection's asynchronous gets (MQOP_START, _SUSPEND, _RESUME, _STOP). */
export function Ctl(hConn: MQQueueManager, operation: number, cb?: (err?: MQError) => void): void {
  let error: MQError | undefined;
  try {
    const connection = connectionOf(hConn, "CTL");
    if (operation === N.MQOP_START || operation === N.MQOP_RESUME) connection.setSuspended(false);
    else if (operation === N.MQOP_SUSPEND) connection.setSuspended(true);
    else if (operation === N.MQOP_STOP) {
      for (const state of connection.objects.values()) {
        state.consumer?.stop();
        state.consumer = undefined;
      }
    } else throw new MQError(N.MQCC_FAILED, N.MQRC_OPTIONS_ERROR, "CTL");
  } catch (e) {
    error = asMQError(e, "CTL");
  }
  if (cb) cb(error);
  else if (error) throw error;
}

// --- Units of work ---

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
 * MQRC_ENVIRONMENT_ERROR, saying which form to use instead (README.md).
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
export const DiscSync = notSynchronous("DISC", "Disc or DiscPromise");
export const OpenSync = notSynchronous("OPEN", "Open or OpenPromise");
export const CloseSync = notSynchronous("CLOSE", "Close or ClosePromise");
export const PutSync = notSynchronous("PUT", "Put or PutPromise");
export const Put1Sync = notSynchronous("PUT1", "Put1 or Put1Promise");
export const GetSync = notSynchronous("GET", "Get, ended by GetDone");

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
