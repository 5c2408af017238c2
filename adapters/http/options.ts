/**
 * What createHttpApp is given: the queue managers, the limits on one request, and who may
 * call. A module of its own so the route files can name these types without importing the
 * app (index.ts), which imports them.
 */
import type { QueueManager } from "../../core/index.js";
import type { InstallationInfo } from "./admin-qmgr-route.js";
import type { QueueManagerDirectory } from "./queue-manager-directory.js";
import type { SecurityOptions } from "./security/index.js";

/** Finds a queue manager by name; throws MQError (MQRC_Q_MGR_NAME_ERROR, ...) when there is none. */
export type QueueManagerResolver = (name: string) => Promise<QueueManager>;

/**
 * The queue managers, the limits, and who may call (security/index.ts's SecurityOptions:
 * `tokens`, `users`, `sessionSecret`, `sessionSeconds`, `corsOrigins`, `loginRateLimit`, ...).
 */
export interface HttpAppOptions extends Partial<HttpLimits>, SecurityOptions {
  queueManager: QueueManagerResolver;
  /**
   * The queue managers for the admin resources (GET /admin/qmgr, crtmqm, dltmqm); without
   * it those answer 501. `memoryDirectory` gives one and the matching resolver.
   */
  queueManagers?: QueueManagerDirectory;
  /** What GET /admin/installation says of the runtime (default: platform "unknown"). */
  installation?: InstallationInfo;
}

/** What one request may ask of a queue manager. */
export interface HttpLimits {
  /**
   * The longest `wait` a DELETE may ask for, in ms (default 30,000: IBM's mqweb times out a
   * response after 30 seconds unless setmqweb changes it). Beyond it: 400, MQRC_WAIT_INTERVAL_ERROR.
   */
  maxWait: number;
  /**
   * How long a got message's response may go unread before the get is backed out and the
   * message is back on its queue, in ms (default 30,000).
   */
  responseTimeout: number;
  /**
   * The longest lease a leased get (`DELETE .../message?lease=<ms>`) may ask for, in ms
   * (default 43,200,000: 12 hours, as SQS's and Cloudflare Queues' longest visibility timeout).
   */
  maxLease: number;
  /**
   * How long, once the first piece of a got message's body is handed over, the runtime may
   * take to ask for the next before the get is backed out, in ms (default: responseTimeout).
   * For runtimes that never report a client gone (workerd served locally); see committing-body.ts.
   */
  handoverTimeout: number;
  /** The largest admin MQSC request body, in bytes (default 256 KiB); beyond it 413 and nothing runs. */
  maxMqscRequestBytes: number;
  /**
   * The most output an MQSC request may produce, in characters (default 8 MiB); the
   * commands after the one that passes it are not run, and the answer says so.
   */
  maxMqscAnswerChars: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  maxWait: 30_000,
  responseTimeout: 30_000,
  maxLease: 43_200_000,
  handoverTimeout: 30_000,
  maxMqscRequestBytes: 256 * 1024,
  maxMqscAnswerChars: 8 * 1024 * 1024,
};

/** The limits `options` sets, over the defaults; a limit that is not a whole number in range throws TypeError. */
export function httpLimitsOf(options: Partial<HttpLimits>): HttpLimits {
  const limits: HttpLimits = { ...DEFAULT_HTTP_LIMITS };
  for (const key of Object.keys(DEFAULT_HTTP_LIMITS) as (keyof HttpLimits)[]) {
    const value = options[key];
    if (value === undefined) continue;
    const least = key === "maxWait" ? 0 : 1;
    if (!Number.isSafeInteger(value) || value < least) throw new TypeError(`${key} must be a whole number, ${least} or more; got ${String(value)}`);
    limits[key] = value;
  }
  return limits;
}
