/**
 * Every resource of the REST API, with the methods it takes and who may call each: the one
 * list that the 404/405 answers, the role check and the documentation read.
 *
 * `access` is IBM's mqweb roles by what a call does:
 *   messaging   MQWebUser: put, get, browse, publish (the messaging REST API)
 *   admin-read  MQWebAdminRO and MQWebAdmin: reading the admin resources
 *   admin       MQWebAdmin only: changing them (crtmqm, dltmqm) and running MQSC
 *   session     anyone: logging in and out (security/)
 * The MQSC endpoint is listed as `admin`; IBM lets MQWebAdminRO run DISPLAY commands through
 * it, a finer check the role middleware makes on the command, not on the route
 * (security/roles.ts, which judges each request; a test keeps the two in agreement).
 */

import { methodNotAllowed, routeNotFound, type RestError } from "./errors.js";

export type RouteAccess = "messaging" | "admin-read" | "admin" | "session";

export interface RouteSpec {
  /** The resource as IBM's reference names it, for messages. */
  resource: string;
  /** The pathname, versions included. */
  pattern: RegExp;
  /** Each method the resource takes, with who may call it. */
  methods: Readonly<Record<string, RouteAccess>>;
}

const REST = String.raw`^/ibmmq/rest/v[123]`;
const NAME = String.raw`[^/]+`;

export const ROUTES: readonly RouteSpec[] = [
  {
    resource: "/messaging/qmgr/{qmgrName}/queue/{queueName}/message",
    pattern: new RegExp(`${REST}/messaging/qmgr/${NAME}/queue/${NAME}/message$`),
    methods: { POST: "messaging", DELETE: "messaging", GET: "messaging" },
  },
  {
    resource: "/messaging/qmgr/{qmgrName}/queue/{queueName}/messagelist",
    pattern: new RegExp(`${REST}/messaging/qmgr/${NAME}/queue/${NAME}/messagelist$`),
    methods: { GET: "messaging" },
  },
  {
    resource: "/messaging/qmgr/{qmgrName}/topic/{topicString}/message",
    pattern: new RegExp(String.raw`^/ibmmq/rest/v[23]/messaging/qmgr/${NAME}/topic/.+/message$`),
    methods: { POST: "messaging" },
  },
  {
    resource: "/admin/action/qmgr/{qmgrName}/mqsc",
    pattern: new RegExp(`${REST}/admin/action/qmgr/${NAME}/mqsc$`),
    methods: { POST: "admin" },
  },
  {
    // GET lists the queue managers; POST creates one (crtmqm, ours).
    resource: "/admin/qmgr",
    pattern: new RegExp(`${REST}/admin/qmgr/?$`),
    methods: { GET: "admin-read", POST: "admin" },
  },
  {
    // GET shows one; DELETE ends and deletes it (dltmqm, ours).
    resource: "/admin/qmgr/{qmgrName}",
    pattern: new RegExp(`${REST}/admin/qmgr/${NAME}$`),
    methods: { GET: "admin-read", DELETE: "admin" },
  },
  // IBM's v1 admin object resources (v1 only: IBM's v2 and v3 use the MQSC endpoint for these).
  // A trailing slash names the collection, as IBM's own samples send it.
  ...adminObjectRoutes("queue", "queueName", { GET: "admin-read", POST: "admin" }, { GET: "admin-read", PATCH: "admin", DELETE: "admin" }),
  ...adminObjectRoutes("subscription", "subscriptionName", { GET: "admin-read" }, { GET: "admin-read" }),
  ...adminObjectRoutes("channel", "channelName", { GET: "admin-read" }, { GET: "admin-read" }),
  {
    resource: "/login",
    pattern: new RegExp(`${REST}/login$`),
    methods: { POST: "session", GET: "session", DELETE: "session" },
  },
  {
    resource: "/admin/installation/{installationName}",
    pattern: new RegExp(`${REST}/admin/installation(?:/${NAME})?/?$`),
    methods: { GET: "admin-read" },
  },
];

function adminObjectRoutes(object: string, nameWord: string, collection: Record<string, RouteAccess>, named: Record<string, RouteAccess>): RouteSpec[] {
  const base = String.raw`^/ibmmq/rest/v1/admin/qmgr/${NAME}/${object}`;
  return [
    { resource: `/admin/qmgr/{qmgrName}/${object}`, pattern: new RegExp(`${base}/?$`), methods: collection },
    { resource: `/admin/qmgr/{qmgrName}/${object}/{${nameWord}}`, pattern: new RegExp(`${base}/${NAME}$`), methods: named },
  ];
}

/** The routes only MQWebAdmin may call, as `METHOD resource` pairs: what the role check must refuse to everyone else. */
export const ADMIN_ONLY_ROUTES: readonly { method: string; resource: string; pattern: RegExp }[] = ROUTES.flatMap((route) =>
  Object.entries(route.methods)
    .filter(([, access]) => access === "admin")
    .map(([method]) => ({ method, resource: route.resource, pattern: route.pattern })),
);

/**
 * The resource a pathname names, if any. One trailing slash names the resource without it, as
 * mqweb's JAX-RS routing takes it (and the app routes it: createHttpApp's `strict: false`).
 */
export function resourceAt(pathname: string): RouteSpec | undefined {
  const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  return ROUTES.find((route) => route.pattern.test(path));
}

/** Who may call `method` on `pathname`: undefined when the API has no such call (a 404 or 405). */
export function accessFor(method: string, pathname: string): RouteAccess | undefined {
  const route = resourceAt(pathname);
  // HEAD is answered as GET is.
  return route?.methods[method === "HEAD" ? "GET" : method];
}

/** The answer to a request no route took: 405 MQWB2005E (with Allow) for a known resource, else 404 MQWB0901E. */
export function unmatchedRequest(method: string, url: string): RestError {
  const pathname = new URL(url, "http://localhost").pathname;
  const route = resourceAt(pathname);
  if (!route) return routeNotFound(method, pathname);
  return methodNotAllowed(method, route.resource, Object.keys(route.methods));
}
