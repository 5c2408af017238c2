/**
 * Triggering (core/triggers) built on the queue manager's parts: committed puts and input
 * opened and closed from the kernel's events, ALTER from the admin. Loaded when a queue
 * has TRIGGER on (feature.ts).
 */
import { PROCESS as PROCESS_DEFINITION } from "../../objects/catalogue/process-definition.js";
import { Triggering } from "./triggering.js";
import type { FeatureParts } from "../feature.js";

const APPLICATION_TYPES = PROCESS_DEFINITION.attributes.find((a) => a.name === "applicationType")!.type;

export function createTriggering(parts: FeatureParts): Triggering {
  const { objects, admin } = parts;
  const queues = parts.kernel.queues;
  return new Triggering({
    clock: parts.clock,
    events: parts.kernel.events,
    queue: (queue) => queues.get(queue),
    queueNames: () => queues.keys(),
    openInputCount: (queue) => queue.inputProcessCount(),
    triggerInterval: () => Number(parts.attributes().triggerInterval ?? 999_999_999),
    processDefinition: (name) => objects.get("process", name),
    applicationTypeKeyword: (value) => (APPLICATION_TYPES.kind === "enum" ? (APPLICATION_TYPES.values[String(value)] ?? String(value)) : String(value)),
    put: parts.put,
    disableTrigger: (queue) => admin.setByQueueManager(queue, { trigger: false }),
  });
}
