/** A selector that cannot be used: MQRC_SELECTOR_SYNTAX_ERROR (2459), JMS's InvalidSelectorException, with where. */
import { MQError } from "../base/errors.js";

export class SelectorError extends Error {
  constructor(
    readonly why: string,
    /** The character offset of the fault in the selector. */
    readonly position: number,
  ) {
    super(why);
  }
}

export function selectorError(selector: string, fault: SelectorError): MQError {
  const error = new MQError(
    "MQRC_SELECTOR_SYNTAX_ERROR",
    `the selector ${JSON.stringify(selector)} is not valid at position ${fault.position + 1}: ${fault.why} (JMS InvalidSelectorException)`,
  );
  return Object.assign(error, { position: fault.position });
}
