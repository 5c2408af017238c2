/**
 * The body of IBM's admin MQSC request (POST .../admin/action/qmgr/{qmgr}/mqsc) read as the
 * MQSC it asks to run. runCommand gives the text as it is; runCommandJSON gives the parts of
 * one command, built here as `COMMAND QUALIFIER('name') KEY(value) ...` plus the attributes
 * a DISPLAY is to show. The route (mqsc-route.ts) runs it; security/index.ts reads it too, to
 * judge the commands against the caller's role before anything runs.
 */
// The flag attributes (TRIGGER/NOTRIGGER, ...) come from core's attribute catalogue, the one
// place MQSC keywords are mapped; core's barrels do not export it yet.
import { CATALOGUE } from "../../core/internal.js";
import { badMqscRequest } from "./errors.js";

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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
