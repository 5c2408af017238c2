/**
 * What IBM MQ's fixed-layout structures (MQMD, MQDLH, MQXQH) share: MQCHAR fields blank-padded
 * to their length, MQBYTE fields (ids) as they are, MQLONG integers in the byte order the
 * structure's encoding says, and PutDate/PutTime as YYYYMMDD and HHMMSSTH in UTC. Each
 * structure names its fields with offsets and lengths; these helpers write and read them and
 * refuse, with an MQError and never anything else, what does not fit.
 */
import { MQError, type MQReasonName } from "../base/errors.js";
import { utf8Decode, utf8Encode } from "./message.js";

/** x86 native encoding: integers, packed decimals and floats all reversed (little-endian). */
export const MQENC_NATIVE = 546;
/** Big-endian integers, decimals and IEEE floats (MQENC_INTEGER_NORMAL | DECIMAL_NORMAL | FLOAT_IEEE_NORMAL): AIX, z/OS. */
export const MQENC_NORMAL = 273;
const MQENC_INTEGER_MASK = 0x0f;
const MQENC_INTEGER_NORMAL = 1;
const MQENC_INTEGER_REVERSED = 2;
/** UTF-8. */
export const MQCCSI_UTF8 = 1208;

export interface FieldSpec {
  readonly offset: number;
  readonly length: number;
}

const BLANK = 0x20;

/** Whether `encoding`'s integers are little-endian (MQENC_INTEGER_REVERSED); MQRC_FORMAT_ERROR when it names neither order. */
export function integersLittleEndian(encoding: number): boolean {
  const integers = encoding & MQENC_INTEGER_MASK;
  if (integers === MQENC_INTEGER_REVERSED) return true;
  if (integers === MQENC_INTEGER_NORMAL) return false;
  throw new MQError("MQRC_FORMAT_ERROR", `encoding ${encoding} names no integer byte order (MQENC_INTEGER_NORMAL or MQENC_INTEGER_REVERSED)`);
}

/** Writes fields into one structure's bytes (which start blank); `structure` names it in refusals. */
export class FieldWriter {
  readonly #view: DataView;

  constructor(
    readonly bytes: Uint8Array,
    private readonly structure: string,
    private readonly littleEndian: boolean,
  ) {
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  integer(name: string, field: FieldSpec, value: number): void {
    if (!Number.isInteger(value) || value < -0x8000_0000 || value > 0x7fff_ffff) {
      throw new MQError("MQRC_FORMAT_ERROR", `the ${this.structure}'s ${name} must be a 32-bit integer; ${value} is not`);
    }
    this.#view.setInt32(field.offset, value, this.littleEndian);
  }

  /** An MQCHAR field: the text's UTF-8 bytes, the rest blank. */
  text(name: string, field: FieldSpec, text: string, reason: MQReasonName = "MQRC_FORMAT_ERROR"): void {
    if (typeof text !== "string") throw new MQError(reason, `the ${this.structure}'s ${name} must be text`);
    const encoded = utf8Encode(text);
    if (encoded.length > field.length) {
      throw new MQError(reason, `the ${this.structure}'s ${name} holds ${field.length} bytes; ${JSON.stringify(text)} takes ${encoded.length}`);
    }
    this.bytes.fill(BLANK, field.offset, field.offset + field.length);
    this.bytes.set(encoded, field.offset);
  }

  /** An MQBYTE field (MsgId, CorrelId, AccountingToken) from its hexadecimal digits, exactly its length. */
  hexBytes(name: string, field: FieldSpec, hex: string, reason: MQReasonName = "MQRC_FORMAT_ERROR"): void {
    if (typeof hex !== "string" || hex.length !== field.length * 2 || !/^[0-9a-fA-F]*$/.test(hex)) {
      throw new MQError(reason, `the ${this.structure}'s ${name} is ${field.length} bytes, written as ${field.length * 2} hexadecimal digits`);
    }
    for (let i = 0; i < field.length; i++) this.bytes[field.offset + i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  }

  /** PutDate and PutTime from milliseconds since the epoch. */
  putDateTime(date: FieldSpec, time: FieldSpec, millisecondsSinceEpoch: number): void {
    const written = putDateAndTime(millisecondsSinceEpoch);
    this.text("PutDate", date, written.date);
    this.text("PutTime", time, written.time);
  }
}

/** Reads fields of one structure from `bytes` (which must hold it whole). */
export class FieldReader {
  readonly #view: DataView;

  constructor(
    readonly bytes: Uint8Array,
    private readonly structure: string,
    private readonly littleEndian: boolean,
  ) {
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  integer(field: FieldSpec): number {
    return this.#view.getInt32(field.offset, this.littleEndian);
  }

  /** An MQCHAR field without its blank padding (and NUL padding, which C writers leave). */
  text(name: string, field: FieldSpec): string {
    let end = field.offset + field.length;
    while (end > field.offset && (this.bytes[end - 1] === BLANK || this.bytes[end - 1] === 0)) end--;
    try {
      return utf8Decode(this.bytes.subarray(field.offset, end));
    } catch (cause) {
      throw new MQError("MQRC_FORMAT_ERROR", `the ${this.structure}'s ${name} is not UTF-8 text`, { cause });
    }
  }

  hexBytes(field: FieldSpec): string {
    let hex = "";
    for (let i = field.offset; i < field.offset + field.length; i++) hex += this.bytes[i]!.toString(16).padStart(2, "0");
    return hex;
  }

  putDateTime(date: FieldSpec, time: FieldSpec): number {
    return putTimeFrom(this.text("PutDate", date), this.text("PutTime", time), this.structure);
  }
}

/** PutDate (YYYYMMDD) and PutTime (HHMMSSTH: tenths and hundredths of a second), in UTC (MQ's put times are GMT). */
export function putDateAndTime(millisecondsSinceEpoch: number): { date: string; time: string } {
  const when = new Date(millisecondsSinceEpoch);
  const year = when.getUTCFullYear();
  if (Number.isNaN(when.getTime()) || year < 0 || year > 9999) {
    throw new MQError("MQRC_FORMAT_ERROR", `a put time must fall in the years 0000 to 9999 to be written as YYYYMMDD; ${millisecondsSinceEpoch} does not`);
  }
  const two = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${String(year).padStart(4, "0")}${two(when.getUTCMonth() + 1)}${two(when.getUTCDate())}`,
    time: `${two(when.getUTCHours())}${two(when.getUTCMinutes())}${two(when.getUTCSeconds())}${two(Math.floor(when.getUTCMilliseconds() / 10))}`,
  };
}

/** The instant PutDate and PutTime name, in milliseconds since the epoch; MQRC_FORMAT_ERROR when they name none. */
export function putTimeFrom(date: string, time: string, structure = "dead-letter header"): number {
  const dateMatch = /^(\d{4})(\d{2})(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(time);
  if (!dateMatch || !timeMatch) {
    throw new MQError(
      "MQRC_FORMAT_ERROR",
      `the ${structure}'s PutDate and PutTime must be YYYYMMDD and HHMMSSTH digits; they are ${JSON.stringify(date)} and ${JSON.stringify(time)}`,
    );
  }
  const [year, month, day] = dateMatch.slice(1).map(Number) as [number, number, number];
  const [hours, minutes, seconds, hundredths] = timeMatch.slice(1).map(Number) as [number, number, number, number];
  const when = new Date(0);
  when.setUTCFullYear(year, month - 1, day); // not Date.UTC, which reads years 0-99 as 1900-1999
  when.setUTCHours(hours, minutes, seconds, hundredths * 10);
  // Date rolls 20240230 over to 1 March; a date that does not read back as written is not a date.
  if (when.getUTCFullYear() !== year || when.getUTCMonth() !== month - 1 || when.getUTCDate() !== day || hours > 23 || minutes > 59 || seconds > 59) {
    throw new MQError("MQRC_FORMAT_ERROR", `the ${structure}'s PutDate ${date} and PutTime ${time} name no moment`);
  }
  return when.getTime();
}
