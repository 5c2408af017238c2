/**
 * What a SUBSCRIBE (or UNSUBSCRIBE) frame's headers ask for: the ack mode, the prefetch
 * (RabbitMQ's `prefetch-count`, ActiveMQ's `activemq.prefetchSize`), a selector, and a durable
 * subscription's name. A header that is not understood is MQRC_OPTIONS_ERROR, before anything
 * is opened.
 */
import { MQError } from "../../../core/index.js";
import type { StompSubscriptionState } from "./connection-state.js";
import type { StompDestination } from "./destinations.js";
import { header, type StompFrame } from "./frame.js";

/** How many messages a subscription may hold unacknowledged when SUBSCRIBE does not say. */
export const DEFAULT_PREFETCH = 100;

/** The subscription SUBSCRIBE asks for, once its `id` and destination are known (and allowed). */
export function subscriptionFromHeaders(frame: StompFrame, id: string, destinationText: string, destination: StompDestination): StompSubscriptionState {
  const ack = header(frame, "ack") ?? "auto";
  if (ack !== "auto" && ack !== "client" && ack !== "client-individual")
    throw new MQError("MQRC_OPTIONS_ERROR", `ack is auto, client or client-individual; got ${JSON.stringify(ack.slice(0, 40))}`);
  const prefetchHeader = header(frame, "prefetch-count") ?? header(frame, "activemq.prefetchSize");
  const prefetch = prefetchHeader === undefined ? DEFAULT_PREFETCH : Number(prefetchHeader);
  if (!Number.isSafeInteger(prefetch) || prefetch < 1)
    throw new MQError("MQRC_OPTIONS_ERROR", `prefetch-count is a whole number, 1 or more; got ${JSON.stringify(prefetchHeader)}`);
  const selector = header(frame, "selector");
  const durable = destination.kind === "topic" ? durableName(frame, id) : undefined;
  return {
    id,
    destination: destinationText,
    ack,
    prefetch,
    ...(selector !== undefined && selector !== "" ? { selector } : {}),
    ...(durable !== undefined ? { durableName: durable } : {}),
  };
}

/** RabbitMQ's `durable: true` (or `persistent: true`) names the subscription by its id; ActiveMQ's by `activemq.subscriptionName`. */
export function durableName(frame: StompFrame, id: string): string | undefined {
  const activeMq = header(frame, "activemq.subscriptionName");
  if (activeMq !== undefined && activeMq !== "") return activeMq;
  return header(frame, "durable") === "true" || header(frame, "persistent") === "true" ? id : undefined;
}
