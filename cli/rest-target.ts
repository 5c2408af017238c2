/**
 * A queue manager behind a running webmq (or IBM mqweb) server, through IBM MQ's REST API
 * (adapters/http/client.ts): MQSC by the admin endpoint (runCommand), messages by the
 * messaging API (v2). Every request carries IBM's CSRF header and the credentials given: a
 * bearer token, or basic auth's user:password. A failure becomes one CliFailure with the
 * server's MQ reason.
 */
import { MQRC } from "../core/index.js";
import { RestClient, RestFormatError, RestResponseError, RestUnreachableError, type RestCredentials, type RestMessage } from "../adapters/http/client.js";
import { CliFailure } from "./failure.js";
import { hex, type CommandOutcome, type ShownMessage, type Target } from "./target.js";

export interface RestTargetOptions {
  /** The server's base URL, e.g. http://localhost:8787. */
  url: string;
  queueManager: string;
  token?: string;
  /** Basic auth's "user:password". */
  user?: string;
}

/** The longest wait the REST API takes in one request (IBM's mqweb times out at 30 s). */
const MAX_WAIT_MS = 30_000;

export function openRestTarget(options: RestTargetOptions): Target {
  const base = parseBaseUrl(options.url);
  const client = new RestClient({
    // The API's paths are absolute (/ibmmq/rest/...): a path in --url is not kept.
    baseUrl: base.origin,
    queueManager: options.queueManager,
    credentials: credentialsOf(options),
    messagingVersion: "v2",
    csrfToken: "webmq-cli",
    csrfOnEveryRequest: true,
  });
  /** One client call; what it throws, as one CliFailure. */
  const call = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      return await operation();
    } catch (error) {
      throw failureOf(error, base);
    }
  };

  return {
    description: `queue manager ${options.queueManager} at ${base.origin}`,
    async mqsc(command: string): Promise<CommandOutcome> {
      const answer = await call(() => client.runCommand(command));
      const items = Array.isArray(answer.commandResponse) ? answer.commandResponse : [];
      return {
        completionCode: Math.max(0, ...items.map((i) => i.completionCode)),
        reasonCode: items.find((i) => i.reasonCode !== 0)?.reasonCode ?? 0,
        lines: items.flatMap((i) => i.text ?? i.message ?? []),
      };
    },
    async put(queue, text) {
      await call(() => client.put(queue, text));
    },
    async get(queue, waitMs) {
      // The API waits at most 30 s a request; a longer wait is several requests.
      const deadline = Date.now() + waitMs;
      for (;;) {
        const wait = Math.max(0, Math.min(MAX_WAIT_MS, deadline - Date.now()));
        const message = await call(() => client.get(queue, { wait }));
        if (message !== null) return show(message);
        if (Date.now() >= deadline) return null;
      }
    },
    async *browse(queue) {
      const list = await call(() => client.list(queue));
      for (const { messageId } of list) {
        // null: got by someone else since the list was read.
        const message = await call(() => client.browse(queue, { messageId }));
        if (message !== null) yield show(message);
      }
    },
    close: async () => {},
  };
}

// --- Internal helpers ---

function parseBaseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw CliFailure.of("MQRC_Q_MGR_NOT_AVAILABLE", `${JSON.stringify(url)} is not a URL (give --url http://host:port or set WEBMQ_URL)`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw CliFailure.of("MQRC_Q_MGR_NOT_AVAILABLE", `${url} is not an http: or https: URL`);
  }
  return parsed;
}

/** A token, or basic auth's "user:password" split at its first colon (the password may hold more). */
function credentialsOf(options: RestTargetOptions): RestCredentials {
  if (options.token) return { token: options.token };
  if (!options.user) return {};
  const colon = options.user.indexOf(":");
  return colon < 0 ? { user: options.user } : { user: options.user.slice(0, colon), password: options.user.slice(colon + 1) };
}

function show(message: RestMessage): ShownMessage {
  const text = /^text\/|^application\/json/i.test(message.contentType) ? message.text : hex(message.body);
  return { messageId: message.messageId, text };
}

const REASON_NAMES = new Map<number, string>(Object.entries(MQRC).map(([name, code]) => [code, name]));

/** The client's error as a CliFailure: IBM's error body when there is one, else by status. */
function failureOf(error: unknown, base: URL): unknown {
  if (error instanceof RestUnreachableError) {
    const why = (error.cause as { cause?: { code?: string; message?: string } }).cause;
    return CliFailure.of("MQRC_Q_MGR_NOT_AVAILABLE", `no server answers at ${base.origin} (${why?.code ?? why?.message ?? String(error.cause)})`);
  }
  if (error instanceof RestFormatError)
    return CliFailure.of("MQRC_FORMAT_ERROR", `the server at ${error.url} answered ${error.status} with a body that is not JSON`);
  if (!(error instanceof RestResponseError)) return error;
  const first = error.error;
  const fallback = byStatus(error.status);
  const reasonCode = first?.reasonCode !== undefined && first.reasonCode !== 0 ? first.reasonCode : fallback.code;
  // The body carries the number only, as IBM's does: the name comes from core's table.
  const reason = first?.reason ?? (reasonCode === fallback.code ? fallback.name : (REASON_NAMES.get(reasonCode) ?? `MQRC ${reasonCode}`));
  const message = first?.message ?? `HTTP ${error.status} ${error.statusText}`;
  return new CliFailure(reason, reasonCode, `${message} (HTTP ${error.status} from ${new URL(error.url).pathname})`);
}

function byStatus(status: number): { name: string; code: number } {
  if (status === 401 || status === 403) return { name: "MQRC_NOT_AUTHORIZED", code: 2035 };
  if (status === 404) return { name: "MQRC_UNKNOWN_OBJECT_NAME", code: 2085 };
  return { name: "MQRC_UNEXPECTED_ERROR", code: 2195 };
}
