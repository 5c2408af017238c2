/**
 * MQGET with a callback, as `ibmmq`'s Get: a consumer per object that calls back for each
 * message (or each browse step) until GetDone; Ctl starts, suspends, resumes or stops a
 * connection's consumers. GetSync is sync.ts.
 */
import type { Message, UnitOfWork } from "../../core/index.js";
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import { asMQError, connectionOf, objectOf, type ConnectionState, type ObjectState } from "./connection.js";
import { fillMD, hexOf, isZero } from "./descriptor.js";
import { fillMessageHandle } from "./message-handles.js";
import { MQError, MQGMO, MQMD, type MQObject, type MQQueueManager } from "./structures.js";

const BROWSE = N.MQGMO_BROWSE_FIRST | N.MQGMO_BROWSE_NEXT;

/** The wait a get's MQGMO asks for, in milliseconds. */
export function waitOf(gmo: MQGMO): number {
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
  const consumer = { stop: () => stopper.abort() };
  state.consumer = consumer;
  const noWaitPause = 250;
  const run = async () => {
    let first = true;
    while (!stopper.signal.aborted && connection.connected) {
      await connection.whenResumed();
      if (stopper.signal.aborted) break;
      const gotMD = new MQMD();
      const gotGMO = Object.assign(new MQGMO(), { Options: gmo.Options, WaitInterval: gmo.WaitInterval, MatchOptions: gmo.MatchOptions });
      // Outside syncpoint the message is taken under a unit of its own, so that one GetDone
      // overtakes on its way to the callback goes back to the queue as it was, not lost.
      const own = gmo.Options & (N.MQGMO_SYNCPOINT | BROWSE) ? undefined : connection.qm.beginUnitOfWork();
      let message: Message | null;
      try {
        message = await getOne(connection, state, md, gmo, first, stopper.signal, own);
        if (own !== undefined && (message === null || stopper.signal.aborted)) await own.rollback({ countBackout: false });
      } catch (error) {
        if (own?.state === "active") await own.rollback({ countBackout: false }).catch(() => undefined);
        if (stopper.signal.aborted) break;
        if (state.consumer === consumer) state.consumer = undefined;
        deliver(asMQError(error, "GET[async]"), null, null, gotGMO);
        return;
      }
      first = false;
      // After GetDone no callback: a message taken outside syncpoint went back above; one under
      // syncpoint is taken back out of the connection's unit, as if never got, so that Cmit
      // does not commit a message nobody was handed (the unit's other work stays).
      if (stopper.signal.aborted) {
        if (message !== null && own === undefined && !(gmo.Options & BROWSE)) releaseFromUnit(connection, message);
        break;
      }
      if (message === null) {
        deliver(new MQError(N.MQCC_FAILED, N.MQRC_NO_MSG_AVAILABLE, "GET[async]"), null, null, gotGMO);
        if (!(gmo.Options & N.MQGMO_WAIT)) await new Promise((resolve) => setTimeout(resolve, noWaitPause));
        continue;
      }
      // The commit is asked for before the callback runs, so that a Disc in the callback comes after it.
      const committed = own?.commit();
      committed?.catch(() => undefined); // its failure is awaited below
      const data = fillMD(gotMD, message);
      try {
        fillMessageHandle(connection, gmo.MsgHandle, message.properties);
      } catch (error) {
        deliver(asMQError(error, "GET[async]"), null, null, gotGMO);
        continue;
      }
      gotGMO.MsgHandle = gmo.MsgHandle;
      gotGMO.ResolvedQName = state.queue;
      gotGMO.ReturnedLength = data.length;
      deliver(null, gotMD, data, gotGMO);
      // A commit that fails leaves the message on the queue (it comes again: not lost); the next get says why.
      await committed?.catch(() => undefined);
    }
    // Only this consumer: a Get started after GetDone may already hold the object while this one ends.
    if (state.consumer === consumer && stopper.signal.aborted) state.consumer = undefined;
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
export async function GetOnce(hObj: MQObject, md: MQMD, gmo: MQGMO, maxLength = Infinity): Promise<Buffer> {
  try {
    const { connection, state } = objectOf(hObj, "GET");
    return await connection.serial(async () => {
      const guarded = maxLength !== Infinity && !(gmo.Options & (N.MQGMO_ACCEPT_TRUNCATED_MSG | BROWSE | N.MQGMO_SYNCPOINT));
      const unit = guarded ? connection.qm.beginUnitOfWork() : undefined;
      const message = await getOne(connection, state, md, gmo, true, undefined, unit);
      if (message === null) {
        // Ended even empty: over a client binding the server holds it (and holds only so many) until it is.
        await unit?.rollback();
        throw new MQError(N.MQCC_FAILED, N.MQRC_NO_MSG_AVAILABLE, "GET");
      }
      const data = fillMD(md, message);
      // MQGMO version 4's MsgHandle: the handle now holds the message's properties.
      fillMessageHandle(connection, gmo.MsgHandle, message.properties);
      gmo.ResolvedQName = state.queue;
      gmo.ReturnedLength = Math.min(data.length, maxLength);
      if (unit !== undefined) {
        if (data.length > maxLength) await unit.rollback();
        else await unit.commit();
      }
      return data;
    });
  } catch (error) {
    throw asMQError(error, "GET");
  }
}

/**
 * A syncpoint get's message back out of the connection's unit of work (a local binding's: the
 * core's unit). Over a client binding the server keeps the unit and has no such request yet:
 * the message stays in it (adapters/mqi/README.md).
 */
function releaseFromUnit(connection: ConnectionState, message: Message): void {
  const unit = connection.unit() as UnitOfWork | { releaseGet?: undefined };
  unit.releaseGet?.(message.messageId);
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
