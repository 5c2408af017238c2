/**
 * The Worker: hands every REST request for a queue manager to that manager's Durable
 * Object, and serves the start page it is given at / (`npm start`'s entry,
 * playground/worker-entry.ts, gives the playground's, for when its built assets, wrangler.toml
 * [assets], which answer / before the worker is asked, are not there). Names are
 * checked here, before an object is created for them. The admin resources for queue
 * managers and the installation (GET /admin/qmgr, crtmqm, dltmqm, GET /admin/installation)
 * are answered here too, from the configuration, the registry of created queue managers and
 * each queue manager's own object.
 *
 * Authentication and the role checks happen here too, so that a refused request wakes no
 * Durable Object; the principal found is forwarded to the object in signed headers
 * (../http/security/principal-header.ts), which the object accepts only with a valid MAC and
 * otherwise authenticates the request itself. Login (POST/GET/DELETE .../login) is answered
 * here and never reaches an object.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import { MQError, checkObjectName } from "../../core/index.js";
import {
  addAdminQueueManagerRoutes,
  badName,
  errorResponse,
  installSecurity,
  principalOf,
  signPrincipal,
  unknownQueueManager,
  unmatchedRequest,
} from "../http/index.js";
import { FailedLoginLimiter } from "../http/index.js";
import { edgeDirectory, isServedQueueManager } from "./edge-directory.js";
import { dropUnreadBody } from "./unread-body.js";
import { acceptPartnerChannel } from "./channel-endpoint.js";
import { acceptStomp } from "./stomp-endpoint.js";
import { acceptMqiClient } from "./mqi-client-endpoint.js";
import { MEMBER_HEADER, clientKey, configuredCluster, memberFor, urlForMember } from "./cluster-front.js";
import { EDGE_MESSAGE_MEMORY_BYTES, edgeSecurity, numberVariable, type EdgeEnv } from "./env.js";

/**
 * Failed logins per client (CF-Connecting-IP), in this isolate's memory: shared by every
 * request the isolate serves, not by Cloudflare's other isolates (see rate-limit.ts).
 */
const loginLimiter = new FailedLoginLimiter();

export interface EdgeWorkerOptions {
  /**
   * The HTML the worker answers GET / with, where no static asset does. Without it, / is a
   * path like any other the worker has no resource for: IBM's 404 MQWB0901E.
   */
  startPage?: string;
}

export function createEdgeWorker(options: EdgeWorkerOptions = {}): Hono<{ Bindings: EdgeEnv }> {
  const app = new Hono<{ Bindings: EdgeEnv }>();

  // Channels from partners outside the Worker (channel-endpoint.ts), first: their credentials
  // come in the socket's first frame, not in a header the REST front would check, and a 101's
  // headers are not the secure headers' to change.
  const channel: MiddlewareHandler<{ Bindings: EdgeEnv }> = async (c, next) => acceptPartnerChannel(c.req.raw, c.env, loginLimiter) ?? (await next());
  app.get("/ibmmq/channel", channel);
  app.get("/ibmmq/channel/:qmgr", channel);
  // STOMP (stomp-endpoint.ts), likewise: its credentials are in the CONNECT frame.
  app.get("/stomp", (c) => acceptStomp(c.req.raw, c.env, loginLimiter)!);
  app.get("/stomp/:qmgr", (c) => acceptStomp(c.req.raw, c.env, loginLimiter)!);
  // MQI client bindings (mqi-client-endpoint.ts): the socket goes unread to a queue manager's object, which admits the client.
  const mqiClient: MiddlewareHandler<{ Bindings: EdgeEnv }> = async (c, next) => (await acceptMqiClient(c.req.raw, c.env)) ?? (await next());
  app.get("/ibmmq/client", mqiClient);
  app.get("/ibmmq/client/:qmgr", mqiClient);

  // A body left unread would cost the client its keep-alive connection (unread-body.ts).
  app.use(
    "*",
    dropUnreadBody((env) => numberVariable(env as EdgeEnv, "MQ_MESSAGE_MEMORY_BYTES", EDGE_MESSAGE_MEMORY_BYTES)),
  );
  // Error bodies echo what the client sent: never let a browser sniff them into HTML. A queue
  // manager's object answers through the REST app (adapters/http), which set the same secure
  // headers already: set again here, they were 11 header writes more per request, one of the two
  // passes that made the secure headers' 5.7% of the worker's CPU per REST put (bench/README.md).
  const secure = secureHeaders();
  const noNext = async () => undefined;
  app.use("*", async (c, next) => {
    await next();
    if (c.res.headers.get("x-content-type-options") !== "nosniff") await secure(c, noNext);
  });
  const { startPage } = options;
  if (startPage !== undefined) app.get("/", (c) => c.html(startPage));
  app.onError((error, c) => errorResponse(error, c.req.raw));
  app.notFound((c) => unmatchedRequest(c.req.method, c.req.url).toResponse());

  // The REST API is an app of its own, built once per environment: its users, tokens and
  // origins come from the worker's variables and secrets, which a Worker sees only per request.
  const restApps = new WeakMap<EdgeEnv, Hono<{ Bindings: EdgeEnv }>>();
  app.all("/ibmmq/*", (c) => {
    let rest = restApps.get(c.env);
    if (rest === undefined) {
      rest = createRestFront(c.env);
      restApps.set(c.env, rest);
    }
    return rest.fetch(c.req.raw, c.env);
  });
  return app;
}

/** The front of the REST API: security (CORS, login, authentication, CSRF, roles), then each queue manager's object. */
function createRestFront(env: EdgeEnv): Hono<{ Bindings: EdgeEnv }> {
  // A trailing slash names the same resource, as in the object's app (adapters/http routes.ts).
  const app = new Hono<{ Bindings: EdgeEnv }>({ strict: false });
  const security = edgeSecurity(env);
  // Refuse a request without valid credentials, or one its role forbids, here: no Durable Object is woken for it.
  installSecurity(app, { ...security, principalKey: undefined, loginRateLimit: loginLimiter }, "/ibmmq/*");
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
    // Only configured and created queue managers exist: any other name would make a Durable
    // Object. A configured cluster's name, in the messaging API, is one of its members (cluster-front.ts).
    let target = name;
    let url = c.req.url;
    if (!(await isServedQueueManager(c.env, name))) {
      const cluster = c.req.param("area") === "messaging" ? configuredCluster(c.env, name) : undefined;
      if (!cluster) return unknownQueueManager(name).toResponse();
      target = memberFor(cluster, clientKey(c.req.raw, principalOf(c)));
      url = urlForMember(url, name, target);
    }
    const stub = c.env.QUEUE_MANAGERS.get(c.env.QUEUE_MANAGERS.idFromName(target));
    // The object gets the body buffered, not this request's stream: it often answers without
    // reading the body (a bad header, an inhibited or full queue, a body too big), and
    // workerd then fails the pump still copying this request's stream into the object's
    // ("Can't read from request stream after response has been sent", uncaught).
    const { method } = c.req.raw;
    const body = method === "GET" || method === "HEAD" ? null : await c.req.raw.arrayBuffer();
    // Who made the request, signed for the object (replacing any such headers the client sent).
    const headers = new Headers(c.req.raw.headers);
    await signPrincipal(headers, principalOf(c)!, await security.principalKey, { method, url });
    // Where the runtime reports a disconnect (deployed Workers), the signal cancels the
    // object's request and its response, which backs out a get the client never read.
    const answer = await stub.fetch(url, { method, headers, body, signal: c.req.raw.signal });
    // A fresh Response, so that the secure headers can be added: the object's are immutable.
    // Its body is the object's stream, passed through unread.
    const response = new Response(answer.body, answer);
    if (target !== name) response.headers.set(MEMBER_HEADER, target);
    return response;
  };
  // No message is larger than a queue manager may hold in memory; a larger body is refused
  // before it is buffered here.
  const limitBody: MiddlewareHandler<{ Bindings: EdgeEnv }> = (c, next) => {
    const maxSize = numberVariable(c.env, "MQ_MESSAGE_MEMORY_BYTES", EDGE_MESSAGE_MEMORY_BYTES);
    return bodyLimit({
      maxSize,
      onError: () =>
        errorResponse(
          new MQError("MQRC_MSG_TOO_BIG_FOR_Q_MGR", `the request body is larger than ${maxSize} bytes, the largest message a queue manager here holds`),
          c.req.raw,
        ),
    })(c, next);
  };
  // The messaging API (.../messaging/qmgr/{qmgr}/...) and the admin API's
  // .../admin/action/qmgr/{qmgr}/mqsc, whose area is two segments.
  app.all("/ibmmq/rest/:version/:area/qmgr/:qmgr/*", limitBody, forward);
  app.all("/ibmmq/rest/:version/admin/action/qmgr/:qmgr/*", limitBody, forward);

  return app;
}
