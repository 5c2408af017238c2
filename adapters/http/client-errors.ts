/**
 * What a RestClient call throws (client.ts): nothing answered, an error status, or an answer
 * that is not the JSON it should be. Each carries what a program needs to say what happened
 * in its own words and with an MQ reason (the CLI's CliFailure, the playground's ConnectionError).
 */

/** The first item of IBM's error body, `{"error":[{msgId, reason, reasonCode, message, explanation, action}]}`. */
export interface RestErrorItem {
  msgId?: string;
  reason?: string;
  reasonCode?: number;
  message?: string;
  explanation?: string;
  action?: string;
}

/** No answer: the request did not reach a server (refused, no such host, a browser's CORS refusal). `cause` is fetch's error. */
export class RestUnreachableError extends Error {
  override readonly name = "RestUnreachableError";
  constructor(
    readonly url: string,
    override readonly cause: unknown,
  ) {
    super(`no server answered at ${url} (${cause instanceof Error ? cause.message : String(cause)})`);
  }
}

/** An error status (4xx, 5xx): the status, the body as text, and IBM's error item when the body is IBM's. */
export class RestResponseError extends Error {
  override readonly name = "RestResponseError";
  constructor(
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
    readonly body: string,
    readonly error: RestErrorItem | undefined,
  ) {
    super(error?.message ?? `HTTP ${status} ${statusText}`.trim());
  }

  /** Reads the response's body (to its end, so the connection can be used again). */
  static async of(response: Response): Promise<RestResponseError> {
    let body = "";
    try {
      body = await response.text();
    } catch {
      // The body broke off: the status still says what happened.
    }
    return new RestResponseError(response.url, response.status, response.statusText, body, errorItemOf(body));
  }
}

/** An answer that should have been JSON (an MQSC envelope, a message list) and is not. */
export class RestFormatError extends Error {
  override readonly name = "RestFormatError";
  constructor(
    readonly url: string,
    readonly status: number,
    why: string,
  ) {
    super(`${why}: HTTP ${status} from ${url}`);
  }
}

/** IBM's error item from a body, keeping only fields of the right type; undefined when the body is not IBM's. */
function errorItemOf(body: string): RestErrorItem | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const first = (parsed as { error?: unknown } | null)?.error;
  const item = Array.isArray(first) ? (first[0] as unknown) : undefined;
  if (typeof item !== "object" || item === null) return undefined;
  const fields = item as Record<string, unknown>;
  const result: RestErrorItem = {};
  for (const key of ["msgId", "reason", "message", "explanation", "action"] as const) if (typeof fields[key] === "string") result[key] = fields[key];
  if (typeof fields.reasonCode === "number") result.reasonCode = fields.reasonCode;
  return result;
}
