/** MQINQ: the attributes of a queue or the queue manager that a program asks for by selector. */
import type { QueueManager } from "../../core/index.js";
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import type { ObjectState } from "./connection.js";
import { MQError, type MQAttr } from "./structures.js";

/** The command level webmq answers MQIA_COMMAND_LEVEL with (IBM MQ 9.4's). */
const COMMAND_LEVEL = 940;
const QUEUE_TYPES: Record<string, number> = { localQueue: N.MQQT_LOCAL, aliasQueue: N.MQQT_ALIAS, remoteQueue: N.MQQT_REMOTE, modelQueue: N.MQQT_MODEL };

type Reader = () => string | number;

function queueManagerReaders(qm: QueueManager): Record<number, Reader> {
  return {
    [N.MQCA_Q_MGR_NAME]: () => qm.name,
    [N.MQCA_Q_MGR_DESC]: () => qm.attributes.description,
    [N.MQCA_DEAD_LETTER_Q_NAME]: () => qm.attributes.deadLetterQueue,
    [N.MQIA_CODED_CHAR_SET_ID]: () => 1208,
    [N.MQIA_MAX_MSG_LENGTH]: () => qm.attributes.maxMessageLength,
    [N.MQIA_MAX_PRIORITY]: () => 9,
    [N.MQIA_PLATFORM]: () => N.MQPL_UNIX,
    [N.MQIA_COMMAND_LEVEL]: () => COMMAND_LEVEL,
    [N.MQIA_SYNCPOINT]: () => 1, // MQSP_AVAILABLE
  };
}

function queueReaders(qm: QueueManager, name: string): Record<number, Reader> {
  const definition = qm.object("queue", name);
  if (definition === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_UNKNOWN_OBJECT_NAME, "INQ");
  const common: Record<number, Reader> = {
    [N.MQCA_Q_NAME]: () => name,
    [N.MQIA_Q_TYPE]: () => QUEUE_TYPES[definition.type] ?? N.MQQT_LOCAL,
    [N.MQCA_Q_DESC]: () => String(definition.attributes.DESCR ?? definition.attributes.description ?? ""),
  };
  if (definition.type !== "localQueue") return common;
  const attributes = () => qm.queueAttributes(name);
  const status = () => qm.queueStatus(name);
  return {
    ...common,
    [N.MQCA_Q_DESC]: () => attributes().description,
    [N.MQIA_CURRENT_Q_DEPTH]: () => status().depth,
    [N.MQIA_MAX_Q_DEPTH]: () => attributes().maxDepth,
    [N.MQIA_MAX_MSG_LENGTH]: () => attributes().maxMessageLength,
    [N.MQIA_OPEN_INPUT_COUNT]: () => status().openInputCount,
    [N.MQIA_OPEN_OUTPUT_COUNT]: () => status().openOutputCount,
    [N.MQIA_INHIBIT_GET]: () => (attributes().getEnabled ? N.MQQA_GET_ALLOWED : N.MQQA_GET_INHIBITED),
    [N.MQIA_INHIBIT_PUT]: () => (attributes().putEnabled ? N.MQQA_PUT_ALLOWED : N.MQQA_PUT_INHIBITED),
    [N.MQIA_DEF_PERSISTENCE]: () => (attributes().defaultPersistence ? N.MQPER_PERSISTENT : N.MQPER_NOT_PERSISTENT),
    [N.MQIA_DEF_PRIORITY]: () => attributes().defaultPriority,
    [N.MQIA_BACKOUT_THRESHOLD]: () => attributes().backoutThreshold,
    [N.MQCA_BACKOUT_REQ_Q_NAME]: () => attributes().backoutRequeueQueue,
    [N.MQIA_USAGE]: () => (attributes().usage === "transmission" ? N.MQUS_TRANSMISSION : N.MQUS_NORMAL),
  };
}

/** What MQINQ asks about: the queue manager, or a queue by name. */
export interface InquiryTarget {
  kind: "qmgr" | "queue";
  queue: string;
}

/**
 * The value of each selector, in order; a selector the object does not have is
 * MQRC_SELECTOR_ERROR. Also what a client session's server answers `inquire` with.
 */
export function inquireValues(qm: QueueManager, target: InquiryTarget, selectors: readonly number[]): (string | number)[] {
  const readers = target.kind === "qmgr" ? queueManagerReaders(qm) : queueReaders(qm, target.queue);
  return selectors.map((selector) => {
    const read = readers[selector];
    if (read === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_SELECTOR_ERROR, "INQ");
    return read();
  });
}

/** Fills in each selector's value; a selector the object does not have is MQRC_SELECTOR_ERROR, and none is set. */
export function inquire(qm: QueueManager, state: ObjectState, selectors: MQAttr[]): void {
  const values = inquireValues(
    qm,
    { kind: state.kind === "qmgr" ? "qmgr" : "queue", queue: state.queue },
    selectors.map((attr) => attr.selector),
  );
  selectors.forEach((attr, i) => (attr.value = values[i]));
}
