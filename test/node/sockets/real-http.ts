/**
 * HTTP over real sockets, as a client on the network sees it: each request on its own TCP
 * connection (node:http, no agent), which the client may close while the server waits or
 * while the response is still arriving.
 */
import { request } from "node:http";

export interface RealResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The whole response arrived (its last byte and, for chunked bodies, the closing chunk). */
  complete: boolean;
}

/** A request whose client closed the connection before the response was complete. */
export interface Abandoned {
  aborted: true;
  /** The status line and headers had arrived when the client went (the response had left the server). */
  headers?: Record<string, string | string[] | undefined>;
}

export interface RealRequestOptions {
  method: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Close the connection this many ms after sending, whatever has arrived. */
  abortAfterMs?: number;
  /** Once the status line and headers arrive, stop reading; close the connection this many ms later. */
  abortAfterHeadersMs?: number;
}

export function realRequest(url: string, options: RealRequestOptions): Promise<RealResponse | Abandoned> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method, headers: options.headers, agent: false });
    let settled = false;
    let headers: Record<string, string | string[] | undefined> | undefined;
    const settle = (value: RealResponse | Abandoned) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const abort = () => {
      req.destroy();
      settle(headers ? { aborted: true, headers } : { aborted: true });
    };
    const timer = options.abortAfterMs === undefined ? undefined : setTimeout(abort, options.abortAfterMs);
    req.on("response", (res) => {
      headers = res.headers;
      if (options.abortAfterHeadersMs !== undefined) {
        res.pause();
        clearTimeout(timer);
        setTimeout(abort, options.abortAfterHeadersMs);
        return;
      }
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      const finish = () => settle({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), complete: res.complete });
      res.on("end", finish);
      res.on("close", finish);
      res.on("error", finish);
    });
    req.on("error", (error) =>
      settled ? undefined : options.abortAfterMs !== undefined || options.abortAfterHeadersMs !== undefined ? abort() : reject(error),
    );
    req.end(options.body);
  });
}
