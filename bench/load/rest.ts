/** The REST calls a load run makes, by what they are for: URLs, headers and MQSC. */
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

export function auth(target: LoadTarget): Record<string, string> {
  // IBM's CSRF header rides along: POST and DELETE must carry it.
  return { authorization: `Bearer ${target.token}`, "ibm-mq-rest-csrf-token": "load" };
}

/** v3: an application correlation id (no `ID:`) comes back as written. */
export function messageUrl(target: LoadTarget, query = ""): string {
  return `${target.url}/ibmmq/rest/v3/messaging/qmgr/${target.qmgr}/queue/${LOAD_QUEUE}/message${query}`;
}

export interface MqscItem {
  completionCode: number;
  reasonCode: number;
  parameters?: Record<string, unknown>;
}

/** One runCommand or runCommandJSON; throws with the server's answer when the HTTP call fails. */
export async function mqsc(target: LoadTarget, request: Record<string, unknown>): Promise<{ overallCompletionCode: number; commandResponse: MqscItem[] }> {
  const response = await fetch(`${target.url}/ibmmq/rest/v2/admin/action/qmgr/${target.qmgr}/mqsc`, {
    method: "POST",
    headers: { ...auth(target), "content-type": "application/json" },
    body: JSON.stringify(request),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`MQSC ${JSON.stringify(request)}: HTTP ${response.status} ${text}`);
  return JSON.parse(text);
}

export async function defineLoadQueue(target: LoadTarget, maxDepth: number): Promise<void> {
  const answer = await mqsc(target, { type: "runCommand", parameters: { command: `DEFINE QLOCAL(${LOAD_QUEUE}) MAXDEPTH(${maxDepth}) REPLACE` } });
  if (answer.overallCompletionCode !== 0) throw new Error(`DEFINE QLOCAL(${LOAD_QUEUE}) failed: ${JSON.stringify(answer)}`);
}

export async function currentDepth(target: LoadTarget): Promise<number> {
  const answer = await mqsc(target, { type: "runCommandJSON", command: "display", qualifier: "qlocal", name: LOAD_QUEUE, responseParameters: ["curdepth"] });
  const depth = answer.commandResponse[0]?.parameters?.curdepth;
  if (typeof depth !== "number") throw new Error(`DISPLAY QLOCAL(${LOAD_QUEUE}) CURDEPTH answered ${JSON.stringify(answer)}`);
  return depth;
}

export function correlationIdOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers["ibm-mq-md-correlationid"];
  return typeof value === "string" ? value : undefined;
}
