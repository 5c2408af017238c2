#!/usr/bin/env node
/**
 * The `webmq` command: runmqsc, put, get and browse against a running webmq server's REST API
 * (--url, --token or --user, or WEBMQ_URL, WEBMQ_TOKEN, WEBMQ_USER) or a queue manager in this
 * process's memory (--local). A failure prints one line with its MQ reason and exits non-zero.
 */
import { parseArgs } from "node:util";
import { describeFailure, UsageError } from "./failure.js";
import { browseMessages, getMessages, GET_WAIT_MS, putLines } from "./messages.js";
import { openLocalTarget } from "./local-target.js";
import { openRestTarget } from "./rest-target.js";
import { runmqsc } from "./runmqsc.js";
import { includeDir, runWasmCommand } from "./wasm.js";
import type { Target } from "./target.js";

/** npm start's local edge worker. */
const DEFAULT_URL = "http://localhost:8787";

const CONNECTION_HELP = `
Where the queue manager is:
  --url URL         the server (default $WEBMQ_URL, else ${DEFAULT_URL})
  --token TOKEN     a bearer token (default $WEBMQ_TOKEN)
  --user USER:PASS  basic authentication instead (default $WEBMQ_USER)
  --local           a new queue manager in this process's memory, gone when the command ends
  --data FILE       with --local: keep it in the SQLite file FILE instead (default $MQ_DATA), so
                    its objects and persistent messages are there at the next command
  -h, --help        this help`;

const HELP: Record<string, string> = {
  main: `Usage: webmq <command> [options]

Commands:
  runmqsc QMGR        run MQSC commands, as IBM MQ's runmqsc
  put QMGR QUEUE      put each line of stdin as a message, as amqsput
  get QMGR QUEUE      print and remove messages, waiting 15 s for each, as amqsget
  browse QMGR QUEUE   print the messages on a queue and leave them there
  wasm APP.wasm ARGS  run a C program compiled to WebAssembly against the MQI

webmq <command> --help tells more. A failure prints one line with its MQ reason code
(webmq: MQRC_UNKNOWN_OBJECT_NAME (2085): ...) and exits with status 20.`,
  runmqsc: `Usage: webmq runmqsc [options] QMGR

Runs MQSC commands on queue manager QMGR: from a file (-f), from stdin, or typed at a
terminal (a line ending in + or - continues; Up and Down recall earlier lines; END, EXIT or
QUIT ends). Prints each command numbered, its replies and a summary, as runmqsc does.
Exit status: 0 every command ran, 10 some had a syntax error or failed, 20 none could run.

  -f, --file FILE   run the MQSC script in FILE
${CONNECTION_HELP}`,
  put: `Usage: webmq put [options] QMGR QUEUE

Puts each line of stdin on QUEUE as one text message, until a blank line or the end of
input, as IBM's amqsput sample does.
${CONNECTION_HELP}`,
  get: `Usage: webmq get [options] QMGR QUEUE

Takes the messages on QUEUE one by one and prints each as "message <body>". When none is
there it waits, 15 s by default as IBM's amqsget does, and ends when none came.

  -w, --wait MS     how long to wait for each message, in milliseconds (default ${GET_WAIT_MS})
${CONNECTION_HELP}`,
  browse: `Usage: webmq browse [options] QMGR QUEUE

Prints the messages on QUEUE in delivery order (number, message id, body) and leaves them
on the queue.
${CONNECTION_HELP}`,
};

const CONNECTION_OPTIONS = {
  url: { type: "string" },
  token: { type: "string" },
  user: { type: "string" },
  local: { type: "boolean" },
  data: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

const COMMAND_OPTIONS = {
  runmqsc: { ...CONNECTION_OPTIONS, file: { type: "string", short: "f" } },
  put: CONNECTION_OPTIONS,
  get: { ...CONNECTION_OPTIONS, wait: { type: "string", short: "w" } },
  browse: CONNECTION_OPTIONS,
} as const;

type CommandName = keyof typeof COMMAND_OPTIONS;

export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined || command === "-h" || command === "--help" || command === "help") {
    process.stdout.write(`${HELP.main}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command === "wasm") return runWasmCommand(args);
  if (command === "--include-dir") {
    process.stdout.write(`${includeDir()}\n`);
    return 0;
  }
  if (!(command in COMMAND_OPTIONS)) throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  const name = command as CommandName;
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args, options: COMMAND_OPTIONS[name], allowPositionals: true, strict: true }) as unknown as typeof parsed;
  } catch (error) {
    throw new UsageError(`${name}: ${(error as Error).message}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${HELP[name]}\n`);
    return 0;
  }
  const wanted = name === "runmqsc" ? 1 : 2;
  if (positionals.length !== wanted) {
    throw new UsageError(`${name} takes ${wanted === 1 ? "QMGR" : "QMGR QUEUE"}; got ${positionals.length === 0 ? "nothing" : positionals.join(" ")}`);
  }
  const [queueManager, queue] = positionals as [string, string];
  const target = await openTarget(queueManager, values);
  try {
    switch (name) {
      case "runmqsc":
        return await runmqsc(target, {
          queueManager,
          file: values.file as string | undefined,
          input: process.stdin,
          output: process.stdout,
          banner: `webmq runmqsc: MQSC as IBM MQ's runmqsc (5724-H72) runs it, on ${target.description}.`,
        });
      case "put":
        await putLines(target, queue, process.stdin, process.stdout);
        return 0;
      case "get":
        await getMessages(target, queue, parseWait(values.wait as string | undefined), process.stdout);
        return 0;
      case "browse":
        await browseMessages(target, queue, process.stdout);
        return 0;
    }
  } finally {
    await target.close();
  }
}

// --- Internal helpers ---

async function openTarget(queueManager: string, values: Record<string, string | boolean | undefined>): Promise<Target> {
  if (values.local) {
    if (values.url !== undefined || values.token !== undefined || values.user !== undefined) {
      throw new UsageError("--local runs in memory: it takes no --url, --token or --user");
    }
    return openLocalTarget(queueManager, (values.data as string | undefined) ?? (process.env.MQ_DATA || undefined));
  }
  if (values.data !== undefined) throw new UsageError("--data keeps a --local queue manager in a file: give --local too");
  const env = process.env;
  return openRestTarget({
    url: (values.url as string | undefined) ?? env.WEBMQ_URL ?? DEFAULT_URL,
    queueManager,
    token: (values.token as string | undefined) ?? (values.user === undefined ? env.WEBMQ_TOKEN : undefined),
    user: (values.user as string | undefined) ?? env.WEBMQ_USER,
  });
}

function parseWait(text: string | undefined): number {
  if (text === undefined) return GET_WAIT_MS;
  const wait = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(wait)) throw new UsageError(`--wait takes milliseconds, a whole number; got ${JSON.stringify(text)}`);
  return wait;
}

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    const { line, exitCode } = describeFailure(error);
    process.stderr.write(`webmq: ${line}\n`);
    process.exitCode = exitCode;
  },
);
