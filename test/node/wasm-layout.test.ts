/**
 * include/cmqc.h against IBM's documented layouts, byte for byte: a C program generated here
 * prints sizeof() of each structure and offsetof() of each field the wasm host reads or writes
 * (adapters/wasm/layouts.ts), compiled with clang for wasm32 and run on the host. Sizes are
 * IBM's MQxx_LENGTH_n for 32-bit platforms; MQMD's offsets are also listed here as IBM's
 * field table gives them. The header's numeric constants must equal the JavaScript MQI's.
 */
import { mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MQC_NUMBERS } from "../../core/features/mqi/mqc.js";
import * as L from "../../adapters/wasm/layouts.js";
import { runMqiFile } from "../../adapters/wasm/node.js";
import { buildProgram, INCLUDE, missingToolchain } from "../fixtures/wasm/toolchain.js";

const STRUCTURES = {
  MQMD: L.MQMD, MQOD: L.MQOD, MQPMO: L.MQPMO, MQGMO: L.MQGMO, MQCNO: L.MQCNO, MQCSP: L.MQCSP, MQTMC2: L.MQTMC2,
  MQSD: L.MQSD, MQSRO: L.MQSRO, MQCMHO: L.MQCMHO, MQDMHO: L.MQDMHO, MQDMPO: L.MQDMPO, MQSMPO: L.MQSMPO, MQIMPO: L.MQIMPO, MQPD: L.MQPD,
  MQSTS: L.MQSTS, MQCHARV: L.MQCHARV_LAYOUT,
} as const; // prettier-ignore

/**
 * IBM's MQxx_LENGTH_1 of the structures of MQSUB, MQSUBRQ and the message-property verbs for
 * 32-bit platforms (cmqc.h's values where MQ_64_BIT is not defined), and the offsets IBM's
 * field tables give for MQSD and MQIMPO (an MQCHARV is 20 bytes there: a 4-byte pointer, four MQLONGs).
 * Checked field by field against the structures, field order and MQxx_LENGTH_1 values of a
 * public copy of IBM's own cmqc.h (IBM MQ for Multiplatforms); they agree.
 */
const IBM_LENGTHS = { MQSTS: 272, MQSD: 312, MQSRO: 16, MQCMHO: 12, MQDMHO: 12, MQDMPO: 12, MQSMPO: 20, MQIMPO: 60, MQPD: 24, MQCHARV: 20 } as const;
const IBM_MQSD_OFFSETS: Record<string, number> = {
  Options: 8, ObjectName: 12, AlternateUserId: 60, AlternateSecurityId: 72, SubExpiry: 112, "ObjectString.VSPtr": 116,
  "SubName.VSPtr": 136, "SubUserData.VSPtr": 156, SubCorrelId: 176, PubPriority: 200, PubAccountingToken: 204,
  PubApplIdentityData: 236, "SelectionString.VSPtr": 268, SubLevel: 288, "ResObjectString.VSPtr": 292,
}; // prettier-ignore
const IBM_MQIMPO_OFFSETS: Record<string, number> = {
  RequestedEncoding: 12,
  ReturnedCCSID: 24,
  "ReturnedName.VSPtr": 32,
  "ReturnedName.VSLength": 44,
  TypeString: 52,
};

/** Every field of the short structures, where IBM's header puts it: StrucId, Version, then MQLONGs (MQCHARV: a pointer, then MQLONGs). */
const IBM_SHORT_OFFSETS = {
  MQSRO: { StrucId: 0, Version: 4, Options: 8, NumPubs: 12 },
  MQCMHO: { StrucId: 0, Version: 4, Options: 8 },
  MQDMHO: { StrucId: 0, Version: 4, Options: 8 },
  MQDMPO: { StrucId: 0, Version: 4, Options: 8 },
  MQSMPO: { StrucId: 0, Version: 4, Options: 8, ValueEncoding: 12, ValueCCSID: 16 },
  MQPD: { StrucId: 0, Version: 4, Options: 8, Support: 12, Context: 16, CopyOptions: 20 },
  MQCHARV: { VSPtr: 0, VSOffset: 4, VSBufSize: 8, VSLength: 12, VSCCSID: 16 },
} as const;

/** IBM's MQMD field table: offset of each field (version 1 ends at 324, version 2 at 364). */
const IBM_MQMD_OFFSETS: Record<string, number> = {
  StrucId: 0, Version: 4, Report: 8, MsgType: 12, Expiry: 16, Feedback: 20, Encoding: 24, CodedCharSetId: 28,
  Format: 32, Priority: 40, Persistence: 44, MsgId: 48, CorrelId: 72, BackoutCount: 96, ReplyToQ: 100,
  ReplyToQMgr: 148, UserIdentifier: 196, AccountingToken: 208, ApplIdentityData: 240, PutApplType: 272,
  PutApplName: 276, PutDate: 304, PutTime: 312, ApplOriginData: 320, GroupId: 324, MsgSeqNumber: 348,
  Offset: 352, MsgFlags: 356, OriginalLength: 360,
}; // prettier-ignore

describe("the layouts in memory", () => {
  it("MQMD's offsets are IBM's, and every structure's size is IBM's MQxx_CURRENT_LENGTH for 32-bit platforms", () => {
    expect(Object.fromEntries(Object.entries(L.MQMD).map(([k, f]) => [k, f.offset]))).toEqual(IBM_MQMD_OFFSETS);
    expect(L.sizeOf(L.MQMD)).toBe(364);
    for (const name of ["MQMD", "MQOD", "MQPMO", "MQGMO", "MQCNO", "MQCSP"] as const) expect(L.sizeOf(STRUCTURES[name])).toBe(L.LENGTHS[name].at(-1));
    expect(L.sizeOf(L.MQTMC2)).toBe(732);
  });

  it("MQSD, MQSRO, MQCMHO, MQDMHO, MQDMPO, MQSMPO, MQIMPO, MQPD, MQSTS and MQCHARV have IBM's 32-bit lengths, and MQSD's and MQIMPO's fields IBM's offsets", () => {
    for (const [name, length] of Object.entries(IBM_LENGTHS)) expect([name, L.sizeOf(STRUCTURES[name as keyof typeof IBM_LENGTHS])]).toEqual([name, length]);
    for (const name of ["MQSD", "MQSRO", "MQCMHO", "MQDMHO", "MQDMPO", "MQSMPO", "MQIMPO", "MQPD"] as const)
      expect(L.LENGTHS[name]).toEqual([IBM_LENGTHS[name]]);
    for (const [field, offset] of Object.entries(IBM_MQSD_OFFSETS)) expect([field, L.MQSD[field]?.offset]).toEqual([field, offset]);
    for (const [field, offset] of Object.entries(IBM_MQIMPO_OFFSETS)) expect([field, L.MQIMPO[field]?.offset]).toEqual([field, offset]);
    // MQSTS: version 1 ends after ResolvedQMgrName (MQSTS_LENGTH_1), version 2 after SubOptions (MQSTS_LENGTH_2).
    expect(L.LENGTHS.MQSTS).toEqual([224, 272]);
    expect([L.MQSTS.ResolvedQMgrName!.offset, L.MQSTS["ObjectString.VSPtr"]!.offset, L.MQSTS["SubName.VSPtr"]!.offset, L.MQSTS.SubOptions!.offset]).toEqual([
      176, 224, 244, 268,
    ]);
    for (const [name, offsets] of Object.entries(IBM_SHORT_OFFSETS)) {
      const layout = STRUCTURES[name as keyof typeof IBM_SHORT_OFFSETS];
      expect([name, Object.fromEntries(Object.entries(layout).map(([field, f]) => [field, f.offset]))]).toEqual([name, offsets]);
    }
  });

  it("cmqc.h's numeric constants equal the JavaScript MQI's (core/features/mqi/mqc.ts)", async () => {
    const header = await readFile(join(INCLUDE, "cmqc.h"), "utf8");
    const defined = new Map<string, number>();
    for (const [, name, value] of header.matchAll(/^#define (MQ\w+)\s+\(?(-?\d+)\)?\s*$/gm)) defined.set(name!, Number(value));
    const numeric = Object.entries(MQC_NUMBERS).filter(([, v]) => typeof v === "number");
    expect(numeric.length).toBeGreaterThan(200);
    for (const [name, value] of numeric) expect([name, defined.get(name)]).toEqual([name, value]);
  });
});

const missing = missingToolchain();

describe.skipIf(missing !== undefined)("cmqc.h compiled for wasm32", () => {
  let dir: string;
  let printed: Map<string, number>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "webmq-wasm-layout-"));
    const lines = Object.entries(STRUCTURES).flatMap(([struct, layout]) => [
      `  printf("${struct} %zu\\n", sizeof(${struct}));`,
      ...Object.keys(layout).map((field) => `  printf("${struct}.${field} %zu\\n", offsetof(${struct}, ${field}));`),
    ]);
    const source = join(dir, "layout.c");
    await writeFile(source, `#include <cmqc.h>\n#include <stdio.h>\n#include <stddef.h>\nint main(void) {\n${lines.join("\n")}\n  return 0;\n}\n`);
    const wasm = await buildProgram("layout", dir, { source });
    const out = await open(join(dir, "layout.out"), "w");
    expect(await runMqiFile(wasm, { stdout: out.fd })).toBe(0);
    await out.close();
    const text = await readFile(join(dir, "layout.out"), "utf8");
    printed = new Map(
      text
        .trim()
        .split("\n")
        .map((line) => line.split(" ") as [string, string])
        .map(([k, v]) => [k, Number(v)]),
    );
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("every field the host reads or writes is where the C compiler puts it", () => {
    for (const [struct, layout] of Object.entries(STRUCTURES)) {
      expect(printed.get(struct)).toBe(L.sizeOf(layout));
      for (const [field, { offset }] of Object.entries(layout))
        expect([`${struct}.${field}`, printed.get(`${struct}.${field}`)]).toEqual([`${struct}.${field}`, offset]);
    }
  });

  it("MQxx_DEFAULT initialises a structure as IBM's does: {MQMD_DEFAULT} and the rest compile, and a program's defaults reach the host", async () => {
    const source = join(dir, "defaults.c");
    await writeFile(
      source,
      `#include <cmqc.h>
#include <stdio.h>
#include <string.h>
int main(void) {
  MQMD md = {MQMD_DEFAULT}; MQOD od = {MQOD_DEFAULT}; MQPMO pmo = {MQPMO_DEFAULT}; MQGMO gmo = {MQGMO_DEFAULT};
  MQCNO cno = {MQCNO_DEFAULT}; MQCSP csp = {MQCSP_DEFAULT};
  MQSD sd = {MQSD_DEFAULT}; MQSRO sro = {MQSRO_DEFAULT}; MQCMHO cmho = {MQCMHO_DEFAULT}; MQSMPO smpo = {MQSMPO_DEFAULT};
  MQIMPO impo = {MQIMPO_DEFAULT}; MQPD pd = {MQPD_DEFAULT}; MQDMHO dmho = {MQDMHO_DEFAULT}; MQDMPO dmpo = {MQDMPO_DEFAULT};
  printf("%.4s %d %d %d %d %d|%.4s %d|%.4s %d|%.4s %d %d|%.4s %d %d|%.4s %d %d|%.4s|%.4s\\n", sd.StrucId, (int)sd.Version, (int)sd.SubExpiry,
    (int)sd.PubPriority, (int)sd.SubLevel, (int)sd.ObjectString.VSCCSID, sro.StrucId, (int)sro.Version, cmho.StrucId, (int)cmho.Options,
    smpo.StrucId, (int)smpo.ValueEncoding, (int)smpo.ValueCCSID, impo.StrucId, (int)impo.RequestedEncoding, (int)impo.RequestedCCSID,
    pd.StrucId, (int)pd.Support, (int)pd.CopyOptions, dmho.StrucId, dmpo.StrucId);
  printf("%.4s %d %d %d %.8s|%d %d\\n", md.StrucId, (int)md.Version, (int)md.Priority, (int)md.Persistence, md.Format, (int)md.Expiry, (int)md.OriginalLength);
  printf("%.4s %d %d %.5s|%.4s %d|%.4s %d %d|%.4s %d|%.4s %d\\n", od.StrucId, (int)od.Version, (int)od.ObjectType, od.DynamicQName,
    pmo.StrucId, (int)pmo.Timeout, gmo.StrucId, (int)gmo.MatchOptions, (int)gmo.ReturnedLength, cno.StrucId, (int)cno.Version, csp.StrucId, (int)csp.Version);
  return memcmp(md.MsgId, MQMI_NONE, sizeof md.MsgId) != 0;
}
`,
    );
    const wasm = await buildProgram("defaults", dir, { source });
    const out = await open(join(dir, "defaults.out"), "w");
    expect(await runMqiFile(wasm, { stdout: out.fd })).toBe(0);
    await out.close();
    expect(await readFile(join(dir, "defaults.out"), "utf8")).toBe(
      "SD   1 -1 -3 1 -3|SRO  1|CMHO 0|SMPO 546 -3|IMPO 546 -3|PD   1 22|DMHO|DMPO\n" +
        "MD   1 -1 2         |-1 -1\nOD   1 1 AMQ.*|PMO  -1|GMO  3 -1|CNO  1|CSP  1\n",
    );
  }, 60_000);
});
