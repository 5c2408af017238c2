/**
 * The error a dead-letter rules table that cannot be read throws: where (line and column,
 * from 1, in the table's text) and what was expected there, so whoever wrote the table can
 * go straight to the mistake.
 */
import { MQError } from "../../base/errors.js";

export class DlqRulesError extends MQError {
  /** Line in the rules table, from 1. */
  readonly line: number;
  /** Column in that line, from 1. */
  readonly column: number;

  constructor(message: string, line: number, column: number) {
    // IBM's DLQ handler reports a bad table with AMQ messages, not a reason code; the nearest
    // MQRC is the one for data in the wrong form.
    super("MQRC_FORMAT_ERROR", `rules table line ${line}, column ${column}: ${message}`);
    this.line = line;
    this.column = column;
  }
}
