/**
 * A client of IBM MQ's REST API (this package's server or IBM's mqweb) for one queue manager:
 * the messaging API (put with MQMD headers, a destructive get with a wait, browse, the message
 * list), the admin MQSC endpoint (runCommand, runCommandJSON) and login. It spells IBM's paths
 * and headers in one place for the CLI, the playground and the load bench.
 *
 * Only fetch and other Web APIs, no node: imports: the playground runs it in the browser, the
 * CLI and the benches in Node. A browser keeps the login cookie itself (a page cannot read
 * Set-Cookie); elsewhere the client keeps it and sends it back.
 *
 * Every call throws one of three errors: RestUnreachableError (nothing answered),
 * RestResponseError (an error status, with IBM's error body's first item) or RestFormatError
 * (an answer that should be JSON and is not). Each program turns them into its own.
 */
import { CSRF_HEADER, HEADER, SESSION_COOKIE } from "./headers.js";
import type { ApiVersion } from "./ids.js";
import type { MqscResponseBody } from "./mqsc-route.js";
import { RestFormatError, RestResponseError, RestUnreachableError } from "./client-errors.js";
import { RestMessage, type RestProperty } from "./client-message.js";

export { RestFormatError, RestResponseError, RestUnreachableError, type RestErrorItem } from "./client-errors.js";
export { RestMessage, type RestProperty, type RestPropertyValue } from "./client-message.js";
export type { CommandResponseItem, MqscResponseBody } from "./mqsc-route.js";

export interface RestCredentials {
  /** A bearer token; it wins over a user and password. */
  token?: string;
  /** HTTP basic authentication's user, with `password` (empty when not given). */
  user?: string;
  password?: string;
}

export interface RestClientOptions {
  /** Where the server is, e.g. http://localhost:8787; a path in it is kept (a server behind a proxy's prefix). */
  baseUrl: string | URL;
  queueManager: string;
  credentials?: RestCredentials;
  /** The messaging API's version (default v3: the one that carries priority and user properties). */
  messagingVersion?: ApiVersion;
  /** The admin API's version, for MQSC and login (default v2). */
  adminVersion?: ApiVersion;
  /** The value of IBM's CSRF header (default empty: IBM's mqweb checks only that it is there). */
  csrfToken?: string;
  /** Send the CSRF header on every request, GETs too; by default only on POST, PATCH and DELETE, as IBM requires. */
  csrfOnEveryRequest?: boolean;
}

/** What a put may set of the message's descriptor (ibm-mq-md-*) and properties (ibm-mq-usr, v3). */
export interface RestPutOptions {
  /** Default text/plain;charset=utf-8 for text, application/octet-stream for bytes. */
  contentType?: string;
  persistence?: "persistent" | "nonPersistent";
  /** 0 to 9 (v3). */
  priority?: number;
  /** 48 hex characters, or (v3) application text. */
  correlationId?: string;
  /** `queue` or `queue@qmgr`. */
  replyTo?: string;
  /** In ms, or "unlimited". */
  expiry?: number | "unlimited";
  /** User properties (v3). */
  properties?: readonly RestProperty[];
}

/** Which message a get or browse takes: the first, or the one with these ids or matching the selector. */
export interface RestMessageFilter {
  messageId?: string;
  correlationId?: string;
  selector?: string;
}

/** One message in the message list (GET .../messagelist): its ids and descriptor, without its body. */
export interface RestListedMessage {
  messageId: string;
  correlationId?: string;
  putDateTime?: string;
  [field: string]: unknown;
}

/** runCommandJSON's parts: `command qualifier(name) parameters...`, and what a DISPLAY shows. */
export interface RunCommandJsonRequest {
  command: string;
  qualifier: string;
  name?: string;
  parameters?: Record<string, unknown>;
  responseParameters?: string[];
}

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const CSRF_METHODS: ReadonlySet<string> = new Set(["POST", "PATCH", "DELETE"]);

export class RestClient {
  readonly queueManager: string;
  /** The base URL, without a trailing slash. */
  readonly baseUrl: string;
  readonly #options: RestClientOptions;
  readonly #authorization: string | undefined;
  /** `LtpaToken2=...` after a login where fetch shows Set-Cookie (not in a browser, which keeps it). */
  #sessionCookie: string | undefined;

  constructor(options: RestClientOptions) {
    this.#options = options;
    this.queueManager = options.queueManager;
    this.baseUrl = String(options.baseUrl).replace(/\/+$/, "");
    this.#authorization = options.credentials ? authorizationFor(options.credentials) : undefined;
  }

  // --- Where and with what: for callers that send a request their own way (node:http) ---

  /** The URL of a queue's `message` resource, with the query given. */
  messageUrl(queue: string, query: Record<string, string | number | undefined> = {}): string {
    return `${this.baseUrl}${this.#queuePath(queue)}/message${queryString(query)}`;
  }

  /** The headers every request with `method` carries: the credentials, the session cookie and the CSRF header. */
  headersFor(method: Method): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.#authorization) headers.authorization = this.#authorization;
    if (this.#sessionCookie) headers.cookie = this.#sessionCookie;
    if (this.#options.csrfOnEveryRequest || CSRF_METHODS.has(method)) headers[CSRF_HEADER] = this.#options.csrfToken ?? "";
    return headers;
  }

  // --- Messaging ---

  /** Puts one message; resolves with its message id as the server writes it (v3: `ID:<hex>`). */
  async put(queue: string, body: string | Uint8Array<ArrayBuffer>, options: RestPutOptions = {}): Promise<{ messageId: string; correlationId: string }> {
    const headers: Record<string, string> = {
      "content-type": options.contentType ?? (typeof body === "string" ? "text/plain;charset=utf-8" : "application/octet-stream"),
    };
    if (options.persistence !== undefined) headers[HEADER.persistence] = options.persistence;
    if (options.priority !== undefined) headers[HEADER.priority] = String(options.priority);
    if (options.correlationId !== undefined) headers[HEADER.correlationId] = options.correlationId;
    if (options.replyTo !== undefined) headers[HEADER.replyTo] = options.replyTo;
    if (options.expiry !== undefined) headers[HEADER.expiry] = String(options.expiry);
    // Header values are Latin-1: other characters go as JSON \u escapes, as the server writes them too.
    if (options.properties !== undefined && options.properties.length > 0) headers[HEADER.userProperties] = asciiJson(options.properties);
    const response = await this.#fetch("POST", `${this.#queuePath(queue)}/message`, { headers, body });
    await drain(response);
    return { messageId: response.headers.get(HEADER.messageId) ?? "", correlationId: response.headers.get(HEADER.correlationId) ?? "" };
  }

  /** A destructive get (DELETE .../message), waiting up to `wait` ms (the server's limit is 30 s); null when none came. */
  async get(queue: string, options: RestMessageFilter & { wait?: number } = {}): Promise<RestMessage | null> {
    const { wait, ...filter } = options;
    return this.#message("DELETE", queue, { wait, ...filter });
  }

  /** Reads a message without taking it (GET .../message); null when there is none. */
  browse(queue: string, filter: RestMessageFilter = {}): Promise<RestMessage | null> {
    return this.#message("GET", queue, { ...filter });
  }

  /** The messages on a queue, without their bodies (GET .../messagelist). */
  async list(queue: string, options: RestMessageFilter & { limit?: number } = {}): Promise<RestListedMessage[]> {
    const { limit, ...filter } = options;
    const answer = (await this.#json("GET", `${this.#queuePath(queue)}/messagelist${queryString({ limit, ...filter })}`)) as { messages?: RestListedMessage[] };
    return answer.messages ?? [];
  }

  // --- Admin: MQSC ---

  /** MQSC text, run as it is (a script runs whole); IBM's commandResponse envelope. */
  runCommand(command: string): Promise<MqscResponseBody> {
    return this.#mqsc({ type: "runCommand", parameters: { command } });
  }

  /** One command built by the server from its parts. */
  runCommandJSON(request: RunCommandJsonRequest): Promise<MqscResponseBody> {
    return this.#mqsc({ type: "runCommandJSON", ...request });
  }

  // --- Login ---

  /** POST .../login: a session (IBM's LtpaToken2 cookie) for this user, sent with every later request. */
  async login(user: string, password: string): Promise<void> {
    const response = await this.#fetch("POST", this.#loginPath(), {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: user, password }),
    });
    await drain(response);
    const cookie = sessionCookieOf(response.headers);
    if (cookie !== undefined) this.#sessionCookie = cookie;
  }

  /** GET .../login: who the requests are authenticated as. */
  async whoAmI(): Promise<{ name: string; role: string[] }> {
    const answer = (await this.#json("GET", this.#loginPath())) as { user?: { name: string; role: string[] }[] };
    const user = answer.user?.[0];
    if (user === undefined) throw new RestFormatError(`${this.baseUrl}${this.#loginPath()}`, 200, "the login answer names no user");
    return user;
  }

  /** DELETE .../login: ends the session; the cookie is forgotten. */
  async logout(): Promise<void> {
    const response = await this.#fetch("DELETE", this.#loginPath());
    await drain(response);
    this.#sessionCookie = undefined;
  }

  // --- Internal ---

  #queuePath(queue: string): string {
    return `/ibmmq/rest/${this.#options.messagingVersion ?? "v3"}/messaging/qmgr/${encodeURIComponent(this.queueManager)}/queue/${encodeURIComponent(queue)}`;
  }

  #loginPath(): string {
    return `/ibmmq/rest/${this.#options.adminVersion ?? "v2"}/login`;
  }

  async #message(method: "GET" | "DELETE", queue: string, query: Record<string, string | number | undefined>): Promise<RestMessage | null> {
    const response = await this.#fetch(method, `${this.#queuePath(queue)}/message${queryString(query)}`);
    if (response.status !== 200) {
      await drain(response);
      return null;
    }
    // Read to its end: the server commits a get when its body has been taken.
    return new RestMessage(response.headers, new Uint8Array(await response.arrayBuffer()));
  }

  #mqsc(body: Record<string, unknown>): Promise<MqscResponseBody> {
    const path = `/ibmmq/rest/${this.#options.adminVersion ?? "v2"}/admin/action/qmgr/${encodeURIComponent(this.queueManager)}/mqsc`;
    return this.#json("POST", path, { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }) as Promise<MqscResponseBody>;
  }

  async #json(method: Method, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<unknown> {
    const response = await this.#fetch(method, path, init);
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new RestFormatError(response.url || `${this.baseUrl}${path}`, response.status, "the answer is not JSON");
    }
  }

  /** One request with the credentials and IBM's CSRF header; an error status throws RestResponseError. */
  async #fetch(method: Method, path: string, init: { headers?: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> } = {}): Promise<Response> {
    const url = `${this.baseUrl}${path}`;
    let response: Response;
    try {
      // The default credentials mode: a login cookie goes along to the page's own origin, and a
      // server elsewhere needs only CORS for the Authorization header, not for credentials too.
      response = await fetch(url, { method, headers: { ...init.headers, ...this.headersFor(method) }, body: init.body });
    } catch (cause) {
      throw new RestUnreachableError(url, cause);
    }
    if (!response.ok) throw await RestResponseError.of(response);
    return response;
  }
}

/** The Authorization header for credentials: a token wins over a user and password (HTTP Basic, UTF-8). */
export function authorizationFor(credentials: RestCredentials): string | undefined {
  const token = credentials.token?.trim();
  if (token) return `Bearer ${token}`;
  if (credentials.user) {
    const bytes = new TextEncoder().encode(`${credentials.user}:${credentials.password ?? ""}`);
    return `Basic ${btoa(String.fromCharCode(...bytes))}`;
  }
  return undefined;
}

/** Reads an answer's (small or empty) body to its end, so that a keep-alive connection is free for the next request. */
async function drain(response: Response): Promise<void> {
  try {
    await response.arrayBuffer();
  } catch {
    // The body broke off after the status said what happened: nothing is lost.
  }
}

function queryString(query: Record<string, string | number | undefined>): string {
  const pairs = Object.entries(query).filter((pair): pair is [string, string | number] => pair[1] !== undefined);
  return pairs.length === 0 ? "" : `?${pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&")}`;
}

/** `LtpaToken2=<value>` from a login answer's Set-Cookie, where the runtime shows it; "" when the server cleared it. */
function sessionCookieOf(headers: Headers): string | undefined {
  for (const line of headers.getSetCookie?.() ?? []) {
    const pair = line.split(";", 1)[0]!.trim();
    if (pair.startsWith(`${SESSION_COOKIE}=`)) return pair.length > SESSION_COOKIE.length + 1 ? pair : undefined;
  }
  return undefined;
}

/** JSON with every non-ASCII character escaped, so that it is a valid header value. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => "\\u" + char.charCodeAt(0).toString(16).padStart(4, "0"));
}
