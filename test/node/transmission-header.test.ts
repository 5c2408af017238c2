/**
 * MQXQH byte for byte, as IBM lays out version 1: 428 bytes, "XQH ", version 1, RemoteQName,
 * RemoteQMgrName, then the original message's MQMD version 1 (324 bytes), in both byte orders
 * IBM writes (MQENC_NATIVE 546, little-endian; MQENC_NORMAL 273, big-endian). The expected
 * bytes are written by hand from IBM's layout, independently of the encoder.
 */
import { describe, expect, it } from "vitest";
import {
  MQFMT_XMIT_Q_HEADER,
  MQXQH_FIELDS,
  MQXQH_LENGTH,
  decodeTransmissionHeader,
  decodeTransmissionMessage,
  descriptorOf,
  encodeTransmissionHeader,
  encodeTransmissionMessage,
  putMessageOf,
  type MessageDescriptorV1,
  type TransmissionHeader,
} from "../../core/features/channels/transmission-header.js";
import { MQMD_V1_FIELDS, MQMD_V1_LENGTH } from "../../core/message/mqmd.js";
import { MQError, QueueManager, MemoryStore, MemoryStorage } from "../../core/index.js";

const PUT_TIME = Date.UTC(2024, 0, 31, 13, 45, 6, 780);
const MESSAGE_ID = "414d5120514d3120202020202020202000000000000a0001";
const CORREL_ID = "0102030405060708090a0b0c0d0e0f101112131415161718";

const DESCRIPTOR: MessageDescriptorV1 = {
  report: 0,
  msgType: 1,
  expiry: 600,
  feedback: 0,
  encoding: 546,
  codedCharSetId: 1208,
  format: "MQSTR",
  priority: 4,
  persistence: 1,
  messageId: MESSAGE_ID,
  correlationId: CORREL_ID,
  backoutCount: 2,
  replyToQueue: "APP.REPLIES",
  replyToQueueManager: "QM1",
  userIdentifier: "app",
  accountingToken: "0".repeat(64),
  applIdentityData: "",
  putApplType: 28,
  putApplName: "webmq",
  putTime: PUT_TIME,
  applOriginData: "",
};

const HEADER: TransmissionHeader = { remoteQueue: "APP.ORDERS", remoteQueueManager: "QM2", descriptor: DESCRIPTOR };

/** 428 bytes written from IBM's layout: text blank-padded, integers in the byte order given, ids as bytes. */
function handWritten(littleEndian: boolean): Uint8Array {
  const bytes = new Uint8Array(428).fill(0x20);
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) bytes[at + i] = value.charCodeAt(i);
  };
  const int32 = (at: number, value: number) => {
    const n = value >>> 0;
    const le = [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
    bytes.set(littleEndian ? le : le.reverse(), at);
  };
  const hex = (at: number, value: string) => {
    for (let i = 0; i < value.length / 2; i++) bytes[at + i] = parseInt(value.slice(i * 2, i * 2 + 2), 16);
  };
  text(0, "XQH ");
  int32(4, 1);
  text(8, "APP.ORDERS");
  text(56, "QM2");
  const md = 104;
  text(md + 0, "MD  ");
  int32(md + 4, 1);
  int32(md + 8, 0); // Report
  int32(md + 12, 1); // MsgType MQMT_REQUEST
  int32(md + 16, 600); // Expiry, tenths
  int32(md + 20, 0); // Feedback
  int32(md + 24, 546); // Encoding of the data
  int32(md + 28, 1208);
  text(md + 32, "MQSTR");
  int32(md + 40, 4);
  int32(md + 44, 1);
  hex(md + 48, MESSAGE_ID);
  hex(md + 72, CORREL_ID);
  int32(md + 96, 2);
  text(md + 100, "APP.REPLIES");
  text(md + 148, "QM1");
  text(md + 196, "app");
  hex(md + 208, "0".repeat(64)); // AccountingToken MQACT_NONE: 32 NULs
  int32(md + 272, 28); // MQAT_JAVA
  text(md + 276, "webmq");
  text(md + 304, "20240131");
  text(md + 312, "13450678");
  return bytes;
}

describe("MQXQH layout", () => {
  it("names IBM's offsets and sizes: 428 bytes, the MQMD version 1 its last 324", () => {
    expect(MQXQH_LENGTH).toBe(428);
    expect(MQMD_V1_LENGTH).toBe(324);
    expect(MQFMT_XMIT_Q_HEADER).toBe("MQXMIT  ");
    expect(MQXQH_FIELDS).toEqual({
      StrucId: { offset: 0, length: 4 },
      Version: { offset: 4, length: 4 },
      RemoteQName: { offset: 8, length: 48 },
      RemoteQMgrName: { offset: 56, length: 48 },
      MsgDesc: { offset: 104, length: 324 },
    });
    for (const fields of [MQXQH_FIELDS, MQMD_V1_FIELDS]) {
      let next = 0;
      for (const { offset, length } of Object.values(fields)) {
        expect(offset).toBe(next);
        next = offset + length;
      }
      expect(next).toBe(fields === MQXQH_FIELDS ? 428 : 324);
    }
    expect(MQMD_V1_FIELDS.ReplyToQMgr).toEqual({ offset: 148, length: 48 });
    expect(MQMD_V1_FIELDS.PutApplName).toEqual({ offset: 276, length: 28 });
  });

  it("encodes a known header byte for byte, little-endian (MQENC_NATIVE, the default)", () => {
    const bytes = encodeTransmissionHeader(HEADER);
    expect(bytes.length).toBe(428);
    expect(Array.from(bytes)).toEqual(Array.from(handWritten(true)));
    expect(Array.from(bytes.subarray(4, 8))).toEqual([1, 0, 0, 0]);
    expect(Array.from(bytes.subarray(104 + 16, 104 + 20))).toEqual([0x58, 0x02, 0, 0]); // Expiry 600
    expect(bytes[59]).toBe(0x20); // blank after "QM2", never a NUL
    expect(Array.from(bytes.subarray(104 + 208, 104 + 240))).toEqual(new Array(32).fill(0));
  });

  it("encodes the same header big-endian (MQENC_NORMAL, 273), as AIX and z/OS write it", () => {
    const bytes = encodeTransmissionHeader(HEADER, { encoding: 273 });
    expect(Array.from(bytes)).toEqual(Array.from(handWritten(false)));
    expect(Array.from(bytes.subarray(4, 8))).toEqual([0, 0, 0, 1]);
    expect(Array.from(bytes.subarray(104 + 28, 104 + 32))).toEqual([0, 0, 0x04, 0xb8]); // CCSID 1208
  });

  it("decodes both byte orders, telling the order from the Version field when not given", () => {
    for (const encoding of [546, 273]) {
      const decoded = decodeTransmissionHeader(handWritten(encoding === 546));
      expect(decoded).toEqual({ ...HEADER, encoding, headerLength: 428 });
      expect(decodeTransmissionHeader(handWritten(encoding === 546), { encoding })).toEqual(decoded);
    }
  });

  it("splits a transmission queue message into its header and the original data, at any offset of a buffer", () => {
    const body = new TextEncoder().encode("order 42");
    const framed = new Uint8Array(5 + 428 + body.length);
    framed.set(encodeTransmissionHeader(HEADER), 5);
    framed.set(body, 5 + 428);
    const { header, body: rest } = decodeTransmissionMessage(framed.subarray(5));
    expect(header.remoteQueue).toBe("APP.ORDERS");
    expect(Array.from(rest)).toEqual(Array.from(body));
  });
});

describe("MQXQH refusals", () => {
  const refusal = (run: () => unknown): string => {
    try {
      run();
    } catch (e) {
      return e instanceof MQError ? `${e.reason}: ${e.message}` : `not an MQError: ${String(e)}`;
    }
    return "accepted";
  };

  it("refuses bytes that are not a version-1 MQXQH with its MQMD with MQRC_FORMAT_ERROR", () => {
    const good = handWritten(true);
    const edited = (at: number, ...values: number[]) => {
      const copy = good.slice();
      copy.set(values, at);
      return copy;
    };
    expect(refusal(() => decodeTransmissionHeader(good.subarray(0, 427)))).toMatch(/^MQRC_FORMAT_ERROR: .*428 bytes; only 427/);
    expect(refusal(() => decodeTransmissionHeader(edited(0, 0x44)))).toMatch(/^MQRC_FORMAT_ERROR: .*begins "XQH "/);
    expect(refusal(() => decodeTransmissionHeader(edited(4, 2, 0, 0, 0)))).toMatch(/^MQRC_FORMAT_ERROR: .*neither 1/);
    expect(refusal(() => decodeTransmissionHeader(good, { encoding: 273 }))).toMatch(/^MQRC_FORMAT_ERROR: .*version is 16777216/);
    expect(refusal(() => decodeTransmissionHeader(edited(104, 0x58)))).toMatch(/^MQRC_FORMAT_ERROR: .*an MQMD begins "MD  "/);
    expect(refusal(() => decodeTransmissionHeader(edited(108, 2)))).toMatch(/^MQRC_FORMAT_ERROR: .*an embedded MQMD is version 1/);
    expect(refusal(() => decodeTransmissionHeader(edited(8, 0xff)))).toMatch(/^MQRC_FORMAT_ERROR: .*RemoteQName is not UTF-8/);
    expect(refusal(() => decodeTransmissionHeader(edited(104 + 308, 0x31, 0x33)))).toMatch(/^MQRC_FORMAT_ERROR: .*PutDate/);
    expect(refusal(() => decodeTransmissionHeader(good, { encoding: 0 }))).toMatch(/^MQRC_FORMAT_ERROR: .*encoding 0 names no integer byte order/);
    expect(refusal(() => decodeTransmissionHeader("XQH " as unknown as Uint8Array))).toMatch(/^MQRC_FORMAT_ERROR/);
  });

  it("refuses to encode a field that does not fit, with the reason of what is wrong", () => {
    expect(refusal(() => encodeTransmissionHeader({ ...HEADER, remoteQueue: "Q".repeat(49) }))).toMatch(/^MQRC_OBJECT_NAME_ERROR/);
    expect(refusal(() => encodeTransmissionHeader({ ...HEADER, remoteQueueManager: "M".repeat(49) }))).toMatch(/^MQRC_Q_MGR_NAME_ERROR/);
    expect(refusal(() => encodeTransmissionHeader({ ...HEADER, descriptor: { ...DESCRIPTOR, messageId: "12" } }))).toMatch(/^MQRC_MSG_ID_ERROR/);
    expect(refusal(() => encodeTransmissionHeader({ ...HEADER, descriptor: { ...DESCRIPTOR, priority: 2 ** 31 } }))).toMatch(/^MQRC_FORMAT_ERROR: .*Priority/);
    expect(refusal(() => encodeTransmissionHeader({ ...HEADER, descriptor: { ...DESCRIPTOR, putTime: Number.NaN } }))).toMatch(/^MQRC_FORMAT_ERROR/);
  });
});

describe("a transmission queue's message as IBM's channel carries it", () => {
  it("is the MQXQH with the message's destination and descriptor, then its body; read back, it puts as the original", async () => {
    const qm = await QueueManager.open({ name: "QM1", store: new MemoryStore(new MemoryStorage()) });
    try {
      await qm.mqsc("DEFINE QLOCAL(QM2) USAGE(XMITQ)\nDEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM2)");
      const put = await qm.put("ORDERS", {
        body: "order 42 ✓",
        priority: 7,
        persistent: true,
        expiry: 60_050,
        correlationIdText: "order-42",
        replyToQueue: "APP.REPLIES",
        messageType: "request",
      });
      const got = (await qm.get("QM2"))!;
      const bytes = encodeTransmissionMessage(got);
      const body = new TextEncoder().encode("order 42 ✓");
      expect(bytes.length).toBe(428 + body.length);
      expect(Array.from(bytes.subarray(428))).toEqual(Array.from(body));
      const { header, body: data } = decodeTransmissionMessage(bytes);
      expect(header).toMatchObject({ remoteQueue: "APP.ORDERS", remoteQueueManager: "QM2", encoding: 546 });
      expect(header.descriptor).toMatchObject({
        msgType: 1,
        format: "MQSTR",
        codedCharSetId: 1208,
        priority: 7,
        persistence: 1,
        messageId: put.messageId,
        correlationId: got.correlationId,
        replyToQueue: "APP.REPLIES",
        replyToQueueManager: "QM1",
        expiry: Math.ceil(got.expiry! / 100),
        putTime: Math.floor(got.putTime / 10) * 10,
      });
      expect(header.descriptor).toEqual({ ...descriptorOf(got), putTime: Math.floor(got.putTime / 10) * 10 });
      expect(putMessageOf(header.descriptor, data)).toEqual({
        body: "order 42 ✓",
        bodyFormat: "text",
        correlationId: got.correlationId,
        priority: 7,
        persistent: true,
        expiry: header.descriptor.expiry * 100,
        messageType: "request",
        replyToQueue: "APP.REPLIES",
        replyToQueueManager: "QM1",
      });
    } finally {
      await qm.close();
    }
  });

  it("carries bytes as bytes and JSON as its UTF-8 text, and refuses a message bound nowhere", async () => {
    const qm = await QueueManager.open({ name: "QM1", store: new MemoryStore(new MemoryStorage()) });
    try {
      await qm.mqsc("DEFINE QLOCAL(QM2) USAGE(XMITQ)\nDEFINE QREMOTE(ORDERS) RNAME(APP.ORDERS) RQMNAME(QM2)\nDEFINE QLOCAL(LOCAL.Q)");
      await qm.put("ORDERS", { body: new Uint8Array([0, 1, 0xff]) });
      await qm.put("ORDERS", { body: { sku: 42 } });
      await qm.put("LOCAL.Q", { body: "here" });
      const bytes = encodeTransmissionMessage((await qm.get("QM2"))!);
      const { header, body } = decodeTransmissionMessage(bytes);
      expect(header.descriptor.format).toBe("");
      expect(putMessageOf(header.descriptor, body)).toMatchObject({
        body: new Uint8Array([0, 1, 0xff]),
        bodyFormat: "bytes",
        expiry: null,
        messageType: "datagram",
      });
      const json = decodeTransmissionMessage(encodeTransmissionMessage((await qm.get("QM2"))!));
      expect(new TextDecoder().decode(json.body)).toBe('{"sku":42}');
      const local = (await qm.get("LOCAL.Q"))!;
      expect(() => encodeTransmissionMessage(local)).toThrow(/MQRC_FORMAT_ERROR.*not bound for another queue manager/);
    } finally {
      await qm.close();
    }
  });

  it("refuses a descriptor this product cannot put with the reason a put gives", () => {
    expect(() => putMessageOf({ ...DESCRIPTOR, msgType: 3 }, new Uint8Array())).toThrow(/MQRC_MSG_TYPE_ERROR/);
    expect(() => putMessageOf({ ...DESCRIPTOR, expiry: 0 }, new Uint8Array())).toThrow(/MQRC_EXPIRY_ERROR/);
    expect(() => putMessageOf({ ...DESCRIPTOR, persistence: 2 }, new Uint8Array())).toThrow(/MQRC_PERSISTENCE_ERROR/);
    // MQSTR data that is not UTF-8 (or in another CCSID) stays the bytes it is.
    expect(putMessageOf(DESCRIPTOR, new Uint8Array([0xff]))).toMatchObject({ bodyFormat: "bytes" });
    expect(putMessageOf({ ...DESCRIPTOR, codedCharSetId: 819 }, new Uint8Array([0x41]))).toMatchObject({ bodyFormat: "bytes" });
  });
});
