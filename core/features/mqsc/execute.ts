/**
 * Runs an MQSC script against a queue manager, command by command, as runmqsc does: each
 * command is read, checked and carried out, or reported as a syntax error with its
 * position; nothing in the script stops the commands after it; and the result closes with
 * runmqsc's summary. Nothing thrown escapes: bad input is always a result.
 */
import { MQRC, registerReasonNames } from "../../base/errors.js";
import type { MqscHost } from "./host.js";
import { MQRCCF } from "../../objects/catalogue/messages.js";
import { MqscSyntax, NOT_IMPLEMENTED, OBJECT_KEYWORDS, QUEUE_KEYWORDS, VERBS, failure } from "./commands.js";
import { alter, clear, define, display, remove } from "./object-commands.js";
import { displayTopicStatus } from "./topic-status-command.js";
import { displayListenerStatus, startListener, stopListener } from "./listener-commands.js";
import { parseScript, type MqscParameter, type ParsedCommand } from "./parser.js";
import { alterQueueManager, displayQueueManager } from "./qmgr-commands.js";
import {
  displayApplicationStatus,
  displayAuthorityService,
  displayConnections,
  displayNoStatus,
  displayQueueManagerStatus,
  pingQueueManager,
} from "./qmgr-status-commands.js";
import { deleteAuthorityRecord, displayAuthorityRecords, displayEntityAuthority, setAuthorityRecord, type GroupsOf } from "./authority-commands.js";
import { checkCommand, displayingHost, type MqscPrincipal } from "./authorized-host.js";
import { requiredAuthority } from "./command-authority.js";
import { amq, failed, productMessage, summaryLines, syntaxFailure, type MqscCommandResult, type MqscResult, type Outcome } from "./result.js";
import { displaySavedChannelStatus, pingChannel, resetChannel, resolveChannel } from "./channel-commands.js";
import { displayChannelStatus, displayQueueStatus, displaySubscriptionStatus, startChannel, stopChannel } from "./status-commands.js";
import { displayChannelAuthRecords, setChannelAuthRecord } from "./chlauth-commands.js";

registerReasonNames(MQRCCF);

export interface MqscRunOptions {
  /**
   * Lets the host serve others during a long script: awaited after every YIELD_EVERY
   * commands (a Durable Object shares its thread with every other
   * object of the worker, so a script that never yields holds them all up).
   */
  yieldToHost?: () => Promise<void>;
  /**
   * Stops running commands once their output (echo, text lines, DISPLAY objects) passes
   * this many characters; the commands after that are not run, and a last failed item says
   * so. Unlimited when absent.
   */
  maxOutputChars?: number;
  /**
   * Who runs the script: each command is first checked against the authority records for what
   * it needs (command-authority.ts), and refused with MQRC_NOT_AUTHORIZED (AMQ8135E) and
   * nothing changed when the principal lacks it. Absent: no check (an administrator, IBM's mqm).
   */
  principal?: MqscPrincipal;
  /** A principal's groups (DISPLAY AUTHREC MATCH(MEMBERSHIP), DISPLAY ENTAUTH PRINCIPAL); none when absent. */
  groupsOf?: GroupsOf;
}

/** A command takes tens of microseconds; fifty of them hold the host for a few milliseconds at most. */
const YIELD_EVERY = 50;

export async function runMqsc(qm: MqscHost, script: string, options: MqscRunOptions = {}): Promise<MqscResult> {
  const commands: MqscCommandResult[] = [];
  const limit = options.maxOutputChars ?? Infinity;
  let output = 0;
  const parsed = [...parseScript(String(script))];
  for (let index = 0; index < parsed.length; index++) {
    const command = parsed[index]!;
    let outcome: Outcome;
    if (command.syntaxError) outcome = syntaxFailure(command.syntaxError.message, command.syntaxError.position, command.text);
    else {
      try {
        outcome = await runCommand(qm, command, options);
      } catch (error) {
        outcome = error instanceof MqscSyntax ? syntaxFailure(error.message, command.locate(error.offset), command.text) : failure(error, "");
      }
    }
    const result: MqscCommandResult = { command: command.text.trim(), line: command.line, ...outcome };
    commands.push(result);
    output += outputSize(result);
    if (output > limit && index + 1 < parsed.length) {
      commands.push(outputLimitReached(limit, parsed.length - index - 1, parsed[index + 1]!.line));
      break;
    }
    if (options.yieldToHost && (index + 1) % YIELD_EVERY === 0) await options.yieldToHost();
  }
  return summarize(commands);
}

/** About how many characters a command's result adds to an answer. */
function outputSize(result: MqscCommandResult): number {
  let size = result.command.length + 64;
  for (const line of result.text) size += line.length + 4;
  for (const object of result.objects ?? []) {
    for (const line of object.lines) size += line.length + 4;
    size += JSON.stringify(object.parameters).length;
  }
  return size;
}

function outputLimitReached(limit: number, notRun: number, line: number): MqscCommandResult {
  const outcome = failed(MQRC.MQRC_STORAGE_NOT_AVAILABLE, [
    productMessage(
      2,
      "E",
      `The output of this script passed its limit of ${limit} characters, so the ${notRun} commands from line ${line} on were not run. Run them in smaller scripts.`,
    ),
  ]);
  return { command: "", line, ...outcome };
}

async function runCommand(host: MqscHost, command: ParsedCommand, options: MqscRunOptions): Promise<Outcome> {
  const [first, second, ...rest] = command.parameters as [MqscParameter, MqscParameter | undefined, ...MqscParameter[]];
  const verb = first.values === undefined ? VERBS[first.keyword] : undefined;
  if (!verb) throw new MqscSyntax(`${first.keyword} is not an MQSC command`, first.position);
  if (verb === "END") return succeeded0();
  if (!second) throw new MqscSyntax(`${verb} needs an object, e.g. ${verb} QLOCAL(name)`, command.text.trimEnd().length);
  const objectKeyword = second.keyword;
  const object = OBJECT_KEYWORDS[objectKeyword];
  const reason = NOT_IMPLEMENTED[`${verb} ${objectKeyword}`];
  if (reason !== undefined) return notImplemented(`${verb} ${objectKeyword}`, reason);
  let qm = host;
  if (options.principal) {
    const required = requiredAuthority(host.name, verb, objectKeyword, second);
    if (required) {
      try {
        checkCommand(host, options.principal, required);
      } catch (error) {
        if ((error as { reason?: string }).reason !== "MQRC_NOT_AUTHORIZED") throw error;
        return failed(MQRC.MQRC_NOT_AUTHORIZED, [amq("notAuthorized"), productMessage(3, "E", (error as Error).message.replace(/^MQRC_\w+ \(\d+\): /, ""))]);
      }
      if (verb === "DISPLAY") qm = displayingHost(host, options.principal);
    }
  }
  const groupsOf = options.groupsOf ?? (() => []);
  // Clusters' commands, and a change that may alter what this queue manager publishes to its clusters (core/features/clusters).
  if (CLUSTER_COMMANDS.has(`${verb} ${objectKeyword}`))
    return import("./cluster-commands.js").then(({ runClusterCommand }) => runClusterCommand(host, verb, objectKeyword, second, rest));
  if (
    CLUSTER_CHANGES.has(verb) &&
    (objectKeyword === "QMGR" || objectKeyword === "NAMELIST" || objectKeyword === "NL" || object?.type === "localQueue" || object?.type === "channel")
  ) {
    const outcome = await runObjectCommand(qm, verb, objectKeyword, object, second, rest, groupsOf, options);
    if (outcome.completionCode !== 2) await import("../clusters/install.js").then(({ clusterChanged }) => clusterChanged(host as never));
    return outcome;
  }
  return runObjectCommand(qm, verb, objectKeyword, object, second, rest, groupsOf, options);
}

const CLUSTER_COMMANDS = new Set(["DISPLAY CLUSQMGR", "DISPLAY QCLUSTER", "REFRESH CLUSTER", "RESET CLUSTER", "SUSPEND QMGR", "RESUME QMGR"]);
const CLUSTER_CHANGES = new Set(["DEFINE", "ALTER", "DELETE"]);

async function runObjectCommand(
  qm: MqscHost,
  verb: string,
  objectKeyword: string,
  object: (typeof OBJECT_KEYWORDS)[string] | undefined,
  second: MqscParameter,
  rest: MqscParameter[],
  groupsOf: GroupsOf,
  options: MqscRunOptions,
): Promise<Outcome> {
  switch (verb) {
    case "SET":
      if (objectKeyword === "AUTHREC") return setAuthorityRecord(qm, second, rest);
      if (objectKeyword === "CHLAUTH") return setChannelAuthRecord(qm, second, rest);
      break;
    case "DEFINE":
      if (object) return define(qm, object, second, rest);
      break;
    case "ALTER":
      if (objectKeyword === "QMGR") return alterQueueManager(qm, rest);
      if (object) return alter(qm, object, second, rest);
      break;
    case "DELETE":
      if (objectKeyword === "AUTHREC") return deleteAuthorityRecord(qm, second, rest);
      if (object) return remove(qm, object, second, rest);
      break;
    case "DISPLAY":
      if (objectKeyword === "QMGR") return displayQueueManager(qm, rest);
      if (objectKeyword === "AUTHREC") return displayAuthorityRecords(qm, second, rest, groupsOf);
      if (objectKeyword === "CHLAUTH") return displayChannelAuthRecords(qm, second);
      if (objectKeyword === "ENTAUTH") return displayEntityAuthority(qm, second, rest, groupsOf);
      if (objectKeyword === "QMSTATUS") return displayQueueManagerStatus(qm, rest);
      if (objectKeyword === "CONN") return displayConnections(qm, second, rest);
      if (objectKeyword === "APSTATUS" || objectKeyword === "APS") return displayApplicationStatus(qm, second, rest);
      if (objectKeyword === "AUTHSERV") return displayAuthorityService(rest);
      if (objectKeyword === "LSSTATUS") return displayListenerStatus(qm, second, rest);
      if (objectKeyword === "SVSTATUS") return displayNoStatus(second, rest, `DISPLAY ${objectKeyword}`);
      if (objectKeyword === "QSTATUS" || objectKeyword === "QS") return displayQueueStatus(qm, second, rest);
      if (objectKeyword === "CHSTATUS" || objectKeyword === "CHS") {
        const saved = rest.some((p) => p.keyword === "SAVED" && p.values === undefined);
        return saved
          ? displaySavedChannelStatus(
              qm,
              second,
              rest.filter((p) => p.keyword !== "SAVED"),
            )
          : displayChannelStatus(qm, second, rest);
      }
      if (objectKeyword === "SBSTATUS") return displaySubscriptionStatus(qm, second, rest);
      if (objectKeyword === "TPSTATUS" || objectKeyword === "TPS") return displayTopicStatus(qm, second, rest);
      if (object || QUEUE_KEYWORDS.has(objectKeyword)) return display(qm, objectKeyword, second, rest);
      break;
    case "CLEAR":
      if (objectKeyword === "QLOCAL" || objectKeyword === "QL") return clear(qm, second, rest);
      break;
    case "START":
      if (objectKeyword === "CHANNEL" || objectKeyword === "CHL") return startChannel(qm, second, rest);
      if (objectKeyword === "LISTENER" || objectKeyword === "LSTR") return startListener(qm, second, rest);
      break;
    case "STOP":
      if (objectKeyword === "CHANNEL" || objectKeyword === "CHL") return stopChannel(qm, second, rest);
      if (objectKeyword === "LISTENER" || objectKeyword === "LSTR") return stopListener(qm, second, rest);
      break;
    case "PING":
      if (objectKeyword === "QMGR") return pingQueueManager(rest);
      if (objectKeyword === "CHANNEL" || objectKeyword === "CHL") return pingChannel(qm, second, rest);
      break;
    case "RESET":
      if (objectKeyword === "CHANNEL" || objectKeyword === "CHL") return resetChannel(qm, second, rest);
      break;
    case "RESOLVE":
      if (objectKeyword === "CHANNEL" || objectKeyword === "CHL") return resolveChannel(qm, second, rest);
      break;
  }
  throw new MqscSyntax(`${verb} ${objectKeyword} is not a command this queue manager knows`, second.position);
}

function notImplemented(command: string, reason: string): Outcome {
  return failed(MQRCCF.MQRCCF_FUNCTION_RESTRICTED, [productMessage(1, "E", `${command} is recognised but not implemented: ${reason}. Nothing was changed.`)]);
}

function succeeded0(): Outcome {
  return { completionCode: 0, reasonCode: 0, reason: "MQRC_NONE", messages: [], text: [] };
}

function summarize(commands: MqscCommandResult[]): MqscResult {
  const syntaxErrors = commands.filter((c) => c.syntaxError).length;
  const notProcessed = commands.filter((c) => !c.syntaxError && c.completionCode === 2).length;
  const read = commands.length;
  const summary = summaryLines(read, syntaxErrors, notProcessed);
  const transcript = [...commands.flatMap((c, i) => [`${String(i + 1).padStart(6)} : ${c.command}`, ...c.text]), ...summary].join("\n");
  return { commands, read, syntaxErrors, notProcessed, summary, transcript };
}
