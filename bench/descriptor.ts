/**
 * The descriptor a queue manager named BENCH stores for a 1 KiB text put to DEV.QUEUE.1,
 * for the baselines that write "the same records" without the queue manager.
 */
import type { MessageRecord } from "../core/internal.js";
import { BODY_1KIB } from "./stats.js";

/** "AMQ BENCH" padded to 16 bytes, in hex: the first half of every id BENCH gives. */
const ID_PREFIX = "414d512042454e434820202020202020";

export function benchDescriptor(seq: number, queue = "DEV.QUEUE.1"): MessageRecord {
  return {
    seq,
    queue,
    messageId: ID_PREFIX + seq.toString(16).padStart(16, "0"),
    correlationId: "0".repeat(48),
    priority: 0,
    persistent: true,
    expiresAt: null,
    putTime: Date.now(),
    replyToQueue: "",
    replyToQueueManager: "",
    messageType: "datagram",
    type: "",
    backoutCount: 0,
    properties: [],
    bodyFormat: "text",
    bodySize: BODY_1KIB.length,
  };
}
