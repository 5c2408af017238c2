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

/**
 * How long the front reuses one signature for the same principal, method and path. Under load
 * a client sends many requests to one resource (puts to one queue): one HMAC per second of
 * them, not one per request (4% of the worker's CPU per REST put, bench/README.md). Reused, a
 * signature is still refused a minute after it was made: a pair seen once is good for no longer.
 */
const REUSE_MS = 1_000;
/** Signatures and verified principals remembered per key, at most; past it, the memory starts again. */
const REMEMBERED = 1_000;

interface Signed {
  value: string;
  mac: string;
  at: number;
}
const signedByKey = new WeakMap<CryptoKey, Map<string, Signed>>();

/** Sets the two headers on `headers` (replacing any the client sent), for `request` only. `now` is for tests. */
export async function signPrincipal(headers: Headers, principal: Principal, key: CryptoKey, request: SignedRequest, now = Date.now()): Promise<void> {
  const path = new URL(request.url).pathname;
  const groups = principal.groups?.length ? principal.groups : undefined;
  // JSON: no choice of names, groups or path can make two different principals one entry.
  const about = JSON.stringify([principal.name, principal.role, principal.mechanism, groups ?? null, request.method, path]);
  const remembered = bounded(signedByKey, key);
  let signed = remembered.get(about);
  if (signed === undefined || now < signed.at || now - signed.at >= REUSE_MS) {
    const value = encodeURIComponent(
      JSON.stringify({
        name: principal.name,
        role: principal.role,
        mechanism: principal.mechanism,
        ...(groups ? { groups } : {}),
        method: request.method,
        path,
        at: now,
      }),
    );
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(value)));
    signed = { value, mac: toBase64(mac), at: now };
    remembered.set(about, signed);
  }
  headers.set(PRINCIPAL_HEADER, signed.value);
  headers.set(PRINCIPAL_MAC_HEADER, signed.mac);
}

/** What a signed value says, once its MAC was found right. */
interface Verified {
  mac: Uint8Array;
  principal: Principal;
  method: string;
  path: string;
  at: number;
}
const verifiedByKey = new WeakMap<CryptoKey, Map<string, Verified>>();

/**
 * The principal a request's headers carry: undefined when there are none, "invalid" when the
 * MAC or the value is wrong, or it was signed for another request or over a minute ago.
 *
 * A value whose MAC was right before is not signed again to check it (the front reuses a
 * signature for a second, see REUSE_MS): its MAC is compared, in constant time, with the one
 * found right, and the request, method and age are checked on every request as before.
 */
export async function verifiedPrincipal(request: Request, key: CryptoKey): Promise<Principal | undefined | "invalid"> {
  const { headers } = request;
  const value = headers.get(PRINCIPAL_HEADER);
  const macText = headers.get(PRINCIPAL_MAC_HEADER);
  if (value === null && macText === null) return undefined;
  const mac = macText === null ? undefined : fromBase64(macText);
  if (value === null || mac === undefined) return "invalid";
  const remembered = bounded(verifiedByKey, key);
  let verified = remembered.get(value);
  if (verified === undefined || !constantTimeEqual(verified.mac, mac)) {
    const expected = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(value)));
    if (!constantTimeEqual(expected, mac)) return "invalid";
    verified = parseSigned(value, expected);
    if (verified === undefined) return "invalid";
    remembered.set(value, verified);
  }
  if (verified.method !== request.method || verified.path !== new URL(request.url).pathname) return "invalid";
  if (Math.abs(Date.now() - verified.at) > VALID_MS) {
    remembered.delete(value);
    return "invalid";
  }
  const { principal } = verified;
  // A copy: the caller may keep or change it; the remembered one serves the next request.
  return principal.groups === undefined ? { ...principal } : { ...principal, groups: [...principal.groups] };
}

// --- Internal helpers ---

/** A signed value's fields, checked; undefined when one is missing or of the wrong kind. */
function parseSigned(value: string, mac: Uint8Array): Verified | undefined {
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as Record<string, unknown>;
    const { name, role, mechanism, method, path, at, groups } = parsed;
    if (typeof name !== "string" || typeof role !== "string" || !isRole(role)) return undefined;
    if (typeof method !== "string" || typeof path !== "string" || typeof at !== "number") return undefined;
    if (mechanism !== "basic" && mechanism !== "form" && mechanism !== "token") return undefined;
    if (groups !== undefined && !(Array.isArray(groups) && groups.every((g) => typeof g === "string"))) return undefined;
    const principal: Principal = groups === undefined ? { name, role, mechanism } : { name, role, mechanism, groups: groups as string[] };
    return { mac, principal, method, path, at };
  } catch {
    return undefined;
  }
}

/** The key's memory of signatures, emptied when it reaches REMEMBERED entries (they last a minute at most anyway). */
function bounded<T>(byKey: WeakMap<CryptoKey, Map<string, T>>, key: CryptoKey): Map<string, T> {
  let remembered = byKey.get(key);
  if (remembered === undefined) byKey.set(key, (remembered = new Map()));
  else if (remembered.size >= REMEMBERED) remembered.clear();
  return remembered;
}
