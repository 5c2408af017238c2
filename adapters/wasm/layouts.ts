/**
 * IBM's structure layouts on a 32-bit platform (wasm32: 4-byte pointers, 8-byte-aligned
 * MQHMSG), as IBM documents them field by field: the offsets the host reads and writes in a
 * module's memory. include/cmqc.h declares the same structures for C; test/node/wasm-layout
 * .test.ts compiles a C program that prints offsetof() of every field below and checks both.
 */

/** long: MQLONG; chars: MQCHARn (blank-padded text); bytes: MQBYTEn; ptr: a 32-bit address; int64: MQHMSG. */
export type FieldKind = "long" | "chars" | "bytes" | "ptr" | "int64";
export interface Field {
  readonly offset: number;
  readonly kind: FieldKind;
  readonly size: number;
}
export type Layout = Readonly<Record<string, Field>>;

/** Builds a layout from fields in declaration order, with C's alignment (4, or 8 for int64). */
function layout(fields: ReadonlyArray<readonly [string, FieldKind, number?]>): Layout {
  const out: Record<string, Field> = {};
  let offset = 0;
  for (const [name, kind, length] of fields) {
    const size = kind === "long" || kind === "ptr" ? 4 : kind === "int64" ? 8 : length!;
    const align = kind === "int64" ? 8 : kind === "long" || kind === "ptr" ? 4 : 1;
    offset = Math.ceil(offset / align) * align;
    out[name] = { offset, kind, size };
    offset += size;
  }
  return out;
}

/** The end of a layout's last field, rounded to the structure's alignment: its sizeof. */
export function sizeOf(fields: Layout): number {
  let end = 0;
  let align = 4;
  for (const f of Object.values(fields)) {
    end = Math.max(end, f.offset + f.size);
    if (f.kind === "int64") align = 8;
  }
  return Math.ceil(end / align) * align;
}

const MQCHARV = (name: string) =>
  [
    [`${name}.VSPtr`, "ptr"],
    [`${name}.VSOffset`, "long"],
    [`${name}.VSBufSize`, "long"],
    [`${name}.VSLength`, "long"],
    [`${name}.VSCCSID`, "long"],
  ] as const;

export const MQMD = layout([
  ["StrucId", "chars", 4],
  ["Version", "long"],
  ["Report", "long"],
  ["MsgType", "long"],
  ["Expiry", "long"],
  ["Feedback", "long"],
  ["Encoding", "long"],
  ["CodedCharSetId", "long"],
  ["Format", "chars", 8],
  ["Priority", "long"],
  ["Persistence", "long"],
  ["MsgId", "bytes", 24],
  ["CorrelId", "bytes", 24],
  ["BackoutCount", "long"],
  ["ReplyToQ", "chars", 48],
  ["ReplyToQMgr", "chars", 48],
  ["UserIdentifier", "chars", 12],
  ["AccountingToken", "bytes", 32],
  ["ApplIdentityData", "chars", 32],
  ["PutApplType", "long"],
  ["PutApplName", "chars", 28],
  ["PutDate", "chars", 8],
  ["PutTime", "chars", 8],
  ["ApplOriginData", "chars", 4],
  ["GroupId", "bytes", 24],
  ["MsgSeqNumber", "long"],
  ["Offset", "long"],
  ["MsgFlags", "long"],
  ["OriginalLength", "long"],
]);

export const MQOD = layout([
  ["StrucId", "chars", 4],
  ["Version", "long"],
  ["ObjectType", "long"],
  ["ObjectName", "chars", 48],
  ["ObjectQMgrName", "chars", 48],
  ["DynamicQName", "chars", 48],
  ["AlternateUserId", "chars", 12],
  ["RecsPresent", "long"],
  ["KnownDestCount", "long"],
  ["UnknownDestCount", "long"],
  ["InvalidDestCount", "long"],
  ["ObjectRecOffset", "long"],
  ["ResponseRecOffset", "long"],
  ["ObjectRecPtr", "ptr"],
  ["ResponseRecPtr", "ptr"],
  ["AlternateSecurityId", "bytes", 40],
  ["ResolvedQName", "chars", 48],
  ["ResolvedQMgrName", "chars", 48],
  ...MQCHARV("ObjectString"),
  ...MQCHARV("SelectionString"),
  ...MQCHARV("ResObjectString"),
  ["ResolvedType", "long"],
]);

export const MQPMO = layout([
  ["StrucId", "chars", 4],
  ["Version", "long"],
  ["Options", "long"],
  ["Timeout", "long"],
  ["Context", "long"],
  ["KnownDestCount", "long"],
  ["UnknownDestCount", "long"],
  ["InvalidDestCount", "long"],
  ["ResolvedQName", "chars", 48],
  ["ResolvedQMgrName", "chars", 48],
  ["RecsPresent", "long"],
  ["PutMsgRecFields", "long"],
  ["PutMsgRecOffset", "long"],
  ["ResponseRecOffset", "long"],
  ["PutMsgRecPtr", "ptr"],
  ["ResponseRecPtr", "ptr"],
  ["OriginalMsgHandle", "int64"],
  ["NewMsgHandle", "int64"],
  ["Action", "long"],
  ["PubLevel", "long"],
]);

export const MQGMO = layout([
  ["StrucId", "chars", 4],
  ["Version", "long"],
  ["Options", "long"],
  ["WaitInterval", "long"],
  ["Signal1", "long"],
  ["Signal2", "long"],
  ["ResolvedQName", "chars", 48],
  ["MatchOptions", "long"],
  ["GroupStatus", "chars", 1],
  ["SegmentStatus", "chars", 1],
  ["Segmentation", "chars", 1],
  ["Reserved1", "chars", 1],
  ["MsgToken", "bytes", 16],
  ["ReturnedLength", "long"],
  ["Reserved2", "long"],
  ["MsgHandle", "int64"],
]);

export const MQCSP = layout([
  ["StrucId", "chars", 4],
  ["Version", "long"],
  ["AuthenticationType", "long"],
  ["Reserved1", "bytes", 4],
  ["CSPUserIdPtr", "ptr"],
  ["CSPUserIdOffset", "long"],
  ["CSPUserIdLength", "long"],
  ["Reserved2", "bytes", 8],
  ["CSPPasswordPtr", "ptr"],
  ["CSPPasswordOffset", "long"],
  ["CSPPasswordLength", "long"],
]);

export const MQCNO = layout([
  ["StrucId", "chars", 4],
  ["Version", "long"],
  ["Options", "long"],
  ["ClientConnOffset", "long"],
  ["ClientConnPtr", "ptr"],
  ["ConnTag", "bytes", 128],
  ["SSLConfigPtr", "ptr"],
  ["SSLConfigOffset", "long"],
  ["ConnectionId", "bytes", 24],
  ["SecurityParmsOffset", "long"],
  ["SecurityParmsPtr", "ptr"],
  ["CCDTUrlPtr", "ptr"],
  ["CCDTUrlOffset", "long"],
  ["CCDTUrlLength", "long"],
  ["Reserved", "bytes", 8],
  ["ApplName", "chars", 28],
  ["Reserved2", "bytes", 4],
]);

export const MQTMC2 = layout([
  ["StrucId", "chars", 4],
  ["Version", "chars", 4],
  ["QName", "chars", 48],
  ["ProcessName", "chars", 48],
  ["TriggerData", "chars", 64],
  ["ApplType", "chars", 4],
  ["ApplId", "chars", 256],
  ["EnvData", "chars", 128],
  ["UserData", "chars", 128],
  ["QMgrName", "chars", 48],
]);

export const MQSD = layout([
  ["StrucId", "chars", 4],
  ["Version", "long"],
  ["Options", "long"],
  ["ObjectName", "chars", 48],
  ["AlternateUserId", "chars", 12],
  ["AlternateSecurityId", "bytes", 40],
  ["SubExpiry", "long"],
  ...MQCHARV("ObjectString"),
  ...MQCHARV("SubName"),
  ...MQCHARV("SubUserData"),
  ["SubCorrelId", "bytes", 24],
  ["PubPriority", "long"],
  ["PubAccountingToken", "bytes", 32],
  ["PubApplIdentityData", "chars", 32],
  ...MQCHARV("SelectionString"),
  ["SubLevel", "long"],
  ...MQCHARV("ResObjectString"),
]);

export const MQSRO = layout([
  ["StrucId", "chars", 4],
  ["Version", "long"],
  ["Options", "long"],
  ["NumPubs", "long"],
]);

/** MQCMHO, MQDMHO and MQDMPO: a header and Options. */
const optionsOnly = () =>
  layout([
    ["StrucId", "chars", 4],
    ["Version", "long"],
    ["Options", "long"],
  ]);
export const MQCMHO = optionsOnly();
export const MQDMHO = optionsOnly();
export const MQDMPO = optionsOnly();

export const MQSMPO = layout([
  ["StrucId", "chars", 4],
  ["Version", "long"],
  ["Options", "long"],
  ["ValueEncoding", "long"],
  ["ValueCCSID", "long"],
]);

export const MQIMPO = layout([
  ["StrucId", "chars", 4],
  ["Version", "long"],
  ["Options", "long"],
  ["RequestedEncoding", "long"],
  ["RequestedCCSID", "long"],
  ["ReturnedEncoding", "long"],
  ["ReturnedCCSID", "long"],
  ["Reserved1", "long"],
  ...MQCHARV("ReturnedName"),
  ["TypeString", "chars", 8],
]);

export const MQPD = layout([
  ["StrucId", "chars", 4],
  ["Version", "long"],
  ["Options", "long"],
  ["Support", "long"],
  ["Context", "long"],
  ["CopyOptions", "long"],
]);

/** MQSTS, MQSTAT's output: version 1 ends at ResolvedQMgrName (224 bytes), version 2 at SubOptions. */
export const MQSTS = layout([
  ["StrucId", "chars", 4],
  ["Version", "long"],
  ["CompCode", "long"],
  ["Reason", "long"],
  ["PutSuccessCount", "long"],
  ["PutWarningCount", "long"],
  ["PutFailureCount", "long"],
  ["ObjectType", "long"],
  ["ObjectName", "chars", 48],
  ["ObjectQMgrName", "chars", 48],
  ["ResolvedObjectName", "chars", 48],
  ["ResolvedQMgrName", "chars", 48],
  ...MQCHARV("ObjectString"),
  ...MQCHARV("SubName"),
  ["OpenOptions", "long"],
  ["SubOptions", "long"],
]);

/** A variable-length string on its own (MQSETMP's and MQINQMP's Name). */
export const MQCHARV_LAYOUT = layout([...MQCHARV("")].map(([name, kind]) => [name.slice(1), kind] as const));

/** The length of each version, as IBM's MQxx_LENGTH_n constants give them for 32-bit platforms. */
export const LENGTHS = {
  MQMD: [324, 364],
  MQOD: [168, 200, 336, 400],
  MQPMO: [128, 152, 176],
  MQGMO: [72, 80, 100, 112],
  MQCNO: [12, 20, 148, 156, 188, 208, 240],
  MQCSP: [48],
  MQSD: [312],
  MQSRO: [16],
  MQCMHO: [12],
  MQDMHO: [12],
  MQDMPO: [12],
  MQSMPO: [20],
  MQIMPO: [60],
  MQPD: [24],
  MQSTS: [224, 272],
} as const;

/** The structure identifiers (StrucId) the host checks. */
export const STRUC_IDS = {
  MQMD: "MD  ",
  MQOD: "OD  ",
  MQPMO: "PMO ",
  MQGMO: "GMO ",
  MQCNO: "CNO ",
  MQCSP: "CSP ",
  MQSD: "SD  ",
  MQSRO: "SRO ",
  MQCMHO: "CMHO",
  MQDMHO: "DMHO",
  MQDMPO: "DMPO",
  MQSMPO: "SMPO",
  MQIMPO: "IMPO",
  MQPD: "PD  ",
  MQSTS: "STAT",
} as const;
