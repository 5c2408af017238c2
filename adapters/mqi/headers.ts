/**
 * The MQDLH (dead-letter header) and MQRFH2 (rules and formatting header) helpers, as `ibmmq`
 * has them: built from an MQMD (which then describes the header, its old Format moving into
 * the header), `getBuffer()` for the bytes to put in front of a message's data, and
 * `getHeader(buf)` to read one at the start of got data. Layouts are IBM's documented ones
 * (MQDLH version 1, 172 bytes; MQRFH2's fixed part, 36 bytes), integers in MQENC_NATIVE
 * (546: little-endian), strings blank-padded.
 */
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import type { MQMD } from "./structures.js";

class Writer {
  offset = 0;
  constructor(readonly buf: Buffer) {}
  string(value: string | null, length: number): void {
    this.buf.fill(" ", this.offset, this.offset + length);
    if (value) this.buf.write(value, this.offset, length, "utf8");
    this.offset += length;
  }
  long(value: number): void {
    this.buf.writeInt32LE(value, this.offset);
    this.offset += 4;
  }
}

class Reader {
  constructor(
    readonly buf: Buffer,
    public offset: number,
  ) {}
  string(length: number): string {
    const text = this.buf.toString("utf8", this.offset, this.offset + length);
    this.offset += length;
    return text.trim();
  }
  long(): number {
    const value = this.buf.readInt32LE(this.offset);
    this.offset += 4;
    return value;
  }
}

/** The CCSID a header takes from the MQMD it describes: MQCCSI_INHERIT for the default. */
function inheritedCCSID(md: MQMD): number {
  return md.CodedCharSetId === N.MQCCSI_DEFAULT ? N.MQCCSI_INHERIT : md.CodedCharSetId;
}

/** The dead-letter header: why a message could not be delivered, and where it was going. */
export class MQDLH {
  Reason: number = N.MQRC_NONE;
  DestQName: string | null = null;
  DestQMgrName: string | null = null;
  Encoding = 0;
  CodedCharSetId: number = N.MQCCSI_UNDEFINED;
  Format: string | null = null;
  PutApplType = 0;
  PutApplName: string | null = null;
  PutDate: string | null = null;
  PutTime: string | null = null;
  /** Not a field of the C structure: the header's length, where the message's own data starts. */
  StrucLength: number = N.MQDLH_CURRENT_LENGTH;

  /** With an MQMD, the header takes its Format, encoding and put date; the MQMD becomes a report in MQFMT_DEAD_LETTER_HEADER. */
  constructor(md?: MQMD) {
    if (md) {
      this.Encoding = md.Encoding;
      this.CodedCharSetId = inheritedCCSID(md);
      this.Format = md.Format;
      this.PutDate = md.PutDate;
      this.PutTime = md.PutTime;
      md.Format = N.MQFMT_DEAD_LETTER_HEADER;
      md.MsgType = N.MQMT_REPORT;
      md.CodedCharSetId = N.MQCCSI_Q_MGR;
    }
    Object.seal(this);
  }

  getBuffer(): Buffer {
    const w = new Writer(Buffer.alloc(N.MQDLH_CURRENT_LENGTH));
    w.string("DLH ", 4);
    w.long(N.MQDLH_CURRENT_VERSION);
    w.long(this.Reason);
    w.string(this.DestQName, N.MQ_Q_NAME_LENGTH);
    w.string(this.DestQMgrName, N.MQ_Q_MGR_NAME_LENGTH);
    w.long(this.Encoding);
    w.long(this.CodedCharSetId);
    w.string(this.Format, N.MQ_FORMAT_LENGTH);
    w.long(this.PutApplType);
    w.string(this.PutApplName, N.MQ_APPL_NAME_LENGTH);
    w.string(this.PutDate, N.MQ_PUT_DATE_LENGTH);
    w.string(this.PutTime, N.MQ_PUT_TIME_LENGTH);
    return w.buf;
  }

  /** The header at the start of `buf` (a message whose Format is MQFMT_DEAD_LETTER_HEADER). */
  static getHeader(buf: Buffer): MQDLH {
    const r = new Reader(buf, 8); // past StrucId and Version
    const dlh = new MQDLH();
    dlh.Reason = r.long();
    dlh.DestQName = r.string(N.MQ_Q_NAME_LENGTH);
    dlh.DestQMgrName = r.string(N.MQ_Q_MGR_NAME_LENGTH);
    dlh.Encoding = r.long();
    dlh.CodedCharSetId = r.long();
    dlh.Format = r.string(N.MQ_FORMAT_LENGTH);
    dlh.PutApplType = r.long();
    dlh.PutApplName = r.string(N.MQ_APPL_NAME_LENGTH);
    dlh.PutDate = r.string(N.MQ_PUT_DATE_LENGTH);
    dlh.PutTime = r.string(N.MQ_PUT_TIME_LENGTH);
    return dlh;
  }
}

/** The rules and formatting header version 2: its fixed part, then name/value folders up to StrucLength. */
export class MQRFH2 {
  StrucLength: number = N.MQRFH_STRUC_LENGTH_FIXED_2;
  Encoding: number = N.MQENC_NATIVE;
  CodedCharSetId: number = N.MQCCSI_INHERIT;
  Format: string | null = null;
  Flags: number = N.MQRFH_NONE;
  NameValueCCSID = 1208;

  /** With an MQMD, the header takes its Format and encoding; the MQMD's Format becomes MQFMT_RF_HEADER_2. */
  constructor(md?: MQMD) {
    if (md) {
      this.Encoding = md.Encoding;
      this.CodedCharSetId = inheritedCCSID(md);
      this.Format = md.Format;
      md.Format = N.MQFMT_RF_HEADER_2;
      md.CodedCharSetId = N.MQCCSI_Q_MGR;
    }
    Object.seal(this);
  }

  /** The fixed part's bytes (folders, if any, follow it: StrucLength counts them). */
  getBuffer(): Buffer {
    const w = new Writer(Buffer.alloc(N.MQRFH_STRUC_LENGTH_FIXED_2));
    w.string("RFH ", 4);
    w.long(N.MQRFH_VERSION_2);
    w.long(this.StrucLength);
    w.long(this.Encoding);
    w.long(this.CodedCharSetId);
    w.string(this.Format, N.MQ_FORMAT_LENGTH);
    w.long(this.Flags);
    w.long(this.NameValueCCSID);
    return w.buf;
  }

  static getHeader(buf: Buffer): MQRFH2 {
    const r = new Reader(buf, 8);
    const rfh2 = new MQRFH2();
    rfh2.StrucLength = r.long();
    rfh2.Encoding = r.long();
    rfh2.CodedCharSetId = r.long();
    rfh2.Format = r.string(N.MQ_FORMAT_LENGTH);
    rfh2.Flags = r.long();
    rfh2.NameValueCCSID = r.long();
    return rfh2;
  }

  /** Each name/value folder (`<usr>...</usr>`, ...) between the fixed part and StrucLength. */
  static getAllProperties(header: MQRFH2, buf: Buffer): string[] {
    const folders: string[] = [];
    const r = new Reader(buf, N.MQRFH_STRUC_LENGTH_FIXED_2);
    while (r.offset + 4 <= Math.min(header.StrucLength, buf.length)) {
      const length = r.long();
      if (length < 0 || r.offset + length > buf.length) break; // a damaged length: read no further
      folders.push(r.string(length));
    }
    return folders;
  }

  /** The folders as one string. */
  static getProperties(header: MQRFH2, buf: Buffer): string {
    return MQRFH2.getAllProperties(header, buf).join("");
  }
}
