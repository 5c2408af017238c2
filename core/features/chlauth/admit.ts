/**
 * Which user a client connection on a SVRCONN channel runs as, or why it is refused, from the
 * channel's MCAUSER and the queue manager's CHLAUTH records, as IBM MQ decides it:
 *
 * 1. BLOCKADDR: an address listed on the `*` profile is refused outright.
 * 2. The mapping rule that applies is the one of the most specific channel profile (a name
 *    before a generic one, a longer generic before a shorter) that matches; on one profile a
 *    USERMAP for the client's asserted user before an ADDRESSMAP for its address, and the
 *    ADDRESSMAP of the most specific address before `*`.
 *    USERSRC(NOACCESS) refuses; USERSRC(MAP) runs as the rule's MCAUSER; USERSRC(CHANNEL), and
 *    no rule at all, as the channel's MCAUSER, or the asserted user when it has none.
 * 3. BLOCKUSER: the most specific profile's list (a channel's own rule overrides the back-stop
 *    on `*`) refuses the user it names, and `*MQADMIN` every administrator. With no BLOCKUSER
 *    record for the channel, IBM's default back-stop `*` BLOCKUSER(*MQADMIN) holds.
 *
 * CONNAUTH (the password check, CHCKCLNT) is the caller's, with the rule's CHCKCLNT given back;
 * the check of the adopted user against BLOCKUSER again is `blockedUser`.
 */
import type { StoredAuthorityRecords } from "../authority/stored-records.js";
import { chlauthRecords, matchesAddress, matchesGeneric, type CheckClient, type ChlauthRecord } from "./records.js";

export interface ClientAttempt {
  channel: string;
  /** The channel's MCAUSER ("" when blank). */
  channelUser: string;
  /** The client's IP address. */
  address: string;
  /** The user id the client asserts (its MQCSP UserId, or the user it runs as). */
  clientUser: string;
  /** Whether a user is an administrator (`*MQADMIN`: in IBM's terms, mqm and its group). */
  isAdmin(user: string): boolean;
}

/** Refused: `addressBlocked` when BLOCKADDR refused it (IBM's client sees the queue manager as unavailable, 2059). */
export type Admission = { ok: true; user: string; checkClient: CheckClient } | { ok: false; text: string; addressBlocked?: boolean };

/** How specific a channel profile is: a name without `*` beats every generic; then the longer fixed part. */
function specificity(profile: string): number {
  return profile.includes("*") ? profile.replaceAll("*", "").length : 10_000 + profile.length;
}

function mostSpecific(records: ChlauthRecord[]): ChlauthRecord[] {
  const best = Math.max(...records.map((r) => specificity(r.profile)));
  return records.filter((r) => specificity(r.profile) === best);
}

/** On one profile: a USERMAP first, then the ADDRESSMAP of the most specific address (one without `*` or a range, then the longer). */
function rank(record: ChlauthRecord): number {
  if (record.type === "USERMAP") return 0;
  const generic = /[*-]/.test(record.address);
  return (generic ? 2_000 : 1_000) - record.address.replace(/[*-]/g, "").length;
}

export function admitClient(stored: StoredAuthorityRecords, attempt: ClientAttempt): Admission {
  const records = chlauthRecords(stored).filter((r) => matchesGeneric(r.profile, attempt.channel));
  const blockedAddress = records.find((r) => r.type === "BLOCKADDR" && r.list.some((pattern) => matchesAddress(pattern, attempt.address)));
  if (blockedAddress)
    return { ok: false, text: `address ${attempt.address} is blocked by CHLAUTH('${blockedAddress.profile}') TYPE(BLOCKADDR) (AMQ9782)`, addressBlocked: true };
  const mappings = records.filter(
    (r) => (r.type === "USERMAP" && r.clientUser === attempt.clientUser) || (r.type === "ADDRESSMAP" && matchesAddress(r.address, attempt.address)),
  );
  const rule = mappings.length === 0 ? undefined : mostSpecific(mappings).sort((a, b) => rank(a) - rank(b))[0];
  if (rule?.userSource === "NOACCESS")
    return {
      ok: false,
      text: `channel ${attempt.channel} from ${attempt.address} is refused by CHLAUTH('${rule.profile}') TYPE(${rule.type}) USERSRC(NOACCESS) (AMQ9777)`,
    };
  const user = rule?.userSource === "MAP" ? rule.mcaUser : attempt.channelUser || attempt.clientUser;
  const blocked = blockedUser(stored, attempt, user);
  if (blocked) return { ok: false, text: blocked };
  return { ok: true, user, checkClient: rule?.checkClient ?? "ASQMGR" };
}

/** Why `user` may not run the channel under its BLOCKUSER rule (or the default `*MQADMIN` back-stop); undefined when it may. */
export function blockedUser(stored: StoredAuthorityRecords, attempt: Pick<ClientAttempt, "channel" | "isAdmin">, user: string): string | undefined {
  const blocks = chlauthRecords(stored).filter((r) => r.type === "BLOCKUSER" && matchesGeneric(r.profile, attempt.channel));
  const rules = blocks.length === 0 ? [{ profile: "*", list: ["*MQADMIN"] }] : mostSpecific(blocks);
  for (const rule of rules) {
    const hit = rule.list.find((entry) => entry === user || (entry.toUpperCase() === "*MQADMIN" && attempt.isAdmin(user)));
    if (hit !== undefined)
      return `user ${user || "(blank)"} is blocked on channel ${attempt.channel} by CHLAUTH('${rule.profile}') TYPE(BLOCKUSER) USERLIST(${hit}) (AMQ9776)`;
  }
  return undefined;
}
