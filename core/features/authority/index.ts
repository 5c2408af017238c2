/** Authority records (IBM's OAM): the check any adapter calls, and what reads the records. */
export { checkAuthority, effectiveAuthorities, decidingRecords, QMGR_PROFILE } from "./check.js";
export { authorityRecords, type AuthorityHost, type AuthorityRecord, type EntityType } from "./records.js";
export { OBJECT_TYPES, type AuthorityObjectType } from "./authorities.js";
export { matchesProfile, compareSpecificity } from "./profiles.js";
