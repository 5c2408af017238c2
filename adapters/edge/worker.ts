/**
 * The Worker entry: serves the start page, and hands every REST request for a queue
 * manager to that manager's Durable Object. Names are checked here, before an object is
 * created for them.
 */
import { Hono } from "hono";
import { checkObjectName, MQError } from "../../core/index.js";
import { errorResponse } from "../http/index.js";
import { startPage } from "../../playground/start-page.js";
import type { EdgeEnv } from "./env.js";

export function createEdgeWorker(): Hono<{ Bindings: EdgeEnv }> {
  const app = new Hono<{ Bindings: EdgeEnv }>();

  app.get("/", (c) => c.html(startPage({ runtime: "Cloudflare Worker (workerd)", store: "Durable Object SQLite storage" })));

  app.all("/ibmmq/rest/:version/:area/qmgr/:qmgr/*", async (c) => {
    const name = c.req.param("qmgr");
    try {
      checkObjectName(name, "queue manager");
    } catch (error) {
      return errorResponse(error as MQError);
    }
    const stub = c.env.QUEUE_MANAGERS.get(c.env.QUEUE_MANAGERS.idFromName(name));
    return stub.fetch(c.req.raw);
  });

  return app;
}
