/**
 * The JavaScript heap (and the ArrayBuffers' backing stores) of the worker's isolate under workerd (the front Worker and its Durable
 * Objects share it), after a full garbage collection, read over the DevTools protocol on the
 * inspector port startLocalEdge was given. workerd runs a protocol command only while the
 * isolate has work, so `poke` (any cheap request) is sent until the command is answered.
 */
import WebSocket from "ws";

export async function isolateHeapAfterGc(inspectorPort: number, workerName: string, poke: () => Promise<unknown>): Promise<{ heap: number; buffers: number }> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { title: string; webSocketDebuggerUrl: string }[];
  const target = targets.find((t) => t.title.endsWith(`core:user:${workerName}`));
  if (!target) throw new Error(`no inspector target for worker ${workerName}: ${targets.map((t) => t.title).join(", ")}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  const answers = new Map<number, (result: Record<string, unknown>) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id: number; result: Record<string, unknown> };
    answers.get(message.id)?.(message.result);
  });
  let lastId = 0;
  const call = async (method: string): Promise<Record<string, unknown>> => {
    const id = ++lastId;
    const answered = new Promise<Record<string, unknown>>((resolve) => answers.set(id, resolve));
    socket.send(JSON.stringify({ id, method, params: {} }));
    for (let tries = 0; tries < 100; tries++) {
      const result = await Promise.race([answered, new Promise<undefined>((resolve) => setTimeout(resolve, 100))]);
      if (result) return result;
      await poke();
    }
    throw new Error(`the inspector did not answer ${method}`);
  };
  try {
    await call("HeapProfiler.collectGarbage");
    const usage = await call("Runtime.getHeapUsage");
    // The heap's objects and the ArrayBuffers' bytes, which live outside it (message bodies).
    return { heap: usage.usedSize as number, buffers: usage.backingStorageSize as number };
  } finally {
    socket.close();
  }
}
