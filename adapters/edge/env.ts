import { ConfigurationError, DEFAULT_SESSION_SECONDS, principalKey, type SecurityOptions } from "../http/index.js";

/** The bindings and variables the edge worker expects (see wrangler.toml and README). */
export interface EdgeEnv {
  QUEUE_MANAGERS: DurableObjectNamespace;
  /**
   * Bearer tokens accepted by the REST API: comma- or whitespace-separated entries `token`,
   * `token:role` or `token:role:name` (a token without a role is MQWebAdmin). A secret.
   */
  MQ_TOKENS?: string;
  /**
   * The REST API's users, for basic authentication and login: entries `name:role:hash`
   * separated by newlines or commas; role MQWebAdmin, MQWebAdminRO or MQWebUser; hash from
   * `npm run hash-password`. A secret.
   */
  MQ_USERS?: string;
  /** Signs the LtpaToken2 login cookie (any long random text); without it, login is off. A secret. */
  MQ_SESSION_SECRET?: string;
  /** How long a login lasts, in seconds (default 7200). */
  MQ_SESSION_SECONDS?: string;
  /** Origins allowed to call the REST API from a browser page elsewhere (comma-separated; none by default; `:*` for any port). */
  MQ_CORS_ORIGINS?: string;
  /**
   * The queue managers this worker serves, comma-separated (QM1 when unset). A name ending
   * in `*` admits every valid name with that prefix, as MQSC's generic names do; each name
   * served is a Durable Object with its own storage, so keep the list to what you mean.
   */
  MQ_QUEUE_MANAGERS?: string;
  /** The longest `wait` a DELETE may ask for, in ms (default 30000). */
  MQ_MAX_WAIT_MS?: string;
  /** How long a got message's response may go unread before the get is backed out, in ms (default 30000). */
  MQ_RESPONSE_TIMEOUT_MS?: string;
  /** The longest lease of a leased get, in ms (default 12 hours). */
  MQ_MAX_LEASE_MS?: string;
  /**
   * How long a got message's response may wait, after its first piece, for the runtime to ask
   * for the next, in ms (default: MQ_RESPONSE_TIMEOUT_MS). `npm start` sets 500: locally
   * workerd reports no client that has gone (README "Clients that go away").
   */
  MQ_HANDOVER_TIMEOUT_MS?: string;
  /** The most bytes of non-persistent message bodies a queue manager holds in memory (default 32 MiB). */
  MQ_MESSAGE_MEMORY_BYTES?: string;
  /** Listeners each queue manager's object runs: JSON, see adapters/edge/listeners.ts. */
  MQ_LISTENERS?: string | unknown[];
  /** Trigger monitors each queue manager's object runs: JSON, see adapters/edge/triggers.ts. */
  MQ_TRIGGER_MONITORS?: string | unknown[];
  /**
   * This Worker's own host names (comma-separated, e.g. `mq.example.com, webmq.me.workers.dev`):
   * a channel's CONNAME naming one of them (any port) reaches a queue manager of this Worker
   * object to object (adapters/edge/channel-address.ts). Loopback names always do.
   */
  MQ_CHANNEL_HOSTS?: string;
  /**
   * What this Worker's sending channels give partners outside it, per channel: JSON
   * `{ "CHANNEL": { "token": "..." } }` or `{ "CHANNEL": { "user": "...", "password": "..." } }`
   * (adapters/edge/channel-credentials.ts). A secret.
   */
  MQ_CHANNEL_CREDENTIALS?: string;
  /**
   * Clusters of this Worker's queue managers: JSON `{"DEMO": {"repositories": ["QM1"], "members":
   * ["QM1", "QM2"]}}` (adapters/edge/cluster-configuration.ts). Each member's object defines its
   * cluster channels as it opens; a REST path naming the cluster reaches one member (cluster-front.ts).
   */
  MQ_CLUSTERS?: string | Record<string, unknown>;
}

export const DEFAULT_QUEUE_MANAGERS = "QM1";
/** A Durable Object has 128 MB: a quarter for non-persistent bodies, an eighth for cached persistent ones. */
export const EDGE_MESSAGE_MEMORY_BYTES = 32 * 1024 * 1024;
export const EDGE_BODY_CACHE_BYTES = 16 * 1024 * 1024;

export function parseTokens(value: string | undefined): string[] {
  return (value ?? "").split(/[\s,]+/).filter((token) => token.length > 0);
}

/** Whether `name` is one of the configured queue managers (MQ_QUEUE_MANAGERS). */
export function isConfiguredQueueManager(configured: string | undefined, name: string): boolean {
  for (const entry of parseTokens(configured || DEFAULT_QUEUE_MANAGERS)) {
    if (entry.endsWith("*") ? name.startsWith(entry.slice(0, -1)) : name === entry) return true;
  }
  return false;
}

/** A whole-number variable, or `fallback` when unset; a value that is not one stops the worker with a clear error. */
export function numberVariable(
  env: EdgeEnv,
  key: "MQ_MAX_WAIT_MS" | "MQ_RESPONSE_TIMEOUT_MS" | "MQ_MAX_LEASE_MS" | "MQ_HANDOVER_TIMEOUT_MS" | "MQ_MESSAGE_MEMORY_BYTES" | "MQ_SESSION_SECONDS",
  fallback: number,
): number {
  // wrangler.toml [vars] may give a number (or anything TOML holds), a secret always text.
  const value: unknown = env[key];
  if (value === undefined || value === "") return fallback;
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  const parsed = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(parsed)) throw new ConfigurationError(key, `${key} must be a whole number; it is ${JSON.stringify(value) ?? String(value)}`);
  return parsed;
}

/**
 * Who may call, from the worker's variables and secrets: the same for the front Worker and the
 * queue managers' objects. `principalKey` signs what the front forwards (principal-header.ts).
 */
export function edgeSecurity(env: EdgeEnv): SecurityOptions & { principalKey: Promise<CryptoKey> } {
  return {
    tokens: parseTokens(env.MQ_TOKENS),
    users: env.MQ_USERS ?? "",
    sessionSecret: env.MQ_SESSION_SECRET,
    sessionSeconds: numberVariable(env, "MQ_SESSION_SECONDS", DEFAULT_SESSION_SECONDS),
    corsOrigins: env.MQ_CORS_ORIGINS ?? "",
    principalKey: principalKey(env.MQ_SESSION_SECRET, env.MQ_TOKENS, env.MQ_USERS),
  };
}
