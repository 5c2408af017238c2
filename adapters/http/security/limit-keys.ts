/**
 * Whose failed logins a credential check counts against (rate-limit.ts's "client"): the user
 * name or the token the request claims, at the client's address where one is known (the
 * socket's in Node, CF-Connecting-IP at the edge).
 *
 * Why not the address alone: clients often share one. Under `npm start` Miniflare sets
 * CF-Connecting-IP to the socket's address, 127.0.0.1 for every local client, and a bucket per
 * address let five wrong tokens from anyone hold every client, the right token included, for a
 * minute; behind a NAT it is the same. Why not the claim alone: anyone could then hold a user
 * everywhere by failing for it. Per claim and address, a right credential is never refused for
 * what other clients did: a right token never fails, so it is never held; five wrong passwords
 * for a user hold that user at that address (every local client under `npm start`), not other
 * users. Guessing many different tokens is not slowed: tokens must be long and random, as the
 * dev token is; passwords, the guessable secrets, are slowed per user.
 *
 * Claimed names and tokens are kept hashed: the limiter remembers up to 10,000 clients, and
 * neither a long name nor a mistyped secret should sit in memory as given.
 *
 * A token's hash is computed once for a token that was accepted (acceptedToken): a client
 * sends the same right token on every request, and its SHA-256 was 2.4% of the edge worker's
 * CPU per REST put (bench/README.md). Only accepted tokens are remembered (a right token, as
 * MQ_TOKENS holds it anyway); a wrong one is hashed afresh each time and never kept as given.
 * The token is still checked on every request: this keeps its key, not that it is right.
 */

export function limitKey(address: string | undefined, claim: string): string {
  return address === undefined ? claim : `${claim}@${address}`;
}

export async function userKey(name: string): Promise<string> {
  return `user:${await digest(name)}`;
}

/** Keys of tokens that were accepted, by token; emptied when it reaches ACCEPTED_TOKENS. */
const acceptedKeys = new Map<string, string>();
const ACCEPTED_TOKENS = 1_000;

/** The token's key: at once for a token accepted before, else once its hash is computed. */
export function tokenKey(token: string): string | Promise<string> {
  return acceptedKeys.get(token) ?? digest(token).then((hex) => `token:${hex}`);
}

/** Remembers the key of a token the directory accepted, so that its next request is not hashed again. */
export function acceptedToken(token: string, key: string): void {
  if (acceptedKeys.size >= ACCEPTED_TOKENS) acceptedKeys.clear();
  acceptedKeys.set(token, key);
}

async function digest(text: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  let hex = "";
  for (const byte of hash.subarray(0, 16)) hex += byte.toString(16).padStart(2, "0");
  return hex;
}
