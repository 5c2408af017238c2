/** The REST calls a load run makes, by what they are for, through webmq/http/client: URLs, headers and MQSC. */
import { RestClient, RestResponseError, type MqscResponseBody } from "../../adapters/http/client.js";
import { HEADER } from "../../adapters/http/headers.js";

export interface LoadTarget {
  /** What is served, for the report: "node" or "workerd". */
  name: string;
  /** http://127.0.0.1:port */
  url: string;
  token: string;
  qmgr: string;
  /** The server's responseTimeout: how long an unread got message is held before it goes back. */
  responseTimeout: number;
}

export const LOAD_QUEUE = "LOAD.Q";

const clients = new WeakMap<LoadTarget, RestClient>();

/** The target's client: its bearer token, v3 (an application correlation id, no `ID:`, comes back as written). */
export function restClient(target: LoadTarget): RestClient {
  let client = clients.get(target);
  if (client === undefined) {
    // IBM's CSRF header rides along on every request: POST and DELETE must carry it.
    client = new RestClient({
      baseUrl: target.url,
      queueManager: target.qmgr,
      credentials: { token: target.token },
      csrfToken: "load",
      csrfOnEveryRequest: true,
    });
    clients.set(target, client);
  }
  return client;
}

/** The headers of a request the load sends on its own connection (http-client.ts). */
export function auth(target: LoadTarget, method: "GET" | "DELETE"): Record<string, string> {
  return restClient(target).headersFor(method);
}

/** LOAD.Q's message resource. */
export function messageUrl(target: LoadTarget, query: { wait?: number } = {}): string {
  return restClient(target).messageUrl(LOAD_QUEUE, query);
}

/** One MQSC call; throws with the server's answer when the HTTP call fails. */
async function mqsc(request: unknown, call: () => Promise<MqscResponseBody>): Promise<MqscResponseBody> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof RestResponseError) throw new Error(`MQSC ${JSON.stringify(request)}: HTTP ${error.status} ${error.body}`);
    throw error;
  }
}

export async function defineLoadQueue(target: LoadTarget, maxDepth: number): Promise<void> {
  const command = `DEFINE QLOCAL(${LOAD_QUEUE}) MAXDEPTH(${maxDepth}) REPLACE`;
  const answer = await mqsc(command, () => restClient(target).runCommand(command));
  if (answer.overallCompletionCode !== 0) throw new Error(`DEFINE QLOCAL(${LOAD_QUEUE}) failed: ${JSON.stringify(answer)}`);
}

export async function currentDepth(target: LoadTarget): Promise<number> {
  const request = { command: "display", qualifier: "qlocal", name: LOAD_QUEUE, responseParameters: ["curdepth"] };
  const answer = await mqsc(request, () => restClient(target).runCommandJSON(request));
  const depth = answer.commandResponse[0]?.parameters?.curdepth;
  if (typeof depth !== "number") throw new Error(`DISPLAY QLOCAL(${LOAD_QUEUE}) CURDEPTH answered ${JSON.stringify(answer)}`);
  return depth;
}

/** The correlation id of a response node:http read (its header names lower-cased). */
export function correlationIdOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers[HEADER.correlationId.toLowerCase()];
  return typeof value === "string" ? value : undefined;
}
