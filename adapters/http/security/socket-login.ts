/**
 * Credentials that come inside a socket's first frame rather than in an HTTP header: STOMP's
 * CONNECT (login + passcode) and a channel's `auth` frame (adapters/http/channels). One check
 * for both, against the REST API's users and tokens and under its failed-login limit (counted
 * per claimed user or token at the socket's address, limit-keys.ts), so that guesses over any
 * of REST, STOMP and channels count against all of them. Platform-neutral: the edge's Durable
 * Object uses it as Node's server does.
 */
import { MQError } from "../../../core/index.js";
import type { Principal, UserDirectory } from "./directory.js";
import { acceptedToken, limitKey, tokenKey, userKey } from "./limit-keys.js";
import type { FailedLoginLimiter } from "./rate-limit.js";

/** login + passcode as a user and password, or passcode alone as a bearer token; undefined when refused. */
export type SocketLogin = (login: string | undefined, passcode: string | undefined, remoteAddress: string | undefined) => Promise<Principal | undefined>;

/** The check; MQRC_NOT_AUTHORIZED (thrown) once the client has failed too often, without its credentials being checked. */
export function socketLogin(directory: UserDirectory, limiter: FailedLoginLimiter): SocketLogin {
  return async (login, passcode, address) => {
    if (passcode === undefined) return undefined;
    const asUser = login !== undefined && login !== "";
    const key = await (asUser ? userKey(login) : tokenKey(passcode));
    const client = limitKey(address, key);
    const wait = await limiter.admit(client);
    if (wait > 0) throw new MQError("MQRC_NOT_AUTHORIZED", `too many failed logins from this client; try again in ${wait} s`);
    let principal: Principal | undefined;
    try {
      principal = asUser ? await directory.checkPassword(login, passcode, "basic") : await directory.checkToken(passcode);
    } finally {
      limiter.settle(client, principal === undefined);
    }
    if (principal !== undefined && !asUser) acceptedToken(passcode, key);
    return principal;
  };
}
