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

/** A module's linear memory, read afresh at each access (memory.grow replaces the buffer). */
export class ModuleMemory {
  constructor(readonly memory: WebAssembly.Memory) {}

  view(): DataView {
    return new DataView(this.memory.buffer);
  }
  bytes(address: number, length: number): Uint8Array {
    if (address <= 0 || address + length > this.memory.buffer.byteLength) throw new RangeError("outside memory");
    return new Uint8Array(this.memory.buffer, address, length);
  }
  long(address: number): number {
    return this.view().getInt32(address, true);
  }
  setLong(address: number, value: number): void {
    this.view().setInt32(address, value, true);
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
    target.fill(0x20);
    target.set(new TextEncoder().encode(text ?? "").subarray(0, length));
  }
  /** A NUL-terminated string of at most `max` bytes (MQCONN's queue manager name). */
  cString(address: number, max: number): string {
    if (address === 0) return "";
    return this.chars(address, Math.min(max, this.memory.buffer.byteLength - address));
  }
}

function field(
  memory: ModuleMemory,
  base: number,
  layout: L.Layout,
  name: string,
): { get(): number | string | Uint8Array; set(v: number | string | Uint8Array | null): void } {
  const f = layout[name]!;
  const at = base + f.offset;
  return {
    get: () => (f.kind === "chars" ? memory.chars(at, f.size) : f.kind === "bytes" ? memory.bytes(at, f.size).slice() : memory.long(at)),
    set: (v) => {
      if (f.kind === "chars") memory.setChars(at, f.size, v as string | null);
      else if (f.kind === "bytes") memory.bytes(at, f.size).set((v as Uint8Array).subarray(0, f.size));
      else memory.setLong(at, v as number);
    },
  };
}

/** Checks a structure's StrucId and Version; answers its version. */
function header(memory: ModuleMemory, address: number, name: keyof typeof L.STRUC_IDS, reason: number, verb: string): number {
  if (address === 0) throw new MQError(N.MQCC_FAILED, reason, verb);
  const version = memory.long(address + 4);
  if (latin1.decode(memory.bytes(address, 4)) !== L.STRUC_IDS[name] || version < 1 || version > L.LENGTHS[name].length)
    throw new MQError(N.MQCC_FAILED, reason, verb);
  return version;
}

/** The fields a structure's version has: those that end within its length. */
function fieldsOf(layout: L.Layout, name: keyof typeof L.LENGTHS, version: number): string[] {
  const length = L.LENGTHS[name][version - 1]!;
  return Object.keys(layout).filter((k) => k !== "StrucId" && k !== "Version" && !k.includes(".") && layout[k]!.offset + layout[k]!.size <= length);
}

function copyIn(memory: ModuleMemory, address: number, layout: L.Layout, names: string[], target: object): void {
  const record = target as Record<string, unknown>;
  for (const name of names) {
    if (!(name in record)) continue;
    const value = field(memory, address, layout, name).get();
    record[name] = value instanceof Uint8Array ? Buffer.from(value) : value;
  }
}

function copyOut(memory: ModuleMemory, address: number, layout: L.Layout, names: string[], source: object): void {
  const record = source as Record<string, unknown>;
  for (const name of names) {
    const value = record[name];
    if (value === undefined || typeof value === "bigint" || (typeof value === "object" && value !== null && !(value instanceof Uint8Array))) continue;
    field(memory, address, layout, name).set(value as number | string | Uint8Array | null);
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
  header(memory, address, "MQPMO", N.MQRC_PMO_ERROR, verb);
  const pmo = new MQPMO();
  pmo.Options = memory.long(address + L.MQPMO.Options!.offset);
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
