/** A listener's options (the listener port's settings), checked, with their defaults. */
import { MQError } from "../../base/errors.js";

export interface ListenOptions {
  /** Handlers running at once (the listener port's maximum sessions). Default 1. */
  maxSessions?: number;
  /** Deliveries of one message before it is moved aside even below BOTHRESH (the listener port's MAX.RETRIES). Default 5. */
  maxRetries?: number;
  /** A JMS selector: only messages it selects. */
  selector?: string;
  /** Waits before handling a message delivered again: initial ms, times multiplier per further backout, at most max. */
  redeliveryDelay?: { initial: number; multiplier?: number; max?: number };
  /** What an UnprocessableMessageError does: to the dead-letter queue (default), or discarded. */
  unprocessable?: "dead-letter" | "discard";
}

export interface ResolvedListenOptions {
  maxSessions: number;
  maxRetries: number;
  selector: string | undefined;
  redeliveryDelay: { initial: number; multiplier: number; max: number } | undefined;
  unprocessable: "dead-letter" | "discard";
}

export function checkListenOptions(options: ListenOptions): ResolvedListenOptions {
  if (options === null || typeof options !== "object") throw new MQError("MQRC_OPTIONS_ERROR", "listener options must be an object");
  const maxSessions = whole(options.maxSessions ?? 1, "maxSessions", 1);
  const maxRetries = whole(options.maxRetries ?? 5, "maxRetries", 0);
  if (options.selector !== undefined && typeof options.selector !== "string") throw new MQError("MQRC_OPTIONS_ERROR", "selector must be a JMS selector string");
  const unprocessable = options.unprocessable ?? "dead-letter";
  if (unprocessable !== "dead-letter" && unprocessable !== "discard")
    throw new MQError("MQRC_OPTIONS_ERROR", `unprocessable is "dead-letter" or "discard"; got ${JSON.stringify(unprocessable)}`);
  let redeliveryDelay: ResolvedListenOptions["redeliveryDelay"];
  if (options.redeliveryDelay !== undefined) {
    const { initial, multiplier = 1, max = Number.MAX_SAFE_INTEGER } = options.redeliveryDelay;
    whole(initial, "redeliveryDelay.initial", 0);
    if (typeof multiplier !== "number" || !Number.isFinite(multiplier) || multiplier < 1)
      throw new MQError("MQRC_OPTIONS_ERROR", `redeliveryDelay.multiplier is a number, 1 or more; got ${JSON.stringify(multiplier)}`);
    whole(max, "redeliveryDelay.max", 0);
    redeliveryDelay = { initial, multiplier, max };
  }
  return { maxSessions, maxRetries, selector: options.selector === "" ? undefined : options.selector, redeliveryDelay, unprocessable };
}

/** How long to wait before handling a message backed out `backoutCount` times: 0 for a first delivery. */
export function redeliveryDelayFor(options: ResolvedListenOptions, backoutCount: number): number {
  const delay = options.redeliveryDelay;
  if (!delay || backoutCount === 0) return 0;
  return Math.min(delay.max, Math.round(delay.initial * delay.multiplier ** (backoutCount - 1)));
}

function whole(value: unknown, name: string, min: number): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min)
    throw new MQError("MQRC_OPTIONS_ERROR", `${name} is a whole number, ${min} or more; got ${JSON.stringify(value)}`);
  return value;
}
