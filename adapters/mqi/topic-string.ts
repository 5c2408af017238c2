/**
 * A topic's full string as MQOPEN and MQSUB form it from an MQOD's or MQSD's ObjectName (a
 * TOPIC object, whose TOPICSTR is the base) and ObjectString (the rest), joined by "/" as IBM
 * combines them. Shared by the local binding (subscriptions.ts) and a client binding's server
 * (adapters/http/mqi-client/), which must not load a connection's code; it throws the core's
 * MQError, which each turns into its own.
 */
import { MQError, type QueueManager } from "../../core/index.js";

export function resolveTopicString(qm: QueueManager, objectName: string | null | undefined, objectString: string | null | undefined): string {
  const name = objectName?.trim() ?? "";
  let base = "";
  if (name !== "") {
    const topic = qm.object("topic", name);
    if (topic === undefined) throw new MQError("MQRC_UNKNOWN_OBJECT_NAME", `no TOPIC object ${name}`);
    base = String(topic.attributes.topicString ?? "");
  }
  const tail = objectString ?? "";
  const full = base !== "" && tail !== "" ? `${base}/${tail}` : base || tail;
  if (full === "") throw new MQError("MQRC_UNKNOWN_OBJECT_NAME", "neither ObjectName nor ObjectString names a topic");
  return full;
}
