/**
 * Thrown by a listener's handler for a message it can never process (the wrong type, a
 * corrupt body: the seed's TemplateException). Retrying cannot help, so the message goes
 * straight to the dead-letter queue with this reason, or is discarded where the listener's
 * options say so, instead of being backed out and retried.
 */

/** IBM's MQFB_APPL_FIRST (feedback-codes.ts has the table; not imported here, so `webmq` does not carry it). */
const MQFB_APPL_FIRST = 65536;

export class UnprocessableMessageError extends Error {
  override readonly name = "UnprocessableMessageError";
  /** The dead-letter header's Reason: an MQFB_APPL_* feedback by default (application-defined). */
  readonly reason: number;

  constructor(message: string, options: { reason?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.reason = options.reason ?? MQFB_APPL_FIRST;
  }
}
