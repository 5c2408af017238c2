/**
 * The CPU a REST request costs for what authentication adds at the edge, in node, in two trees
 * side by side (alternated rounds, one process): the failed-login limiter's key of a right
 * bearer token, the front signing the principal for the object, and the object verifying it.
 * `npx tsx bench/rest-auth-cost.ts <tree before> <tree after>` (each a checkout of this repository).
 * Not part of `npm run bench`: a check of one change, where workerd's CPU per put (bench
 * rest-vs-minimal-worker.mjs) moves more between rounds than these costs.
 */
const trees = [process.argv[2], process.argv[3]];
if (!trees[0] || !trees[1]) throw new Error("usage: npx tsx bench/rest-auth-cost.ts <tree before> <tree after>");
const REQUESTS = 5000;
const ROUNDS = 6;
const TOKEN = "bench-rest-vs-minimal";
const URL_PUT = "http://localhost/ibmmq/rest/v2/messaging/qmgr/QM1/queue/DEV.QUEUE.1/message";

interface Tree {
  ph: typeof import("../adapters/http/security/principal-header.js");
  lk: typeof import("../adapters/http/security/limit-keys.js");
  key: CryptoKey;
}
const loaded: Tree[] = await Promise.all(
  trees.map(async (tree) => {
    const ph = (await import(`${tree}/adapters/http/security/principal-header.ts`)) as Tree["ph"];
    const lk = (await import(`${tree}/adapters/http/security/limit-keys.ts`)) as Tree["lk"];
    return { ph, lk, key: await ph.principalKey("secret", "tokens", "users") };
  }),
);

/** µs of CPU per request. */
async function round({ ph, lk, key }: Tree): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) {
    const client = await lk.tokenKey(TOKEN);
    // Trees before the change have no acceptedToken: each request hashes the token.
    (lk as { acceptedToken?: (token: string, key: string) => void }).acceptedToken?.(TOKEN, client);
    const headers = new Headers();
    await ph.signPrincipal(headers, { name: "token", role: "MQWebAdmin", mechanism: "token" }, key, { method: "POST", url: URL_PUT });
    const principal = await ph.verifiedPrincipal(new Request(URL_PUT, { method: "POST", headers }), key);
    if (typeof principal !== "object") throw new Error("the signed principal was not accepted");
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / REQUESTS;
}

const perRequest: [number[], number[]] = [[], []];
for (let r = 0; r <= ROUNDS; r++) {
  for (const side of [0, 1] as const) {
    const micros = await round(loaded[side]!);
    if (r > 0) perRequest[side].push(micros); // the first round warms up
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `µs of CPU per request (token key, sign, verify; the Request included), median of ${ROUNDS} rounds: before ${median(perRequest[0]).toFixed(1)}, after ${median(perRequest[1]).toFixed(1)}`,
);
export {};
