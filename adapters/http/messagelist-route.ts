/**
 * GET .../queue/{queue}/messagelist: summaries (no bodies) of the messages on a queue, in
 * delivery order, as `{"messages":[...]}`; `limit`, `messageId` and `correlationId` narrow
 * it. Nothing is removed.
 */
import type { Hono } from "hono";
import { MQError } from "../../core/index.js";
import type { QueueManagerResolver } from "./options.js";
import { parseLimit, parseSelection, queueTarget } from "./request.js";
import { messageSummaryJson } from "./response.js";
import { checkRequestAuthority } from "./security/authority.js";

export const MESSAGE_LIST_PATH = "/ibmmq/rest/:version{v[123]}/messaging/qmgr/:qmgr/queue/:queue/messagelist";

export function addMessageListRoute(app: Hono, resolve: QueueManagerResolver): void {
  app.get(MESSAGE_LIST_PATH, async (c) => {
    const { version, qmgr, queue } = queueTarget(c.req.param());
    const query = (name: string) => c.req.query(name);
    const selection = parseSelection(version, query);
    const limit = parseLimit(query);
    const manager = await resolve(qmgr);
    checkRequestAuthority(c, manager, "QUEUE", queue, "BROWSE");
    // IBM documents that a GET-inhibited queue lists as empty rather than failing; the list
    // reads through an alias as a get would.
    const summaries = await manager.list(queue, limit === undefined ? selection : { ...selection, limit }).catch((error: unknown) => {
      if (error instanceof MQError && error.reason === "MQRC_GET_INHIBITED") return [];
      throw error;
    });
    return c.json({ messages: summaries.map((summary) => messageSummaryJson(version, summary)) });
  });
}
