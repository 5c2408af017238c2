/**
 * Reads and drops the body of a request the worker answered without reading it (a 401, a
 * 404 for an unknown queue manager or route, a bad name, a 403), before the answer goes.
 *
 * Why: workerd ends the client's connection after answering a request whose body was left
 * unread, without saying so (no `Connection: close`; a Worker cannot add one, workerd drops
 * it). A keep-alive client (Node's agent) then sends its next request on that connection and
 * gets ECONNRESET for a request that was never processed. A minimal Worker under the same
 * Miniflare does the same; reading the body first keeps the connection usable.
 *
 * Bounded: at most `maxBytes` (the largest body the worker would have accepted) are read. A
 * larger body, or one a route stopped reading part way (a chunked body over a limit, 413), is
 * left, and workerd ends that connection after the answer.
 */
import type { MiddlewareHandler } from "hono";

export function dropUnreadBody(maxBytes: (env: unknown) => number): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw;
    await next();
    if (request.body === null || request.bodyUsed) return;
    const declared = request.headers.get("content-length");
    let limit: number;
    try {
      limit = maxBytes(c.env);
    } catch {
      return; // a configuration error, answered already by the route that read the variable
    }
    if (declared !== null && Number(declared) > limit) return;
    await drain(request.body, limit);
  };
}

async function drain(body: ReadableStream<Uint8Array>, limit: number): Promise<void> {
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went while sending: there is no connection left to keep.
  }
}
