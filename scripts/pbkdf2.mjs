// A salted PBKDF2-SHA-256 password hash in the text form MQ_USERS takes,
// pbkdf2-sha256$iterations$salt$hash (the format adapters/http/security/password-hash.ts reads).
import { webcrypto } from "node:crypto";

export async function hashPassword(password, iterations = 100000) {
  const salt = webcrypto.getRandomValues(new Uint8Array(16));
  const material = await webcrypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const key = new Uint8Array(await webcrypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, material, 256));
  return `pbkdf2-sha256$${iterations}$${Buffer.from(salt).toString("base64")}$${Buffer.from(key).toString("base64")}`;
}
