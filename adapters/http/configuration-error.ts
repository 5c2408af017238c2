/**
 * A server configured with a value it cannot use (MQ_USERS, MQ_TOKENS, MQ_CORS_ORIGINS,
 * MQ_LISTENERS, a number variable, ...). Its message names the variable and what is wrong
 * there, never a secret's value.
 *
 * It is a TypeError, as these errors always were, so that serveHttp still refuses to start
 * with it. A Worker has no start: it reads its variables on a request, and answers every
 * request this error stops with a 500 that names the variable to fix (errorResponse) rather
 * than an unexplained one; the whole message, which may quote part of a variable, goes to
 * the server's log only. The reason is MQRC_UNEXPECTED_ERROR, what a 500 carries.
 */
import type { MQReasonName } from "../../core/index.js";

export class ConfigurationError extends TypeError {
  override readonly name = "ConfigurationError";
  readonly reason: MQReasonName = "MQRC_UNEXPECTED_ERROR";

  /** `variable` is the setting's name (MQ_USERS); `message` says what is wrong with it and begins with that name. */
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
  }
}
