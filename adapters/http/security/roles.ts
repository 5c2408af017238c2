/**
 * The roles of IBM's mqweb and what each may do here: the one table of role -> operation.
 *
 *   MQWebAdmin    everything: messaging, MQSC, the admin resources, creating and deleting queue managers
 *   MQWebAdminRO  read only: browse and list messages, MQSC DISPLAY (and PING), GET on admin resources
 *   MQWebUser     messaging: put, get, browse, list, publish
 *   MQWebChannel  ours, not IBM's: runs message channels into this server's queue managers
 *                 (adapters/http/channels) and nothing else, so that a sending queue manager's
 *                 credentials, which sit in its configuration, open no other door
 *
 * Ours differ from IBM's in two points, both to keep a role meaning the same everywhere
 * without an object authority manager: IBM's MQWebAdmin may not use the messaging API
 * (here it may: it is the role every existing bearer token has), and IBM's MQWebUser may
 * run any MQSC its operating-system user is authorised for (here it runs none).
 *
 * An MQSC request is judged by its commands: a read-only user may send DISPLAY and PING only.
 * IBM's runCommand carries one command, so IBM never judges a mixed script; ours may carry
 * many, and a script with any other command is refused whole, before any of it runs.
 */
import { parseScript } from "../../../core/features/mqsc/parser.js";

export const ROLES = ["MQWebAdmin", "MQWebAdminRO", "MQWebUser", "MQWebChannel"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The verb of IBM's "Not authorized to <verb> <object>." for what a channel-only principal is refused. */
const CHANNEL_ONLY_VERBS = {
  put: "put to",
  get: "get from",
  browse: "browse",
  publish: "publish to",
  "admin-read": "display",
  "admin-change": "change",
} as const;

/** Whether `role` may run a channel's receiving end (the sender's credentials): MQWebAdmin or MQWebChannel. */
export function mayRunChannels(role: Role): boolean {
  return role === "MQWebAdmin" || role === "MQWebChannel";
}

/** What a request asks to do, as the role table sees it. */
export type Operation =
  | { kind: "put" | "get" | "browse" | "publish"; target: string }
  | { kind: "mqsc"; commands: string[] }
  | { kind: "admin-read" | "admin-change"; target: string }
  | { kind: "session" };

/** MQSC verbs (after abbreviation) a read-only user may run. */
const READ_ONLY_VERBS = new Set(["DISPLAY", "DIS", "PING"]);

/** Whether `role` may do `operation`; when not, the verb and object for IBM's "Not authorized to <verb> <object>." */
export function authorize(role: Role, operation: Operation): { allowed: true } | { allowed: false; verb: string; object: string } {
  const refuse = (verb: string, object: string) => ({ allowed: false as const, verb, object });
  if (role === "MQWebAdmin" || operation.kind === "session") return { allowed: true };
  if (role === "MQWebChannel")
    return operation.kind === "mqsc" ? refuse("run MQSC commands on", "the queue manager") : refuse(CHANNEL_ONLY_VERBS[operation.kind], operation.target);
  switch (operation.kind) {
    case "browse":
      return { allowed: true };
    case "put":
      return role === "MQWebUser" ? { allowed: true } : refuse("put to", operation.target);
    case "get":
      return role === "MQWebUser" ? { allowed: true } : refuse("get from", operation.target);
    case "publish":
      return role === "MQWebUser" ? { allowed: true } : refuse("publish to", operation.target);
    case "admin-read":
      return role === "MQWebAdminRO" ? { allowed: true } : refuse("display", operation.target);
    case "admin-change":
      return refuse("change", operation.target);
    case "mqsc": {
      if (role === "MQWebUser") return refuse("run MQSC commands on", "the queue manager");
      const other = operation.commands.find((verb) => !READ_ONLY_VERBS.has(verb));
      return other === undefined ? { allowed: true } : refuse(other.toLowerCase(), "objects with MQSC");
    }
  }
}

/** The verbs of an MQSC script, upper case, in order ("" for a command whose verb cannot be read). */
export function mqscVerbs(script: string): string[] {
  return parseScript(script).map((command) => command.parameters[0]?.keyword ?? "");
}

const MESSAGING = /^\/ibmmq\/rest\/v[123]\/messaging\/qmgr\/([^/]+)\/(queue|topic)\/(.+?)\/(message|messagelist)$/;
const MQSC = /^\/ibmmq\/rest\/v[123]\/admin\/action\/qmgr\/[^/]+\/mqsc$/;
const ADMIN = /^\/ibmmq\/rest\/v[123]\/admin(\/.*)?$/;
const LOGIN = /^\/ibmmq\/rest\/v[123]\/login$/;

/**
 * The operation a request asks for, from its method and path (as the router matches it: Hono's
 * c.req.path, percent-encoded letters decoded, never the raw pathname); undefined for one that names no
 * resource (the route's 404 answers it). An MQSC request's commands come from `mqscScript`,
 * called only for that route; it answers undefined when the body cannot be read.
 */
export async function operationOf(method: string, path: string, mqscScript: () => Promise<string | undefined>): Promise<Operation | undefined> {
  if (LOGIN.test(path)) return { kind: "session" };
  const messaging = MESSAGING.exec(path);
  if (messaging) {
    const target = decodeSafely(messaging[3]!);
    if (messaging[2] === "topic") return method === "POST" ? { kind: "publish", target } : undefined;
    if (messaging[4] === "messagelist") return { kind: "browse", target };
    if (method === "POST") return { kind: "put", target };
    if (method === "DELETE") return { kind: "get", target };
    return { kind: "browse", target };
  }
  if (MQSC.test(path) && method === "POST") {
    // A body that cannot be read runs nothing (the route answers 400): no commands to judge.
    const script = await mqscScript();
    return { kind: "mqsc", commands: script === undefined ? [] : mqscVerbs(script) };
  }
  if (ADMIN.test(path)) {
    const target = path.replace(/^\/ibmmq\/rest\/v[123]\/admin\/?/, "") || "admin";
    return method === "GET" || method === "HEAD" ? { kind: "admin-read", target } : { kind: "admin-change", target };
  }
  return undefined;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
