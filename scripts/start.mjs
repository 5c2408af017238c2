#!/usr/bin/env node
// `npm start`: builds the playground (Vite, into dist/playground) and runs the edge worker
// locally under workerd (scripts/local-edge.mjs), its Durable Objects on SQLite under
// .wrangler/state/, at http://localhost:8787, with a development bearer token for the REST
// API, a development admin user (MQWebAdmin) for basic auth and login, and a session secret.
//
// The worker gets every MQ_ variable (adapters/edge/env.ts) from `.dev.vars` and from the
// environment (which wins): the development token is added to the MQ_TOKENS given and the
// development user to the MQ_USERS given (start-config.mjs). MQ_DEV_TOKEN chooses the token
// and MQ_DEV_PASSWORD the user mqadmin's password (otherwise they are made); PORT the port.
// MQ_QUEUE_MANAGERS is QM1 and MQ_CORS_ORIGINS any localhost port when not given.
// WEBMQ_SKIP_PLAYGROUND_BUILD=1 skips the build (the tests, which build it once themselves).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { join } from "node:path";
import { startLocalEdge } from "./local-edge.mjs";
import { hashPassword } from "./pbkdf2.mjs";
import { givenVariables, workerVariables } from "./start-config.mjs";

const port = Number(process.env.PORT ?? "8787");
const token = process.env.MQ_DEV_TOKEN ?? `dev-${randomBytes(12).toString("hex")}`;
const password = process.env.MQ_DEV_PASSWORD ?? randomBytes(9).toString("base64url");
const { given, file } = givenVariables(process.cwd(), process.env);
const vars = workerVariables(given, {
  devToken: token,
  devUser: `mqadmin:MQWebAdmin:${await hashPassword(password)}`,
  sessionSecret: randomBytes(32).toString("base64url"),
});
const first = vars.MQ_QUEUE_MANAGERS.split(/[\s,]+/).find((name) => name.length > 0 && !name.endsWith("*")) ?? "QM1";

// A port in use is the user's to change: one line, not workerd's stack and Miniflare's hint.
if (!(await portIsFree(port, "127.0.0.1"))) {
  console.error(`webmq: port ${port} is in use; set PORT to another (PORT=9000 npm start)`);
  process.exit(1);
}

if (process.env.WEBMQ_SKIP_PLAYGROUND_BUILD !== "1") {
  const built = spawnSync("npm", ["run", "--silent", "build:playground"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

let edge;
try {
  edge = await startLocalEdge({ port, vars, persistTo: join(process.cwd(), ".wrangler", "state", "v3") });
} catch (error) {
  // Taken between the check and workerd's listen.
  if (!/address already in use|EADDRINUSE/i.test(String(error?.stack ?? error))) throw error;
  console.error(`webmq: port ${port} is in use; set PORT to another (PORT=9000 npm start)`);
  process.exit(1);
}

const givenNames = Object.keys(given).sort();
console.log(`
webmq: the edge worker under workerd (Durable Object storage in .wrangler/state/)
  playground:      ${edge.url}/   (the MQSC console, on a queue manager in your browser's IndexedDB)
  queue managers:  ${vars.MQ_QUEUE_MANAGERS}
  REST API:        ${edge.url}/ibmmq/rest/v2/messaging/qmgr/${first}/queue/DEV.QUEUE.1/message
  dev token:       ${token}   (MQWebAdmin; added to the MQ_TOKENS given)
  dev user:        mqadmin / ${password}   (MQWebAdmin, added to the MQ_USERS given; basic auth or POST /ibmmq/rest/v2/login)
  CORS origins:    ${vars.MQ_CORS_ORIGINS}
  your variables:  ${givenNames.length > 0 ? givenNames.join(", ") : "none"} (from the environment${file ? ` and ${file}` : "; none in .dev.vars"})

  export TOKEN=${token}
  curl -i -X POST -H "Authorization: Bearer $TOKEN" -H "ibm-mq-rest-csrf-token: x" -H "Content-Type: text/plain;charset=utf-8" \\
       --data "Hello, MQ" ${edge.url}/ibmmq/rest/v2/messaging/qmgr/${first}/queue/DEV.QUEUE.1/message
  curl -i -X DELETE -H "Authorization: Bearer $TOKEN" -H "ibm-mq-rest-csrf-token: x" \\
       "${edge.url}/ibmmq/rest/v2/messaging/qmgr/${first}/queue/DEV.QUEUE.1/message?wait=5000"
  curl -s -u mqadmin:${password} ${edge.url}/ibmmq/rest/v2/login

Ctrl+C stops it.`);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await edge.dispose();
    process.exit(0);
  });
}

function portIsFree(port, host) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}
