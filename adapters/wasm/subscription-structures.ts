/**
 * The structures of MQSUB, MQSUBRQ and the message-property verbs in a module's memory:
 * MQCHARV (a variable-length string: a pointer, or an offset from the structure that holds it,
 * and a length), MQSD, MQSRO, MQCMHO, MQDMHO, MQSMPO, MQIMPO, MQDMPO, MQPD; and MQSTAT's MQSTS.
 * Each read checks StrucId and Version, with the reason IBM gives for that structure.
 */
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import { MQError } from "../mqi/structures.js";
import { MQSD, type MQSTS } from "../mqi/verb-structures.js";
import * as L from "./layouts.js";
import { header, type ModuleMemory } from "./structures.js";

export const MQRC_CMHO_ERROR = 2461;
export const MQRC_DMHO_ERROR = 2462;
export const MQRC_SMPO_ERROR = 2463;
export const MQRC_IMPO_ERROR = 2464;
export const MQRC_DMPO_ERROR = 2481;
export const MQRC_PD_ERROR = 2482;
export const MQRC_STS_ERROR = 2426;
const MQVS_NULL_TERMINATED = -1;
/** The longest NUL-terminated string read: IBM's longest names are 10,240 bytes (MQ_SUB_NAME_LENGTH). */
const LONGEST_TERMINATED = 10_240;
const utf8 = new TextDecoder();
const encoder = new TextEncoder();

/** The address an MQCHARV's string is at: VSPtr, or VSOffset from the structure (0 for none). */
function charvAddress(memory: ModuleMemory, structure: number, at: number): number {
  const pointer = memory.long(at);
  if (pointer !== 0) return pointer;
  const offset = memory.long(at + 4);
  return offset !== 0 ? structure + offset : 0;
}

/** The string an MQCHARV at `at` (in the structure at `structure`) describes; null when it has none. */
export function readCharV(memory: ModuleMemory, structure: number, at: number, reason: number, verb: string): string | null {
  const length = memory.long(at + 12);
  if (length === 0) return null;
  const address = charvAddress(memory, structure, at);
  if (address === 0 || length < MQVS_NULL_TERMINATED) throw new MQError(N.MQCC_FAILED, reason, verb);
  if (length === MQVS_NULL_TERMINATED) return memory.cString(address, LONGEST_TERMINATED) || null;
  return utf8.decode(memory.bytes(address, length));
}

/** Writes `text` into an MQCHARV's buffer (VSBufSize bytes at most) and sets VSLength to its whole length. */
export function writeCharV(memory: ModuleMemory, structure: number, at: number, text: string): void {
  const bytes = encoder.encode(text);
  const size = memory.long(at + 8);
  const address = charvAddress(memory, structure, at);
  if (address !== 0 && size > 0) memory.bytes(address, Math.min(size, bytes.length)).set(bytes.subarray(0, size));
  memory.setLong(at + 12, bytes.length);
}

const field = (layout: L.Layout, name: string) => layout[name]!.offset;

export function readSD(memory: ModuleMemory, address: number): MQSD {
  header(memory, address, "MQSD", N.MQRC_SD_ERROR, "SUB");
  const sd = new MQSD();
  const long = (name: string) => memory.long(address + field(L.MQSD, name));
  const charv = (name: string) => readCharV(memory, address, address + field(L.MQSD, `${name}.VSPtr`), N.MQRC_SD_ERROR, "SUB");
  sd.Options = long("Options");
  sd.ObjectName = memory.chars(address + field(L.MQSD, "ObjectName"), 48) || null;
  sd.AlternateUserId = memory.chars(address + field(L.MQSD, "AlternateUserId"), 12) || null;
  sd.SubExpiry = long("SubExpiry");
  sd.ObjectString = charv("ObjectString");
  sd.SubName = charv("SubName");
  sd.SubUserData = charv("SubUserData");
  sd.PubPriority = long("PubPriority");
  sd.PubApplIdentityData = memory.chars(address + field(L.MQSD, "PubApplIdentityData"), 32) || null;
  sd.SelectionString = charv("SelectionString");
  sd.SubLevel = long("SubLevel");
  return sd;
}

/** MQSUB's output: ResObjectString, the subscription's full topic string. */
export function writeSD(memory: ModuleMemory, address: number, sd: MQSD): void {
  writeCharV(memory, address, address + field(L.MQSD, "ResObjectString.VSPtr"), sd.ResObjectString ?? "");
}

/** A structure that is a header and fields of MQLONGs: checked, and its fields read. */
export function readLongs<K extends string>(
  memory: ModuleMemory,
  address: number,
  name: keyof typeof L.STRUC_IDS,
  reason: number,
  verb: string,
  fields: readonly K[],
): Record<K, number> {
  header(memory, address, name, reason, verb);
  const layout = L[name as keyof typeof L] as L.Layout;
  return Object.fromEntries(fields.map((f) => [f, memory.long(address + layout[f]!.offset)])) as Record<K, number>;
}

/** MQSTAT's output into the program's MQSTS: version 1's fields, and version 2's (the object's long name, the subscription's, the options) when it has them. */
export function writeSTS(memory: ModuleMemory, address: number, version: number, sts: MQSTS): void {
  const at = (name: string) => address + field(L.MQSTS, name);
  for (const name of ["CompCode", "Reason", "PutSuccessCount", "PutWarningCount", "PutFailureCount", "ObjectType"] as const)
    memory.setLong(at(name), sts[name]);
  for (const name of ["ObjectName", "ObjectQMgrName", "ResolvedObjectName", "ResolvedQMgrName"] as const) memory.setChars(at(name), 48, sts[name]);
  if (version < 2) return;
  writeCharV(memory, address, at("ObjectString.VSPtr"), sts.ObjectString ?? "");
  writeCharV(memory, address, at("SubName.VSPtr"), sts.SubName ?? "");
  memory.setLong(at("OpenOptions"), sts.OpenOptions);
  memory.setLong(at("SubOptions"), sts.SubOptions);
}
