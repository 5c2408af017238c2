/**
 * The query parameters IBM's v1 admin object resources share (queue, subscription, channel):
 *
 *   attributes=*|object,...|object.attributeName,...   which attributes to return
 *   status=*|status|status.attributeName,...            which status attributes (queues)
 *   name=NAME*                                          a wildcard name to list
 *   filter=object.attributeName:operator:value           lessThan, greaterThan, equalTo,
 *                                                        notEqualTo, lessThanOrEqualTo,
 *                                                        greaterThanOrEqualTo
 *
 * Each bad value is 400 MQWB0902E naming the parameter, before any object is read.
 */
import type { JsonValue } from "../../core/index.js";
import { badQueryParameter } from "./errors.js";

/** Refuses any query parameter not in `allowed` (IBM's z/OS-only ones are named as such). */
export function checkQueryKeys(params: URLSearchParams, allowed: readonly string[], resource: string): void {
  for (const key of params.keys()) {
    if (allowed.includes(key)) continue;
    const zOS = key === "commandScope" || key === "queueSharingGroupDisposition";
    throw badQueryParameter(
      key,
      params.get(key) ?? "",
      "MQRC_OPTIONS_ERROR",
      zOS ? `${key} is only available on z/OS` : `${key} is not a query parameter of ${resource} here; it takes ${allowed.join(", ")}`,
    );
  }
}

/**
 * The attribute paths a `attributes=` (or `status=`) list selects from `known`: `*` (and, for
 * status, the word `status`) is every one; an object name is every attribute in it (nested
 * ones too: `events` is events.depth.* and events.serviceInterval.*); a path is itself.
 */
export function selectedPaths(params: URLSearchParams, parameter: string, known: readonly string[], allWords: readonly string[] = ["*"]): Set<string> {
  const value = params.get(parameter);
  const selected = new Set<string>();
  if (value === null) return selected;
  for (const raw of value.split(",")) {
    const term = raw.trim();
    const matching = allWords.includes(term) ? known : known.filter((path) => path === term || path.startsWith(`${term}.`));
    if (matching.length === 0) {
      const objects = [...new Set(known.map((p) => p.split(".")[0]!))];
      throw badQueryParameter(
        parameter,
        value,
        "MQRC_OPTIONS_ERROR",
        `${JSON.stringify(term)} is not an attribute or object here; ${parameter} takes *, an object (${objects.join(", ")}) or object.attributeName`,
      );
    }
    for (const path of matching) selected.add(path);
  }
  return selected;
}

/** IBM's wildcard `name=`: `*` stands for any characters; without one, the name itself. */
export function nameMatcher(params: URLSearchParams): (name: string) => boolean {
  const pattern = params.get("name");
  if (pattern === null || pattern === "*") return () => true;
  if (pattern === "") throw badQueryParameter("name", pattern, "MQRC_OPTIONS_ERROR", "name is a name, with * as a wildcard");
  const regex = new RegExp(`^${pattern.split("*").map(escapeRegex).join(".*")}$`);
  return (name) => regex.test(name);
}

const OPERATORS = {
  lessThan: (a: number, b: number) => a < b,
  greaterThan: (a: number, b: number) => a > b,
  lessThanOrEqualTo: (a: number, b: number) => a <= b,
  greaterThanOrEqualTo: (a: number, b: number) => a >= b,
  equalTo: (a: number, b: number) => a === b,
  notEqualTo: (a: number, b: number) => a !== b,
} as const;

/**
 * IBM's `filter=path:operator:value`, as a test of a JSON value read at `path`; undefined
 * when there is no filter. A string compares equalTo or notEqualTo, with `*` as a wildcard.
 */
export function readFilter(params: URLSearchParams, known: readonly string[]): { path: string; test: (value: JsonValue | undefined) => boolean } | undefined {
  const filter = params.get("filter");
  if (filter === null) return undefined;
  const [path, operator, ...rest] = filter.split(":");
  const wanted = rest.join(":");
  const fail = (why: string) => badQueryParameter("filter", filter, "MQRC_OPTIONS_ERROR", `filter is attributeName:operator:value; ${why}`);
  if (!path || !known.includes(path)) throw fail(`${JSON.stringify(path ?? "")} is not an attribute here`);
  if (!operator || !(operator in OPERATORS)) throw fail(`the operator is one of ${Object.keys(OPERATORS).join(", ")}`);
  if (rest.length === 0) throw fail("the value is missing");
  const compare = OPERATORS[operator as keyof typeof OPERATORS];
  const number = Number(wanted);
  const wildcard = new RegExp(`^${wanted.split("*").map(escapeRegex).join(".*")}$`);
  return {
    path,
    test: (value) => {
      // An object without the attribute (an alias queue's storage.maximumDepth) never matches.
      if (value === undefined) return false;
      if (typeof value === "number") return wanted.trim() !== "" && Number.isFinite(number) && compare(value, number);
      const text = value === undefined || value === null ? "" : String(value);
      if (operator === "equalTo") return wildcard.test(text);
      if (operator === "notEqualTo") return !wildcard.test(text);
      return compare(text.localeCompare(wanted), 0);
    },
  };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
