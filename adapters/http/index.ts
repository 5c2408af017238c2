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
import { installSecurity } from "./security/index.js";
import { addAdminQueueManagerRoutes } from "./admin-qmgr-route.js";
import { errorResponse } from "./errors.js";
import { httpLimitsOf, type HttpAppOptions } from "./options.js";
import { unmatchedRequest } from "./routes.js";
import { addMessageListRoute } from "./messagelist-route.js";
import { addMessageRoutes } from "./message-routes.js";
import { addMqscRoute } from "./mqsc-route.js";
import { addAdminQueueRoutes } from "./admin-queue-route.js";
import { addAdminSubscriptionAndChannelRoutes } from "./admin-subscription-channel-route.js";
import { addTopicRoute } from "./topic-route.js";

export function createHttpApp(options: HttpAppOptions): Hono {
  const limits = httpLimitsOf(options);
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

export { DEFAULT_HTTP_LIMITS, type HttpAppOptions, type HttpLimits, type QueueManagerResolver } from "./options.js";
export { RestError, badName, configuredQueueManager, errorResponse, httpStatusFor, queueManagerExists, routeNotFound, unknownQueueManager } from "./errors.js";
export { MESSAGES, type MessageId } from "./messages.js";
export { ConfigurationError } from "./configuration-error.js";
export { ROUTES, ADMIN_ONLY_ROUTES, accessFor, resourceAt, unmatchedRequest, type RouteAccess, type RouteSpec } from "./routes.js";
export {
  memoryDirectory,
  queueManagerFacts,
  type QueueManagerDirectory,
  type QueueManagerFacts,
  type MemoryDirectoryOptions,
} from "./queue-manager-directory.js";
export { addAdminQueueManagerRoutes, INSTALLATION_NAME, type InstallationInfo } from "./admin-qmgr-route.js";
export { WEBMQ_VERSION } from "./version.js";
export type { ApiVersion } from "./ids.js";
export { requireCsrfHeader, CSRF_HEADER } from "./csrf.js";
export * from "./security/index.js";
// Message channels over WebSocket: the sending end's connector and the receiving end's session, for any runtime.
export * from "./channels/index.js";
export { socketLogin, type SocketLogin } from "./security/socket-login.js";
