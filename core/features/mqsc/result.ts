/**
 * What running MQSC gives back: per command, MQ's completion and reason codes, the AMQ
 * messages and text lines runmqsc would print, and for DISPLAY the objects as data (keys
 * are lower-case MQSC keywords, as IBM's runCommandJSON gives them).
 */
import { MQCC_FAILED, MQCC_OK, MQCC_WARNING, reasonName } from "../../base/errors.js";
import type { JsonValue } from "../../message/message.js";
import { AMQ_MESSAGES, MQRCCF, formatAmqText, type AmqMessageName } from "../../objects/catalogue/messages.js";
import type { MqscPosition } from "./parser.js";

export interface MqscMessage {
  /** e.g. "AMQ8006I"; product messages that IBM has no id for use "WEBMQnnnX". */
  id: string;
  text: string;
}

export interface MqscObject {
  /** The object's attributes as runCommandJSON shows them: lower-case keywords, MQSC values. */
  parameters: Record<string, JsonValue>;
  /** The DISPLAY lines for this object, as runmqsc lays them out. */
  lines: string[];
}

export interface MqscCommandResult {
  /** The command as read (continuations joined). */
  command: string;
  /** The script line where it began. */
  line: number;
  completionCode: number;
  reasonCode: number;
  /** The reason code's name, e.g. "MQRC_UNKNOWN_OBJECT_NAME". */
  reason: string;
  messages: MqscMessage[];
  /** Everything runmqsc prints for the command, after its echo line. */
  text: string[];
  /** For DISPLAY: each object found. */
  objects?: MqscObject[];
  /** For a command that could not be read or checked: what and where. */
  syntaxError?: { message: string; position: MqscPosition };
}

export interface MqscResult {
  commands: MqscCommandResult[];
  read: number;
  syntaxErrors: number;
  /** Valid commands that failed. */
  notProcessed: number;
  /** runmqsc's closing lines. */
  summary: string[];
  /** The whole output as runmqsc prints it: each command echoed and numbered, its output, the summary. */
  transcript: string;
}

/** runmqsc's closing lines for a run that read `read` commands. */
export function summaryLines(read: number, syntaxErrors: number, notProcessed: number): string[] {
  return [
    read === 1 ? messageLine(amq("oneCommandRead")) : messageLine(amq("commandsRead", read)),
    syntaxErrors === 0
      ? messageLine(amq("noSyntaxErrors"))
      : syntaxErrors === 1
        ? messageLine(amq("oneSyntaxError"))
        : messageLine(amq("syntaxErrors", syntaxErrors)),
    notProcessed === 0
      ? messageLine(amq("allProcessed"))
      : notProcessed === 1
        ? messageLine(amq("oneNotProcessed"))
        : messageLine(amq("notProcessed", notProcessed)),
  ];
}

/** A product message: ours, where IBM has no message for the case. */
export function productMessage(number: number, severity: "I" | "W" | "E", text: string): MqscMessage {
  return { id: `WEBMQ${String(number).padStart(3, "0")}${severity}`, text };
}

export function amq(name: AmqMessageName, ...inserts: (string | number)[]): MqscMessage {
  const message = AMQ_MESSAGES[name];
  return { id: message.id, text: formatAmqText(message.text, ...inserts) };
}

export function messageLine(message: MqscMessage): string {
  return message.id ? `${message.id}: ${message.text}` : message.text;
}

/** A command's outcome before the executor adds where it came from. */
export type Outcome = Omit<MqscCommandResult, "command" | "line">;

export function succeeded(messages: MqscMessage[], objects?: MqscObject[]): Outcome {
  if (!objects) return outcome(MQCC_OK, 0, messages, messages.map(messageLine));
  // DISPLAY prints its details message before each object, as runmqsc does.
  const text = objects.flatMap((object) => [...messages.map(messageLine), ...object.lines]);
  const result = outcome(MQCC_OK, 0, messages, text);
  result.objects = objects;
  return result;
}

export function warned(reasonCode: number, messages: MqscMessage[]): Outcome {
  return outcome(MQCC_WARNING, reasonCode, messages, messages.map(messageLine));
}

export function failed(reasonCode: number, messages: MqscMessage[]): Outcome {
  return outcome(MQCC_FAILED, reasonCode, messages, messages.map(messageLine));
}

/** AMQ8405E, then the command up to where reading stopped, then what was wrong there. */
export function syntaxFailure(message: string, position: MqscPosition, command: string): Outcome {
  const error = amq("syntaxError");
  // runmqsc shows the command up to where it stopped reading: here, the end of the word at fault.
  let end = position.offset;
  while (end < command.length && !" ,()'".includes(command[end]!)) end++;
  const segment = command.slice(0, Math.max(end, position.offset + 1));
  const text = [messageLine(error), segment, `(${message}; line ${position.line}, column ${position.column})`];
  const result = outcome(MQCC_FAILED, MQRCCF.MQRCCF_PARM_SYNTAX_ERROR, [error], text);
  result.syntaxError = { message, position };
  return result;
}

function outcome(completionCode: number, reasonCode: number, messages: MqscMessage[], text: string[]): Outcome {
  return { completionCode, reasonCode, reason: reasonCode === 0 ? "MQRC_NONE" : reasonName(reasonCode), messages, text };
}
