/**
 * POST /ibmmq/rest/{v1|v2|v3}/admin/action/qmgr/{qmgr}/mqsc: IBM MQ's admin endpoint that
 * runs MQSC on a queue manager. Two bodies, as IBM documents them:
 *
 *   {"type":"runCommand","parameters":{"command":"DEFINE QLOCAL(Q1)"}}
 *   {"type":"runCommandJSON","command":"display","qualifier":"qlocal","name":"DEV.*",
 *    "parameters":{...},"responseParameters":["maxdepth","curdepth"]}
 *
 * runCommand runs the text as it is (a script of several lines runs whole, as runmqsc
 * would). runCommandJSON builds one command from its parts: `COMMAND QUALIFIER('name')
 * KEY(value) ...`, then the attributes DISPLAY is to show.
 *
 * The answer is IBM's envelope, always HTTP 200 once a command ran, whatever its outcome:
 *
 *   {"commandResponse":[{completionCode, reasonCode, text[] | message[] | parameters}],
 *    "overallCompletionCode":0, "overallReasonCode":0}
 *
 * One item per command, except that a DISPLAY gives one item per object found (IBM's command
 * server answers one message per object). An item that failed (or warned) carries its AMQ
 * lines as `message`; one that succeeded carries runmqsc's lines as `text` (runCommand), or
 * the object's attributes as `parameters` (runCommandJSON DISPLAY), or only its codes
 * (runCommandJSON, any other command). The overall codes are 0/0 when every item
 * succeeded, 2/3008 (MQRCCF_COMMAND_FAILED) when any failed, 1/0 when the worst is a warning.
 *
 * Only a problem with the request itself (its name, its Content-Type, its body) answers
 * 4xx, with the IBM-shaped error body; nothing is run then.
 */
import type { Hono } from "hono";
import { MQCC_FAILED, MQCC_OK, MQCC_WARNING, type JsonValue, type MqscCommandResult, type MqscMessage, type MqscResult } from "../../core/index.js";
// The flag attributes (TRIGGER/NOTRIGGER, ...) come from core's attribute catalogue, the one
// place MQSC keywords are mapped; core's barrels do not export it yet.
import { CATALOGUE } from "../../core/internal.js";
import { readJsonBody } from "./body.js";
import { bodyLimit } from "hono/body-limit";
import { badMqscRequest, mqscRequestTooLarge } from "./errors.js";
import type { HttpLimits, QueueManagerResolver } from "./index.js";
import { queueManagerTarget } from "./request.js";

export const MQSC_PATH = "/ibmmq/rest/:version{v[123]}/admin/action/qmgr/:qmgr/mqsc";

/** MQRCCF_COMMAND_FAILED: the overall reason code when any command failed. */
export const MQRCCF_COMMAND_FAILED = 3008;

export function addMqscRoute(app: Hono, resolve: QueueManagerResolver, limits: HttpLimits): void {
  const limitBody = bodyLimit({ maxSize: limits.maxMqscRequestBytes, onError: () => mqscRequestTooLarge(limits.maxMqscRequestBytes).toResponse() });
  app.post(MQSC_PATH, limitBody, async (c) => {
    const { qmgr } = queueManagerTarget(c.req.param());
    const request = parseMqscRequest(await readJsonBody(c.req.raw));
    const manager = await resolve(qmgr);
    const result = await manager.mqsc(request.script, { yieldToHost, maxOutputChars: limits.maxMqscAnswerChars });
    return c.json(mqscResponse(result, request.type));
  });
}

/** A macrotask turn: other requests (and other Durable Objects on this thread) run meanwhile. */
function yieldToHost(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// --- The request ---

export type MqscRequestType = "runCommand" | "runCommandJSON";

export interface MqscRequest {
  type: MqscRequestType;
  /** The MQSC to run: the command text as given, or the command built from runCommandJSON's parts. */
  script: string;
}

/** The MQSC a request body asks for; a body we cannot use throws MQWB2004E (400). */
export function parseMqscRequest(body: unknown): MqscRequest {
  if (!isObject(body)) throw badMqscRequest("The body is not a JSON object.", "MQRC_FORMAT_ERROR");
  switch (body.type) {
    case "runCommand": {
      const command = isObject(body.parameters) ? body.parameters.command : undefined;
      if (typeof command !== "string" || command.trim() === "") {
        throw badMqscRequest('A runCommand request needs "parameters": {"command": "<MQSC command text>"}.');
      }
      return { type: "runCommand", script: command };
    }
    case "runCommandJSON":
      return { type: "runCommandJSON", script: buildCommand(body) };
    case undefined:
      throw badMqscRequest('The body has no "type"; it is "runCommand" or "runCommandJSON".');
    default:
      throw badMqscRequest(`The type ${JSON.stringify(body.type)} is not known; it is "runCommand" or "runCommandJSON".`);
  }
}

// --- runCommandJSON: from parts to MQSC ---

/** A command or qualifier word: letters only (define, qlocal, chstatus, ...). */
const WORD = /^[A-Za-z]+$/;
/** An MQSC attribute or option keyword (maxdepth, trigdpth, replace, ...). */
const KEYWORD = /^[A-Za-z][A-Za-z0-9]*$/;
const LINE_BREAK = /[\r\n]/;

/**
 * Keywords written without a value, each with its opposite where it has one: the catalogue's
 * flag attributes (TRIGGER / NOTRIGGER, SHARE / NOSHARE, HARDENBO / NOHARDENBO) and the
 * commands' own options (REPLACE, PURGE, FORCE, ALL). runCommandJSON gives them as
 * `"replace": true` (or "yes"); false (or "no") gives the opposite, or nothing.
 */
const KEYWORD_ONLY: ReadonlyMap<string, string | undefined> = (() => {
  const pairs = new Map<string, string | undefined>([
    ["REPLACE", "NOREPLACE"],
    ["NOREPLACE", "REPLACE"],
    ["PURGE", "NOPURGE"],
    ["NOPURGE", "PURGE"],
    ["FORCE", undefined],
    ["ALL", undefined],
  ]);
  for (const spec of Object.values(CATALOGUE)) {
    for (const attribute of spec.attributes) {
      if (attribute.type.kind !== "flag") continue;
      pairs.set(attribute.keyword, attribute.type.off);
      pairs.set(attribute.type.off, attribute.keyword);
    }
  }
  return pairs;
})();

/** runCommandJSON's command, qualifier, name, parameters and responseParameters as one MQSC command. */
export function buildCommand(body: Record<string, unknown>): string {
  const command = word(body.command, "command");
  const qualifier = word(body.qualifier, "qualifier");
  const words = [command, qualifier];
  if (body.name !== undefined && qualifier !== "QMGR") {
    if (typeof body.name !== "string") throw badMqscRequest('"name" is a string, the object\'s name (generic names end in *).');
    words[1] = `${qualifier}(${quote(body.name, "name")})`;
  }

  if (body.parameters !== undefined) {
    if (!isObject(body.parameters)) throw badMqscRequest('"parameters" is a JSON object of MQSC keywords and values, e.g. {"maxdepth": 10000}.');
    for (const [key, value] of Object.entries(body.parameters)) {
      const parameter = parameterText(key, value);
      if (parameter !== "") words.push(parameter);
    }
  }

  if (body.responseParameters !== undefined && command === "DISPLAY") {
    const wanted = body.responseParameters;
    if (!Array.isArray(wanted) || !wanted.every((name) => typeof name === "string" && KEYWORD.test(name))) {
      throw badMqscRequest('"responseParameters" is a list of MQSC attribute names, e.g. ["curdepth", "maxdepth"], or ["all"].');
    }
    const keywords = wanted.map((name) => name.toUpperCase());
    words.push(...(keywords.includes("ALL") ? ["ALL"] : keywords));
  }
  return words.join(" ");
}

function word(value: unknown, field: "command" | "qualifier"): string {
  if (typeof value !== "string" || !WORD.test(value)) {
    const example = field === "command" ? '"display", "define", "alter"' : '"qlocal", "channel", "qmgr"';
    throw badMqscRequest(`A runCommandJSON request needs "${field}": an MQSC word such as ${example}.`);
  }
  return value.toUpperCase();
}

function parameterText(key: string, value: unknown): string {
  if (!KEYWORD.test(key)) throw badMqscRequest(`The parameter name ${JSON.stringify(key)} is not an MQSC keyword.`);
  const keyword = key.toUpperCase();

  if (KEYWORD_ONLY.has(keyword) && (typeof value === "boolean" || (typeof value === "string" && /^(yes|no)$/i.test(value)))) {
    const on = value === true || (typeof value === "string" && value.toLowerCase() === "yes");
    return on ? keyword : (KEYWORD_ONLY.get(keyword) ?? "");
  }
  // WHERE's value is a filter (`curdepth gt 10`), written as it is, not a quoted string.
  if (keyword === "WHERE" && typeof value === "string") {
    if (LINE_BREAK.test(value)) throw badMqscRequest("The where parameter cannot contain a line break.");
    return `WHERE(${value})`;
  }
  if (Array.isArray(value)) return `${keyword}(${value.map((item) => scalarText(key, item)).join(",")})`;
  return `${keyword}(${scalarText(key, value)})`;
}

function scalarText(key: string, value: unknown): string {
  if (typeof value === "string") return quote(value, key);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return value ? "YES" : "NO";
  throw badMqscRequest(`The value of ${JSON.stringify(key)} is a string, a number, a boolean or a list of strings and numbers.`);
}

/** An MQSC quoted string: quotes doubled. Line breaks would end the command, so they are refused. */
function quote(value: string, field: string): string {
  if (LINE_BREAK.test(value)) throw badMqscRequest(`The value of ${JSON.stringify(field)} cannot contain a line break.`);
  return `'${value.replaceAll("'", "''")}'`;
}

// --- The response ---

export interface CommandResponseItem {
  completionCode: number;
  reasonCode: number;
  /** runCommand: runmqsc's lines for a command that succeeded. */
  text?: string[];
  /** A command that failed or warned: its AMQ lines. */
  message?: string[];
  /** runCommandJSON DISPLAY: one object's attributes, lower-case MQSC keywords. */
  parameters?: Record<string, JsonValue>;
}

export interface MqscResponseBody {
  commandResponse: CommandResponseItem[];
  overallCompletionCode: number;
  overallReasonCode: number;
}

export function mqscResponse(result: MqscResult, type: MqscRequestType): MqscResponseBody {
  const commandResponse = result.commands.flatMap((command) => responseItems(command, type));
  const worst = Math.max(MQCC_OK, ...commandResponse.map((item) => item.completionCode));
  return {
    commandResponse,
    overallCompletionCode: worst,
    overallReasonCode: worst === MQCC_FAILED ? MQRCCF_COMMAND_FAILED : 0,
  };
}

function responseItems(command: MqscCommandResult, type: MqscRequestType): CommandResponseItem[] {
  const codes = { completionCode: command.completionCode, reasonCode: command.reasonCode };
  if (command.completionCode === MQCC_FAILED || command.completionCode === MQCC_WARNING) return [{ ...codes, message: command.text }];
  if (command.objects !== undefined && command.objects.length > 0) {
    // Each object's reply starts with the details message, as runmqsc prints it.
    const details = command.messages.map(messageLine);
    return command.objects.map((object) => (type === "runCommand" ? { ...codes, text: [...details, ...object.lines] } : { ...codes, parameters: object.parameters }));
  }
  return [type === "runCommand" ? { ...codes, text: command.text } : codes];
}

function messageLine(message: MqscMessage): string {
  return message.id ? `${message.id}: ${message.text}` : message.text;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
