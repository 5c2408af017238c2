/**
 * Message handles and properties (MQCRTMH, MQSETMP, MQINQMP, MQDLTMP, MQDLTMH), as `ibmmq`
 * gives them: synchronous, with an optional callback. A handle holds a list of typed
 * properties; Put with MQPMO.OriginalMsgHandle gives them to the message, and a Get with
 * MQGMO.MsgHandle fills the handle with the got message's properties (the core's typed message
 * properties, the same ones JMS, STOMP and the REST API see).
 *
 * The core's properties have no byte-string type, so MQTYPE_BYTE_STRING values (a Buffer) are
 * refused with MQRC_PROPERTY_TYPE_ERROR; every other MQTYPE maps to one of the core's types.
 */
import type { Property, PropertyInput, PropertyType, PropertyValue } from "../../core/index.js";
import { toProperty } from "../../core/internal.js";
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import { asMQError, connectionOf, type ConnectionState } from "./connection.js";
import { MQError, type MQQueueManager } from "./structures.js";
import { MQCMHO, MQDMHO, MQDMPO, MQIMPO, MQPD, MQSMPO } from "./verb-structures.js";

let nextMessageHandle = 1n;

const MQTYPE_OF: Record<PropertyType, number> = {
  string: N.MQTYPE_STRING,
  boolean: N.MQTYPE_BOOLEAN,
  byte: N.MQTYPE_INT8,
  short: N.MQTYPE_INT16,
  int: N.MQTYPE_INT32,
  long: N.MQTYPE_INT64,
  float: N.MQTYPE_FLOAT32,
  double: N.MQTYPE_FLOAT64,
  null: N.MQTYPE_NULL,
};

/** Runs a synchronous verb as `ibmmq` does: its result to `cb` (err first), or returned, its failure thrown. */
function syncVerb<T>(verb: string, cb: ((err: MQError | null, ...values: any[]) => void) | undefined, work: () => T, spread = false): T | undefined {
  let value: T;
  try {
    value = work();
  } catch (error) {
    if (error instanceof TypeError) throw error;
    const failure = asMQError(error, verb);
    if (cb) {
      cb(failure);
      return undefined;
    }
    throw failure;
  }
  if (cb) {
    if (spread) cb(null, ...(value as unknown[]));
    else cb(null, value);
  }
  return value;
}

function handleOf(connection: ConnectionState, hMsg: unknown, verb: string) {
  const handle = typeof hMsg === "bigint" ? connection.messageHandles.get(hMsg) : undefined;
  if (handle === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_HMSG_ERROR, verb);
  return handle;
}

function check(value: unknown, type: new () => unknown, name: string): void {
  if (!(value instanceof type)) throw new TypeError(`Parameter must be of type ${name}`);
}

/** MQCRTMH: a new message handle on the connection, with no properties. */
export function CrtMh(hConn: MQQueueManager, cmho: MQCMHO, cb?: (err: MQError | null, hMsg?: bigint) => void): bigint | undefined {
  check(cmho, MQCMHO, "MQCMHO");
  return syncVerb("CRTMH", cb, () => {
    const connection = connectionOf(hConn, "CRTMH");
    const hMsg = nextMessageHandle++;
    connection.messageHandles.set(hMsg, { properties: [], cursor: -1 });
    return hMsg;
  });
}

/** MQDLTMH: the handle and its properties are gone. */
export function DltMh(hConn: MQQueueManager, hMsg: bigint, dmho: MQDMHO, cb?: (err: MQError | null) => void): void {
  check(dmho, MQDMHO, "MQDMHO");
  syncVerb("DLTMH", cb, () => {
    const connection = connectionOf(hConn, "DLTMH");
    handleOf(connection, hMsg, "DLTMH");
    connection.messageHandles.delete(hMsg);
  });
}

/** The core's property for an MQSETMP value: its type from the value, as `ibmmq` infers it. */
function propertyFor(name: string, value: unknown): Property {
  if (value === undefined || value === null) return toProperty(name, null);
  // The core's typed form, { type, value }: what a host of another language gives (adapters/wasm), keeping its MQTYPE.
  if (typeof value === "object" && !(value instanceof Uint8Array) && "type" in value && "value" in value) return toProperty(name, value as PropertyInput);
  if (typeof value === "string" || typeof value === "boolean") return toProperty(name, value);
  if (typeof value === "bigint") return toProperty(name, { type: "long", value });
  if (typeof value === "number") {
    if (!Number.isInteger(value)) return toProperty(name, { type: "double", value });
    return toProperty(name, { type: value >= -2147483648 && value <= 2147483647 ? "int" : "long", value });
  }
  throw new MQError(N.MQCC_FAILED, N.MQRC_PROPERTY_TYPE_ERROR, "SETMP");
}

/** MQSETMP: sets (or replaces) a property on the handle; a null or missing value makes an MQTYPE_NULL one. */
export function SetMp(hConn: MQQueueManager, hMsg: bigint, smpo: MQSMPO, name: string, pd: MQPD, value?: unknown, cb?: (err: MQError | null) => void): void {
  check(smpo, MQSMPO, "MQSMPO");
  check(pd, MQPD, "MQPD");
  if (typeof name !== "string") throw new TypeError("Parameter must be of type string");
  if (typeof value === "function" && cb === undefined) {
    cb = value as (err: MQError | null) => void;
    value = undefined;
  }
  syncVerb("SETMP", cb, () => {
    const handle = handleOf(connectionOf(hConn, "SETMP"), hMsg, "SETMP");
    const property = propertyFor(name, value);
    const at = handle.properties.findIndex((p) => p.name === name);
    if (at >= 0) handle.properties[at] = property;
    else handle.properties.push(property);
  });
}

/** Whether a property's name matches an MQINQMP name: exact, "%" for all, or a prefix ending in "%". */
function matches(wanted: string, name: string): boolean {
  if (wanted === "%") return true;
  if (wanted.endsWith("%")) return name.startsWith(wanted.slice(0, -1));
  return wanted === name;
}

function valueOf(property: Property): PropertyValue {
  const value = property.value;
  return typeof value === "bigint" && value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/**
 * MQINQMP: the property `name` names (wildcards with "%"): the first, or with MQIMPO_INQ_NEXT
 * the one after the last found. The callback gets (err, returnedName, value, length, type); with
 * none, the value is returned. No more is MQRC_PROPERTY_NOT_AVAILABLE.
 */
export function InqMp(
  hConn: MQQueueManager,
  hMsg: bigint,
  impo: MQIMPO,
  pd: MQPD,
  name: string,
  _valueBuffer?: Buffer | null,
  cb?: (err: MQError | null, name?: string, value?: PropertyValue, length?: number, type?: number) => void,
): PropertyValue | undefined {
  check(impo, MQIMPO, "MQIMPO");
  check(pd, MQPD, "MQPD");
  if (typeof name !== "string") throw new TypeError("Parameter must be of type string");
  const found = syncVerb(
    "INQMP",
    cb,
    () => {
      const handle = handleOf(connectionOf(hConn, "INQMP"), hMsg, "INQMP");
      const from = impo.Options & N.MQIMPO_INQ_NEXT ? handle.cursor + 1 : impo.Options & N.MQIMPO_INQ_PROP_UNDER_CURSOR ? handle.cursor : 0;
      const at = handle.properties.findIndex((p, i) => i >= Math.max(0, from) && matches(name, p.name));
      if (at < 0) throw new MQError(N.MQCC_FAILED, N.MQRC_PROPERTY_NOT_AVAILABLE, "INQMP");
      handle.cursor = at;
      const property = handle.properties[at]!;
      const value = valueOf(property);
      impo.ReturnedName = property.name;
      impo.TypeString = property.type;
      const length =
        typeof value === "string" ? Buffer.byteLength(value) : property.type === "null" ? 0 : property.type === "long" || property.type === "double" ? 8 : 4;
      return [property.name, value, length, MQTYPE_OF[property.type]] as const;
    },
    true,
  );
  return found?.[1];
}

/** MQDLTMP: deletes the property of that name (MQRC_PROPERTY_NOT_AVAILABLE when there is none). */
export function DltMp(hConn: MQQueueManager, hMsg: bigint, dmpo: MQDMPO, name: string, cb?: (err: MQError | null) => void): void {
  check(dmpo, MQDMPO, "MQDMPO");
  if (typeof name !== "string") throw new TypeError("Parameter must be of type string");
  syncVerb("DLTMP", cb, () => {
    const handle = handleOf(connectionOf(hConn, "DLTMP"), hMsg, "DLTMP");
    const at = handle.properties.findIndex((p) => matches(name, p.name));
    if (at < 0) throw new MQError(N.MQCC_FAILED, N.MQRC_PROPERTY_NOT_AVAILABLE, "DLTMP");
    handle.properties.splice(at, 1);
  });
}

/** The properties a put gives its message: those of MQPMO.OriginalMsgHandle, if it names one. */
export function propertiesForPut(connection: ConnectionState, originalMsgHandle: bigint | number | undefined): Property[] | undefined {
  if (originalMsgHandle === undefined || BigInt(originalMsgHandle) === BigInt(N.MQHM_NONE)) return undefined;
  const handle = handleOf(connection, BigInt(originalMsgHandle), "PUT");
  return handle.properties.map((p) => ({ ...p }));
}

/** A get with MQGMO.MsgHandle: the handle now holds the got message's properties. */
export function fillMessageHandle(connection: ConnectionState, msgHandle: bigint | number | undefined, properties: readonly Property[]): void {
  if (msgHandle === undefined || BigInt(msgHandle) === BigInt(N.MQHM_NONE)) return;
  const handle = handleOf(connection, BigInt(msgHandle), "GET");
  handle.properties = properties.map((p) => ({ ...p }));
  handle.cursor = -1;
}
