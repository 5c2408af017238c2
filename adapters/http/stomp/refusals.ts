/**
 * Who may send to or subscribe to a destination, and the ERROR frame that says no. The role
 * first (the REST API's outer gate), then the authority records, as the REST routes check
 * them: SEND to a queue needs PUT on it, to a topic PUB; SUBSCRIBE to a queue GET, to a topic
 * SUB. A temporary queue is the connection's own and is not checked. A refusal is
 * MQRC_NOT_AUTHORIZED, sent as an ERROR frame, before anything is put or consumed.
 */
import { MQError, type QueueManager } from "../../../core/index.js";
import { authorize } from "../security/roles.js";
import { checkPrincipalAuthority, checkPrincipalTopicAuthority } from "../security/authority.js";
import type { StompPrincipal } from "./connection-options.js";
import type { StompDestination } from "./destinations.js";

export function authorizeDestination(
  qm: QueueManager,
  principal: StompPrincipal,
  kind: "put" | "get" | "publish",
  target: string,
  destination: StompDestination,
): void {
  const verdict = authorize(principal.role, { kind, target });
  if (!verdict.allowed) throw new MQError("MQRC_NOT_AUTHORIZED", `user ${principal.name} is not authorized to ${verdict.verb} ${verdict.object}`);
  if (destination.kind === "queue") checkPrincipalAuthority(qm, principal, "QUEUE", destination.name, kind === "get" ? "GET" : "PUT");
  else if (destination.kind === "topic") checkPrincipalTopicAuthority(qm, principal, destination.topic, kind === "get" ? "SUB" : "PUB");
}

/** The ERROR frame's headers and body for `error`, met handling `command`; `reason` is also the close's reason. */
export function errorFrame(error: unknown, receipt: string | undefined, command: string): { headers: [string, string][]; body: Uint8Array; reason: string } {
  const mq = error instanceof MQError ? error : undefined;
  const reason = mq ? `${mq.reason} (${mq.reasonCode})` : "MQRC_UNEXPECTED_ERROR (2195)";
  const detail = error instanceof Error ? error.message : String(error);
  const headers: [string, string][] = [
    ["message", `${command}: ${reason}`.slice(0, 200)],
    ["content-type", "text/plain;charset=utf-8"],
  ];
  if (mq) headers.push(["reason-code", String(mq.reasonCode)]);
  if (receipt !== undefined) headers.push(["receipt-id", receipt]);
  return { headers, body: new TextEncoder().encode(detail), reason };
}
