/**
 * How the edge's front Worker tells a queue manager's Durable Object who made a request. The
 * front authenticates (so that a refused request wakes no object, and a password's PBKDF2 is
 * computed once), then forwards the principal in `x-webmq-principal`, with an HMAC-SHA-256 of
 * it in `x-webmq-principal-mac`. The object accepts the principal only when the MAC is right;
 * without the headers it authenticates the request itself, like any other server.
 *
 * The signed value names the request it was made for (its method and path, the queue manager
 * with it) and when: the object accepts it only on that request, within a minute. A pair seen
 * once (in a log, by another Worker bound to the namespace) cannot be replayed on another
 * queue manager, another resource or method, or later.
 *
 * The key is derived from the worker's own secrets (MQ_SESSION_SECRET, MQ_TOKENS, MQ_USERS),
 * which the front and its objects share and clients never see; so nothing that reaches an
 * object by another path (another Worker bound to the namespace, a client's forged header the
 * front failed to strip) can claim a principal it was not given.
 */

import type { Principal } from "./directory.js";
import { isRole } from "./roles.js";
import { constantTimeEqual, fromBase64, toBase64 } from "./password-hash.js";

export const PRINCIPAL_HEADER = "x-webmq-principal";
export const PRINCIPAL_MAC_HEADER = "x-webmq-principal-mac";

/** The HMAC key for principal headers, from the secrets the front and the objects share. */
export async function principalKey(...secrets: (string | undefined)[]): Promise<CryptoKey> {
  const material = new TextEncoder().encode(["webmq-principal-v1", ...secrets.map((secret) => secret ?? "")].join("\u0000"));
  const digest = await crypto.subtle.digest("SHA-256", material);
  return crypto.subtle.importKey("raw", digest, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

/** How long a signed principal stays valid: the front signs it just before forwarding. */
const VALID_MS = 60_000;

/** What a signed principal is bound to: the request the front forwards. */
export interface SignedRequest {
  method: string;
  url: string;
}

/** Sets the two headers on `headers` (replacing any the client sent), for `request` only. `now` is for tests. */
export async function signPrincipal(headers: Headers, principal: Principal, key: CryptoKey, request: SignedRequest, now = Date.now()): Promise<void> {
  const value = encodeURIComponent(
    JSON.stringify({
      name: principal.name,
      role: principal.role,
      mechanism: principal.mechanism,
      ...(principal.groups?.length ? { groups: principal.groups } : {}),
      method: request.method,
      path: new URL(request.url).pathname,
      at: now,
    }),
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(value)));
  headers.set(PRINCIPAL_HEADER, value);
  headers.set(PRINCIPAL_MAC_HEADER, toBase64(mac));
}

/**
 * The principal a request's headers carry: undefined when there are none, "invalid" when the
 * MAC or the value is wrong, or it was signed for another request or over a minute ago.
 */
export async function verifiedPrincipal(request: Request, key: CryptoKey): Promise<Principal | undefined | "invalid"> {
  const { headers } = request;
  const value = headers.get(PRINCIPAL_HEADER);
  const macText = headers.get(PRINCIPAL_MAC_HEADER);
  if (value === null && macText === null) return undefined;
  const mac = macText === null ? undefined : fromBase64(macText);
  if (value === null || mac === undefined) return "invalid";
  const expected = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(value)));
  if (!constantTimeEqual(expected, mac)) return "invalid";
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as Record<string, unknown>;
    const { name, role, mechanism, method, path, at, groups } = parsed;
    if (typeof name !== "string" || typeof role !== "string" || !isRole(role)) return "invalid";
    if (method !== request.method || path !== new URL(request.url).pathname) return "invalid";
    if (typeof at !== "number" || Math.abs(Date.now() - at) > VALID_MS) return "invalid";
    if (mechanism !== "basic" && mechanism !== "form" && mechanism !== "token") return "invalid";
    if (groups !== undefined && !(Array.isArray(groups) && groups.every((g) => typeof g === "string"))) return "invalid";
    return groups === undefined ? { name, role, mechanism } : { name, role, mechanism, groups: groups as string[] };
  } catch {
    return "invalid";
  }
}
