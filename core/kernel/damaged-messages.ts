/**
 * Messages damaged in the store, met by a get: a stored body that cannot be read as its
 * format, or that the store says is damaged. Such a message is set aside: reported in the
 * kernel's `damaged`, dropped from memory but left in the store untouched, so that it neither
 * blocks its queue nor is deleted by the get that failed on it.
 */
import { MQError } from "../base/errors.js";
import type { Message, StoredBody } from "../message/message.js";
import { toMessage } from "../message/message-view.js";
import type { DamagedRecord } from "../store/record-check.js";
import type { Entry } from "./lane.js";
import type { LocalQueue } from "./local-queue.js";

/** What setting a message aside needs of the kernel. */
export interface SetAsideHost {
  readonly damaged: DamagedRecord[];
  forget(queue: LocalQueue, entry: Entry): void;
  putBack(queue: LocalQueue, entry: Entry): void;
}

/** The message a got entry gives; one whose body cannot be read as its format is set aside, and the get is MQRC_FORMAT_ERROR. */
export function messageOf(host: SetAsideHost, queue: LocalQueue, entry: Entry, body: StoredBody, now: number): Message {
  try {
    return toMessage(entry.record, body, now);
  } catch (error) {
    const problem = `its body cannot be read as ${entry.record.bodyFormat}: ${describe(error)}`;
    setAside(host, queue, entry, problem);
    throw new MQError("MQRC_FORMAT_ERROR", `message ${entry.record.messageId} on ${queue.name} is damaged in the store and was set aside: ${problem}`, {
      cause: error,
    });
  }
}

/** A taken entry whose body could not be read: back in its place, unless the store holds it damaged (then set aside, or it would block the queue). */
export function putBackUnlessDamaged(host: SetAsideHost, queue: LocalQueue, entry: Entry, error: unknown): void {
  if (error instanceof MQError && error.reason === "MQRC_OBJECT_DAMAGED") setAside(host, queue, entry, error.message);
  else host.putBack(queue, entry);
}

/** Drops a damaged message from memory and reports it; its record stays in the store, untouched. */
function setAside(host: SetAsideHost, queue: LocalQueue, entry: Entry, problem: string): void {
  host.forget(queue, entry);
  host.damaged.push({ kind: "message", key: String(entry.record.seq), problem });
}

export function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
