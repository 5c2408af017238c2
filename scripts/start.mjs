#!/usr/bin/env node
// `npm start`: runs the edge worker locally under wrangler dev (workerd), its Durable
// Objects on SQLite under .wrangler/, at http://localhost:8787, with a development bearer
// token for the REST API. Set MQ_DEV_TOKEN to choose the token; otherwise one is made.
// wrangler.toml's [build] command builds the playground (Vite, into dist/playground) before
// the worker starts and again when playground/ changes; the worker serves it at /.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";

const port = process.env.PORT ?? "8787";
const token = process.env.MQ_DEV_TOKEN ?? `dev-${randomBytes(12).toString("hex")}`;

console.log(`
webmq: the edge worker under wrangler dev (workerd, Durable Object storage in .wrangler/)
  playground:   http://localhost:${port}/   (the MQSC console, on a queue manager in your browser's IndexedDB)
  REST API:     http://localhost:${port}/ibmmq/rest/v2/messaging/qmgr/QM1/queue/DEV.QUEUE.1/message
  dev token:    ${token}

  curl -i -X POST -H "Authorization: Bearer ${token}" -H "Content-Type: text/plain;charset=utf-8" \\
       --data "Hello, MQ" http://localhost:${port}/ibmmq/rest/v2/messaging/qmgr/QM1/queue/DEV.QUEUE.1/message
  curl -i -X DELETE -H "Authorization: Bearer ${token}" \\
       "http://localhost:${port}/ibmmq/rest/v2/messaging/qmgr/QM1/queue/DEV.QUEUE.1/message?wait=5000"
`);

const wrangler = spawn(
  "npx",
  ["wrangler", "dev", "--ip", "127.0.0.1", "--port", port, "--var", `MQ_TOKENS:${token}`, "--show-interactive-dev-session=false"],
  { stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => wrangler.kill(signal));
wrangler.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
