/**
 * `webmq runmqsc QMGR`: MQSC from a file (-f), from piped stdin, or typed at a terminal (with
 * history), printed as IBM's runmqsc prints it: each command echoed and numbered, its AMQ
 * lines, then the count of commands read, with syntax errors and not processed. The exit
 * status is runmqsc's: 0 when every command ran, 10 when some failed, 20 when none could be
 * run (no server, bad credentials, no such queue manager).
 */
import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import { parseScript } from "../core/features/mqsc/parser.js";
import { MQRCCF, mqscSummaryLines } from "../core/internal.js";
import { CliFailure, EXIT_COMMANDS_FAILED, EXIT_OK } from "./failure.js";
import type { Target } from "./target.js";

export interface RunmqscOptions {
  queueManager: string;
  /** A script file (-f); otherwise stdin. */
  file?: string;
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream;
  /** The product line printed before "Starting MQSC ...". */
  banner: string;
}

const END_COMMANDS = new Set(["END", "EXIT", "QUIT"]);

export async function runmqsc(target: Target, options: RunmqscOptions): Promise<number> {
  const print = (line: string) => options.output.write(`${line}\n`);
  // Read the file first, so a missing one fails before the banner.
  const script = options.file === undefined ? undefined : await readScript(options.file);
  print(options.banner);
  print(`Starting MQSC for queue manager ${options.queueManager}.`);
  print("");
  print("");

  let number = 0;
  let read = 0;
  let syntaxErrors = 0;
  let notProcessed = 0;
  /** Runs the commands in `text`; false once END (or EXIT, QUIT) is read. */
  const run = async (text: string): Promise<boolean> => {
    for (const command of parseScript(text)) {
      number++;
      print(`${String(number).padStart(6)} : ${command.text}`);
      if (END_COMMANDS.has(command.text.trim().toUpperCase())) return false;
      read++;
      const outcome = await target.mqsc(command.text);
      for (const line of outcome.lines) print(line);
      if (outcome.reasonCode === MQRCCF.MQRCCF_PARM_SYNTAX_ERROR) syntaxErrors++;
      else if (outcome.completionCode === 2) notProcessed++;
    }
    return true;
  };

  if (script !== undefined) {
    await run(script);
  } else if (options.input.isTTY) {
    await readTerminal(options, run);
  } else {
    await run(await readAll(options.input));
  }
  for (const line of mqscSummaryLines(read, syntaxErrors, notProcessed)) print(line);
  return syntaxErrors + notProcessed === 0 ? EXIT_OK : EXIT_COMMANDS_FAILED;
}

// --- Internal helpers ---

async function readScript(file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (cause) {
    throw CliFailure.of("MQRC_UNEXPECTED_ERROR", `cannot read the MQSC script ${file}: ${(cause as Error).message}`);
  }
}

async function readAll(input: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  input.setEncoding("utf8");
  for await (const chunk of input) text += chunk as string;
  return text;
}

/**
 * A terminal: each command runs as soon as it is complete (a line ending in + or - goes on to
 * the next); Up and Down recall earlier lines (readline's history). Ends at END or end of input.
 */
async function readTerminal(options: RunmqscOptions, run: (text: string) => Promise<boolean>): Promise<boolean> {
  const terminal = createInterface({ input: options.input, output: options.output, terminal: true, historySize: 500, prompt: "" });
  let pending = "";
  try {
    for await (const line of terminal) {
      pending += (pending ? "\n" : "") + line;
      if (/[+-]\s*$/.test(line)) continue;
      const text = pending;
      pending = "";
      if (!(await run(text))) return false;
    }
    if (pending) return run(pending);
    return true;
  } finally {
    terminal.close();
  }
}
