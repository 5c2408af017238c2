/** Reading a message's body from the store when a get needs it (the record alone was kept in memory). */
import { MQError } from "../base/errors.js";
import type { MessageRecord, StoredBody } from "../message/message.js";
import type { Store } from "../store/store.js";
import { describe } from "./damaged-messages.js";

/** The body of a stored message; a store that fails is MQRC_RESOURCE_PROBLEM, one that lost or spoiled the body MQRC_OBJECT_DAMAGED. */
export async function readStoredBody(store: Store, record: MessageRecord): Promise<StoredBody> {
  const { seq } = record;
  let body: StoredBody | undefined;
  try {
    body = await store.readBody(seq, { queue: record.queue, priority: record.priority });
  } catch (error) {
    throw new MQError("MQRC_RESOURCE_PROBLEM", `the ${store.kind} store could not read message ${seq}: ${describe(error)}`, { cause: error });
  }
  if (body === undefined) throw new MQError("MQRC_OBJECT_DAMAGED", `the body of message ${seq} is missing from the ${store.kind} store`);
  if (typeof body !== "string" && !(body instanceof Uint8Array))
    throw new MQError("MQRC_OBJECT_DAMAGED", `the body of message ${seq} in the ${store.kind} store is neither text nor bytes`);
  return body;
}
