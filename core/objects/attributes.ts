/**
 * The attributes the product acts on, typed, over the full set the catalogue defines
 * (core/objects/catalogue): every other attribute is kept and shown, under the same plain
 * English names. Defaults, types and ranges come from the catalogue, checked in objects.ts.
 */
import { MQError } from "../base/errors.js";
import type { JsonValue } from "../message/message.js";

export type DeliverySequence = "priority" | "fifo";

/** A local queue's attributes: those that govern put and get, typed, and all the others. */
export interface LocalQueueAttributes {
  description: string;
  /** MAXDEPTH: 0 to 999,999,999; default 5000. */
  maxDepth: number;
  /** MAXMSGL in bytes: 0 to 100 MB; default 4 MB. */
  maxMessageLength: number;
  /** PUT(ENABLED|DISABLED). */
  putEnabled: boolean;
  /** GET(ENABLED|DISABLED). */
  getEnabled: boolean;
  /** DEFPRTY, 0 to 9. */
  defaultPriority: number;
  /** DEFPSIST(YES|NO). */
  defaultPersistence: boolean;
  /** MSGDLVSQ(PRIORITY|FIFO). */
  deliverySequence: DeliverySequence;
  /** USAGE(NORMAL|XMITQ). */
  usage: "normal" | "transmission";
  /** BOTHRESH: backouts after which a listener moves a message aside; 0 for never. */
  backoutThreshold: number;
  /** BOQNAME: where a message that reached BOTHRESH goes; "" for the dead-letter queue. */
  backoutRequeueQueue: string;
  [attribute: string]: JsonValue;
}

export interface QueueManagerAttributes {
  description: string;
  /** DEADQ: the dead-letter queue's name, "" for none. */
  deadLetterQueue: string;
  /** MAXMSGL of the queue manager, 32 KB to 100 MB; default 4 MB. */
  maxMessageLength: number;
  /** DEFXMITQ: the transmission queue for remote queue managers without one of their own. */
  defaultTransmissionQueue: string;
  [attribute: string]: JsonValue;
}

const NAME = /^[A-Za-z0-9._/%]+$/;

/** MQ's rule for object names: 1 to 48 (or `max`) of A-Z a-z 0-9 . / _ % (queue managers the same). */
export function checkObjectName(name: unknown, what = "queue", max = 48): string {
  if (typeof name !== "string" || name.length === 0 || name.length > max || !NAME.test(name)) {
    throw new MQError(
      what === "queue manager" ? "MQRC_Q_MGR_NAME_ERROR" : "MQRC_OBJECT_NAME_ERROR",
      `${JSON.stringify(name)} is not a valid ${what} name: use 1 to ${max} characters from A-Z a-z 0-9 . / _ %`,
    );
  }
  return name;
}
