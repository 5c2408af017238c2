/**
 * Whether a put meets its queue's limit behaviour (queue-limits.ts, loaded only then): the
 * queue is at MAXDEPTH or the message would pass MAXBYTES, on a queue whose LIMITBHV acts.
 */
import type { LocalQueue, PutOptions } from "../kernel/index.js";
import { encodeBody, type PutMessage } from "../message/message.js";

export function putMeetsLimit(queue: LocalQueue, message: PutMessage, options: PutOptions): boolean {
  if (!queue.limitBehaviorActs || options.makingRoom !== undefined) return false;
  return queue.depth >= queue.attributes.maxDepth || !fitsBytes(queue, sizeOf(message));
}

/** A message's body size as a put counts it (UTF-8 bytes); 0 for a body a put will refuse anyway. */
export function sizeOf(message: PutMessage): number {
  try {
    return encodeBody(message.body, message.bodyFormat, Number.MAX_SAFE_INTEGER).size;
  } catch {
    return 0;
  }
}

/** Whether `size` more bytes fit the queue's MAXBYTES, once `freed` bytes are gone. */
export function fitsBytes(queue: LocalQueue, size: number, freed = 0): boolean {
  return queue.maxBytes < 0 || queue.bytes - freed + size <= queue.maxBytes;
}
