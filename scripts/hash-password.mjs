#!/usr/bin/env node
// `npm run hash-password -- [--user NAME --role ROLE] [--iterations N] [PASSWORD]`: prints a
// salted PBKDF2-SHA-256 hash of the password, in the form MQ_USERS takes
// (pbkdf2-sha256$iterations$salt$hash, adapters/http/security/password-hash.ts), or a whole
// MQ_USERS entry `NAME:ROLE:hash` when --user and --role are given. Without PASSWORD it reads
// one line from standard input, so the password need not stay in the shell's history:
//   printf %s 's3cret' | npm run --silent hash-password -- --user alice --role MQWebUser
import { parseArgs } from "node:util";
import { hashPassword } from "./pbkdf2.mjs";

const ROLES = ["MQWebAdmin", "MQWebAdminRO", "MQWebUser"];
const { values, positionals } = parseArgs({
  options: { user: { type: "string" }, role: { type: "string" }, iterations: { type: "string", default: "100000" } },
  allowPositionals: true,
});
const fail = (text) => {
  console.error(`hash-password: ${text}`);
  process.exit(2);
};
const iterations = Number(values.iterations);
if (!Number.isSafeInteger(iterations) || iterations < 1000 || iterations > 100000)
  fail("--iterations is 1000 to 100000 (Cloudflare's Web Crypto allows no more)");
if ((values.user === undefined) !== (values.role === undefined)) fail("give --user and --role together, or neither");
if (values.role !== undefined && !ROLES.includes(values.role)) fail(`--role is one of ${ROLES.join(", ")}`);
if (values.user !== undefined && (values.user === "" || /[:\s,]/.test(values.user))) fail("--user is a name without ':', ',' or blanks");

let password = positionals[0];
if (password === undefined) {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  password = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}
if (password === "") fail("the password is empty");

const hash = await hashPassword(password, iterations);
console.log(values.user === undefined ? hash : `${values.user}:${values.role}:${hash}`);
