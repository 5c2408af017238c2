/**
 * The page's connection to a server's queue manager over IBM MQ's REST API: MQSC through the
 * admin endpoint (runCommand, one command a request, so the transcript can echo each as
 * runmqsc does), messages through the messaging API v3 (it carries priority and user
 * properties). Every POST and DELETE sends IBM's CSRF header. Credentials are a bearer token
 * or a user and password (HTTP Basic), whichever the user gave.
 */
import { MQRC } from "../../core/base/errors.js";
import { scanCommands } from "../console/scan.js";
import { ConnectionError, type ConsoleCommand, type ConsoleResult, type PlaygroundConnection, type PropertyValue, type PutRequest, type QueueDepth, type ShownMessage } from "./connection.js";

export interface RestCredentials {
  token?: string;
  user?: string;
  password?: string;
}

export interface RestConnectionOptions {
  /** The server's origin, e.g. http://localhost:8787; the page's own when it is served by the worker. */
  baseUrl: string;
  queueManager: string;
  credentials: RestCredentials;
}

const CSRF_HEADER = "ibm-mq-rest-csrf-token";
/** MQRC_HOST_NOT_AVAILABLE: nothing answered at the address. */
const HOST_NOT_AVAILABLE = { reason: "MQRC_HOST_NOT_AVAILABLE", code: 2538 };
/** MQRC_NOT_AUTHORIZED: the server refused the credentials. */
const NOT_AUTHORIZED = { reason: "MQRC_NOT_AUTHORIZED", code: 2035 };
/** MQRC_UNEXPECTED_ERROR: an answer that is not the REST API's. */
const UNEXPECTED = { reason: "MQRC_UNEXPECTED_ERROR", code: 2195 };

export class RestConnection implements PlaygroundConnection {
  readonly label: string;
  readonly queueManagerName: string;
  readonly #base: string;
  readonly #authorization: string | undefined;

  constructor(options: RestConnectionOptions) {
    this.#base = options.baseUrl.replace(/\/+$/, "");
    this.queueManagerName = options.queueManager;
    this.label = `${options.queueManager} at ${this.#base}`;
    this.#authorization = authorization(options.credentials);
  }

  async runMqsc(script: string): Promise<ConsoleResult> {
    const commands: ConsoleCommand[] = [];
    for (const typed of scanCommands(script)) {
      if (typed.text === "") continue;
      const answer = (await this.#mqsc(typed.text)) as { commandResponse?: { completionCode: number; text?: string[]; message?: string[] }[] };
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
    const answer = (await this.#mqsc({ type: "runCommandJSON", command: "display", qualifier: "qlocal", name: "*", responseParameters: ["curdepth", "maxdepth"] })) as {
      commandResponse?: { completionCode: number; parameters?: Record<string, unknown>; message?: string[] }[];
    };
    const queues: QueueDepth[] = [];
    for (const item of answer.commandResponse ?? []) {
      const parameters = item.parameters;
      if (!parameters || typeof parameters.queue !== "string") continue;
      queues.push({ name: parameters.queue, depth: Number(parameters.curdepth ?? 0), maxDepth: typeof parameters.maxdepth === "number" ? parameters.maxdepth : undefined });
    }
    return queues.sort((a, b) => a.name.localeCompare(b.name));
  }

  async put(queue: string, message: PutRequest): Promise<{ messageId: string }> {
    const headers: Record<string, string> = {
      "content-type": "text/plain;charset=utf-8",
      "ibm-mq-md-persistence": message.persistent ? "persistent" : "nonPersistent",
      "ibm-mq-md-priority": String(message.priority),
    };
    const properties = Object.entries(message.properties).map(([name, value]) => ({ name, value }));
    // Header values are Latin-1: other characters go as JSON \u escapes, as the server expects.
    if (properties.length > 0) headers["ibm-mq-usr"] = JSON.stringify(properties).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    const response = await this.#fetch("POST", this.#messagePath(queue), { headers, body: message.body });
    return { messageId: (response.headers.get("ibm-mq-md-messageId") ?? "").replace(/^ID:/, "") };
  }

  async browse(queue: string, limit: number): Promise<ShownMessage[]> {
    const list = (await (await this.#fetch("GET", `${this.#queuePath(queue)}/messagelist?limit=${limit}`)).json()) as { messages?: { messageId: string; putDateTime?: string }[] };
    const shown: ShownMessage[] = [];
    for (const { messageId, putDateTime } of list.messages ?? []) {
      // The list has no bodies: each is read by its id; one got by someone else meanwhile is left out.
      const response = await this.#fetch("GET", `${this.#messagePath(queue)}?messageId=${encodeURIComponent(messageId)}`);
      if (response.status === 200) shown.push({ ...(await shownMessage(response)), putDateTime: putDateTime ?? "" });
    }
    return shown;
  }

  async get(queue: string): Promise<ShownMessage | null> {
    const response = await this.#fetch("DELETE", this.#messagePath(queue));
    return response.status === 204 ? null : shownMessage(response);
  }

  #queuePath(queue: string): string {
    return `/ibmmq/rest/v3/messaging/qmgr/${encodeURIComponent(this.queueManagerName)}/queue/${encodeURIComponent(queue)}`;
  }

  #messagePath(queue: string): string {
    return `${this.#queuePath(queue)}/message`;
  }

  /** runCommand for text, or the runCommandJSON body given; the parsed commandResponse envelope. */
  async #mqsc(request: string | Record<string, unknown>): Promise<unknown> {
    const body = typeof request === "string" ? { type: "runCommand", parameters: { command: request } } : request;
    const response = await this.#fetch("POST", `/ibmmq/rest/v2/admin/action/qmgr/${encodeURIComponent(this.queueManagerName)}/mqsc`, {
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return response.json();
  }

  /** A request with the credentials (and the CSRF header where IBM asks for it); a failure throws ConnectionError. */
  async #fetch(method: "GET" | "POST" | "DELETE", path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.#authorization) headers.authorization = this.#authorization;
    if (method !== "GET") headers[CSRF_HEADER] = "webmq-playground";
    let response: Response;
    try {
      // The default credentials mode: a login cookie goes along to the page's own origin, and a
      // server elsewhere needs only CORS for the Authorization header, not for credentials too.
      response = await fetch(`${this.#base}${path}`, { method, headers, body: init.body });
    } catch (error) {
      throw new ConnectionError(HOST_NOT_AVAILABLE.reason, HOST_NOT_AVAILABLE.code, `no server answered at ${this.#base} (${error instanceof Error ? error.message : String(error)})`);
    }
    if (response.ok) return response;
    throw await failure(response);
  }
}

/** The Authorization header for what the user filled in: a token wins over a user and password. */
export function authorization(credentials: RestCredentials): string | undefined {
  const token = credentials.token?.trim();
  if (token) return `Bearer ${token}`;
  if (credentials.user) {
    const bytes = new TextEncoder().encode(`${credentials.user}:${credentials.password ?? ""}`);
    return `Basic ${btoa(String.fromCharCode(...bytes))}`;
  }
  return undefined;
}

/** Reason names by code: IBM's error body carries the number only. */
const REASON_NAMES = new Map<number, string>(Object.entries(MQRC).map(([name, code]) => [code, name]));

/** The REST API's error body ({"error":[{msgId, message, reasonCode, ...}]}) as a ConnectionError. */
async function failure(response: Response): Promise<ConnectionError> {
  let first: { msgId?: string; message?: string; reason?: string; reasonCode?: number } | undefined;
  try {
    first = ((await response.json()) as { error?: (typeof first)[] }).error?.[0];
  } catch {
    // Not the REST API's answer (a proxy, a page): described by its status below.
  }
  // IBM's message starts with its id ("MQWB0009E: Could not ..."); an older body's did not.
  const message = first?.message && first.msgId && !first.message.startsWith(`${first.msgId}: `) ? `${first.msgId}: ${first.message}` : first?.message;
  const text = message ? message : `HTTP ${response.status} ${response.statusText}`.trim();
  const reason = first?.reason ?? (typeof first?.reasonCode === "number" ? REASON_NAMES.get(first.reasonCode) : undefined);
  if (reason && typeof first?.reasonCode === "number" && first.reasonCode !== 0) return new ConnectionError(reason, first.reasonCode, text);
  if (response.status === 401 || response.status === 403) return new ConnectionError(NOT_AUTHORIZED.reason, NOT_AUTHORIZED.code, text);
  return new ConnectionError(UNEXPECTED.reason, UNEXPECTED.code, text);
}

async function shownMessage(response: Response): Promise<ShownMessage> {
  const header = (name: string) => response.headers.get(name) ?? "";
  // v3 writes ids as "ID:<hex>"; the page shows the hex, as the tab's manager gives it.
  const id = (name: string) => header(name).replace(/^ID:/, "");
  const properties: Record<string, PropertyValue | null> = {};
  const usr = response.headers.get("ibm-mq-usr");
  if (usr) for (const { name, value } of JSON.parse(usr) as { name: string; value: PropertyValue | null }[]) properties[name] = value;
  return {
    messageId: id("ibm-mq-md-messageId"),
    correlationId: id("ibm-mq-md-correlationId"),
    priority: Number(header("ibm-mq-md-priority") || 0),
    persistent: header("ibm-mq-md-persistence") === "persistent",
    putDateTime: "",
    properties,
    body: await response.text(),
  };
}
