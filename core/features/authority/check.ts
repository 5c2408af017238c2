/**
 * The authority check, as IBM's OAM makes it: for the principal and for each of its groups,
 * the most specific profile of the object type that matches the object's name and has a
 * record for that entity decides what that entity holds; what the principal may do is the
 * union over the principal and its groups. Any adapter calls checkAuthority before it acts,
 * so that a refusal changes nothing.
 *
 * A queue manager that holds no authority record at all has the OAM off: every check passes,
 * as before records existed (README "Authority records" says why). The first SET AUTHREC turns
 * it on for every principal an adapter checks; the adapters never check an administrator
 * (mqweb's MQWebAdmin, as IBM's mqm group).
 */
import { MQError } from "../../base/errors.js";
import type { AuthorityObjectType } from "./authorities.js";
import { compareSpecificity, matchesProfile } from "./profiles.js";
import { authorityRecords, type AuthorityHost, type AuthorityRecord, type EntityType } from "./records.js";
import { CHLAUTH_KEY_PREFIX } from "../chlauth/records.js";

/** The profile name the queue manager's own records are kept under (IBM's DISPLAY AUTHREC shows `self`). */
export const QMGR_PROFILE = "self";

/** The records that decide what each entity holds on one object: per entity, its most specific matching profile's. */
export function decidingRecords(
  host: AuthorityHost,
  entities: readonly { entityType: EntityType; entity: string }[],
  objectType: AuthorityObjectType,
  name: string,
): AuthorityRecord[] {
  const profileName = objectType === "QMGR" ? QMGR_PROFILE : name;
  const deciding: AuthorityRecord[] = [];
  for (const { entityType, entity } of entities) {
    let best: AuthorityRecord | undefined;
    for (const record of authorityRecords(host.authorityRecords)) {
      if (record.objectType !== objectType || record.entityType !== entityType || record.entity !== entity) continue;
      const matches = objectType === "QMGR" ? record.profile === QMGR_PROFILE : matchesProfile(record.profile, profileName);
      if (matches && (best === undefined || compareSpecificity(record.profile, best.profile) < 0)) best = record;
    }
    if (best) deciding.push(best);
  }
  return deciding;
}

/** The single authorities `principal` (in `groups`) holds on the object. */
export function effectiveAuthorities(
  host: AuthorityHost,
  principal: string,
  groups: readonly string[],
  objectType: AuthorityObjectType,
  name: string,
): Set<string> {
  const entities = [{ entityType: "PRINCIPAL" as const, entity: principal }, ...groups.map((entity) => ({ entityType: "GROUP" as const, entity }))];
  return new Set(decidingRecords(host, entities, objectType, name).flatMap((record) => record.authorities));
}

/** Throws MQRC_NOT_AUTHORIZED (2035) unless `principal` (in `groups`) holds `authority` on the object. */
export function checkAuthority(
  host: AuthorityHost,
  principal: string,
  groups: readonly string[],
  objectType: AuthorityObjectType,
  name: string,
  authority: string,
): void {
  if (!anyAuthorityRecord(host)) return;
  if (effectiveAuthorities(host, principal, groups, objectType, name).has(authority)) return;
  const object = objectType === "QMGR" ? `queue manager ${host.name}` : `${objectType.toLowerCase()} ${name}`;
  throw new MQError("MQRC_NOT_AUTHORIZED", `${principal} is not authorized to ${authority} on ${object}`);
}

/**
 * Whether an authority record is kept: with none, no authority is checked. The channel
 * authentication records (SET CHLAUTH) are stored under the same prefix and do not count.
 */
function anyAuthorityRecord(host: AuthorityHost): boolean {
  for (const key of host.authorityRecords.values.keys()) if (!key.startsWith(CHLAUTH_KEY_PREFIX)) return true;
  return false;
}
