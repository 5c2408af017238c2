/**
 * The authority records' check on the REST paths, after the role table (roles.ts) has let a
 * request through: the request's principal, with its groups from the user directory, must hold
 * the authority the operation needs on the object, or the route answers 403 with reason 2035
 * (MQWB0103E, errors.ts) before it changes anything. MQWebAdmin is never checked against the
 * records, as IBM's mqm group is not; nor is a request on an app served without security.
 */
import type { Context } from "hono";
import type { QueueManager } from "../../../core/index.js";
import { checkAuthority, type AuthorityObjectType } from "../../../core/features/authority/index.js";
import type { MqscRunOptions } from "../../../core/features/mqsc/execute.js";
import { directoryOf, principalOf } from "./index.js";

/** Who an authority check is made for: a name, its role (MQWebAdmin is never checked) and its groups. */
export interface CheckedPrincipal {
  name: string;
  role: string;
  groups?: readonly string[] | undefined;
}

/** Throws MQRC_NOT_AUTHORIZED unless the request's principal may `authority` on the object. */
export function checkRequestAuthority(c: Context, qm: QueueManager, objectType: AuthorityObjectType, name: string, authority: string): void {
  checkPrincipalAuthority(qm, principalOf(c), objectType, name, authority);
}

/** As checkRequestAuthority, for a principal a socket's CONNECT or auth frame made (STOMP, channels); none on an app without security. */
export function checkPrincipalAuthority(
  qm: QueueManager,
  principal: CheckedPrincipal | undefined,
  objectType: AuthorityObjectType,
  name: string,
  authority: string,
): void {
  if (principal === undefined || principal.role === "MQWebAdmin") return;
  checkAuthority(qm, principal.name, principal.groups ?? [], objectType, name, authority);
}

/**
 * A topic string's authority, as IBM's topic security checks it: on the administrative topic
 * object closest to the string (the TOPIC whose TOPICSTR is the longest leading part of it, at
 * a '/'), and when not held there on each one above it up to SYSTEM.BASE.TOPIC; any of them
 * granting is enough.
 */
export function checkTopicAuthority(c: Context, qm: QueueManager, topicString: string, authority: string): void {
  checkPrincipalTopicAuthority(qm, principalOf(c), topicString, authority);
}

export function checkPrincipalTopicAuthority(qm: QueueManager, principal: CheckedPrincipal | undefined, topicString: string, authority: string): void {
  if (principal === undefined || principal.role === "MQWebAdmin") return;
  const above = qm
    .objects(["topic"])
    .map((d) => ({ name: d.name, string: String(d.attributes.topicString ?? "") }))
    .filter(({ string }) => string === "" || string === topicString || topicString.startsWith(`${string}/`))
    .sort((a, b) => b.string.length - a.string.length)
    .map((d) => d.name);
  if (!above.includes("SYSTEM.BASE.TOPIC")) above.push("SYSTEM.BASE.TOPIC");
  let refusal: unknown;
  for (const name of above) {
    try {
      return checkAuthority(qm, principal.name, principal.groups ?? [], "TOPIC", name, authority);
    } catch (error) {
      refusal ??= error;
    }
  }
  throw refusal;
}

/** What MQSC needs to check each command as the request's principal (nothing for MQWebAdmin), and to look groups up. */
export function mqscAuthorityOptions(c: Context): Pick<MqscRunOptions, "principal" | "groupsOf"> {
  const principal = principalOf(c);
  const directory = directoryOf(c);
  const groupsOf = (name: string) => (name === principal?.name && principal.groups ? principal.groups : (directory?.groupsOf(name) ?? []));
  if (principal === undefined || principal.role === "MQWebAdmin") return { groupsOf };
  return { principal: { name: principal.name, groups: principal.groups ?? [] }, groupsOf };
}
