/**
 * The login session: a cookie named LtpaToken2 (IBM's name) whose value says who logged in and
 * until when, signed with HMAC-SHA-256 under the session secret (hono/cookie's signed cookies).
 * HttpOnly (page scripts cannot read it), SameSite=Strict (other sites' pages do not send it),
 * Path=/ibmmq, Secure over https, and Max-Age the session's length. The expiry is inside the
 * signed value too, so a client that keeps the cookie longer gains nothing.
 *
 * The role is not in the cookie: each request looks the user up again, so a user removed from
 * MQ_USERS, or given another role, is refused or judged by the new role at once. Logging out
 * clears the cookie in the client; a copy taken before stays valid until it expires (there is
 * no server-side session store), which is why sessions are short (two hours, IBM's default).
 */
import type { Context } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import { SESSION_COOKIE } from "../headers.js";
import { fromBase64, toBase64 } from "./password-hash.js";

export { SESSION_COOKIE };
/** IBM's mqweb default: an LTPA token expires after 120 minutes. */
export const DEFAULT_SESSION_SECONDS = 7200;
const PATH = "/ibmmq";

interface SessionValue {
  /** The user's name. */
  u: string;
  /** Expiry, in ms since the epoch. */
  e: number;
}

export async function startSession(c: Context, secret: string, user: string, seconds: number): Promise<void> {
  const value: SessionValue = { u: user, e: Date.now() + seconds * 1000 };
  await setSignedCookie(c, SESSION_COOKIE, encodeValue(value), secret, { ...cookieOptions(c), maxAge: seconds });
}

export function endSession(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
}

/** The user a request's session cookie names: undefined when it has none, "invalid" when it is tampered with, malformed or expired. */
export async function sessionUser(c: Context, secret: string): Promise<string | undefined | "invalid"> {
  const raw = await getSignedCookie(c, secret, SESSION_COOKIE);
  if (raw === undefined) return undefined;
  if (raw === false) return "invalid";
  const value = decodeValue(raw);
  if (value === undefined || value.e <= Date.now()) return "invalid";
  return value.u;
}

/** Whether the request carries a session cookie at all. */
export function hasSessionCookie(c: Context): boolean {
  return /(?:^|;\s*)LtpaToken2=/.test(c.req.header("cookie") ?? "");
}

// --- Internal helpers ---

function cookieOptions(c: Context) {
  return { path: PATH, httpOnly: true, sameSite: "Strict" as const, secure: new URL(c.req.url).protocol === "https:" };
}

function encodeValue(value: SessionValue): string {
  // base64url: cookie-safe as it is, with no "." (the signature's separator).
  return toBase64(new TextEncoder().encode(JSON.stringify(value)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function decodeValue(text: string): SessionValue | undefined {
  try {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const bytes = fromBase64(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    if (bytes === undefined) return undefined;
    const json: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    if (typeof json !== "object" || json === null) return undefined;
    const { u, e } = json as Record<string, unknown>;
    return typeof u === "string" && typeof e === "number" ? { u, e } : undefined;
  } catch {
    return undefined;
  }
}
