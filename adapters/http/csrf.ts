/**
 * IBM's CSRF rule: a POST, PATCH or DELETE must carry the `ibm-mq-rest-csrf-token` header
 * (any value, even empty); without it the request is refused with 403 and MQWB0100E, and
 * nothing changes. A browser page on another origin cannot add a custom header to a simple
 * request without a CORS preflight, so the rule keeps a cross-site form from putting or
 * getting messages with a user's cookie or saved credentials.
 */
import type { MiddlewareHandler } from "hono";
import { csrfHeaderOmitted } from "./errors.js";
import { CSRF_HEADER } from "./headers.js";

export { CSRF_HEADER };
const GUARDED = new Set(["POST", "PATCH", "DELETE"]);

export function requireCsrfHeader(): MiddlewareHandler {
  return async (c, next) => {
    if (GUARDED.has(c.req.method) && c.req.header(CSRF_HEADER) === undefined) return csrfHeaderOmitted(CSRF_HEADER).toResponse();
    await next();
  };
}
