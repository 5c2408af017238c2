/**
 * The query parameters of leased gets on DELETE .../message (leases.ts says what a lease is):
 *
 *   ?lease=<ms>        get the next message (with wait, messageId, correlationId, selector as
 *                      any get) and hold it for <ms>: 200 with the message and webmq-lease
 *   ?confirm=<token>   the message is taken for good: 204
 *   ?release=<token>   the message goes back now, its backout count raised: 204
 *
 * A confirm or release takes no other parameter, so that it can never also be a get.
 */
import type { Message } from "../../core/index.js";
import { badQueryParameter } from "./errors.js";
import type { ApiVersion } from "./ids.js";
import { LEASE_EXPIRES_HEADER, LEASE_HEADER, type LeaseGranted, type MessageLeases } from "./leases.js";
import { messageResponse } from "./response.js";

type Query = (name: string) => string | undefined;

export type LeaseSettlement = { action: "confirm" | "release"; token: string };

const DECIMAL = /^\d+$/;
const TOKEN = /^[0-9a-f-]{1,64}$/i;

/** `lease`: how long a leased get holds its message, in ms, 1 to `maxLease`; undefined for a plain get. */
export function parseLease(query: Query, maxLease: number): number | undefined {
  const value = query("lease");
  if (value === undefined) return undefined;
  const ms = DECIMAL.test(value) ? Number(value) : NaN;
  if (!(ms >= 1 && ms <= maxLease)) {
    throw badQueryParameter(
      "lease",
      value,
      "MQRC_WAIT_INTERVAL_ERROR",
      `lease is a whole number of milliseconds from 1 to ${maxLease}, the longest this server holds a leased message`,
    );
  }
  return ms;
}

/** `confirm` or `release`, alone: the settlement of a lease; undefined when the request is a get. */
export function parseSettlement(url: string): LeaseSettlement | undefined {
  const params = new URL(url, "http://localhost").searchParams;
  const actions = (["confirm", "release"] as const).filter((name) => params.has(name));
  if (actions.length === 0) return undefined;
  const action = actions[0]!;
  const token = params.get(action)!;
  const others = [...new Set(params.keys())].filter((name) => name !== action);
  if (others.length > 0) {
    throw badQueryParameter(
      others[0]!,
      params.get(others[0]!)!,
      "MQRC_OPTIONS_ERROR",
      `a ${action} of a lease takes no other query parameter; it gets no message`,
    );
  }
  if (params.getAll(action).length > 1 || !TOKEN.test(token)) {
    throw badQueryParameter(action, token, "MQRC_UOW_NOT_AVAILABLE", `${action} is one lease token, as the ${LEASE_HEADER} header of a leased get gives it`);
  }
  return { action, token };
}

/** Confirms or releases a lease: 204, with the lease named. */
export async function settleLease(leases: MessageLeases, settlement: LeaseSettlement, qmgr: string, queue: string): Promise<Response> {
  if (settlement.action === "confirm") await leases.confirm(settlement.token, qmgr, queue);
  else await leases.release(settlement.token, qmgr, queue);
  return new Response(null, { status: 204, headers: { [LEASE_HEADER]: settlement.token } });
}

/** The 200 of a leased get: the message, whole, with its lease's token and end. */
export function leasedMessageResponse(version: ApiVersion, message: Message, lease: LeaseGranted): Response {
  const response = messageResponse(version, message);
  response.headers.set(LEASE_HEADER, lease.token);
  response.headers.set(LEASE_EXPIRES_HEADER, new Date(lease.expiresAt).toISOString());
  return response;
}
