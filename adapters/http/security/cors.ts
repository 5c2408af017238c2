/**
 * CORS for browser clients on other origins, through Hono's own middleware. Only the origins
 * configured are allowed (none by default); an entry ending in `:*` allows any port of that
 * scheme and host (`http://localhost:*`). A preflight (OPTIONS) is answered here, before
 * authentication, since browsers send it without credentials. Credentials (the login cookie,
 * basic auth) are allowed, so no entry may be `*`.
 */
import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { CSRF_HEADER } from "../csrf.js";
import { ConfigurationError } from "../configuration-error.js";
import { HEADER } from "../headers.js";
import { LEASE_EXPIRES_HEADER, LEASE_HEADER } from "../leases.js";

/** The origins from text (MQ_CORS_ORIGINS): comma- or blank-separated; a malformed entry throws ConfigurationError. */
export function parseOrigins(value: string | readonly string[] | undefined): string[] {
  const entries = typeof value === "string" ? value.split(/[\s,]+/) : [...(value ?? [])];
  return entries
    .filter((entry) => entry.length > 0)
    .map((entry) => {
      if (!/^https?:\/\/[A-Za-z0-9.-]+(:(\d{1,5}|\*))?$/.test(entry))
        throw new ConfigurationError(
          "MQ_CORS_ORIGINS",
          `MQ_CORS_ORIGINS: the CORS origin ${JSON.stringify(entry)} is not scheme://host[:port] (or :* for any port)`,
        );
      return entry.toLowerCase();
    });
}

/** The CORS middleware for these origins, or undefined when there are none (no cross-origin access). */
export function corsFor(origins: readonly string[]): MiddlewareHandler | undefined {
  if (origins.length === 0) return undefined;
  const exact = new Set(origins.filter((origin) => !origin.endsWith(":*")));
  const anyPort = origins.filter((origin) => origin.endsWith(":*")).map((origin) => origin.slice(0, -2));
  const allowed = (origin: string) => {
    const lower = origin.toLowerCase();
    if (exact.has(lower)) return true;
    const withoutPort = lower.replace(/:\d{1,5}$/, "");
    return anyPort.includes(withoutPort);
  };
  const crossOrigin = cors({
    origin: (origin) => (allowed(origin) ? origin : null),
    allowMethods: ["GET", "POST", "DELETE", "PATCH", "OPTIONS"],
    allowHeaders: ["Authorization", "Content-Type", CSRF_HEADER, ...Object.values(HEADER)],
    // IBM's descriptor headers, and a leased get's token and end (a page must read them to confirm).
    exposeHeaders: [...Object.values(HEADER), LEASE_HEADER, LEASE_EXPIRES_HEADER],
    credentials: true,
    maxAge: 600,
  });
  // A request without Origin is no browser's cross-origin request (browsers send Origin on every
  // one), so its answer needs no CORS headers, only Vary: Origin to keep a cache from serving it
  // to one. Hono's cors would still build a placeholder response before the handler and copy
  // its headers after: 5-6% of the worker's CPU on a REST put under `npm start` (bench/README.md).
  return async (c, next) => {
    if (c.req.header("origin") !== undefined) return crossOrigin(c, next);
    await next();
    c.header("Vary", "Origin", { append: true });
  };
}
