/**
 * `ibmmq`'s synchronous verbs on a local binding. IBM's block the thread until the queue
 * manager answers; here the queue manager runs on that very thread, so a synchronous verb
 * answers from what the queue manager holds in memory at the moment of the call:
 *
 * - GetSync takes the next message (or the one MsgId/CorrelId match) when memory holds it,
 *   which is every non-persistent message and every persistent one not paged out to the
 *   store; a persistent message's delete is written to the store just after GetSync returns,
 *   and the connection's next verb waits for that write (and fails with its reason if it failed,
 *   the message then being back on its queue). With no message, MQGMO_WAIT with a
 *   WaitInterval ends at once with MQRC_NO_MSG_AVAILABLE: nothing can arrive while this thread
 *   is blocked, so waiting would change nothing; an unlimited wait, which would never end, is
 *   MQRC_ENVIRONMENT_ERROR. Browsing and a message paged out to the store are
 *   MQRC_ENVIRONMENT_ERROR too: use Get (with a callback).
 * - CloseSync closes at once: the handle is unusable and a subscription gets no more copies when
 *   it returns; what must be written to the store follows, before the connection's next verb.
 *
 * Over a client binding the server answers: client-sync.ts (Node blocks the thread on it).
 *
 * A synchronous verb called while an earlier asynchronous verb of the connection still waits
 * to start cannot wait for it: MQRC_CALL_IN_PROGRESS, as IBM gives for a call made on a
 * connection busy with another; so is a GetSync that finds nothing while a persistent message
 * this connection put is still being written to the store (it may be the one wanted).
 */
import { getImmediately } from "../../core/manager/mqi-parts.js";
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import { asMQError, closeObjectState, objectOf } from "./connection.js";
import { clientCloseSync, clientGetSync } from "./client-sync.js";
import { fillMD, hexOf, isZero } from "./descriptor.js";
import { fillMessageHandle } from "./message-handles.js";
import { MQError, MQGMO, MQMD, type MQObject } from "./structures.js";

function syncFailure(verb: string, reason: number, why: string): MQError {
  const error = new MQError(N.MQCC_FAILED, reason, verb);
  error.message += `: ${why}`;
  return error;
}

/**
 * MQGET, synchronously: fills `md` and `buf` and returns the message's data length; `cb`, if
 * given, is called before GetSync returns with (err, length). A message longer than `buf`
 * stays on the queue (MQRC_TRUNCATED_MSG_FAILED) unless MQGMO_ACCEPT_TRUNCATED_MSG.
 */
export function GetSync(hObj: MQObject, md: MQMD, gmo: MQGMO, buf: Buffer, cb?: (err: MQError | null, length?: number) => void): number | undefined {
  if (!(md instanceof MQMD)) throw new TypeError("Parameter must be of type MQMD");
  if (!(gmo instanceof MQGMO)) throw new TypeError("Parameter must be of type MQGMO");
  if (!Buffer.isBuffer(buf)) throw new TypeError("Parameter must be of type Buffer");
  let length: number | undefined;
  let error: MQError | null = null;
  try {
    length = getSync(hObj, md, gmo, buf);
  } catch (e) {
    error = asMQError(e, "GET");
    if (error.mqrc === N.MQRC_TRUNCATED_MSG_FAILED || error.mqrc === N.MQRC_TRUNCATED_MSG_ACCEPTED) length = gmo.ReturnedLength;
  }
  if (cb) cb(error, length);
  else if (error) throw error;
  return length;
}

function getSync(hObj: MQObject, md: MQMD, gmo: MQGMO, buf: Buffer): number {
  const { connection, state } = objectOf(hObj, "GET");
  if (connection.client) return clientGetSync(connection, state, md, gmo, buf);
  if (connection.busy) throw syncFailure("GET", N.MQRC_CALL_IN_PROGRESS, "an earlier call on this connection has not finished; wait for its callback");
  if (gmo.Options & (N.MQGMO_BROWSE_FIRST | N.MQGMO_BROWSE_NEXT))
    throw syncFailure("GET", N.MQRC_ENVIRONMENT_ERROR, "a local binding browses asynchronously; use Get with a callback");
  if (!state.input) throw new MQError(N.MQCC_FAILED, N.MQRC_NOT_OPEN_FOR_INPUT, "GET");
  const match = gmo.MatchOptions;
  let data: Buffer = Buffer.alloc(0);
  const accepting = (gmo.Options & N.MQGMO_ACCEPT_TRUNCATED_MSG) !== 0;
  const got = getImmediately(connection.qm, state.queue, {
    ...(gmo.Options & N.MQGMO_SYNCPOINT ? { unitOfWork: connection.unit() } : {}),
    ...(match & N.MQMO_MATCH_MSG_ID && !isZero(md.MsgId) ? { messageId: hexOf(md.MsgId) } : {}),
    ...(match & N.MQMO_MATCH_CORREL_ID && !isZero(md.CorrelId) ? { correlationId: hexOf(md.CorrelId) } : {}),
    take: (message) => {
      data = fillMD(md, message);
      return data.length <= buf.length || accepting;
    },
  });
  if (got === "paged")
    throw syncFailure("GET", N.MQRC_ENVIRONMENT_ERROR, "the next message is paged out to the store and cannot be read synchronously; use Get with a callback");
  if (got === null) {
    if (connection.putsStoring)
      throw syncFailure("GET", N.MQRC_CALL_IN_PROGRESS, "a persistent message this connection put is still being written to the store; wait for its callback");
    if (gmo.Options & N.MQGMO_WAIT && gmo.WaitInterval === N.MQWI_UNLIMITED)
      throw syncFailure("GET", N.MQRC_ENVIRONMENT_ERROR, "no message, and an unlimited wait on this thread could never end; use Get with a callback");
    throw new MQError(N.MQCC_FAILED, N.MQRC_NO_MSG_AVAILABLE, "GET");
  }
  connection.after(got.settled);
  data.copy(buf, 0, 0, Math.min(data.length, buf.length));
  gmo.ReturnedLength = Math.min(data.length, buf.length);
  gmo.ResolvedQName = state.queue;
  if (!got.taken) {
    gmo.ReturnedLength = data.length;
    throw new MQError(N.MQCC_WARNING, N.MQRC_TRUNCATED_MSG_FAILED, "GET");
  }
  fillMessageHandle(connection, gmo.MsgHandle, got.message.properties);
  if (data.length > buf.length) {
    gmo.ReturnedLength = data.length;
    throw new MQError(N.MQCC_WARNING, N.MQRC_TRUNCATED_MSG_ACCEPTED, "GET");
  }
  return data.length;
}

/** MQCLOSE, synchronously (see above). */
export function CloseSync(hObj: MQObject, closeOptions: number, cb?: (err: MQError | null) => void): void {
  let error: MQError | null = null;
  try {
    const { connection, state } = objectOf(hObj, "CLOSE");
    if (connection.client && clientCloseSync(connection, hObj, state, closeOptions)) return cb?.(null);
    state.consumer?.stop();
    state.subscription?.unsubscribe?.();
    connection.objects.delete(hObj._hObj);
    hObj._hObj = -1;
    connection.after(connection.serial(() => closeObjectState(connection, state, closeOptions)));
  } catch (e) {
    error = asMQError(e, "CLOSE");
  }
  if (cb) cb(error);
  else if (error) throw error;
}
