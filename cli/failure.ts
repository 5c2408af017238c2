/**
 * What ends a CLI run: a failure with an MQ reason, printed as one line
 * ("webmq: MQRC_UNKNOWN_OBJECT_NAME (2085): ...") with an exit status that is not 0.
 */
import { isMQError, MQRC, type MQReasonName } from "../core/index.js";

/** runmqsc's exit statuses: 0 all ran, 10 some commands failed, 20 nothing could be run. */
export const EXIT_OK = 0;
export const EXIT_COMMANDS_FAILED = 10;
export const EXIT_FAILED = 20;

export class CliFailure extends Error {
  override readonly name = "CliFailure";

  constructor(
    /** The MQRC name; a server may send one this build does not know, so any string. */
    readonly reason: string,
    readonly reasonCode: number,
    readonly detail: string,
    readonly exitCode = EXIT_FAILED,
  ) {
    super(`${reason} (${reasonCode}): ${detail}`);
  }

  static of(reason: MQReasonName, detail: string, exitCode = EXIT_FAILED): CliFailure {
    return new CliFailure(reason, MQRC[reason], detail, exitCode);
  }
}

/** A usage mistake (an unknown option, a missing argument): no MQ reason, exit status 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** The one line a failure prints, after "webmq: ". */
export function describeFailure(error: unknown): { line: string; exitCode: number } {
  if (error instanceof CliFailure) return { line: error.message, exitCode: error.exitCode };
  if (error instanceof UsageError) return { line: `${error.message} (webmq --help shows the usage)`, exitCode: 2 };
  // MQError's message already reads "MQRC_NAME (code): what happened".
  if (isMQError(error)) return { line: error.message, exitCode: EXIT_FAILED };
  const text = error instanceof Error ? error.message : String(error);
  return { line: `MQRC_UNEXPECTED_ERROR (${MQRC.MQRC_UNEXPECTED_ERROR}): ${text}`, exitCode: EXIT_FAILED };
}
