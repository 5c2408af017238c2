/**
 * MQCRTMH, MQDLTMH, MQSETMP, MQINQMP and MQDLTMP for a wasm module, over the JavaScript MQI's
 * message handles (adapters/mqi/message-handles.ts). The handle a program holds (MQHMSG, 64
 * bits) is the JavaScript MQI's own, a BigInt. A property's value is in memory in its type's
 * C form: MQLONG-sized MQBOOL, MQINT8/16/32/64 and MQFLOAT32/64 little-endian, a string as its
 * bytes (MQVL_NULL_TERMINATED: up to a NUL). MQTYPE_BYTE_STRING is refused as the JavaScript
 * MQI refuses it (the core's properties have no byte string): MQRC_PROPERTY_TYPE_ERROR.
 */
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import * as mqi from "../mqi/index.js";
import { MQError, type MQQueueManager } from "../mqi/structures.js";
import * as L from "./layouts.js";
import type { ModuleMemory } from "./structures.js";
import {
  MQRC_CMHO_ERROR,
  MQRC_DMHO_ERROR,
  MQRC_DMPO_ERROR,
  MQRC_IMPO_ERROR,
  MQRC_PD_ERROR,
  MQRC_SMPO_ERROR,
  readCharV,
  readLongs,
  writeCharV,
} from "./subscription-structures.js";

const MQVL_NULL_TERMINATED = -1;
const MQRC_PROPERTY_NAME_ERROR = 2442;
const MQHM_UNUSABLE_HMSG = -1n;

/** The core's property type for each MQTYPE a program may set, and its size in memory (0: a string's own length). */
const TYPES: Record<number, { type: "boolean" | "byte" | "short" | "int" | "long" | "float" | "double" | "string" | "null"; size: number }> = {
  [N.MQTYPE_BOOLEAN]: { type: "boolean", size: 4 },
  [N.MQTYPE_INT8]: { type: "byte", size: 1 },
  [N.MQTYPE_INT16]: { type: "short", size: 2 },
  [N.MQTYPE_INT32]: { type: "int", size: 4 },
  [N.MQTYPE_INT64]: { type: "long", size: 8 },
  [N.MQTYPE_FLOAT32]: { type: "float", size: 4 },
  [N.MQTYPE_FLOAT64]: { type: "double", size: 8 },
  [N.MQTYPE_STRING]: { type: "string", size: 0 },
  [N.MQTYPE_NULL]: { type: "null", size: 0 },
};

const options = (memory: ModuleMemory, address: number, name: "MQCMHO" | "MQDMHO" | "MQSMPO" | "MQIMPO" | "MQDMPO", reason: number, verb: string) =>
  readLongs(memory, address, name, reason, verb, ["Options"]).Options;

function propertyName(memory: ModuleMemory, pName: number, verb: string): string {
  if (pName === 0) throw new MQError(N.MQCC_FAILED, MQRC_PROPERTY_NAME_ERROR, verb);
  const name = readCharV(memory, pName, pName, MQRC_PROPERTY_NAME_ERROR, verb);
  if (name === null || name === "") throw new MQError(N.MQCC_FAILED, MQRC_PROPERTY_NAME_ERROR, verb);
  return name;
}

function propertyDescriptor(memory: ModuleMemory, pPD: number, verb: string): mqi.MQPD {
  if (pPD !== 0) readLongs(memory, pPD, "MQPD", MQRC_PD_ERROR, verb, ["Options"]);
  return new mqi.MQPD();
}

export function createHandle(memory: ModuleMemory, hConn: MQQueueManager, pCMHO: number, pHmsg: number): void {
  const cmho = new mqi.MQCMHO();
  cmho.Options = options(memory, pCMHO, "MQCMHO", MQRC_CMHO_ERROR, "CRTMH");
  memory.setInt64(pHmsg, mqi.CrtMh(hConn, cmho)!);
}

export function deleteHandle(memory: ModuleMemory, hConn: MQQueueManager, pHmsg: number, pDMHO: number): void {
  const dmho = new mqi.MQDMHO();
  dmho.Options = options(memory, pDMHO, "MQDMHO", MQRC_DMHO_ERROR, "DLTMH");
  mqi.DltMh(hConn, memory.int64(pHmsg), dmho);
  memory.setInt64(pHmsg, MQHM_UNUSABLE_HMSG);
}

export function setProperty(
  memory: ModuleMemory,
  hConn: MQQueueManager,
  hMsg: bigint,
  pSMPO: number,
  pName: number,
  pPD: number,
  type: number,
  length: number,
  pValue: number,
): void {
  const smpo = new mqi.MQSMPO();
  smpo.Options = options(memory, pSMPO, "MQSMPO", MQRC_SMPO_ERROR, "SETMP");
  const name = propertyName(memory, pName, "SETMP");
  const pd = propertyDescriptor(memory, pPD, "SETMP");
  const kind = TYPES[type];
  if (kind === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_PROPERTY_TYPE_ERROR, "SETMP");
  let value: unknown = null;
  if (kind.type === "string") {
    value =
      length === MQVL_NULL_TERMINATED
        ? memory.cString(pValue, 1 << 20)
        : new TextDecoder().decode(length > 0 ? memory.bytes(pValue, length) : new Uint8Array(0));
  } else if (kind.type !== "null") {
    if (length !== kind.size) throw new MQError(N.MQCC_FAILED, N.MQRC_PROPERTY_VALUE_TOO_BIG, "SETMP");
    const view = memory.view;
    memory.bytes(pValue, length); // in memory, or a RangeError
    const read: Record<string, () => unknown> = {
      boolean: () => view.getInt32(pValue, true) !== 0,
      byte: () => view.getInt8(pValue),
      short: () => view.getInt16(pValue, true),
      int: () => view.getInt32(pValue, true),
      long: () => view.getBigInt64(pValue, true),
      float: () => view.getFloat32(pValue, true),
      double: () => view.getFloat64(pValue, true),
    };
    value = read[kind.type]!();
  }
  // The typed form keeps the program's MQTYPE (an MQTYPE_INT8 stays a byte).
  mqi.SetMp(hConn, hMsg, smpo, name, pd, kind.type === "null" ? null : { type: kind.type, value });
}

/** MQINQMP: the property found, its name into ReturnedName, its type, its value in its C form; too small a buffer is MQRC_PROPERTY_VALUE_TOO_BIG with its length. */
export function inquireProperty(
  memory: ModuleMemory,
  hConn: MQQueueManager,
  hMsg: bigint,
  pIMPO: number,
  pName: number,
  pPD: number,
  pType: number,
  length: number,
  pValue: number,
  pDataLength: number,
): void {
  const impo = new mqi.MQIMPO();
  impo.Options = options(memory, pIMPO, "MQIMPO", MQRC_IMPO_ERROR, "INQMP");
  const name = propertyName(memory, pName, "INQMP");
  const pd = propertyDescriptor(memory, pPD, "INQMP");
  let found: { name: string; value: unknown; type: number } | undefined;
  mqi.InqMp(hConn, hMsg, impo, pd, name, null, (err, returnedName, value, _length, type) => {
    if (err) throw err;
    found = { name: returnedName!, value, type: type! };
  });
  const { value, type } = found!;
  const bytes = encodeValue(type, value);
  writeCharV(memory, pIMPO, pIMPO + L.MQIMPO["ReturnedName.VSPtr"]!.offset, found!.name);
  memory.setChars(pIMPO + L.MQIMPO.TypeString!.offset, 8, impo.TypeString ?? "");
  memory.setLong(pIMPO + L.MQIMPO.ReturnedEncoding!.offset, N.MQENC_NATIVE);
  memory.setLong(pIMPO + L.MQIMPO.ReturnedCCSID!.offset, 1208);
  memory.setLong(pType, type);
  memory.setLong(pDataLength, bytes.length);
  if (impo.Options & N.MQIMPO_QUERY_LENGTH) return;
  if (bytes.length > length) throw new MQError(N.MQCC_FAILED, N.MQRC_PROPERTY_VALUE_TOO_BIG, "INQMP");
  if (bytes.length > 0) memory.bytes(pValue, bytes.length).set(bytes);
}

export function deleteProperty(memory: ModuleMemory, hConn: MQQueueManager, hMsg: bigint, pDMPO: number, pName: number): void {
  const dmpo = new mqi.MQDMPO();
  dmpo.Options = options(memory, pDMPO, "MQDMPO", MQRC_DMPO_ERROR, "DLTMP");
  mqi.DltMp(hConn, hMsg, dmpo, propertyName(memory, pName, "DLTMP"));
}

// --- Internal helpers ---

/** A property's value in its MQTYPE's C form. */
function encodeValue(type: number, value: unknown): Uint8Array {
  if (type === N.MQTYPE_STRING) return new TextEncoder().encode(String(value));
  const kind = TYPES[type];
  if (kind === undefined || kind.size === 0) return new Uint8Array(0);
  const view = new DataView(new ArrayBuffer(kind.size));
  const write: Record<string, () => void> = {
    boolean: () => view.setInt32(0, value ? 1 : 0, true),
    byte: () => view.setInt8(0, Number(value)),
    short: () => view.setInt16(0, Number(value), true),
    int: () => view.setInt32(0, Number(value), true),
    long: () => view.setBigInt64(0, BigInt(value as number | bigint), true),
    float: () => view.setFloat32(0, Number(value), true),
    double: () => view.setFloat64(0, Number(value), true),
  };
  write[kind.type]!();
  return new Uint8Array(view.buffer);
}
