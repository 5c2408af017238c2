/**
 * The HTTP facade: IBM MQ's messaging REST API as a Hono app that runs wherever Hono
 * does (Node, a Worker, a Durable Object, a service worker). It sees only Web-standard
 * Request and Response; the runtime's adapter decides where queue managers live.
 *
 *   POST   /ibmmq/rest/{v1|v2|v3}/messaging/qmgr/{qmgr}/queue/{queue}/message      put
 *   DELETE .../message?wait=&messageId=&correlationId=                              get
 *   DELETE .../message?lease=<ms>, then ?confirm=<token> or ?release=<token>         leased get (leases.ts)
 *   GET    .../message?messageId=&correlationId=                                    browse
 *   GET    .../messagelist?limit=&messageId=&correlationId=                         list
 *   POST   /ibmmq/rest/{v2|v3}/messaging/qmgr/{qmgr}/topic/{topicString}/message    publish
 *
 * and IBM's admin MQSC endpoint (runCommand and runCommandJSON bodies) and admin resources:
 *
 *   POST   /ibmmq/rest/{v1|v2|v3}/admin/action/qmgr/{qmgr}/mqsc                     run MQSC
 *   GET    /ibmmq/rest/{v1|v2|v3}/admin/qmgr[/{qmgr}]                               dspmq
 *   POST   .../admin/qmgr {"name"}, DELETE .../admin/qmgr/{qmgr}                    crtmqm, dltmqm (ours)
 *   GET    /ibmmq/rest/{v1|v2|v3}/admin/installation                                dspmqver
 *
 * routes.ts lists every resource with its methods and the role each call needs.
 *
 * and IBM's login resource (security/): POST logs in (a session cookie), GET says who is
 * logged in, DELETE logs out. Every other request is authenticated (basic, the cookie or a
 * bearer token) and judged by its user's role (security/roles.ts).
 */
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { QueueManager } from "../../core/index.js";
import { installSecurity, type SecurityOptions } from "./security/index.js";
import { addAdminQueueManagerRoutes, type InstallationInfo } from "./admin-qmgr-route.js";
import { errorResponse } from "./errors.js";
import type { QueueManagerDirectory } from "./queue-manager-directory.js";
import { unmatchedRequest } from "./routes.js";
import { addMessageListRoute } from "./messagelist-route.js";
import { addMessageRoutes } from "./message-routes.js";
import { addMqscRoute } from "./mqsc-route.js";
import { addAdminQueueRoutes } from "./admin-queue-route.js";
import { addAdminSubscriptionAndChannelRoutes } from "./admin-subscription-channel-route.js";
import { addTopicRoute } from "./topic-route.js";

/** Finds a queue manager by name; throws MQError (MQRC_Q_MGR_NAME_ERROR, ...) when there is none. */
export type QueueManagerResolver = (name: string) => Promise<QueueManager>;

/**
 * The queue managers, the limits, and who may call (security/index.ts's SecurityOptions:
 * `tokens`, `users`, `sessionSecret`, `sessionSeconds`, `corsOrigins`, `loginRateLimit`, ...).
 */
export interface HttpAppOptions extends Partial<HttpLimits>, SecurityOptions {
  queueManager: QueueManagerResolver;
  /**
   * The queue managers for the admin resources (GET /admin/qmgr, crtmqm, dltmqm); without
   * it those answer 501. `memoryDirectory` gives one and the matching resolver.
   */
  queueManagers?: QueueManagerDirectory;
  /** What GET /admin/installation says of the runtime (default: platform "unknown"). */
  installation?: InstallationInfo;
}

/** What one request may ask of a queue manager. */
export interface HttpLimits {
  /**
   * The longest `wait` a DELETE may ask for, in ms (default 30,000: IBM's mqweb times out a
   * response after 30 seconds unless setmqweb changes it). Beyond it: 400, MQRC_WAIT_INTERVAL_ERROR.
   */
  maxWait: number;
  /**
   * How long a got message's response may go unread before the get is backed out and the
   * message is back on its queue, in ms (default 30,000).
   */
  responseTimeout: number;
  /**
   * The longest lease a leased get (`DELETE .../message?lease=<ms>`) may ask for, in ms
   * (default 43,200,000: 12 hours, as SQS's and Cloudflare Queues' longest visibility timeout).
   */
  maxLease: number;
  /**
   * How long, once the first piece of a got message's body is handed over, the runtime may
   * take to ask for the next before the get is backed out, in ms (default: responseTimeout).
   * For runtimes that never report a client gone (workerd served locally); see committing-body.ts.
   */
  handoverTimeout: number;
  /** The largest admin MQSC request body, in bytes (default 256 KiB); beyond it 413 and nothing runs. */
  maxMqscRequestBytes: number;
  /**
   * The most output an MQSC request may produce, in characters (default 8 MiB); the
   * commands after the one that passes it are not run, and the answer says so.
   */
  maxMqscAnswerChars: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  maxWait: 30_000,
  responseTimeout: 30_000,
  maxLease: 43_200_000,
  handoverTimeout: 30_000,
  maxMqscRequestBytes: 256 * 1024,
  maxMqscAnswerChars: 8 * 1024 * 1024,
};

export function createHttpApp(options: HttpAppOptions): Hono {
  const limits: HttpLimits = { ...DEFAULT_HTTP_LIMITS };
  for (const key of Object.keys(DEFAULT_HTTP_LIMITS) as (keyof HttpLimits)[]) {
    const value = options[key];
    if (value === undefined) continue;
    const least = key === "maxWait" ? 0 : 1;
    if (!Number.isSafeInteger(value) || value < least) throw new TypeError(`${key} must be a whole number, ${least} or more; got ${String(value)}`);
    limits[key] = value;
  }
  // A trailing slash names the same resource (routes.ts resourceAt): `GET .../installation/`
  // is the installation, not a 405 that says GET is allowed.
  const app = new Hono({ strict: false });
  // Error bodies echo what the client sent: never let a browser sniff them into HTML.
  app.use("*", secureHeaders());
  // CORS, login, authentication, IBM's CSRF header rule and the role checks, before any route.
  installSecurity(app, options, "*", limits.maxMqscRequestBytes);
  addMessageRoutes(app, options.queueManager, limits);
  addMessageListRoute(app, options.queueManager);
  addMqscRoute(app, options.queueManager, limits);
  addTopicRoute(app, options.queueManager);
  // IBM's v1 admin object resources: queues (GET, POST, PATCH, DELETE), subscriptions and channels (GET).
  addAdminQueueRoutes(app, options.queueManager);
  addAdminSubscriptionAndChannelRoutes(app, options.queueManager);
  addAdminQueueManagerRoutes(app, () => options.queueManagers, options.installation ?? { platform: "unknown", operatingSystem: "unknown" });
  // A known resource asked with a method it does not take is 405 MQWB2005E; any other path 404 MQWB0901E.
  app.notFound((c) => unmatchedRequest(c.req.method, c.req.url).toResponse());
  app.onError((error, c) => errorResponse(error, c.req.raw));
  return app;
}

export { RestError, badName, configuredQueueManager, errorResponse, httpStatusFor, queueManagerExists, routeNotFound, unknownQueueManager } from "./errors.js";
export { MESSAGES, type MessageId } from "./messages.js";
export { ConfigurationError } from "./configuration-error.js";
export { ROUTES, ADMIN_ONLY_ROUTES, accessFor, resourceAt, unmatchedRequest, type RouteAccess, type RouteSpec } from "./routes.js";
export { memoryDirectory, queueManagerFacts, type QueueManagerDirectory, type QueueManagerFacts, type MemoryDirectoryOptions } from "./queue-manager-directory.js";
export { addAdminQueueManagerRoutes, INSTALLATION_NAME, type InstallationInfo } from "./admin-qmgr-route.js";
export { WEBMQ_VERSION } from "./version.js";
export type { ApiVersion } from "./ids.js";
export { requireCsrfHeader, CSRF_HEADER } from "./csrf.js";
export * from "./security/index.js";
