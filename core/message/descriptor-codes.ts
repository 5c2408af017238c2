/**
 * The MQMD field values a dead-letter rules table may name symbolically: message types
 * (MQMT_*), persistence (MQPER_*), put-application types (MQAT_*) and format names (MQFMT_*).
 * IBM's numbers and 8-character format names, so a rules table written for IBM MQ reads the
 * same here.
 */

export const MQMT = {
  MQMT_REQUEST: 1,
  MQMT_REPLY: 2,
  MQMT_REPORT: 4,
  MQMT_DATAGRAM: 8,
} as const;

export const MQPER = {
  MQPER_NOT_PERSISTENT: 0,
  MQPER_PERSISTENT: 1,
  MQPER_PERSISTENCE_AS_Q_DEF: 2,
} as const;

export const MQAT = {
  MQAT_UNKNOWN: -1,
  MQAT_NO_CONTEXT: 0,
  MQAT_CICS: 1,
  MQAT_MVS: 2,
  MQAT_OS390: 2,
  MQAT_ZOS: 2,
  MQAT_IMS: 3,
  MQAT_OS2: 4,
  MQAT_DOS: 5,
  MQAT_AIX: 6,
  MQAT_UNIX: 6,
  MQAT_QMGR: 7,
  MQAT_OS400: 8,
  MQAT_WINDOWS: 9,
  MQAT_CICS_VSE: 10,
  MQAT_WINDOWS_NT: 11,
  MQAT_VMS: 12,
  MQAT_GUARDIAN: 13,
  MQAT_NSK: 13,
  MQAT_VOS: 14,
  MQAT_IMS_BRIDGE: 19,
  MQAT_XCF: 20,
  MQAT_CICS_BRIDGE: 21,
  MQAT_NOTES_AGENT: 22,
  MQAT_USER: 25,
  MQAT_BROKER: 26,
  MQAT_QMGR_PUBLISH: 26,
  MQAT_JAVA: 28,
  MQAT_DQM: 29,
  MQAT_CHANNEL_INITIATOR: 30,
  MQAT_USER_FIRST: 65536,
  MQAT_USER_LAST: 999_999_999,
} as const;

/** Format names: 8 characters, blank-padded, as they stand in an MQMD or a header. */
export const MQFMT = {
  MQFMT_NONE: "        ",
  MQFMT_ADMIN: "MQADMIN ",
  MQFMT_DEAD_LETTER_HEADER: "MQDEAD  ",
  MQFMT_EVENT: "MQEVENT ",
  MQFMT_PCF: "MQPCF   ",
  MQFMT_RF_HEADER_2: "MQHRF2  ",
  MQFMT_STRING: "MQSTR   ",
  MQFMT_TRIGGER: "MQTRIG  ",
  MQFMT_XMIT_Q_HEADER: "MQXMIT  ",
} as const;

/** The value a name in `table` stands for, or undefined (an own property only, never Object's). */
export function lookUpSymbol<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** The product's message types (core/message/message.ts) as MQMT numbers. */
export const MESSAGE_TYPE_CODES = { request: MQMT.MQMT_REQUEST, reply: MQMT.MQMT_REPLY, report: MQMT.MQMT_REPORT, datagram: MQMT.MQMT_DATAGRAM } as const;
