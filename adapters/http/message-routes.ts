/**
 * .../queue/{queue}/message: POST puts, DELETE gets (destructively, waiting up to `wait`
 * ms), GET browses the first message. Requests are checked in full before the queue
 * manager is resolved, so a rejected request leaves every queue as it was.
 */
import type { Hono } from "hono";
import { readPutBody } from "./body.js";
import type { QueueManagerResolver } from "./index.js";
import { parsePutHeaders, parseSelection, parseWait, queueTarget } from "./request.js";
import { createdResponse, messageResponse, noMessageResponse } from "./response.js";

export const MESSAGE_PATH = "/ibmmq/rest/:version{v[123]}/messaging/qmgr/:qmgr/queue/:queue/message";

export function addMessageRoutes(app: Hono, resolve: QueueManagerResolver): void {
  app.post(MESSAGE_PATH, async (c) => {
    const { version, qmgr, queue } = queueTarget(c.req.param());
    const descriptor = parsePutHeaders(version, c.req.raw.headers);
    const body = await readPutBody(c.req.raw);
    const manager = await resolve(qmgr);
    const result = await manager.put(queue, { ...descriptor, ...body });
    return createdResponse(version, result.messageId);
  });

  app.delete(MESSAGE_PATH, async (c) => {
    const { version, qmgr, queue } = queueTarget(c.req.param());
    const query = (name: string) => c.req.query(name);
    const selection = parseSelection(version, query);
    const wait = parseWait(query);
    const manager = await resolve(qmgr);
    // A client that disconnects while waiting ends the wait, so no message is taken for nobody.
    const message = await manager.get(queue, { ...selection, wait, signal: c.req.raw.signal });
    return message === null ? noMessageResponse() : messageResponse(version, message);
  });

  app.get(MESSAGE_PATH, async (c) => {
    const { version, qmgr, queue } = queueTarget(c.req.param());
    const selection = parseSelection(version, (name) => c.req.query(name));
    const manager = await resolve(qmgr);
    const cursor = manager.browse(queue, selection);
    try {
      const message = await cursor.next();
      return message === null ? noMessageResponse() : messageResponse(version, message);
    } finally {
      cursor.close();
    }
  });
}
