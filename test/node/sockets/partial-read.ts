/**
 * A client that reads only the start of a response and goes: the Node client of issue 19
 * that read about 64 KB of a large message and closed its connection.
 */
import { request } from "node:http";

export interface PartialRead {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** How many body bytes the client had read when it closed the connection. */
  read: number;
}

/**
 * Sends the request, reads `bytes` of the body (or all of a shorter one), stops reading, and
 * destroys the socket `closeAfterMs` later (0: at once), as a client that fails mid-message does.
 */
export function readPartOf(url: string, headers: Record<string, string>, bytes: number, closeAfterMs = 0, method = "DELETE"): Promise<PartialRead> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false });
    req.on("response", (res) => {
      let read = 0;
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, read });
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read >= bytes) {
          res.pause();
          res.removeAllListeners("data");
          setTimeout(() => {
            req.destroy();
            done();
          }, closeAfterMs);
        }
      });
      res.on("end", done);
      res.on("error", done);
    });
    req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
    req.end();
  });
}
