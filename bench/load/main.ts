/**
 * `npm run load [-- --seconds 15 --server node|workerd --producers 6 ...]`: starts each server
 * in turn, loads it for the given time, drains it, checks conservation and prints the
 * report; exits 1 when conservation fails on any server. Not part of `npm test`
 * (test/node/load-conservation.test.ts runs a short version of the same code).
 */
import { parseArgs } from "node:util";
import { portIsFree } from "./port-free.js";
import { formatResult } from "./report.js";
import { DEFAULT_LOAD, runLoad, type LoadOptions } from "./run-load.js";
import { SERVER_NAMES, startServer, type ServerName } from "./servers.js";

const numeric = Object.keys(DEFAULT_LOAD) as (keyof LoadOptions)[];
const { values } = parseArgs({
  options: {
    server: { type: "string", multiple: true },
    ...Object.fromEntries(numeric.map((name) => [kebab(name), { type: "string" as const }])),
  },
});
const options: LoadOptions = { ...DEFAULT_LOAD };
for (const name of numeric) {
  const given = (values as Record<string, string | undefined>)[kebab(name)];
  if (given === undefined) continue;
  const value = Number(given);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${kebab(name)} must be a number of 0 or more, not ${given}`);
  options[name] = value;
}
const servers = (values.server as string[] | undefined) ?? [...SERVER_NAMES];
for (const server of servers)
  if (!SERVER_NAMES.includes(server as ServerName)) throw new Error(`--server must be one of ${SERVER_NAMES.join(", ")}, not ${server}`);

let failed = false;
for (const name of servers as ServerName[]) {
  const server = await startServer(name);
  try {
    const result = await runLoad(server.target, options);
    console.log(formatResult(result));
    failed ||= !result.ok;
  } finally {
    await server.close();
  }
  const free = await portIsFree(server.target.url);
  console.log(`   ${name} closed; its port ${new URL(server.target.url).port} ${free ? "is free" : "IS STILL TAKEN"}`);
  failed ||= !free;
}
process.exitCode = failed ? 1 : 0;

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
