/**
 * Salted password hashes for the REST API's users, with Web Crypto's PBKDF2 (HMAC-SHA-256),
 * so that the same code runs in Workers, browsers and Node. A hash is text:
 *
 *   pbkdf2-sha256$<iterations>$<salt, base64>$<derived key, base64>
 *
 * `node scripts/hash-password.mjs` (npm run hash-password) writes one. Iterations are 1,000 to
 * 100,000: Cloudflare's Web Crypto refuses more than 100,000, and fewer than 1,000 makes a
 * stolen hash cheap to guess.
 */

export const HASH_SCHEME = "pbkdf2-sha256";
export const DEFAULT_ITERATIONS = 100_000;
export const MIN_ITERATIONS = 1_000;
export const MAX_ITERATIONS = 100_000;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

export interface PasswordHash {
  iterations: number;
  salt: Uint8Array;
  key: Uint8Array;
}

/** Reads a hash's text; a malformed one throws TypeError saying what is wrong (never the hash itself). */
export function parsePasswordHash(text: string): PasswordHash {
  const parts = text.split("$");
  if (parts.length !== 4 || parts[0] !== HASH_SCHEME)
    throw new TypeError(`a password hash is ${HASH_SCHEME}$<iterations>$<salt>$<hash> (npm run hash-password makes one)`);
  const iterations = /^\d+$/.test(parts[1]!) ? Number(parts[1]) : NaN;
  if (!Number.isSafeInteger(iterations) || iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) {
    throw new TypeError(`a password hash's iterations are ${MIN_ITERATIONS} to ${MAX_ITERATIONS}`);
  }
  const salt = fromBase64(parts[2]!);
  const key = fromBase64(parts[3]!);
  if (salt === undefined || salt.length < 8) throw new TypeError("a password hash's salt is base64 of 8 bytes or more");
  if (key === undefined || key.length !== KEY_BYTES) throw new TypeError(`a password hash's key is base64 of ${KEY_BYTES} bytes`);
  return { iterations, salt, key };
}

/** A new hash of `password` with a random salt. */
export async function hashPassword(password: string, iterations = DEFAULT_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const key = await deriveKey(password, salt, iterations);
  return `${HASH_SCHEME}$${iterations}$${toBase64(salt)}$${toBase64(key)}`;
}

/** Whether `password` matches `hash`, comparing the derived keys in constant time. */
export async function verifyPassword(password: string, hash: PasswordHash): Promise<boolean> {
  const derived = await deriveKey(password, hash.salt, hash.iterations);
  return constantTimeEqual(derived, hash.key);
}

/** Equal byte arrays, in a time that depends only on their lengths. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

// --- Internal helpers ---

async function deriveKey(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations }, material, KEY_BYTES * 8);
  return new Uint8Array(bits);
}

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}
