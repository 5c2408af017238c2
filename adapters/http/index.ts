/**
 * The HTTP facade: IBM MQ's messaging REST API as a Hono app that runs wherever Hono
 * does (Node, a Worker, a Durable Object, a service worker). It sees only Web-standard
 * Request and Response; the runtime's adapter decides where queue managers live.
 *
 *   POST   /ibmmq/rest/{v1|v2|v3}/messaging/qmgr/{qmgr}/queue/{queue}/message      put
 *   DELETE .../message?wait=&messageId=&correlationId=                              get
 *   GET    .../message?messageId=&correlationId=                                    browse
 *   GET    .../messagelist?limit=&messageId=&correlationId=                         list
 *
 * and IBM's admin MQSC endpoint (runCommand and runCommandJSON bodies):
 *
 *   POST   /ibmmq/rest/{v1|v2|v3}/admin/action/qmgr/{qmgr}/mqsc                     run MQSC
 */
import { Hono } from "hono";
import type { QueueManager } from "../../core/index.js";
import { requireBearerToken, type TokenCheck } from "./auth.js";
import { errorResponse, routeNotFound } from "./errors.js";
import { addMessageListRoute } from "./messagelist-route.js";
import { addMessageRoutes } from "./message-routes.js";
import { addMqscRoute } from "./mqsc-route.js";

/** Finds a queue manager by name; throws MQError (MQRC_Q_MGR_NAME_ERROR, ...) when there is none. */
export type QueueManagerResolver = (name: string) => Promise<QueueManager>;

export interface HttpAppOptions {
  queueManager: QueueManagerResolver;
  /** The bearer tokens accepted on every route, or a function that decides. */
  tokens: TokenCheck;
}

export function createHttpApp(options: HttpAppOptions): Hono {
  const app = new Hono();
  app.use("*", requireBearerToken(options.tokens));
  addMessageRoutes(app, options.queueManager);
  addMessageListRoute(app, options.queueManager);
  addMqscRoute(app, options.queueManager);
  app.notFound((c) => routeNotFound(c.req.method, new URL(c.req.url).pathname).toResponse());
  app.onError((error) => errorResponse(error));
  return app;
}

export { RestError, badName, errorResponse, httpStatusFor, routeNotFound } from "./errors.js";
export type { ApiVersion } from "./ids.js";
export { requireBearerToken } from "./auth.js";
export type { TokenCheck } from "./auth.js";
