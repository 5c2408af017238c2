/**
 * IBM's structures in a module's memory, to and from the JavaScript MQI's classes
 * (adapters/mqi): each read checks the StrucId and Version and reads the fields its version
 * has; each write sets only the output fields of the version the program passed.
 */
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import { MQCNO, MQCSP, MQError, MQGMO, MQMD, MQOD, MQPMO } from "../mqi/structures.js";
import * as L from "./layouts.js";

const latin1 = new TextDecoder("latin1");
const MQRC_CNO_ERROR = 2139;
const MQRC_SECURITY_ERROR = 2063;
const utf8 = new TextDecoder();

const encoder = new TextEncoder();

/**
 * A module's linear memory. The views are made again only when memory.grow has replaced the
 * buffer: each MQI call reads and writes dozens of fields.
 */
export class ModuleMemory {
  #buffer: ArrayBuffer | undefined;
  #view: DataView | undefined;
  #bytes: Uint8Array | undefined;

  constructor(readonly memory: WebAssembly.Memory) {}

  #refresh(): void {
    const buffer = this.memory.buffer;
    if (buffer === this.#buffer) return;
    this.#buffer = buffer;
    this.#view = new DataView(buffer);
    this.#bytes = new Uint8Array(buffer);
  }
  /** The bytes at [address, address + length), a view into memory; an address outside it is a RangeError. */
  bytes(address: number, length: number): Uint8Array {
    this.#refresh();
    if (address <= 0 || length < 0 || address + length > this.#bytes!.length) throw new RangeError("outside memory");
    return this.#bytes!.subarray(address, address + length);
  }
  long(address: number): number {
    this.#refresh();
    return this.#view!.getInt32(address, true);
  }
  setLong(address: number, value: number): void {
    this.#refresh();
    this.#view!.setInt32(address, value, true);
  }
  /** An MQINT64 or MQHMSG: 8 bytes, little-endian. */
  int64(address: number): bigint {
    this.#refresh();
    return this.#view!.getBigInt64(address, true);
  }
  setInt64(address: number, value: bigint): void {
    this.#refresh();
    this.#view!.setBigInt64(address, value, true);
  }
  /** The DataView over memory as it is now (for a value of a property's type). */
  get view(): DataView {
    this.#refresh();
    return this.#view!;
  }
  /** Text up to the first NUL, trailing blanks removed: how IBM's fixed-length character fields read. */
  chars(address: number, length: number): string {
    const bytes = this.bytes(address, length);
    const end = bytes.indexOf(0);
    return utf8.decode(end < 0 ? bytes : bytes.subarray(0, end)).replace(/ +$/, "");
  }
  /** Writes text blank-padded to the field's length, as the queue manager returns character fields. */
  setChars(address: number, length: number, text: string | null | undefined): void {
    const target = this.bytes(address, length);
    const { written } = encoder.encodeInto(text ?? "", target);
    target.fill(0x20, written);
  }
  /** A NUL-terminated string of at most `max` bytes (MQCONN's queue manager name). */
  cString(address: number, max: number): string {
    if (address === 0) return "";
    this.#refresh();
    return this.chars(address, Math.min(max, this.#bytes!.length - address));
  }
}

type Value = number | string | Uint8Array | null;

function readField(memory: ModuleMemory, base: number, f: L.Field): Value {
  const at = base + f.offset;
  if (f.kind === "chars") return memory.chars(at, f.size);
  if (f.kind === "bytes") return memory.bytes(at, f.size).slice();
  return memory.long(at);
}

function writeField(memory: ModuleMemory, base: number, f: L.Field, value: Value): void {
  const at = base + f.offset;
  if (f.kind === "chars") memory.setChars(at, f.size, value as string | null);
  else if (f.kind === "bytes") memory.bytes(at, f.size).set((value as Uint8Array).subarray(0, f.size));
  else memory.setLong(at, value as number);
}

/** Checks a structure's StrucId and Version; answers its version. */
export function header(memory: ModuleMemory, address: number, name: keyof typeof L.STRUC_IDS, reason: number, verb: string): number {
  if (address === 0) throw new MQError(N.MQCC_FAILED, reason, verb);
  const version = memory.long(address + 4);
  if (latin1.decode(memory.bytes(address, 4)) !== L.STRUC_IDS[name] || version < 1 || version > L.LENGTHS[name].length)
    throw new MQError(N.MQCC_FAILED, reason, verb);
  return version;
}

const versionFields = new Map<string, string[]>();
/** The fields a structure's version has: those that end within its length. */
function fieldsOf(layout: L.Layout, name: keyof typeof L.LENGTHS, version: number): string[] {
  const key = `${name}.${version}`;
  let fields = versionFields.get(key);
  if (fields === undefined) {
    const length = L.LENGTHS[name][version - 1]!;
    fields = Object.keys(layout).filter((k) => k !== "StrucId" && k !== "Version" && !k.includes(".") && layout[k]!.offset + layout[k]!.size <= length);
    versionFields.set(key, fields);
  }
  return fields;
}

function copyIn(memory: ModuleMemory, address: number, layout: L.Layout, names: string[], target: object): void {
  const record = target as Record<string, unknown>;
  for (const name of names) {
    if (!(name in record)) continue;
    const value = readField(memory, address, layout[name]!);
    record[name] = value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value;
  }
}

function copyOut(memory: ModuleMemory, address: number, layout: L.Layout, names: string[], source: object): void {
  const record = source as Record<string, unknown>;
  for (const name of names) {
    const value = record[name];
    if (value === undefined || typeof value === "bigint" || (typeof value === "object" && value !== null && !(value instanceof Uint8Array))) continue;
    writeField(memory, address, layout[name]!, value as Value);
  }
}

export function readMD(memory: ModuleMemory, address: number, verb: string): MQMD {
  const version = header(memory, address, "MQMD", N.MQRC_MD_ERROR, verb);
  const md = new MQMD();
  copyIn(memory, address, L.MQMD, fieldsOf(L.MQMD, "MQMD", version), md);
  if (md.Format === "") md.Format = null;
  return md;
}

export function writeMD(memory: ModuleMemory, address: number, md: MQMD): void {
  const version = memory.long(address + 4);
  copyOut(memory, address, L.MQMD, fieldsOf(L.MQMD, "MQMD", version), { ...md, Format: md.Format ?? "" });
}

export function readOD(memory: ModuleMemory, address: number, verb: string): MQOD {
  const version = header(memory, address, "MQOD", N.MQRC_OD_ERROR, verb);
  const od = new MQOD();
  copyIn(memory, address, L.MQOD, ["ObjectType", "ObjectName", "ObjectQMgrName", "DynamicQName", "AlternateUserId"], od);
  // Distribution lists (version 2's records) and topic strings (version 4's) are not hosted yet.
  if (version >= 2 && memory.long(address + L.MQOD.RecsPresent!.offset) !== 0) throw new MQError(N.MQCC_FAILED, N.MQRC_FUNCTION_NOT_SUPPORTED, verb);
  return od;
}

/** MQOPEN's outputs: the name a model queue gave, and (version 3 up) the resolved names. */
export function writeOD(memory: ModuleMemory, address: number, od: MQOD): void {
  const version = memory.long(address + 4);
  copyOut(
    memory,
    address,
    L.MQOD,
    ["ObjectName", ...(version >= 3 ? ["ResolvedQName", "ResolvedQMgrName"] : []), ...(version >= 4 ? ["ResolvedType"] : [])],
    od,
  );
}

export function readPMO(memory: ModuleMemory, address: number, verb: string): MQPMO {
  const version = header(memory, address, "MQPMO", N.MQRC_PMO_ERROR, verb);
  const pmo = new MQPMO();
  pmo.Options = memory.long(address + L.MQPMO.Options!.offset);
  // Version 3: the message handle whose properties the message is given (MQCRTMH, MQSETMP).
  if (version >= 3) pmo.OriginalMsgHandle = memory.int64(address + L.MQPMO.OriginalMsgHandle!.offset);
  return pmo;
}

export function writePMO(memory: ModuleMemory, address: number, pmo: MQPMO): void {
  copyOut(memory, address, L.MQPMO, ["ResolvedQName", "ResolvedQMgrName"], pmo);
}

export function readGMO(memory: ModuleMemory, address: number, verb: string): MQGMO {
  const version = header(memory, address, "MQGMO", N.MQRC_GMO_ERROR, verb);
  const gmo = new MQGMO();
  gmo.Options = memory.long(address + L.MQGMO.Options!.offset);
  gmo.WaitInterval = memory.long(address + L.MQGMO.WaitInterval!.offset);
  // Version 1 has no MatchOptions: IBM matches on MsgId and CorrelId then.
  gmo.MatchOptions = version >= 2 ? memory.long(address + L.MQGMO.MatchOptions!.offset) : N.MQMO_MATCH_MSG_ID | N.MQMO_MATCH_CORREL_ID;
  // Version 4: the message handle the got message's properties go to.
  if (version >= 4) gmo.MsgHandle = memory.int64(address + L.MQGMO.MsgHandle!.offset);
  return gmo;
}

export function writeGMO(memory: ModuleMemory, address: number, gmo: MQGMO): void {
  const version = memory.long(address + 4);
  copyOut(memory, address, L.MQGMO, ["ResolvedQName", ...(version >= 3 ? ["ReturnedLength"] : [])], gmo);
}

/** MQCNO: options, ApplName (version 7), MQCSP (version 5) and whether a client channel was given. */
export function readCNO(memory: ModuleMemory, address: number): MQCNO {
  const version = header(memory, address, "MQCNO", MQRC_CNO_ERROR, "CONNX");
  const cno = new MQCNO();
  cno.Options = memory.long(address + L.MQCNO.Options!.offset);
  if (version >= 2 && (memory.long(address + L.MQCNO.ClientConnPtr!.offset) !== 0 || memory.long(address + L.MQCNO.ClientConnOffset!.offset) !== 0))
    cno.ClientConn = { fromWasm: true };
  if (version >= 5) {
    const csp = memory.long(address + L.MQCNO.SecurityParmsPtr!.offset);
    if (csp !== 0) cno.SecurityParms = readCSP(memory, csp);
  }
  if (version >= 7) cno.ApplName = memory.chars(address + L.MQCNO.ApplName!.offset, 28) || null;
  return cno;
}

function readCSP(memory: ModuleMemory, address: number): MQCSP {
  header(memory, address, "MQCSP", MQRC_SECURITY_ERROR, "CONNX");
  const csp = new MQCSP();
  csp.AuthenticationType = memory.long(address + L.MQCSP.AuthenticationType!.offset);
  const text = (ptr: string, len: string) => {
    const p = memory.long(address + L.MQCSP[ptr]!.offset);
    const n = memory.long(address + L.MQCSP[len]!.offset);
    return p === 0 || n <= 0 ? null : utf8.decode(memory.bytes(p, n));
  };
  csp.UserId = text("CSPUserIdPtr", "CSPUserIdLength");
  csp.Password = text("CSPPasswordPtr", "CSPPasswordLength");
  return csp;
}
