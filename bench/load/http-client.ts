/**
 * The consumers' side of HTTP over real sockets: each request on its own TCP connection
 * (node:http, no agent), so that a client that goes away really closes its connection, as a
 * browser tab that is closed or a process that dies does. How the client treats the response
 * is its `mode`: read it whole, read it slowly, never read it, or go away at a set time.
 */
import { request } from "node:http";

export type ReadMode =
  | { kind: "read" }
  /** Reads each piece of the body `pauseMs` after the last (a slow network or a slow consumer). */
  | { kind: "slow"; pauseMs: number }
  /** Reads the status line and headers, then nothing more; closes the connection after `holdMs`. */
  | { kind: "never"; holdMs: number }
  /** Closes the connection `afterMs` after sending, whatever has arrived (mid-wait, usually). */
  | { kind: "abort"; afterMs: number };

export interface Outcome {
  /** 0 when nothing arrived before the connection closed. */
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The whole response arrived: its last byte and the closing chunk. */
  complete: boolean;
  /** This client closed the connection before the response was complete. */
  leftEarly: boolean;
  /** The response arrived whole but for its end: the server cut it (a get backed out). */
  cutByServer: boolean;
  /** Send to completion (or to the close), in ms. */
  ms: number;
}

export function send(url: string, method: string, headers: Record<string, string>, mode: ReadMode, body?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(url, { method, headers, agent: false });
    let settled = false;
    let status = 0;
    let responseHeaders: Outcome["headers"] = {};
    const chunks: Buffer[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (complete: boolean, leftEarly: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const cutByServer = !complete && !leftEarly && status !== 0;
      resolve({ status, headers: responseHeaders, body: Buffer.concat(chunks), complete, leftEarly, cutByServer, ms: performance.now() - started });
    };
    const leave = () => {
      // Anything already arrived is handled first (the I/O phase runs before setImmediate's),
      // so a response that reached this process before the client decided to go is seen: what
      // is closed unread is then only what had not reached it.
      setImmediate(() => {
        if (settled) return;
        settle(false, true);
        req.destroy();
      });
    };
    if (mode.kind === "abort") timer = setTimeout(leave, mode.afterMs);
    req.on("response", (res) => {
      status = res.statusCode ?? 0;
      responseHeaders = res.headers;
      if (mode.kind === "never") {
        res.pause();
        clearTimeout(timer);
        timer = setTimeout(leave, mode.holdMs);
        return;
      }
      if (mode.kind === "slow") {
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          res.pause();
          setTimeout(() => res.resume(), mode.pauseMs);
        });
        res.pause();
        setTimeout(() => res.resume(), mode.pauseMs);
      } else {
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
      }
      res.on("end", () => settle(res.complete, false));
      res.on("close", () => settle(res.complete, false));
      res.on("error", () => settle(false, false));
    });
    req.on("error", () => settle(false, settled));
    req.end(body);
  });
}
