/**
 * fetch over a real socket from a chosen loopback address (127.x.y.z all reach 127.0.0.1 on
 * Linux), so that a server that tells clients apart by their socket address (the failed-login
 * limit) sees as many clients as a test needs.
 */
import { request } from "node:http";

export function fetchFrom(localAddress: string, url: string, init: RequestInit = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const headers = new Headers(init.headers);
    const req = request(url, { method: init.method ?? "GET", headers: Object.fromEntries(headers), localAddress, agent: false });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const one of Array.isArray(value) ? value : [value]) answer.append(name, one);
        }
        const status = res.statusCode ?? 0;
        const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolve(new Response(body, { status, headers: answer }));
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    if (init.body !== undefined && init.body !== null) req.write(typeof init.body === "string" ? init.body : Buffer.from(init.body as ArrayBuffer));
    req.end();
  });
}
