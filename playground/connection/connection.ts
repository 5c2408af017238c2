/**
 * "A connection the page acts on": what the console, the queue table, the depth chart and the
 * message views need of a queue manager, whichever one it is. Two kinds implement it: the
 * queue manager in this browser (browser-connection.ts) and a server's, over IBM MQ's REST API
 * (rest-connection.ts); the views never ask which.
 */

/** One command's outcome as the console's transcript shows it. */
export interface ConsoleCommand {
  /** The command as run (continuation lines joined). */
  command: string;
  /** MQCC: 0 ok, 1 warning, 2 failed. */
  completionCode: number;
  /** runmqsc's lines for it. */
  text: string[];
}

export interface ConsoleResult {
  commands: ConsoleCommand[];
}

export interface QueueDepth {
  name: string;
  depth: number;
  maxDepth: number | undefined;
}

/** A user property typed on the page; its MQ type is inferred from the value. */
export type PropertyValue = string | number | boolean;

export interface PutRequest {
  body: string;
  /** 0 to 9. */
  priority: number;
  persistent: boolean;
  properties: Record<string, PropertyValue>;
}

/** A message as the page shows it: its descriptor and its body (as text when it is text). */
export interface ShownMessage {
  messageId: string;
  correlationId: string;
  priority: number;
  persistent: boolean;
  /** ISO 8601, or "" when the server did not say. */
  putDateTime: string;
  properties: Record<string, PropertyValue | null>;
  body: string;
}

export interface PlaygroundConnection {
  /** What the page calls it, e.g. "PLAYGROUND (this tab)" or "QM1 at http://localhost:8787". */
  readonly label: string;
  /** The queue manager's name, for the console's prompt. */
  readonly queueManagerName: string;
  runMqsc(script: string): Promise<ConsoleResult>;
  /** The local queues with their current depths, by name. */
  listQueues(): Promise<QueueDepth[]>;
  put(queue: string, message: PutRequest): Promise<{ messageId: string }>;
  /** Up to `limit` messages from the front of the queue, left where they are. */
  browse(queue: string, limit: number): Promise<ShownMessage[]>;
  /** Removes and returns the next message, or null when there is none. */
  get(queue: string): Promise<ShownMessage | null>;
}

/** A failure the page shows: the MQ reason (name and code) and what went wrong, worded as core's MQError is. */
export class ConnectionError extends Error {
  override readonly name = "ConnectionError";
  constructor(
    readonly reason: string,
    readonly reasonCode: number,
    message: string,
  ) {
    super(`${reason} (${reasonCode}): ${message}`);
  }
}
