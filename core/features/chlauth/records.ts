/**
 * Channel authentication records (SET CHLAUTH), as IBM MQ keeps them: per channel profile (a
 * name that may hold `*`), of a type (ADDRESSMAP, USERMAP, BLOCKUSER, BLOCKADDR), keyed by what
 * they match (ADDRESS, CLNTUSER). They are stored with the authority records, in the store's
 * meta under `authrec/chlauth/`: the queue manager's entry restores every `authrec/` key at
 * open, so they persist and come back without a byte more in the entry; the authority
 * records' reader (authority/records.ts) skips them, as values that are not its records.
 */
import type { JsonValue } from "../../message/message.js";
import type { StoredAuthorityRecords } from "../authority/stored-records.js";

export const CHLAUTH_KEY_PREFIX = "authrec/chlauth/";

export type ChlauthType = "ADDRESSMAP" | "USERMAP" | "BLOCKUSER" | "BLOCKADDR";
export const CHLAUTH_TYPES: readonly ChlauthType[] = ["ADDRESSMAP", "USERMAP", "BLOCKUSER", "BLOCKADDR"];
export type UserSource = "MAP" | "NOACCESS" | "CHANNEL";
export type CheckClient = "ASQMGR" | "REQUIRED" | "REQDADM";

export interface ChlauthRecord {
  /** The channel profile: a name, or a generic one with `*` (`*` alone matches every channel). */
  profile: string;
  type: ChlauthType;
  /** ADDRESSMAP: the address pattern (`*`, `192.168.*`, `10.1.2.3-9`); "" when none. */
  address: string;
  /** USERMAP: the client's asserted user id. */
  clientUser: string;
  /** BLOCKUSER: the blocked users (`*MQADMIN` for every administrator); BLOCKADDR: the blocked addresses. */
  list: string[];
  userSource: UserSource;
  mcaUser: string;
  checkClient: CheckClient;
  description: string;
}

/** The key a record is stored under: one per profile, type and what it matches, as IBM keeps one per combination. */
export function chlauthKey(record: Pick<ChlauthRecord, "profile" | "type" | "address" | "clientUser">): string {
  const match = record.type === "USERMAP" ? record.clientUser : record.type === "ADDRESSMAP" ? record.address : "";
  return `${CHLAUTH_KEY_PREFIX}${record.type}/${encodeURIComponent(record.profile)}/${encodeURIComponent(match)}`;
}

/** Every usable CHLAUTH record; a stored value that is not one counts for nothing. */
export function chlauthRecords(stored: StoredAuthorityRecords): ChlauthRecord[] {
  const records: ChlauthRecord[] = [];
  for (const [key, value] of stored.values) {
    if (!key.startsWith(CHLAUTH_KEY_PREFIX)) continue;
    const record = readRecord(value);
    if (record && chlauthKey(record) === key) records.push(record);
  }
  return records.sort((a, b) => a.profile.localeCompare(b.profile) || a.type.localeCompare(b.type));
}

export function putChlauthRecord(stored: StoredAuthorityRecords, record: ChlauthRecord): Promise<void> {
  return stored.write(chlauthKey(record), { ...record } as unknown as JsonValue);
}

export async function removeChlauthRecord(
  stored: StoredAuthorityRecords,
  record: Pick<ChlauthRecord, "profile" | "type" | "address" | "clientUser">,
): Promise<boolean> {
  const key = chlauthKey(record);
  if (!stored.values.has(key)) return false;
  await stored.write(key, undefined);
  return true;
}

function readRecord(value: JsonValue): ChlauthRecord | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const r = value as Record<string, JsonValue>;
  const texts = ["profile", "address", "clientUser", "mcaUser", "description"] as const;
  if (!texts.every((k) => typeof r[k] === "string") || r.profile === "") return undefined;
  if (!CHLAUTH_TYPES.includes(r.type as ChlauthType)) return undefined;
  if (!Array.isArray(r.list) || !r.list.every((u) => typeof u === "string")) return undefined;
  if (!["MAP", "NOACCESS", "CHANNEL"].includes(r.userSource as string)) return undefined;
  if (!["ASQMGR", "REQUIRED", "REQDADM"].includes(r.checkClient as string)) return undefined;
  return r as unknown as ChlauthRecord;
}

/** Whether a generic name (`*` for any run of characters) matches `name`. */
export function matchesGeneric(pattern: string, name: string): boolean {
  const expression = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", ".*");
  return new RegExp(`^${expression}$`).test(name);
}

/**
 * Whether an IBM address pattern matches an IP address: `*`; a dotted pattern whose parts are
 * a number, `*`, or a range `n-m` (`192.168.*`, `10.0.0.1-20`); IPv4-mapped IPv6 addresses are
 * read as IPv4, and `::1` as loopback's 127.0.0.1.
 */
export function matchesAddress(pattern: string, address: string): boolean {
  const ip = address === "::1" ? "127.0.0.1" : address.replace(/^::ffff:/i, "");
  if (pattern === "*" || pattern === ip) return true;
  const wanted = pattern.split(".");
  const parts = ip.split(".");
  for (let i = 0; i < wanted.length; i++) {
    const want = wanted[i]!;
    if (want === "*") return true;
    const part = parts[i];
    if (part === undefined) return false;
    const range = /^(\d+)-(\d+)$/.exec(want);
    if (range ? Number(part) < Number(range[1]) || Number(part) > Number(range[2]) : want !== part) return false;
  }
  return wanted.length === parts.length;
}
