/**
 * STOMP destinations as MQ names: `/queue/NAME` a queue, `/topic/STRING` a topic string
 * (MQ's `#` and `+` wildcards in a subscription), `/temp-queue/NAME` a temporary queue of the
 * connection's own (made on first use, deleted when the connection ends), as RabbitMQ's are.
 */
import { MQError } from "../../../core/index.js";

export type StompDestination = { kind: "queue"; name: string } | { kind: "topic"; topic: string } | { kind: "temp-queue"; name: string };

export function parseDestination(text: string | undefined): StompDestination {
  if (text === undefined || text === "") throw new MQError("MQRC_OBJECT_NAME_ERROR", "the frame needs a destination header");
  const [, kind, rest] = /^\/(queue|topic|temp-queue)\/(.+)$/.exec(text) ?? [];
  if (kind === undefined || rest === undefined)
    throw new MQError("MQRC_OBJECT_NAME_ERROR", `destination ${JSON.stringify(text.slice(0, 80))} is not /queue/NAME, /topic/TOPIC/STRING or /temp-queue/NAME`);
  if (kind === "topic") return { kind: "topic", topic: rest };
  return kind === "queue" ? { kind: "queue", name: rest } : { kind: "temp-queue", name: rest };
}
