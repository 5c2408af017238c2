/**
 * Runs an MQSC script against a queue manager, command by command, as runmqsc does: each
 * command is read, checked and carried out, or reported as a syntax error with its
 * position; nothing in the script stops the commands after it; and the result closes with
 * runmqsc's summary. Nothing thrown escapes: bad input is always a result.
 */
import { registerReasonNames } from "../errors.js";
import type { QueueManager } from "../manager.js";
import { MQRCCF } from "./catalogue/messages.js";
import { MqscSyntax, NOT_IMPLEMENTED, OBJECT_KEYWORDS, QUEUE_KEYWORDS, VERBS, failure } from "./commands.js";
import { alter, clear, define, display, remove } from "./object-commands.js";
import { parseScript, type MqscParameter, type ParsedCommand } from "./parser.js";
import { alterQueueManager, displayQueueManager } from "./qmgr-commands.js";
import { amq, failed, messageLine, productMessage, syntaxFailure, type MqscCommandResult, type MqscResult, type Outcome } from "./result.js";
import { displayChannelStatus, displayQueueStatus, startChannel, stopChannel } from "./status-commands.js";

registerReasonNames(MQRCCF);

export async function runMqsc(qm: QueueManager, script: string): Promise<MqscResult> {
  const commands: MqscCommandResult[] = [];
  for (const command of parseScript(String(script))) {
    let outcome: Outcome;
    if (command.syntaxError) outcome = syntaxFailure(command.syntaxError.message, command.syntaxError.position, command.text);
    else {
      try {
        outcome = await runCommand(qm, command);
      } catch (error) {
        outcome = error instanceof MqscSyntax ? syntaxFailure(error.message, command.locate(error.offset), command.text) : failure(error, "");
      }
    }
    commands.push({ command: command.text.trim(), line: command.line, ...outcome });
  }
  return summarize(commands);
}

async function runCommand(qm: QueueManager, command: ParsedCommand): Promise<Outcome> {
  const [first, second, ...rest] = command.parameters as [MqscParameter, MqscParameter | undefined, ...MqscParameter[]];
  const verb = first.values === undefined ? VERBS[first.keyword] : undefined;
  if (!verb) throw new MqscSyntax(`${first.keyword} is not an MQSC command`, first.position);
  if (verb === "END") return succeeded0();
  if (!second) throw new MqscSyntax(`${verb} needs an object, e.g. ${verb} QLOCAL(name)`, command.text.length);
  const objectKeyword = second.keyword;
  const object = OBJECT_KEYWORDS[objectKeyword];
  const reason = NOT_IMPLEMENTED[`${verb} ${objectKeyword}`];
  if (reason !== undefined) return notImplemented(`${verb} ${objectKeyword}`, reason);

  switch (verb) {
    case "DEFINE":
      if (object) return define(qm, object, second, rest);
      break;
    case "ALTER":
      if (objectKeyword === "QMGR") return alterQueueManager(qm, rest);
      if (object) return alter(qm, object, second, rest);
      break;
    case "DELETE":
      if (object) return remove(qm, object, second, rest);
      break;
    case "DISPLAY":
      if (objectKeyword === "QMGR") return displayQueueManager(qm, rest);
      if (objectKeyword === "QSTATUS" || objectKeyword === "QS") return displayQueueStatus(qm, second, rest);
      if (objectKeyword === "CHSTATUS" || objectKeyword === "CHS") return displayChannelStatus(qm, second, rest);
      if (object || QUEUE_KEYWORDS.has(objectKeyword)) return display(qm, objectKeyword, second, rest);
      break;
    case "CLEAR":
      if (objectKeyword === "QLOCAL" || objectKeyword === "QL") return clear(qm, second, rest);
      break;
    case "START":
      if (objectKeyword === "CHANNEL" || objectKeyword === "CHL") return startChannel(qm, second, rest);
      break;
    case "STOP":
      if (objectKeyword === "CHANNEL" || objectKeyword === "CHL") return stopChannel(qm, second, rest);
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
  const summary = [
    read === 1 ? messageLine(amq("oneCommandRead")) : messageLine(amq("commandsRead", read)),
    syntaxErrors === 0 ? messageLine(amq("noSyntaxErrors")) : syntaxErrors === 1 ? messageLine(amq("oneSyntaxError")) : messageLine(amq("syntaxErrors", syntaxErrors)),
    notProcessed === 0 ? messageLine(amq("allProcessed")) : notProcessed === 1 ? messageLine(amq("oneNotProcessed")) : messageLine(amq("notProcessed", notProcessed)),
  ];
  const transcript = [
    ...commands.flatMap((c, i) => [`${String(i + 1).padStart(6)} : ${c.command}`, ...c.text]),
    ...summary,
  ].join("\n");
  return { commands, read, syntaxErrors, notProcessed, summary, transcript };
}
