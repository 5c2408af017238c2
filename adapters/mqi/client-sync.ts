/**
 * GetSync and CloseSync over a client binding: the server answers MQGET and MQCLOSE, and the
 * program's thread blocks until it has, as under IBM's `ibmmq`. In Node the session's socket is
 * serviced on a worker thread (client-thread.ts), which is what lets this thread block; where no
 * thread can block (a page, workerd), the session's `requestSync` is MQRC_ENVIRONMENT_ERROR.
 *
 * A wait is the server's: MQGMO_WAIT with a WaitInterval blocks until a message arrives or the
 * interval ends (MQRC_NO_MSG_AVAILABLE); MQWI_UNLIMITED blocks until one arrives. Outside
 * syncpoint, without MQGMO_ACCEPT_TRUNCATED_MSG, the message is taken under a unit of work of
 * the get's own and kept only once it is known to fit the buffer: a longer one goes back to its
 * queue (BackoutCount unchanged) with MQRC_TRUNCATED_MSG_FAILED, as IBM leaves it there. That
 * costs a second round trip (the unit's commit), answered before GetSync returns, so a message
 * GetSync handed over is gone from the queue even if the program ends at once.
 */
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import type { ClientQueueManager } from "./client.js";
import type { ConnectionState, ObjectState } from "./connection.js";
import { fillMD, hexOf, isZero } from "./descriptor.js";
import { waitOf } from "./get-async.js";
import { fillMessageHandle } from "./message-handles.js";
import { MQError, type MQGMO, type MQMD, type MQObject } from "./structures.js";

function failure(reason: number, why: string): MQError {
  const error = new MQError(N.MQCC_FAILED, reason, "GET");
  error.message += `: ${why}`;
  return error;
}

/** MQGET over the client binding, blocking: the data length (md, buf and gmo filled in, as sync.ts's). */
export function clientGetSync(connection: ConnectionState, state: ObjectState, md: MQMD, gmo: MQGMO, buf: Buffer): number {
  const qm = connection.qm as unknown as ClientQueueManager;
  if (!qm.session.canBlock)
    throw failure(
      N.MQRC_ENVIRONMENT_ERROR,
      "over a client binding the server answers MQGET, and this runtime's thread cannot block waiting on a socket (Node's can); use Get with a callback",
    );
  // Its request would overtake the earlier verb's, which the server answers in order.
  if (connection.busy) throw failure(N.MQRC_CALL_IN_PROGRESS, "an earlier call on this connection has not finished; wait for its callback");
  if (gmo.Options & (N.MQGMO_BROWSE_FIRST | N.MQGMO_BROWSE_NEXT))
    throw failure(N.MQRC_ENVIRONMENT_ERROR, "a client binding browses asynchronously; use Get with a callback");
  if (!state.input) throw new MQError(N.MQCC_FAILED, N.MQRC_NOT_OPEN_FOR_INPUT, "GET");
  const syncpoint = (gmo.Options & N.MQGMO_SYNCPOINT) !== 0;
  const accepting = (gmo.Options & N.MQGMO_ACCEPT_TRUNCATED_MSG) !== 0;
  const own = !syncpoint && !accepting ? qm.beginUnitOfWork() : undefined;
  const unit = syncpoint ? connection.unit() : own;
  const match = gmo.MatchOptions;
  let message;
  try {
    message = qm.getSync(state.queue, {
      wait: waitOf(gmo),
      ...(unit ? { unitOfWork: unit } : {}),
      ...(match & N.MQMO_MATCH_MSG_ID && !isZero(md.MsgId) ? { messageId: hexOf(md.MsgId) } : {}),
      ...(match & N.MQMO_MATCH_CORREL_ID && !isZero(md.CorrelId) ? { correlationId: hexOf(md.CorrelId) } : {}),
    });
  } finally {
    // The server began the get's own unit with the request: with nothing in it, it is ended without waiting (the
    // request goes ahead of the connection's next one), or a polling loop would fill the server's units.
    if (own !== undefined && !message) void own.rollback({ countBackout: false }).catch(() => undefined);
  }
  if (message === null) throw new MQError(N.MQCC_FAILED, N.MQRC_NO_MSG_AVAILABLE, "GET");
  const data = fillMD(md, message);
  const fits = data.length <= buf.length;
  own?.endSync(fits, { countBackout: false });
  data.copy(buf, 0, 0, Math.min(data.length, buf.length));
  gmo.ReturnedLength = fits ? data.length : accepting ? buf.length : data.length;
  gmo.ResolvedQName = state.queue;
  // Under syncpoint a longer message stays in the server's unit of work (no request takes it back out yet).
  if (!fits && !accepting) throw new MQError(N.MQCC_WARNING, N.MQRC_TRUNCATED_MSG_FAILED, "GET");
  fillMessageHandle(connection, gmo.MsgHandle, message.properties);
  if (!fits) {
    gmo.ReturnedLength = data.length;
    throw new MQError(N.MQCC_WARNING, N.MQRC_TRUNCATED_MSG_ACCEPTED, "GET");
  }
  return data.length;
}

/**
 * MQCLOSE of a queue over the client binding, blocking until the server has closed it; false
 * when it cannot block here (another kind of object, a call of the connection still running):
 * the caller closes it as a local binding's CloseSync does, the server's answer following.
 */
export function clientCloseSync(connection: ConnectionState, hObj: MQObject, state: ObjectState, closeOptions: number): boolean {
  const handle = state.handle as { closeSync?: (closing: { deleteQueue?: boolean }) => void } | undefined;
  if (!(connection.qm as unknown as ClientQueueManager).session.canBlock) return false;
  if (connection.busy || state.kind !== "queue" || state.subscription !== undefined || handle?.closeSync === undefined) return false;
  state.consumer?.stop();
  state.cursor?.close();
  connection.objects.delete(hObj._hObj);
  hObj._hObj = -1;
  handle.closeSync({ deleteQueue: (closeOptions & (N.MQCO_DELETE | N.MQCO_DELETE_PURGE)) !== 0 });
  return true;
}
