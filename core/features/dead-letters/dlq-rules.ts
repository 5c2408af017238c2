/**
 * Reads IBM MQ's dead-letter queue handler rules table (the runmqdlq input) by IBM's
 * conventions. The text layer (comments, continuations, keywords and values, quoting) is
 * dlq-rules-text.ts. On top of it, the table's own rules: an optional control-data entry (INPUTQ, INPUTQM,
 * RETRYINT, WAIT) that must come first; then at least one rule, each starting on a new line,
 * each keyword at most once; every rule has ACTION; FWD needs FWDQ and only FWD takes FWDQ,
 * FWDQM and HEADER; every value has at least one significant character; `?` and `*` are
 * wildcards in pattern values but not allowed in action values; numeric values are 0 to
 * 999 999 999 or an MQ constant's name, with `*` only as the whole value; a text value,
 * asterisks aside, must fit the MQMD or MQDLH field it is matched against.
 *
 * Any line that breaks a rule throws DlqRulesError with its line and column.
 */
import { MQAT, MQFMT, MQMT, MQPER, lookUpSymbol } from "../../message/descriptor-codes.js";
import { DlqRulesError } from "./dlq-rules-error.js";
import type { DlqAction, DlqControlData, DlqPattern, DlqPutAuthority, DlqRule, DlqRulesTable } from "./dlq-rule-types.js";
import { reasonOrFeedbackCode } from "../../message/feedback-codes.js";
import { readRulesTableEntries, type RulesTableEntry, type RulesTableKeyword, type RulesTableValue } from "./dlq-rules-text.js";

export { DlqRulesError } from "./dlq-rules-error.js";
export type * from "./dlq-rule-types.js";

/** RETRYINT when the table gives none. */
export const DEFAULT_RETRY_INTERVAL_SECONDS = 60;
/** The largest number a numeric keyword takes. */
export const MAX_NUMERIC_VALUE = 999_999_999;

type TextField = "applIdentityData" | "putApplName" | "destQueue" | "destQueueManager" | "format" | "replyToQueue" | "replyToQueueManager" | "userId";
type NumericField = "putApplType" | "feedback" | "messageType" | "persistence" | "reason";

/** Pattern keywords matched against text, with the length of the MQMD or MQDLH field each is matched against. */
const TEXT_PATTERNS: Record<string, { field: TextField; length: number }> = {
  APPLIDAT: { field: "applIdentityData", length: 32 },
  APPLNAME: { field: "putApplName", length: 28 },
  DESTQ: { field: "destQueue", length: 48 },
  DESTQM: { field: "destQueueManager", length: 48 },
  FORMAT: { field: "format", length: 8 },
  REPLYQ: { field: "replyToQueue", length: 48 },
  REPLYQM: { field: "replyToQueueManager", length: 48 },
  USERID: { field: "userId", length: 12 },
};

/** Pattern keywords matched against numbers, with how each reads a symbolic name. */
const NUMERIC_PATTERNS: Record<string, { field: NumericField; prefix: string; symbol: (name: string) => number | undefined }> = {
  APPLTYPE: { field: "putApplType", prefix: "MQAT_", symbol: (name) => lookUpSymbol(MQAT, name) },
  FEEDBACK: { field: "feedback", prefix: "MQFB_ or MQRC_", symbol: reasonOrFeedbackCode },
  MSGTYPE: { field: "messageType", prefix: "MQMT_", symbol: (name) => lookUpSymbol(MQMT, name) },
  PERSIST: { field: "persistence", prefix: "MQPER_", symbol: (name) => lookUpSymbol(MQPER, name) },
  REASON: { field: "reason", prefix: "MQRC_ or MQFB_", symbol: reasonOrFeedbackCode },
};

const ACTION_KEYWORDS = new Set(["ACTION", "FWDQ", "FWDQM", "HEADER", "PUTAUT", "RETRY"]);
const CONTROL_KEYWORDS = new Set(["INPUTQ", "INPUTQM", "RETRYINT", "WAIT"]);
/** Keywords only ACTION(FWD) takes. */
const FORWARD_KEYWORDS = ["FWDQ", "FWDQM", "HEADER"] as const;
const QUEUE_NAME_LENGTH = 48;

/** Characters a value may have without quotes: MQ's name characters, the wildcards, and & for substitutions. */
const UNQUOTED_VALUE = /^[A-Z0-9._/%*?&]+$/;

type Value = RulesTableValue;

export function parseDlqRules(text: string): DlqRulesTable {
  const control: DlqControlData = { retryInterval: DEFAULT_RETRY_INTERVAL_SECONDS, wait: true };
  const rules: DlqRule[] = [];
  let controlRead = false;

  for (const entry of readRulesTableEntries(text)) {
    const keywords = checkKeywords(entry);
    const controlKeyword = entry.keywords.find((p) => CONTROL_KEYWORDS.has(p.keyword));
    if (controlKeyword) {
      const ruleKeyword = entry.keywords.find((p) => !CONTROL_KEYWORDS.has(p.keyword));
      if (ruleKeyword)
        fail(ruleKeyword, `${ruleKeyword.keyword} is a rule keyword and ${controlKeyword.keyword} is control data; a rule begins on a new line of its own`);
      if (controlRead || rules.length > 0) fail(controlKeyword, "control data (INPUTQ, INPUTQM, RETRYINT, WAIT) must be the first entry in the rules table");
      readControlData(keywords, control);
      controlRead = true;
    } else {
      rules.push(readRule(entry, keywords));
    }
  }
  if (rules.length === 0) {
    throw new DlqRulesError("a rules table needs at least one rule (a pattern and an ACTION)", text.split(/\r\n|\n|\r/).length, 1);
  }
  return { control, rules };
}

/** The entry's keywords by name, after checking each is known and given once. */
function checkKeywords(entry: RulesTableEntry): Map<string, RulesTableKeyword> {
  const keywords = new Map<string, RulesTableKeyword>();
  for (const parameter of entry.keywords) {
    const { keyword } = parameter;
    const known =
      Object.hasOwn(TEXT_PATTERNS, keyword) || Object.hasOwn(NUMERIC_PATTERNS, keyword) || ACTION_KEYWORDS.has(keyword) || CONTROL_KEYWORDS.has(keyword);
    if (!known) {
      fail(
        parameter,
        keyword.startsWith("*")
          ? "a comment line needs its * in the first column"
          : `${keyword} is not a rules-table keyword; expected a pattern (DESTQ, DESTQM, REASON, ...), an action (ACTION, FWDQ, ...) or control data (INPUTQ, INPUTQM, RETRYINT, WAIT)`,
      );
    }
    if (keywords.has(keyword)) fail(parameter, `${keyword} appears twice; a keyword may be given once in an entry`);
    keywords.set(keyword, parameter);
  }
  return keywords;
}

function readControlData(keywords: Map<string, RulesTableKeyword>, control: DlqControlData): void {
  for (const [keyword, parameter] of keywords) {
    const value = singleValue(parameter);
    noWildcards(keyword, value);
    switch (keyword) {
      case "INPUTQ":
        control.inputQueue = optionalName(keyword, value, QUEUE_NAME_LENGTH);
        break;
      case "INPUTQM":
        control.inputQueueManager = optionalName(keyword, value, QUEUE_NAME_LENGTH);
        break;
      case "RETRYINT":
        control.retryInterval = wholeNumber(keyword, value, 0, "the seconds between retries");
        break;
      case "WAIT":
        control.wait = value.text === "YES" ? true : value.text === "NO" ? false : wholeNumber(keyword, value, 0, "YES, NO or the seconds to wait");
        break;
    }
  }
}

function readRule(entry: RulesTableEntry, keywords: Map<string, RulesTableKeyword>): DlqRule {
  const pattern: DlqPattern = {};
  const rule: DlqRule = { line: entry.line, pattern, action: "IGNORE", header: true, putAuthority: "DEF", retry: 1 };
  let action: DlqAction | undefined;
  let actionValue: Value | undefined;

  for (const [keyword, parameter] of keywords) {
    const value = singleValue(parameter);
    const text = Object.hasOwn(TEXT_PATTERNS, keyword) ? TEXT_PATTERNS[keyword] : undefined;
    const numeric = Object.hasOwn(NUMERIC_PATTERNS, keyword) ? NUMERIC_PATTERNS[keyword] : undefined;
    if (text) {
      const patternText = keyword === "FORMAT" ? formatValue(value) : value.text;
      fitsField(keyword, value, patternText, text.length);
      if (patternText !== "*") pattern[text.field] = patternText;
      continue;
    }
    if (numeric) {
      const number = numericPattern(keyword, value, numeric.prefix, numeric.symbol);
      if (number !== undefined) pattern[numeric.field] = number;
      continue;
    }
    noWildcards(keyword, value);
    switch (keyword) {
      case "ACTION":
        action = oneOf<DlqAction>(keyword, value, ["DISCARD", "IGNORE", "RETRY", "FWD"]);
        actionValue = value;
        break;
      case "FWDQ":
        if (value.text.trim() === "") throw valueError(value, "FWDQ needs a queue name, &DESTQ or &REPLYQ; FWDQ(' ') is not valid");
        rule.forwardQueue = substitutableName(keyword, value, ["&DESTQ", "&REPLYQ"]);
        break;
      case "FWDQM":
        rule.forwardQueueManager = value.text.trim() === "" ? "" : substitutableName(keyword, value, ["&DESTQM", "&REPLYQM"]);
        break;
      case "HEADER":
        rule.header = oneOf<"YES" | "NO">(keyword, value, ["YES", "NO"]) === "YES";
        break;
      case "PUTAUT":
        rule.putAuthority = oneOf<DlqPutAuthority>(keyword, value, ["DEF", "CTX"]);
        break;
      case "RETRY":
        rule.retry = wholeNumber(keyword, value, 1, "the number of attempts, 1 to 999999999");
        break;
    }
  }

  if (action === undefined || actionValue === undefined) {
    fail(entry.keywords[0]!, "the rule has no ACTION; every rule needs ACTION(DISCARD|IGNORE|RETRY|FWD)");
  }
  rule.action = action;
  if (action === "FWD") {
    if (rule.forwardQueue === undefined) throw valueError(actionValue, "ACTION(FWD) needs FWDQ, the queue to forward the message to");
    rule.forwardQueueManager ??= "";
  } else {
    for (const keyword of FORWARD_KEYWORDS) {
      const parameter = keywords.get(keyword);
      if (parameter) fail(parameter, `${keyword} is valid only with ACTION(FWD); this rule's action is ${action}`);
    }
  }
  return rule;
}

/** The one value of a keyword, which IBM requires to have a significant character. */
function singleValue(parameter: RulesTableKeyword): Value {
  const { keyword, values } = parameter;
  if (values === undefined) fail(parameter, `${keyword} needs a value in parentheses, as ${keyword}(value)`);
  if (values.length === 0) fail(parameter, `${keyword}() has no value; a value needs at least one significant character`);
  if (values.length > 1) throw valueError(values[1]!, `${keyword} takes one value; put a value with blanks or commas in quotes`);
  const value = values[0]!;
  if (value.text === "") throw valueError(value, `${keyword}('') has no value; a value needs at least one significant character (' ' is one)`);
  if (!value.quoted && !UNQUOTED_VALUE.test(value.text)) {
    throw valueError(value, `${keyword}(${value.text}): a value with characters other than A-Z, 0-9, . / _ % (and the wildcards) must be in quotes`);
  }
  return value;
}

function noWildcards(keyword: string, value: Value): void {
  if (/[*?]/.test(value.text)) throw valueError(value, `${keyword} takes no wildcards (* or ?)`);
}

function oneOf<T extends string>(keyword: string, value: Value, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(value.text)) throw valueError(value, `${keyword}(${value.text}): expected ${choices.join(", ")}`);
  return value.text as T;
}

function wholeNumber(keyword: string, value: Value, least: number, what: string): number {
  const number = /^\d+$/.test(value.text) ? Number(value.text) : Number.NaN;
  if (!(number >= least && number <= MAX_NUMERIC_VALUE)) throw valueError(value, `${keyword}(${value.text}): expected ${what}`);
  return number;
}

/** A name, or undefined for the blank value (' ') that means "the default". */
function optionalName(keyword: string, value: Value, length: number): string | undefined {
  if (value.text.trim() === "") return undefined;
  fitsField(keyword, value, value.text, length);
  return value.text;
}

/** FWDQ or FWDQM: a name, or one of IBM's substitutions from the message. */
function substitutableName(keyword: string, value: Value, substitutions: readonly string[]): string {
  if (value.text.startsWith("&")) {
    if (!value.quoted && substitutions.includes(value.text)) return value.text;
    throw valueError(value, `${keyword}(${value.text}): expected a name or ${substitutions.join(" or ")}`);
  }
  fitsField(keyword, value, value.text, QUEUE_NAME_LENGTH);
  return value.text;
}

/** A text value, asterisks aside, must fit the field it is matched against (IBM pads shorter ones with blanks). */
function fitsField(keyword: string, value: Value, text: string, length: number): void {
  const significant = text.replaceAll("*", "").length;
  if (significant > length)
    throw valueError(
      value,
      `${keyword} is matched against a ${length}-character field; ${JSON.stringify(text)} has ${significant} characters besides asterisks`,
    );
}

/** FORMAT takes a format name as written or an MQFMT_ constant's name. */
function formatValue(value: Value): string {
  if (value.quoted || !value.text.startsWith("MQFMT_")) return value.text;
  const format = lookUpSymbol(MQFMT, value.text);
  if (format === undefined)
    throw valueError(value, `FORMAT(${value.text}): no format has that name; expected a format such as MQSTR or a name such as MQFMT_STRING`);
  return format;
}

/** A numeric pattern value: `*` (any; undefined), digits, or a constant's name. */
function numericPattern(keyword: string, value: Value, prefix: string, symbol: (name: string) => number | undefined): number | undefined {
  const text = value.text.trim();
  if (text === "*") return undefined;
  if (/[*?]/.test(text)) throw valueError(value, `${keyword}(${value.text}): a number takes no wildcards; * may stand only for the whole value`);
  if (/^\d+$/.test(text)) {
    const number = Number(text);
    if (number > MAX_NUMERIC_VALUE) throw valueError(value, `${keyword}(${text}): numbers run from 0 to ${MAX_NUMERIC_VALUE}`);
    return number;
  }
  const number = symbol(text);
  if (number === undefined) throw valueError(value, `${keyword}(${text}): expected a number, * or an ${prefix} constant's name`);
  return number;
}

function valueError(value: Value, message: string): DlqRulesError {
  return new DlqRulesError(message, value.line, value.column);
}

function fail(where: RulesTableKeyword, message: string): never {
  throw new DlqRulesError(message, where.line, where.column);
}
