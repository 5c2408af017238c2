/**
 * What the stored authority records mean: who (a principal or a group) holds which
 * authorities on which profile of which object type. Read from the queue manager's
 * StoredAuthorityRecords (stored-records.ts) and written back through it; a stored value that
 * is not a usable record (a damaged store, an older layout) is left in the store and counts for
 * nothing, so it never grants.
 */
import type { JsonValue } from "../../message/message.js";
import { applicable, isObjectType, type AuthorityObjectType } from "./authorities.js";
import { AUTHORITY_KEY_PREFIX, type StoredAuthorityRecords } from "./stored-records.js";

export type EntityType = "PRINCIPAL" | "GROUP";

export interface AuthorityRecord {
  profile: string;
  objectType: AuthorityObjectType;
  entityType: EntityType;
  entity: string;
  /** The single authorities held, upper case, sorted. */
  authorities: string[];
}

export type RecordName = Pick<AuthorityRecord, "profile" | "objectType" | "entityType" | "entity">;

/** What a queue manager offers whoever reads or changes its authority records. */
export interface AuthorityHost {
  readonly name: string;
  readonly authorityRecords: StoredAuthorityRecords;
}

export function authorityKey(record: RecordName): string {
  return `${AUTHORITY_KEY_PREFIX}${record.objectType}/${record.entityType}/${encodeURIComponent(record.entity)}/${record.profile}`;
}

const parsed = new WeakMap<StoredAuthorityRecords, { version: number; records: AuthorityRecord[] }>();

/** Every usable record, in the order DISPLAY AUTHREC lists them: object type, profile, entity type, entity. */
export function authorityRecords(stored: StoredAuthorityRecords): readonly AuthorityRecord[] {
  const cached = parsed.get(stored);
  if (cached?.version === stored.version) return cached.records;
  const records: AuthorityRecord[] = [];
  for (const [key, value] of stored.values) {
    const record = readRecord(value);
    if (record && authorityKey(record) === key) records.push(record);
  }
  records.sort(
    (a, b) =>
      a.objectType.localeCompare(b.objectType) ||
      a.profile.localeCompare(b.profile) ||
      a.entityType.localeCompare(b.entityType) ||
      a.entity.localeCompare(b.entity),
  );
  parsed.set(stored, { version: stored.version, records });
  return records;
}

export function findRecord(stored: StoredAuthorityRecords, name: RecordName): AuthorityRecord | undefined {
  const record = readRecord(stored.values.get(authorityKey(name)) ?? null);
  return record && authorityKey(record) === authorityKey(name) ? record : undefined;
}

export function putRecord(stored: StoredAuthorityRecords, record: AuthorityRecord): Promise<void> {
  const value = { ...record, authorities: [...new Set(record.authorities)].sort() };
  return stored.write(authorityKey(record), value as unknown as JsonValue);
}

export async function deleteRecord(stored: StoredAuthorityRecords, name: RecordName): Promise<boolean> {
  const key = authorityKey(name);
  if (!stored.values.has(key)) return false;
  await stored.write(key, undefined);
  return true;
}

function readRecord(value: JsonValue): AuthorityRecord | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const { profile, objectType, entityType, entity, authorities } = value as Record<string, JsonValue>;
  if (typeof profile !== "string" || profile === "" || typeof entity !== "string" || entity === "") return undefined;
  if (typeof objectType !== "string" || !isObjectType(objectType)) return undefined;
  if (entityType !== "PRINCIPAL" && entityType !== "GROUP") return undefined;
  const valid = applicable(objectType);
  if (!Array.isArray(authorities) || !authorities.every((a) => typeof a === "string" && valid.includes(a))) return undefined;
  return { profile, objectType, entityType, entity, authorities: authorities as string[] };
}
