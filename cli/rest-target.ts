/**
 * A queue manager behind a running webmq (or IBM mqweb) server, through IBM MQ's REST API:
 * MQSC by the admin endpoint (runCommand), messages by the messaging API (v2). Every request
 * carries IBM's CSRF header and the credentials given: a bearer token, or basic auth's
 * user:password. A failure becomes one CliFailure with the server's MQ reason.
 */
import { MQRC } from "../core/index.js";
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

interface CommandResponseItem {
  completionCode: number;
  reasonCode: number;
  text?: string[];
  message?: string[];
}

export function openRestTarget(options: RestTargetOptions): Target {
  const base = parseBaseUrl(options.url);
  const qm = encodeURIComponent(options.queueManager);
  const headers: Record<string, string> = { "ibm-mq-rest-csrf-token": "webmq-cli" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  else if (options.user) headers.authorization = `Basic ${Buffer.from(options.user, "utf8").toString("base64")}`;

  const request = async (method: string, path: string, init: { body?: string; contentType?: string } = {}): Promise<Response> => {
    const url = new URL(path, base);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: init.contentType ? { ...headers, "content-type": init.contentType } : headers,
        body: init.body,
      });
    } catch (cause) {
      const why = (cause as { cause?: { code?: string; message?: string } }).cause;
      throw CliFailure.of("MQRC_Q_MGR_NOT_AVAILABLE", `no server answers at ${base.origin} (${why?.code ?? why?.message ?? String(cause)})`);
    }
    if (response.status >= 400) throw await failureOf(response);
    return response;
  };
  const messagePath = (queue: string) => `/ibmmq/rest/v2/messaging/qmgr/${qm}/queue/${encodeURIComponent(queue)}`;

  return {
    description: `queue manager ${options.queueManager} at ${base.origin}`,
    async mqsc(command: string): Promise<CommandOutcome> {
      const response = await request("POST", `/ibmmq/rest/v2/admin/action/qmgr/${qm}/mqsc`, {
        body: JSON.stringify({ type: "runCommand", parameters: { command } }),
        contentType: "application/json",
      });
      const answer = (await readJson(response)) as { commandResponse?: CommandResponseItem[] };
      const items = Array.isArray(answer.commandResponse) ? answer.commandResponse : [];
      return {
        completionCode: Math.max(0, ...items.map((i) => i.completionCode)),
        reasonCode: items.find((i) => i.reasonCode !== 0)?.reasonCode ?? 0,
        lines: items.flatMap((i) => i.text ?? i.message ?? []),
      };
    },
    async put(queue, text) {
      await request("POST", `${messagePath(queue)}/message`, { body: text, contentType: "text/plain;charset=utf-8" });
    },
    async get(queue, waitMs) {
      // The API waits at most 30 s a request; a longer wait is several requests.
      const deadline = Date.now() + waitMs;
      for (;;) {
        const wait = Math.max(0, Math.min(MAX_WAIT_MS, deadline - Date.now()));
        const response = await request("DELETE", `${messagePath(queue)}/message?wait=${wait}`);
        if (response.status === 200) return show(response);
        await response.body?.cancel();
        if (Date.now() >= deadline) return null;
      }
    },
    async *browse(queue) {
      const list = (await readJson(await request("GET", `${messagePath(queue)}/messagelist`))) as { messages?: { messageId: string }[] };
      for (const { messageId } of list.messages ?? []) {
        const response = await request("GET", `${messagePath(queue)}/message?messageId=${encodeURIComponent(messageId)}`);
        // 204: got by someone else since the list was read.
        if (response.status === 200) yield await show(response);
        else await response.body?.cancel();
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

async function show(response: Response): Promise<ShownMessage> {
  const messageId = response.headers.get("ibm-mq-md-messageId") ?? "";
  const type = response.headers.get("content-type") ?? "";
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = /^text\/|^application\/json/i.test(type) ? new TextDecoder().decode(bytes) : hex(bytes);
  return { messageId, text };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw CliFailure.of("MQRC_FORMAT_ERROR", `the server at ${response.url} answered ${response.status} with a body that is not JSON`);
  }
}

const REASON_NAMES = new Map<number, string>(Object.entries(MQRC).map(([name, code]) => [code, name]));

/** The server's error as a CliFailure: IBM's error body when there is one, else by status. */
async function failureOf(response: Response): Promise<CliFailure> {
  let first: { reason?: unknown; reasonCode?: unknown; message?: unknown; msgId?: unknown } | undefined;
  try {
    const body = (await response.json()) as { error?: unknown[] };
    if (Array.isArray(body.error) && typeof body.error[0] === "object") first = body.error[0] as typeof first;
  } catch {
    // not IBM's error body: fall back to the status
  }
  const fallback = byStatus(response.status);
  const reasonCode = typeof first?.reasonCode === "number" && first.reasonCode !== 0 ? first.reasonCode : fallback.code;
  // The body carries the number only, as IBM's does: the name comes from core's table.
  const reason = typeof first?.reason === "string" ? first.reason : reasonCode === fallback.code ? fallback.name : (REASON_NAMES.get(reasonCode) ?? `MQRC ${reasonCode}`);
  const message = typeof first?.message === "string" ? first.message : `HTTP ${response.status} ${response.statusText}`;
  return new CliFailure(reason, reasonCode, `${message} (HTTP ${response.status} from ${new URL(response.url).pathname})`);
}

function byStatus(status: number): { name: string; code: number } {
  if (status === 401 || status === 403) return { name: "MQRC_NOT_AUTHORIZED", code: 2035 };
  if (status === 404) return { name: "MQRC_UNKNOWN_OBJECT_NAME", code: 2085 };
  return { name: "MQRC_UNEXPECTED_ERROR", code: 2195 };
}
