/**
 * The page's connection to a server's queue manager over IBM MQ's REST API: MQSC through the
 * admin endpoint (runCommand, one command a request, so the transcript can echo each as
 * runmqsc does), messages through the messaging API v3 (it carries priority and user
 * properties), both by webmq/http/client. Every POST and DELETE sends IBM's CSRF header.
 * Credentials are a bearer token or a user and password (HTTP Basic), whichever the user gave.
 */
import { MQRC } from "../../core/base/errors.js";
import { RestClient, RestFormatError, RestResponseError, RestUnreachableError, type RestCredentials, type RestMessage } from "../../adapters/http/client.js";
import { scanCommands } from "../console/scan.js";
import {
  ConnectionError,
  type ConsoleCommand,
  type ConsoleResult,
  type PlaygroundConnection,
  type PropertyValue,
  type PutRequest,
  type QueueDepth,
  type ShownMessage,
} from "./connection.js";

export type { RestCredentials };

export interface RestConnectionOptions {
  /** The server's origin, e.g. http://localhost:8787; the page's own when it is served by the worker. */
  baseUrl: string;
  queueManager: string;
  credentials: RestCredentials;
}

/** MQRC_HOST_NOT_AVAILABLE: nothing answered at the address. */
const HOST_NOT_AVAILABLE = { reason: "MQRC_HOST_NOT_AVAILABLE", code: 2538 };
/** MQRC_NOT_AUTHORIZED: the server refused the credentials. */
const NOT_AUTHORIZED = { reason: "MQRC_NOT_AUTHORIZED", code: 2035 };
/** MQRC_UNEXPECTED_ERROR: an answer that is not the REST API's. */
const UNEXPECTED = { reason: "MQRC_UNEXPECTED_ERROR", code: 2195 };

export class RestConnection implements PlaygroundConnection {
  readonly label: string;
  readonly queueManagerName: string;
  readonly #client: RestClient;

  constructor(options: RestConnectionOptions) {
    // The CSRF header on POST and DELETE, as IBM asks; a GET goes without it.
    this.#client = new RestClient({
      baseUrl: options.baseUrl,
      queueManager: options.queueManager,
      credentials: options.credentials,
      csrfToken: "webmq-playground",
    });
    this.queueManagerName = options.queueManager;
    this.label = `${options.queueManager} at ${this.#client.baseUrl}`;
  }

  async runMqsc(script: string): Promise<ConsoleResult> {
    const commands: ConsoleCommand[] = [];
    for (const typed of scanCommands(script)) {
      if (typed.text === "") continue;
      const answer = await this.#call(() => this.#client.runCommand(typed.text));
      const items = answer.commandResponse ?? [];
      commands.push({
        command: typed.text,
        completionCode: Math.max(0, ...items.map((item) => item.completionCode)),
        text: items.flatMap((item) => item.text ?? item.message ?? []),
      });
    }
    return { commands };
  }

  async listQueues(): Promise<QueueDepth[]> {
    const answer = await this.#call(() =>
      this.#client.runCommandJSON({ command: "display", qualifier: "qlocal", name: "*", responseParameters: ["curdepth", "maxdepth"] }),
    );
    const queues: QueueDepth[] = [];
    for (const item of answer.commandResponse ?? []) {
      const parameters = item.parameters;
      if (!parameters || typeof parameters.queue !== "string") continue;
      queues.push({
        name: parameters.queue,
        depth: Number(parameters.curdepth ?? 0),
        maxDepth: typeof parameters.maxdepth === "number" ? parameters.maxdepth : undefined,
      });
    }
    return queues.sort((a, b) => a.name.localeCompare(b.name));
  }

  async put(queue: string, message: PutRequest): Promise<{ messageId: string }> {
    const properties = Object.entries(message.properties).map(([name, value]) => ({ name, value }));
    const put = await this.#call(() =>
      this.#client.put(queue, message.body, { persistence: message.persistent ? "persistent" : "nonPersistent", priority: message.priority, properties }),
    );
    return { messageId: put.messageId.replace(/^ID:/, "") };
  }

  async browse(queue: string, limit: number): Promise<ShownMessage[]> {
    const list = await this.#call(() => this.#client.list(queue, { limit }));
    const shown: ShownMessage[] = [];
    for (const { messageId, putDateTime } of list) {
      // The list has no bodies: each is read by its id; one got by someone else meanwhile is left out.
      const message = await this.#call(() => this.#client.browse(queue, { messageId }));
      if (message !== null) shown.push({ ...shownMessage(message), putDateTime: putDateTime ?? "" });
    }
    return shown;
  }

  async get(queue: string): Promise<ShownMessage | null> {
    const message = await this.#call(() => this.#client.get(queue));
    return message === null ? null : shownMessage(message);
  }

  /** One client call; what it throws, as a ConnectionError. */
  async #call<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw connectionErrorOf(error, this.#client.baseUrl);
    }
  }
}

/** Reason names by code: IBM's error body carries the number only. */
const REASON_NAMES = new Map<number, string>(Object.entries(MQRC).map(([name, code]) => [code, name]));

/** The client's error as a ConnectionError: IBM's error body ({"error":[{msgId, message, reasonCode, ...}]}) where there is one. */
function connectionErrorOf(error: unknown, base: string): unknown {
  if (error instanceof RestUnreachableError) {
    const cause = error.cause;
    return new ConnectionError(
      HOST_NOT_AVAILABLE.reason,
      HOST_NOT_AVAILABLE.code,
      `no server answered at ${base} (${cause instanceof Error ? cause.message : String(cause)})`,
    );
  }
  if (error instanceof RestFormatError) return new ConnectionError(UNEXPECTED.reason, UNEXPECTED.code, error.message);
  if (!(error instanceof RestResponseError)) return error;
  const first = error.error;
  // IBM's message starts with its id ("MQWB0009E: Could not ..."); an older body's did not.
  const message = first?.message && first.msgId && !first.message.startsWith(`${first.msgId}: `) ? `${first.msgId}: ${first.message}` : first?.message;
  const text = message ? message : `HTTP ${error.status} ${error.statusText}`.trim();
  const reason = first?.reason ?? (typeof first?.reasonCode === "number" ? REASON_NAMES.get(first.reasonCode) : undefined);
  if (reason && typeof first?.reasonCode === "number" && first.reasonCode !== 0) return new ConnectionError(reason, first.reasonCode, text);
  if (error.status === 401 || error.status === 403) return new ConnectionError(NOT_AUTHORIZED.reason, NOT_AUTHORIZED.code, text);
  return new ConnectionError(UNEXPECTED.reason, UNEXPECTED.code, text);
}

function shownMessage(message: RestMessage): ShownMessage {
  // v3 writes ids as "ID:<hex>"; the page shows the hex, as the tab's manager gives it.
  const properties: Record<string, PropertyValue | null> = {};
  for (const { name, value } of message.properties) properties[name] = value as PropertyValue | null;
  return {
    messageId: message.messageId.replace(/^ID:/, ""),
    correlationId: message.correlationId.replace(/^ID:/, ""),
    priority: message.priority ?? 0,
    persistent: message.persistent,
    putDateTime: "",
    properties,
    body: message.text,
  };
}
