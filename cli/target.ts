/**
 * What the CLI's commands act on: a queue manager behind a running server's REST API, or one
 * in this process's memory (--local). Both answer in the same plain terms, so runmqsc, put,
 * get and browse are written once.
 */

/** One MQSC command's outcome: its completion and reason codes and the lines runmqsc prints for it. */
export interface CommandOutcome {
  completionCode: number;
  reasonCode: number;
  lines: string[];
}

/** A message as the CLI shows it. */
export interface ShownMessage {
  messageId: string;
  /** The body as text: text and JSON as they are, bytes as hexadecimal. */
  text: string;
}

export interface Target {
  /** Where the commands go, for the banner and error lines. */
  readonly description: string;
  mqsc(command: string): Promise<CommandOutcome>;
  put(queue: string, text: string): Promise<void>;
  /** Takes the next message, waiting up to `waitMs` for one; null when none came. */
  get(queue: string, waitMs: number): Promise<ShownMessage | null>;
  /** The queue's messages in delivery order, left on the queue. */
  browse(queue: string): AsyncIterable<ShownMessage>;
  close(): Promise<void>;
}

/** Bytes as hexadecimal, for a body that is not text. */
export function hex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}
