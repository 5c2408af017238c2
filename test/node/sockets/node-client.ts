/**
 * Requests as a plain Node program makes them with node:http: an options object, then
 * `write(body)` and `end()`. With no Content-Length set, Node sends such a body with
 * `Transfer-Encoding: chunked`, as IBM's Node REST samples (mq-rest-node-https.js,
 * mq-rest-node-promise.js) do. Keep-alive agents are the caller's, to send several requests
 * on one connection.
 */
import { request, type Agent } from "node:http";

export interface NodeClientResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The request went out on a connection an earlier request had used (node:http's `reusedSocket`). */
  reusedSocket: boolean;
  /** The request's head as sent, to check how its body was framed. */
  sentHead: string;
}

export interface NodeClientRequest {
  method: string;
  headers?: Record<string, string>;
  /** Written with `write` before `end`: chunked unless `headers` sets Content-Length. */
  body?: string | Buffer;
  agent?: Agent;
}

export function nodeRequest(url: string, options: NodeClientRequest): Promise<NodeClientResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method,
        headers: options.headers ?? {},
        agent: options.agent ?? false,
      },
      (res) => {
        res.setEncoding("utf8");
        let text = "";
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, reusedSocket: req.reusedSocket, sentHead: sentHeadOf(req) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** node:http keeps the head it wrote in `_header` (not public API, but stable since Node 0.x). */
function sentHeadOf(req: object): string {
  const head = (req as { _header?: unknown })._header;
  return typeof head === "string" ? head : "";
}

export function basicAuthorization(user: string, password: string): string {
  return "Basic " + Buffer.from(`${user}:${password}`).toString("base64");
}
