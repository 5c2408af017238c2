/**
 * JMS message selectors: compiled once (`compile`), then a test of each message's headers
 * and properties. A selector that is not valid throws MQError MQRC_SELECTOR_SYNTAX_ERROR
 * (2459) with the position of the fault.
 */
import { MQError } from "../base/errors.js";
import { compileSelector, type FieldLookup } from "./compile.js";
import { SelectorError, selectorError } from "./selector-error.js";

export type { FieldLookup, SelectorValue } from "./compile.js";

export interface Selector {
  readonly text: string;
  matches(field: FieldLookup): boolean;
}

/** Compiles a JMS selector; `webmq/selector` exports it as compileSelector. */
export function compile(text: string): Selector {
  if (typeof text !== "string") throw new MQError("MQRC_SELECTOR_SYNTAX_ERROR", "a selector is a string");
  try {
    const test = compileSelector(text);
    return { text, matches: test };
  } catch (error) {
    if (error instanceof SelectorError) throw selectorError(text, error);
    throw error;
  }
}

export { compile as compileSelector };
