/**
 * Object attributes in plain English, with IBM MQ's defaults and ranges. MQSC maps its
 * keywords (MAXDEPTH, DEFPSIST, MSGDLVSQ, ...) onto these names in one place (core/mqsc).
 */
import { MQError } from "./errors.js";

export type DeliverySequence = "priority" | "fifo";

/** The attributes of a local queue that govern put and get. */
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
}

export interface QueueManagerAttributes {
  description: string;
  /** DEADQ: the dead-letter queue's name, "" for none. */
  deadLetterQueue: string;
  /** MAXMSGL of the queue manager, 32 KB to 100 MB; default 4 MB. */
  maxMessageLength: number;
}

export const MAX_MESSAGE_LENGTH_LIMIT = 104857600;

export const LOCAL_QUEUE_DEFAULTS: Readonly<LocalQueueAttributes> = Object.freeze({
  description: "",
  maxDepth: 5000,
  maxMessageLength: 4194304,
  putEnabled: true,
  getEnabled: true,
  defaultPriority: 0,
  defaultPersistence: false,
  deliverySequence: "priority",
});

export const QUEUE_MANAGER_DEFAULTS: Readonly<QueueManagerAttributes> = Object.freeze({
  description: "",
  deadLetterQueue: "",
  maxMessageLength: 4194304,
});

const NAME = /^[A-Za-z0-9._/%]+$/;

/** MQ's rule for object names: 1 to 48 of A-Z a-z 0-9 . / _ % (queue managers the same). */
export function checkObjectName(name: unknown, what = "queue"): string {
  if (typeof name !== "string" || name.length === 0 || name.length > 48 || !NAME.test(name)) {
    throw new MQError(
      what === "queue manager" ? "MQRC_Q_MGR_NAME_ERROR" : "MQRC_OBJECT_NAME_ERROR",
      `${JSON.stringify(name)} is not a valid ${what} name: use 1 to 48 characters from A-Z a-z 0-9 . / _ %`,
    );
  }
  return name;
}

function integerIn(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new MQError("MQRC_OPTIONS_ERROR", `${name} must be an integer from ${min} to ${max}; got ${JSON.stringify(value)}`);
  }
  return value;
}

function boolean(name: string, value: unknown): boolean {
  if (typeof value !== "boolean") throw new MQError("MQRC_OPTIONS_ERROR", `${name} must be true or false; got ${JSON.stringify(value)}`);
  return value;
}

function text(name: string, value: unknown, max: number): string {
  if (typeof value !== "string" || value.length > max) {
    throw new MQError("MQRC_OPTIONS_ERROR", `${name} must be a string of at most ${max} characters`);
  }
  return value;
}

/** Applies `changes` over `base`, checking each attribute's type and range. Unknown names fail. */
export function mergeLocalQueueAttributes(base: LocalQueueAttributes, changes: Partial<LocalQueueAttributes>): LocalQueueAttributes {
  const out = { ...base };
  for (const key of Object.keys(changes) as (keyof LocalQueueAttributes)[]) {
    const value = changes[key];
    if (value === undefined) continue;
    switch (key) {
      case "description":
        out.description = text(key, value, 64);
        break;
      case "maxDepth":
        out.maxDepth = integerIn(key, value, 0, 999999999);
        break;
      case "maxMessageLength":
        out.maxMessageLength = integerIn(key, value, 0, MAX_MESSAGE_LENGTH_LIMIT);
        break;
      case "putEnabled":
      case "getEnabled":
      case "defaultPersistence":
        out[key] = boolean(key, value);
        break;
      case "defaultPriority":
        out.defaultPriority = integerIn(key, value, 0, 9);
        break;
      case "deliverySequence":
        if (value !== "priority" && value !== "fifo") {
          throw new MQError("MQRC_OPTIONS_ERROR", `deliverySequence must be "priority" or "fifo"; got ${JSON.stringify(value)}`);
        }
        out.deliverySequence = value;
        break;
      default:
        throw new MQError("MQRC_OPTIONS_ERROR", `unknown local queue attribute ${JSON.stringify(key)}`);
    }
  }
  return out;
}

export function mergeQueueManagerAttributes(base: QueueManagerAttributes, changes: Partial<QueueManagerAttributes>): QueueManagerAttributes {
  const out = { ...base };
  for (const key of Object.keys(changes) as (keyof QueueManagerAttributes)[]) {
    const value = changes[key];
    if (value === undefined) continue;
    switch (key) {
      case "description":
        out.description = text(key, value, 64);
        break;
      case "deadLetterQueue":
        out.deadLetterQueue = value === "" ? "" : checkObjectName(value);
        break;
      case "maxMessageLength":
        out.maxMessageLength = integerIn(key, value, 32768, MAX_MESSAGE_LENGTH_LIMIT);
        break;
      default:
        throw new MQError("MQRC_OPTIONS_ERROR", `unknown queue manager attribute ${JSON.stringify(key)}`);
    }
  }
  return out;
}
