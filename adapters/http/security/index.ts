/**
 * Who may call the REST API, and what each may do: mqweb's users and roles over HTTP basic
 * authentication, a login session cookie (POST/GET/DELETE .../login) and bearer tokens; the
 * role table (roles.ts); failed-login rate limiting; CORS. `installSecurity` puts it on an app,
 * in this order, so that each step sees only what passed the one before:
 *
 *   CORS (answers preflights)  ->  POST/DELETE .../login  ->  authentication (401)
 *   ->  CSRF header (403 MQWB0100E)  ->  role (403 MQWB0103E)  ->  GET .../login and the routes
 */
import type { Context, Hono, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { JSON_MEDIA_TYPE, parseContentType } from "../body.js";
import { requireCsrfHeader } from "../csrf.js";
import { errorResponse, unsupportedMediaType } from "../errors.js";
import { MQError } from "../../../core/index.js";
import { parseMqscRequest } from "../mqsc-request.js";
import { ConfigurationError } from "../configuration-error.js";
import { corsFor, parseOrigins } from "./cors.js";
import { UserDirectory, parseUsers, type Principal, type TokenCheck, type UserEntry } from "./directory.js";
import { authenticationFailed, badLoginRequest, notAuthorized, tooManyFailedLogins } from "./errors.js";
import { verifiedPrincipal } from "./principal-header.js";
import { acceptedToken, limitKey, tokenKey, userKey } from "./limit-keys.js";
import { FailedLoginLimiter, type RateLimitOptions } from "./rate-limit.js";
import { authorize, operationOf } from "./roles.js";
import { DEFAULT_SESSION_SECONDS, endSession, hasSessionCookie, sessionUser, startSession } from "./session-cookie.js";

export interface SecurityOptions {
  /** Bearer tokens: entries `token`, `token:role` or `token:role:name` (no role: MQWebAdmin), or a function that decides. */
  tokens?: TokenCheck;
  /** Users for basic authentication and login: `name:role:hash` entries (text, as MQ_USERS) or parsed ones. */
  users?: string | readonly UserEntry[];
  /** Signs the login cookie; without it, POST .../login answers 501 and only basic auth and tokens work. */
  sessionSecret?: string;
  /** How long a login lasts, in seconds (default 7200, IBM's two hours). */
  sessionSeconds?: number;
  /** Origins allowed to call from a browser page elsewhere (none by default); see cors.ts. */
  corsOrigins?: string | readonly string[];
  /** Failed logins, basic authentications and bearer tokens allowed per client (5 a minute by default), or a limiter shared between apps. */
  loginRateLimit?: RateLimitOptions | FailedLoginLimiter;
  /**
   * The client's address, for the rate limit (default: CF-Connecting-IP). Failures are counted
   * per claimed user or token at this address, or per claim alone where it gives none
   * (limit-keys.ts): never in one bucket for all.
   */
  clientAddress?: (c: Context) => string | undefined;
  /**
   * Accept a principal forwarded in signed headers (principal-header.ts) under this key: how a
   * Durable Object trusts what the edge's front Worker authenticated.
   */
  principalKey?: CryptoKey | Promise<CryptoKey>;
}

const LOGIN_PATH = "/ibmmq/rest/:version{v[123]}/login";
const REALM = 'realm="IBM MQ REST API"';

/**
 * Kept per Hono context, not per Request: a middleware may replace `c.req.raw` (Hono's
 * bodyLimit does, with a buffered copy, for a body sent without Content-Length, i.e. chunked),
 * and a principal keyed by the first Request was then lost (the edge's chunked POSTs were 500).
 */
const principals = new WeakMap<Context, Principal>();

/** The authenticated principal of a request (its Hono context) that passed `installSecurity`'s authentication. */
export function principalOf(c: Context): Principal | undefined {
  return principals.get(c);
}

/** The user directory that authenticated a request: whose groups DISPLAY ENTAUTH and MATCH(MEMBERSHIP) look up. */
const directories = new WeakMap<Context, UserDirectory>();
export function directoryOf(c: Context): UserDirectory | undefined {
  return directories.get(c);
}

/**
 * Installs CORS, login, authentication, the CSRF rule and the role checks on `app`, for the
 * paths `scope` matches ("*" for a whole REST app, "/ibmmq/*" for the edge's front Worker).
 * `maxMqscRequestBytes` bounds what the role check reads of an MQSC body.
 */
export function installSecurity(app: Hono<any>, options: SecurityOptions, scope = "*", maxMqscRequestBytes = 256 * 1024): void {
  const directory = new UserDirectory(
    typeof options.users === "string" || options.users === undefined ? parseUsers(options.users as string | undefined) : options.users,
    options.tokens ?? [],
  );
  const seconds = options.sessionSeconds ?? DEFAULT_SESSION_SECONDS;
  if (!Number.isSafeInteger(seconds) || seconds < 1 || seconds > 34_560_000)
    throw new ConfigurationError(
      "MQ_SESSION_SECONDS",
      `MQ_SESSION_SECONDS (sessionSeconds): the session length is 1 to 34560000 seconds; got ${String(seconds)}`,
    );
  const limiter = options.loginRateLimit instanceof FailedLoginLimiter ? options.loginRateLimit : new FailedLoginLimiter(options.loginRateLimit);
  const addressOf = options.clientAddress ?? ((c: Context) => c.req.header("cf-connecting-ip"));
  const secret = options.sessionSecret === "" ? undefined : options.sessionSecret;
  const challenge = directory.hasUsers ? `Bearer ${REALM}, Basic ${REALM}` : `Bearer ${REALM}`;
  const refuse = (why: string) => authenticationFailed(why).toResponse({ "www-authenticate": challenge });
  const limited = (retryAfter: number) => tooManyFailedLogins(retryAfter).toResponse({ "retry-after": String(retryAfter) });

  const cors = corsFor(parseOrigins(options.corsOrigins));
  if (cors) app.use(scope, cors);

  // POST .../login: a name and password for a session cookie. IBM requires the CSRF header here too.
  // A login body is a name and a password: a few KiB at most, never buffered beyond that.
  const limitLogin = bodyLimit({ maxSize: 16 * 1024, onError: () => badLoginRequest("The body is larger than 16 KiB.").toResponse() });
  app.post(LOGIN_PATH, requireCsrfHeader(), limitLogin, async (c) => {
    const address = addressOf(c);
    if (secret === undefined)
      return errorResponse(
        new MQError(
          "MQRC_FUNCTION_NOT_SUPPORTED",
          "login is not configured here (no session secret: MQ_SESSION_SECRET); use basic authentication or a bearer token",
        ),
      );
    const { username, password } = await readLogin(c.req.raw);
    const principal = await checkLimited(address, userKey(username), () => directory.checkPassword(username, password, "form"));
    if (typeof principal === "number") return limited(principal);
    if (principal === undefined) return refuse("The user name or password is not accepted.");
    await startSession(c, secret, principal.name, seconds);
    return c.body(null, 204);
  });

  // DELETE .../login: logs out, clearing the cookie. It needs no valid session: a client whose
  // session has expired may still clear its cookie.
  app.delete(LOGIN_PATH, requireCsrfHeader(), (c) => {
    endSession(c);
    return c.body(null, 204);
  });

  /**
   * A credential check under the failed-login limit: the principal, undefined (a failure, counted),
   * or the seconds to wait (not checked). Attempts made at once are admitted only as many as
   * the client has failures left (rate-limit.ts). The client is the user or token it claims,
   * at its address where one is known (limit-keys.ts).
   */
  const checkLimited = async (
    address: string | undefined,
    claimed: string | Promise<string>,
    check: () => Promise<Principal | undefined>,
    accepted?: (key: string) => void,
  ): Promise<Principal | undefined | number> => {
    const key = typeof claimed === "string" ? claimed : await claimed;
    const client = limitKey(address, key);
    const wait = await limiter.admit(client);
    if (wait > 0) return wait;
    let principal: Principal | undefined;
    try {
      principal = await check();
    } finally {
      limiter.settle(client, principal === undefined);
    }
    if (principal !== undefined) accepted?.(key);
    return principal;
  };

  const authenticate: MiddlewareHandler = async (c, next) => {
    const principal = await authenticateRequest(c);
    if (principal instanceof Response) return principal;
    principals.set(c, principal);
    directories.set(c, directory);
    await next();
  };

  const authenticateRequest = async (c: Context): Promise<Principal | Response> => {
    if (options.principalKey !== undefined) {
      const forwarded = await verifiedPrincipal(c.req.raw, await options.principalKey);
      if (forwarded === "invalid") return refuse("The forwarded principal is not signed with this server's key for this request.");
      if (forwarded !== undefined) return forwarded;
    }
    const authorization = c.req.header("authorization");
    if (authorization !== undefined) {
      const [scheme = "", credentials = ""] = authorization.trim().split(/\s+/, 2);
      if (/^bearer$/i.test(scheme)) {
        // A wrong token counts as a failed login: without that, tokens could be guessed at full speed.
        const wellFormed = /^[A-Za-z0-9._~+/=-]+$/.test(credentials) && !/\s/.test(authorization.trim().slice(scheme.length).trim());
        const principal = await checkLimited(
          addressOf(c),
          tokenKey(credentials),
          async () => (wellFormed ? directory.checkToken(credentials) : undefined),
          (key) => acceptedToken(credentials, key),
        );
        if (typeof principal === "number") return limited(principal);
        return principal ?? refuse("The bearer token is not accepted.");
      }
      if (/^basic$/i.test(scheme)) {
        const pair = decodeBasic(credentials);
        // Undecodable credentials claim no user: they are counted with the token of that text.
        const principal = await checkLimited(addressOf(c), pair === undefined ? tokenKey(credentials) : userKey(pair.name), async () =>
          pair === undefined ? undefined : directory.checkPassword(pair.name, pair.password, "basic"),
        );
        if (typeof principal === "number") return limited(principal);
        return principal ?? refuse("The user name or password is not accepted.");
      }
      return refuse("The Authorization header is neither Basic nor Bearer.");
    }
    if (hasSessionCookie(c)) {
      const name = secret === undefined ? "invalid" : await sessionUser(c, secret);
      const role = name === undefined || name === "invalid" ? undefined : directory.roleOf(name);
      if (name === undefined || name === "invalid" || role === undefined)
        return refuse("The LtpaToken2 session cookie is not valid, or has expired; log in again.");
      const groups = directory.groupsOf(name);
      return groups.length > 0 ? { name, role, mechanism: "form", groups } : { name, role, mechanism: "form" };
    }
    return refuse("The request carries no credentials.");
  };

  app.use(scope, authenticate);
  // IBM's rule: POST, PATCH and DELETE carry ibm-mq-rest-csrf-token (csrf.ts).
  app.use(scope, requireCsrfHeader());
  app.use(scope, async (c, next) => {
    const principal = principals.get(c)!;
    // MQWebAdmin may do everything: its requests (and their MQSC bodies) need no reading.
    if (principal.role === "MQWebAdmin") return next();
    // The path as the router matches it (c.req.path: percent-encoded letters decoded), not
    // the URL's raw pathname: judged on the raw one, /ibmmq/rest/v2/%61dmin/... named no
    // resource here yet reached the MQSC route.
    const operation = await operationOf(c.req.method, c.req.path, () => mqscScriptOf(c.req.raw, maxMqscRequestBytes));
    if (operation !== undefined) {
      const decision = authorize(principal.role, operation);
      if (!decision.allowed) return notAuthorized(principal.name, principal.role, decision.verb, decision.object).toResponse();
    }
    await next();
  });

  // GET .../login: who the request is authenticated as, in IBM's shape.
  app.get(LOGIN_PATH, (c) => {
    const principal = principals.get(c)!;
    return c.json({ user: [{ name: principal.name, role: [principal.role] }] });
  });
}

// --- Internal helpers ---

async function readLogin(request: Request): Promise<{ username: string; password: string }> {
  const header = request.headers.get("content-type") ?? undefined;
  if (parseContentType(header).mediaType !== JSON_MEDIA_TYPE) throw unsupportedMediaType(header, "application/json");
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    throw badLoginRequest("The body is not valid JSON.");
  }
  const { username, password } = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof username !== "string" || typeof password !== "string") throw badLoginRequest('The body needs "username" and "password", both strings.');
  return { username, password };
}

function decodeBasic(credentials: string): { name: string; password: string } | undefined {
  try {
    const bytes = Uint8Array.from(atob(credentials), (char) => char.charCodeAt(0));
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    const colon = text.indexOf(":");
    return colon < 0 ? undefined : { name: text.slice(0, colon), password: text.slice(colon + 1) };
  } catch {
    return undefined;
  }
}

/** The MQSC an admin request would run, read from a copy of its body (at most `limit` bytes); undefined when it cannot be read. */
async function mqscScriptOf(request: Request, limit: number): Promise<string | undefined> {
  if (request.body === null) return undefined;
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > limit) return undefined;
  const reader = request.clone().body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: a tee's branch finishes cancelling only when the other (the route's) does too.
      reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  try {
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return parseMqscRequest(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes))).script;
  } catch {
    return undefined;
  }
}

export { FailedLoginLimiter } from "./rate-limit.js";
export type { RateLimitOptions } from "./rate-limit.js";
export { UserDirectory, parseUsers } from "./directory.js";
export type { Principal, TokenCheck, UserEntry, AuthenticationMechanism } from "./directory.js";
export { hashPassword, verifyPassword, parsePasswordHash } from "./password-hash.js";
export { ROLES, isRole, authorize, type Role } from "./roles.js";
export { principalKey, signPrincipal, PRINCIPAL_HEADER, PRINCIPAL_MAC_HEADER, type SignedRequest } from "./principal-header.js";
export { SESSION_COOKIE, DEFAULT_SESSION_SECONDS } from "./session-cookie.js";
export { parseOrigins } from "./cors.js";
