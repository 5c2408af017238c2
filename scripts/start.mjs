#!/usr/bin/env node
// `npm start`: builds the playground (Vite, into dist/playground) and runs the edge worker
// locally under workerd (scripts/local-edge.mjs), its Durable Objects on SQLite under
// .wrangler/state/, at http://localhost:8787, with a development bearer token for the REST
// API, a development admin user (MQWebAdmin) for basic auth and login, and a session secret.
// MQ_DEV_TOKEN chooses the token and MQ_DEV_PASSWORD the user mqadmin's password (otherwise
// they are made); MQ_QUEUE_MANAGERS the queue managers served (QM1 when unset; e.g.
// MQ_QUEUE_MANAGERS=QM1,QM2); MQ_CORS_ORIGINS the origins allowed (any localhost port when
// unset); PORT the port.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { startLocalEdge } from "./local-edge.mjs";
import { hashPassword } from "./pbkdf2.mjs";

const port = Number(process.env.PORT ?? "8787");
const token = process.env.MQ_DEV_TOKEN ?? `dev-${randomBytes(12).toString("hex")}`;
const password = process.env.MQ_DEV_PASSWORD ?? randomBytes(9).toString("base64url");
const sessionSecret = randomBytes(32).toString("base64url");
const corsOrigins = process.env.MQ_CORS_ORIGINS ?? "http://localhost:*, http://127.0.0.1:*";
const queueManagers = process.env.MQ_QUEUE_MANAGERS ?? "QM1";
const first = queueManagers.split(/[\s,]+/).find((name) => name.length > 0 && !name.endsWith("*")) ?? "QM1";

const built = spawnSync("npm", ["run", "--silent", "build:playground"], { stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);

const edge = await startLocalEdge({
  port,
  vars: {
    MQ_TOKENS: token,
    MQ_USERS: `mqadmin:MQWebAdmin:${await hashPassword(password)}`,
    MQ_SESSION_SECRET: sessionSecret,
    MQ_CORS_ORIGINS: corsOrigins,
    MQ_QUEUE_MANAGERS: queueManagers,
  },
  persistTo: join(process.cwd(), ".wrangler", "state", "v3"),
});

console.log(`
webmq: the edge worker under workerd (Durable Object storage in .wrangler/state/)
  playground:      ${edge.url}/   (the MQSC console, on a queue manager in your browser's IndexedDB)
  queue managers:  ${queueManagers}
  REST API:        ${edge.url}/ibmmq/rest/v2/messaging/qmgr/${first}/queue/DEV.QUEUE.1/message
  dev token:       ${token}   (MQWebAdmin)
  dev user:        mqadmin / ${password}   (MQWebAdmin; basic auth or POST /ibmmq/rest/v2/login)
  CORS origins:    ${corsOrigins}

  curl -i -X POST -H "Authorization: Bearer ${token}" -H "ibm-mq-rest-csrf-token: x" -H "Content-Type: text/plain;charset=utf-8" \\
       --data "Hello, MQ" ${edge.url}/ibmmq/rest/v2/messaging/qmgr/${first}/queue/DEV.QUEUE.1/message
  curl -i -X DELETE -H "Authorization: Bearer ${token}" -H "ibm-mq-rest-csrf-token: x" \\
       "${edge.url}/ibmmq/rest/v2/messaging/qmgr/${first}/queue/DEV.QUEUE.1/message?wait=5000"
  curl -s -u mqadmin:${password} ${edge.url}/ibmmq/rest/v2/login

Ctrl+C stops it.`);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await edge.dispose();
    process.exit(0);
  });
}
