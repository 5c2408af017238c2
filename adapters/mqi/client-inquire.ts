/**
 * MQINQ over a client binding (index.ts's Inq): the server's session answers it
 * (adapters/http/mqi-client/session.ts, with inquire.ts's inquireValues). Apart from inquire.ts
 * so that the server, which reads its own queue manager, does not load a connection's code.
 */
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import type { ClientQueueManager } from "./client.js";
import { asMQError, type ConnectionState, type ObjectState } from "./connection.js";
import { MQError, type MQAttr } from "./structures.js";

/**
 * Inq over a client binding: the server answers, so only the callback form can have the
 * values (`ibmmq`'s Inq takes one); without it, MQRC_ENVIRONMENT_ERROR says so. The request
 * runs in the connection's order, after the verbs before it.
 */
export function inquireOverClient(
  connection: ConnectionState,
  state: ObjectState,
  selectors: MQAttr[],
  cb: ((err: MQError | null, selectors: MQAttr[]) => void) | undefined,
): void {
  if (!cb) {
    const error = new MQError(N.MQCC_FAILED, N.MQRC_ENVIRONMENT_ERROR, "INQ");
    error.message += ": over a client binding the server answers MQINQ; give Inq a callback";
    throw error;
  }
  const client = connection.qm as unknown as ClientQueueManager;
  const target = state.kind === "qmgr" ? "qmgr" : "queue";
  connection
    .serial(() =>
      client.inquire(
        target,
        state.queue,
        selectors.map((attr) => attr.selector),
      ),
    )
    .then(
      (values) => {
        selectors.forEach((attr, i) => (attr.value = values[i]));
        cb(null, selectors);
      },
      (error: unknown) => cb(asMQError(error, "INQ"), selectors),
    );
}
