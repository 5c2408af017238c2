/**
 * Bearer-token authentication for every route. IBM's mqweb authenticates with basic auth,
 * client certificates or an LTPA cookie; a token suits the browser, the edge and tests
 * alike. A missing, malformed or unknown token all answer 401 with WWW-Authenticate:
 * Bearer and IBM's MQWB0104E body. IBM's CSRF header rule is csrf.ts.
 */
import type { MiddlewareHandler } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import { notAuthenticated } from "./errors.js";

/** Accepted tokens: a list, or a function that decides (e.g. a lookup in a secret store). */
export type TokenCheck = string[] | ((token: string) => boolean | Promise<boolean>);

const REALM = "IBM MQ messaging REST API";

export function requireBearerToken(tokens: TokenCheck): MiddlewareHandler {
  const failure = (why: string) => ({ message: () => notAuthenticated(why).toResponse() });
  const responses = {
    realm: REALM,
    noAuthenticationHeader: failure("The request has no Authorization header."),
    invalidAuthenticationHeader: failure("The Authorization header is not of the form Bearer <token>."),
    invalidToken: failure("The bearer token is not accepted."),
  };
  return typeof tokens === "function"
    ? bearerAuth({ ...responses, verifyToken: (token) => tokens(token) })
    : bearerAuth({ ...responses, token: [...tokens] });
}
