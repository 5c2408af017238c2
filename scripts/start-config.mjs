// The worker's variables for `npm start`: what the user gives, from `.dev.vars` (wrangler's
// file for local secrets, dotenv format, in the directory npm start runs in) and from the
// environment (which wins), with the development token and user added to what is given.
// Every MQ_ variable is the worker's (adapters/edge/env.ts), but MQ_DEV_TOKEN and
// MQ_DEV_PASSWORD, which choose the development credentials.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";

const START_ONLY = new Set(["MQ_DEV_TOKEN", "MQ_DEV_PASSWORD"]);

/** The MQ_ variables of `.dev.vars` in `directory` (none when it is absent), then `environment`'s over them. */
export function givenVariables(directory, environment) {
  const file = join(directory, ".dev.vars");
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, "utf8")) : {};
  const given = {};
  for (const source of [fromFile, environment]) {
    for (const [name, value] of Object.entries(source)) {
      if (name.startsWith("MQ_") && !START_ONLY.has(name) && value !== undefined) given[name] = value;
    }
  }
  return { given, file: existsSync(file) ? file : undefined };
}

/**
 * The variables the worker gets: `given`, with `devToken` added to MQ_TOKENS and `devUser`
 * (an MQ_USERS entry) to MQ_USERS, and defaults where nothing is given.
 */
export function workerVariables(given, { devToken, devUser, sessionSecret }) {
  const join = (list, entry, separator) => (list && list.trim() !== "" ? `${list.trim()}${separator}${entry}` : entry);
  return {
    MQ_SESSION_SECRET: sessionSecret,
    MQ_CORS_ORIGINS: "http://localhost:*, http://127.0.0.1:*",
    MQ_QUEUE_MANAGERS: "QM1",
    ...given,
    MQ_TOKENS: join(given.MQ_TOKENS, devToken, ","),
    MQ_USERS: join(given.MQ_USERS, devUser, "\n"),
  };
}
