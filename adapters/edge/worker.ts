/**
 * The Worker entry: hands every REST request for a queue manager to that manager's Durable
 * Object, and serves a plain start page at / when the playground's assets do not (the built
 * playground, wrangler.toml [assets], answers / before the worker is asked). Names are
 * checked here, before an object is created for them. The admin resources for queue
 * managers and the installation (GET /admin/qmgr, crtmqm, dltmqm, GET /admin/installation)
 * are answered here too, from the configuration, the registry of created queue managers and
 * each queue manager's own object.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import { MQError, checkObjectName } from "../../core/index.js";
import { addAdminQueueManagerRoutes, badName, errorResponse, requireBearerToken, requireCsrfHeader, unknownQueueManager, unmatchedRequest } from "../http/index.js";
import { startPage } from "../../playground/start-page.js";
import { edgeDirectory, isServedQueueManager } from "./edge-directory.js";
import { EDGE_MESSAGE_MEMORY_BYTES, numberVariable, parseTokens, type EdgeEnv } from "./env.js";

export function createEdgeWorker(): Hono<{ Bindings: EdgeEnv }> {
  const app = new Hono<{ Bindings: EdgeEnv }>();

  // Error bodies echo what the client sent: never let a browser sniff them into HTML.
  app.use("*", secureHeaders());
  app.get("/", (c) => c.html(startPage({ runtime: "Cloudflare Worker (workerd)", store: "Durable Object SQLite storage" })));

  // Refuse a request without a valid token here, before any Durable Object is woken for it.
  app.use("/ibmmq/*", (c, next) => requireBearerToken(parseTokens(c.env.MQ_TOKENS))(c, next));
  // IBM's CSRF header rule, here too, so that a refused request wakes no Durable Object.
  app.use("/ibmmq/*", requireCsrfHeader());
  app.onError((error, c) => errorResponse(error, c.req.raw));
  // Paths that name no queue manager are answered here, in the same IBM shape as the object's.
  app.notFound((c) => unmatchedRequest(c.req.method, c.req.url).toResponse());
  addAdminQueueManagerRoutes(app, (c) => edgeDirectory(c.env as EdgeEnv), { platform: "workerd", operatingSystem: "Cloudflare Workers runtime (workerd)" });

  const forward = async (c: Context<{ Bindings: EdgeEnv }>) => {
    const name = c.req.param("qmgr") ?? "";
    try {
      checkObjectName(name, "queue manager");
    } catch {
      return badName("queue manager", name).toResponse();
    }
    // Only configured and created queue managers exist: any other name would make a Durable Object.
    if (!(await isServedQueueManager(c.env, name))) return unknownQueueManager(name).toResponse();
    const stub = c.env.QUEUE_MANAGERS.get(c.env.QUEUE_MANAGERS.idFromName(name));
    // The object gets the body buffered, not this request's stream: it often answers without
    // reading the body (a bad header, an inhibited or full queue, a body too big), and
    // workerd then fails the pump still copying this request's stream into the object's
    // ("Can't read from request stream after response has been sent", uncaught).
    const { method, headers } = c.req.raw;
    const body = method === "GET" || method === "HEAD" ? null : await c.req.raw.arrayBuffer();
    // Where the runtime reports a disconnect (deployed Workers), the signal cancels the
    // object's request and its response, which backs out a get the client never read.
    const answer = await stub.fetch(c.req.url, { method, headers, body, signal: c.req.raw.signal });
    // A fresh Response, so that the secure headers can be added: the object's are immutable.
    // Its body is the object's stream, passed through unread.
    return new Response(answer.body, answer);
  };
  // No message is larger than a queue manager may hold in memory; a larger body is refused
  // before it is buffered here.
  const limitBody: MiddlewareHandler<{ Bindings: EdgeEnv }> = (c, next) => {
    const maxSize = numberVariable(c.env, "MQ_MESSAGE_MEMORY_BYTES", EDGE_MESSAGE_MEMORY_BYTES);
    return bodyLimit({ maxSize, onError: () => errorResponse(new MQError("MQRC_MSG_TOO_BIG_FOR_Q_MGR", `the request body is larger than ${maxSize} bytes, the largest message a queue manager here holds`), c.req.raw) })(c, next);
  };
  // The messaging API (.../messaging/qmgr/{qmgr}/...) and the admin API's
  // .../admin/action/qmgr/{qmgr}/mqsc, whose area is two segments.
  app.all("/ibmmq/rest/:version/:area/qmgr/:qmgr/*", limitBody, forward);
  app.all("/ibmmq/rest/:version/admin/action/qmgr/:qmgr/*", limitBody, forward);

  return app;
}
