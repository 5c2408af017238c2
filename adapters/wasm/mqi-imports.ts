/**
 * The MQI as a wasm module's imports (module "mqi", one function per verb, IBM's C
 * signatures): each reads IBM's structures from the module's memory, calls the JavaScript MQI
 * (adapters/mqi, `webmq/ibmmq`), writes the outputs back and sets CompCode and Reason. A verb
 * that waits for the queue manager answers with a Promise, on which Asyncify suspends the
 * program (asyncify.ts). Handles the program sees are small numbers of this host's own.
 */
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import * as mqi from "../mqi/index.js";
import { MQAttr, MQError, type MQObject, type MQQueueManager } from "../mqi/structures.js";
import { header, ModuleMemory, readCNO, readGMO, readMD, readOD, readPMO, writeGMO, writeMD, writeOD, writePMO } from "./structures.js";
import { createHandle, deleteHandle, deleteProperty, inquireProperty, setProperty } from "./property-verbs.js";
import { MQRC_STS_ERROR, readLongs, readSD, writeSD, writeSTS } from "./subscription-structures.js";

const MQRC_CHAR_ATTRS_TOO_SHORT = 2008;
const MQRC_INT_ATTR_COUNT_TOO_SMALL = 2022;
const MQRC_DATA_LENGTH_ERROR = 2010;
const MQRC_CHAR_ATTR_LENGTH_ERROR = 2006;
const MQRC_INT_ATTR_COUNT_ERROR = 2021;
const MQHC_UNUSABLE_HCONN = -1;
const MQHO_UNUSABLE_HOBJ = -1;

/** The length of each character attribute MQINQ returns, as IBM's MQ_*_LENGTH constants give it. */
const CHAR_ATTR_LENGTHS: Record<number, number> = {
  [N.MQCA_Q_MGR_NAME]: 48,
  [N.MQCA_Q_NAME]: 48,
  [N.MQCA_Q_DESC]: 64,
  [N.MQCA_Q_MGR_DESC]: 64,
  [N.MQCA_DEAD_LETTER_Q_NAME]: 48,
  [N.MQCA_BACKOUT_REQ_Q_NAME]: 48,
  [N.MQCA_INITIATION_Q_NAME]: 48,
  [N.MQCA_PROCESS_NAME]: 48,
  [N.MQCA_BASE_Q_NAME]: 48,
  [N.MQCA_TRIGGER_DATA]: 64,
  [N.MQCA_Q_MGR_IDENTIFIER]: 48,
};

/** A verb's arguments: MQLONGs and pointers are numbers, an MQHMSG (i64) a BigInt. */
type Verb = (...args: any[]) => Promise<void> | void;

/** One program's connections and objects, and the imports that reach them. */
export class MqiImports {
  readonly #connections = new Map<number, MQQueueManager>();
  readonly #objects = new Map<number, MQObject>();
  #next = 1;
  #memory: ModuleMemory | undefined;

  constructor(private readonly options: { applName?: string; onUnexpected?: (error: unknown) => void } = {}) {}

  bind(memory: WebAssembly.Memory): void {
    this.#memory = new ModuleMemory(memory);
  }

  /** The imports, each wrapped by `wrap` (Asyncify's). */
  imports(wrap: (fn: Verb) => unknown): Record<string, unknown> {
    const verbs: Record<string, Verb> = {
      MQCONN: (pName, pHconn, pCC, pRC) => this.#run(pCC, pRC, () => this.#connect(pName, 0, pHconn)),
      MQCONNX: (pName, pCno, pHconn, pCC, pRC) => this.#run(pCC, pRC, () => this.#connect(pName, pCno, pHconn)),
      MQDISC: (pHconn, pCC, pRC) => this.#run(pCC, pRC, () => this.#disconnect(pHconn)),
      MQOPEN: (hConn, pOD, options, pHobj, pCC, pRC) => this.#run(pCC, pRC, () => this.#open(hConn!, pOD!, options!, pHobj!)),
      MQCLOSE: (hConn, pHobj, options, pCC, pRC) => this.#run(pCC, pRC, () => this.#close(hConn!, pHobj!, options!)),
      MQPUT: (hConn, hObj, pMD, pPMO, length, pBuffer, pCC, pRC) => this.#run(pCC, pRC, () => this.#put(hConn!, hObj!, 0, pMD!, pPMO!, length!, pBuffer!)),
      MQPUT1: (hConn, pOD, pMD, pPMO, length, pBuffer, pCC, pRC) => this.#run(pCC, pRC, () => this.#put(hConn!, 0, pOD!, pMD!, pPMO!, length!, pBuffer!)),
      MQGET: (hConn, hObj, pMD, pGMO, length, pBuffer, pDataLength, pCC, pRC) =>
        this.#run(pCC, pRC, () => this.#get(hConn!, hObj!, pMD!, pGMO!, length!, pBuffer!, pDataLength!)),
      MQCMIT: (hConn, pCC, pRC) => this.#run(pCC, pRC, () => mqi.Cmit(this.#connection(hConn!, "CMIT"))!),
      MQBACK: (hConn, pCC, pRC) => this.#run(pCC, pRC, () => mqi.Back(this.#connection(hConn!, "BACK"))!),
      MQINQ: (hConn, hObj, count, pSelectors, intCount, pInts, charLength, pChars, pCC, pRC) =>
        this.#run(pCC, pRC, () => this.#inquire(hConn!, hObj!, count!, pSelectors!, intCount!, pInts!, charLength!, pChars!)),
      MQSET: (hConn, hObj, count, pSelectors, intCount, pInts, charLength, pChars, pCC, pRC) =>
        this.#run(pCC, pRC, () => this.#set(hConn, hObj, count, pSelectors, intCount, pInts, charLength, pChars)),
      MQSUB: (hConn, pSD, pHobj, pHsub, pCC, pRC) => this.#run(pCC, pRC, () => this.#subscribe(hConn, pSD, pHobj, pHsub)),
      MQSUBRQ: (hConn, hSub, action, pSRO, pCC, pRC) => this.#run(pCC, pRC, () => this.#subscriptionRequest(hConn, hSub, action, pSRO)),
      MQCRTMH: (hConn, pCMHO, pHmsg, pCC, pRC) => this.#run(pCC, pRC, () => createHandle(this.#mem, this.#connection(hConn, "CRTMH"), pCMHO, pHmsg)),
      MQDLTMH: (hConn, pHmsg, pDMHO, pCC, pRC) => this.#run(pCC, pRC, () => deleteHandle(this.#mem, this.#connection(hConn, "DLTMH"), pHmsg, pDMHO)),
      MQSETMP: (hConn, hMsg, pSMPO, pName, pPD, type, length, pValue, pCC, pRC) =>
        this.#run(pCC, pRC, () => setProperty(this.#mem, this.#connection(hConn, "SETMP"), hMsg, pSMPO, pName, pPD, type, length, pValue)),
      MQINQMP: (hConn, hMsg, pIMPO, pName, pPD, pType, length, pValue, pDataLength, pCC, pRC) =>
        this.#run(pCC, pRC, () => inquireProperty(this.#mem, this.#connection(hConn, "INQMP"), hMsg, pIMPO, pName, pPD, pType, length, pValue, pDataLength)),
      MQSTAT: (hConn, type, pSTS, pCC, pRC) => this.#run(pCC, pRC, () => this.#status(hConn, type, pSTS)),
      MQDLTMP: (hConn, hMsg, pDMPO, pName, pCC, pRC) =>
        this.#run(pCC, pRC, () => deleteProperty(this.#mem, this.#connection(hConn, "DLTMP"), hMsg, pDMPO, pName)),
    };
    return Object.fromEntries(Object.entries(verbs).map(([name, fn]) => [name, wrap(fn)]));
  }

  /** After the program: backs out and disconnects what it left connected, so that nothing it got uncommitted is lost. */
  async cleanUp(): Promise<void> {
    for (const hConn of this.#connections.values()) {
      await mqi.Back(hConn)!.catch(() => undefined);
      await mqi.Disc(hConn)!.catch(() => undefined);
    }
    this.#connections.clear();
    this.#objects.clear();
  }

  get #mem(): ModuleMemory {
    return this.#memory!;
  }

  /** Runs a verb; sets CompCode and Reason from its outcome (a warning or failure as an MQError). */
  #run(pCC: number | undefined, pRC: number | undefined, work: () => Promise<unknown> | number | void): Promise<void> | void {
    const settle = (cc: number, rc: number) => {
      this.#mem.setLong(pCC!, cc);
      this.#mem.setLong(pRC!, rc);
    };
    const fail = (error: unknown) => {
      if (error instanceof MQError) return settle(error.mqcc, error.mqrc);
      this.options.onUnexpected?.(error);
      settle(N.MQCC_FAILED, N.MQRC_UNEXPECTED_ERROR);
    };
    try {
      const result = work();
      if (result instanceof Promise) return result.then(() => settle(N.MQCC_OK, N.MQRC_NONE), fail);
      settle(N.MQCC_OK, N.MQRC_NONE);
    } catch (error) {
      fail(error);
    }
  }

  #connection(hConn: number, verb: string): MQQueueManager {
    const found = this.#connections.get(hConn);
    if (found === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_HCONN_ERROR, verb);
    return found;
  }

  #object(hConn: number, hObj: number, verb: string): MQObject {
    const connection = this.#connection(hConn, verb);
    const found = this.#objects.get(hObj);
    if (found === undefined || found._mqQueueManager !== connection) throw new MQError(N.MQCC_FAILED, N.MQRC_HOBJ_ERROR, verb);
    return found;
  }

  async #connect(pName: number | undefined, pCno: number | undefined, pHconn: number | undefined): Promise<void> {
    const name = this.#mem.cString(pName!, 48);
    const cno = pCno ? readCNO(this.#mem, pCno) : new mqi.MQCNO();
    cno.ApplName ??= this.options.applName ?? null;
    const hConn = await mqi.ConnxPromise(name, cno);
    const handle = this.#next++;
    this.#connections.set(handle, hConn);
    this.#mem.setLong(pHconn!, handle);
  }

  async #disconnect(pHconn: number | undefined): Promise<void> {
    const handle = this.#mem.long(pHconn!);
    const hConn = this.#connection(handle, "DISC");
    this.#connections.delete(handle);
    for (const [h, object] of this.#objects) if (object._mqQueueManager === hConn) this.#objects.delete(h);
    this.#mem.setLong(pHconn!, MQHC_UNUSABLE_HCONN);
    await mqi.DiscPromise(hConn);
  }

  async #open(hConn: number, pOD: number, options: number, pHobj: number): Promise<void> {
    const connection = this.#connection(hConn, "OPEN");
    const od = readOD(this.#mem, pOD, "OPEN");
    const object = await mqi.OpenPromise(connection, od, options);
    const handle = this.#next++;
    this.#objects.set(handle, object);
    writeOD(this.#mem, pOD, od);
    this.#mem.setLong(pHobj, handle);
  }

  async #close(hConn: number, pHobj: number, options: number): Promise<void> {
    const handle = this.#mem.long(pHobj);
    const object = this.#object(hConn, handle, "CLOSE");
    await mqi.ClosePromise(object, options);
    this.#objects.delete(handle);
    this.#mem.setLong(pHobj, MQHO_UNUSABLE_HOBJ);
  }

  async #put(hConn: number, hObj: number, pOD: number, pMD: number, pPMO: number, length: number, pBuffer: number): Promise<void> {
    const verb = pOD ? "PUT1" : "PUT";
    const md = readMD(this.#mem, pMD, verb);
    const pmo = readPMO(this.#mem, pPMO, verb);
    if (length < 0) throw new MQError(N.MQCC_FAILED, MQRC_DATA_LENGTH_ERROR, verb);
    const data = Buffer.from(length === 0 ? new Uint8Array(0) : this.#mem.bytes(pBuffer, length));
    if (pOD) {
      const od = readOD(this.#mem, pOD, verb);
      await mqi.Put1Promise(this.#connection(hConn, verb), od, md, pmo, data);
      writeOD(this.#mem, pOD, od);
    } else {
      await mqi.PutPromise(this.#object(hConn, hObj, verb), md, pmo, data);
    }
    writeMD(this.#mem, pMD, md);
    writePMO(this.#mem, pPMO, pmo);
  }

  async #get(hConn: number, hObj: number, pMD: number, pGMO: number, length: number, pBuffer: number, pDataLength: number): Promise<void> {
    const object = this.#object(hConn, hObj, "GET");
    const md = readMD(this.#mem, pMD, "GET");
    const gmo = readGMO(this.#mem, pGMO, "GET");
    if (length < 0) throw new MQError(N.MQCC_FAILED, MQRC_DATA_LENGTH_ERROR, "GET");
    const data = await mqi.GetOnce(object, md, gmo, length);
    const copied = Math.min(length, data.length);
    if (copied > 0) this.#mem.bytes(pBuffer, copied).set(data.subarray(0, copied));
    this.#mem.setLong(pDataLength, data.length);
    writeMD(this.#mem, pMD, md);
    writeGMO(this.#mem, pGMO, gmo);
    if (data.length > length) {
      const accepted = (gmo.Options & N.MQGMO_ACCEPT_TRUNCATED_MSG) !== 0;
      throw new MQError(accepted ? N.MQCC_WARNING : N.MQCC_FAILED, accepted ? N.MQRC_TRUNCATED_MSG_ACCEPTED : N.MQRC_TRUNCATED_MSG_FAILED, "GET");
    }
  }

  /** MQSET: integer attributes from IntAttrs in selector order, character ones one after another from CharAttrs. */
  async #set(
    hConn: number,
    hObj: number,
    count: number,
    pSelectors: number,
    intCount: number,
    pInts: number,
    charLength: number,
    pChars: number,
  ): Promise<void> {
    const object = this.#object(hConn, hObj, "SET");
    if (count < 0 || intCount < 0 || charLength < 0) throw new MQError(N.MQCC_FAILED, N.MQRC_SELECTOR_COUNT_ERROR, "SET");
    const selectors: MQAttr[] = [];
    let ints = 0;
    let chars = 0;
    for (let i = 0; i < count; i++) {
      const selector = this.#mem.long(pSelectors + 4 * i);
      if (selector >= N.MQCA_FIRST && selector <= N.MQCA_LAST) {
        const size = CHAR_ATTR_LENGTHS[selector];
        if (size === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_SELECTOR_ERROR, "SET");
        if (chars + size > charLength) throw new MQError(N.MQCC_FAILED, MQRC_CHAR_ATTR_LENGTH_ERROR, "SET");
        selectors.push(new MQAttr(selector, this.#mem.chars(pChars + chars, size)));
        chars += size;
      } else {
        if (ints >= intCount) throw new MQError(N.MQCC_FAILED, MQRC_INT_ATTR_COUNT_ERROR, "SET");
        selectors.push(new MQAttr(selector, this.#mem.long(pInts + 4 * ints++)));
      }
    }
    await new Promise<void>((resolve, reject) => mqi.Set(object, selectors, (err) => (err ? reject(err) : resolve())));
  }

  /** MQSUB: *pHobj is the queue publications go to (given, or with MQSO_MANAGED made and returned); *pHsub the subscription, which MQCLOSE ends. */
  async #subscribe(hConn: number, pSD: number, pHobj: number, pHsub: number): Promise<void> {
    const connection = this.#connection(hConn, "SUB");
    const sd = readSD(this.#mem, pSD);
    const managed = (sd.Options & N.MQSO_MANAGED) !== 0;
    const given = managed ? null : this.#object(hConn, this.#mem.long(pHobj), "SUB");
    const { hObj, hSub } = await mqi.SubPromise(connection, given, sd);
    if (managed) {
      const handle = this.#next++;
      this.#objects.set(handle, hObj);
      this.#mem.setLong(pHobj, handle);
    }
    const subscription = this.#next++;
    this.#objects.set(subscription, hSub);
    this.#mem.setLong(pHsub, subscription);
    writeSD(this.#mem, pSD, sd);
  }

  /** MQSUBRQ with MQSR_ACTION_PUBLICATION: the retained publication again; NumPubs says how many were sent. */
  async #subscriptionRequest(hConn: number, hSub: number, action: number, pSRO: number): Promise<void> {
    const subscription = this.#object(hConn, hSub, "SUBRQ");
    const sro = new mqi.MQSRO();
    if (pSRO !== 0) sro.Options = readLongs(this.#mem, pSRO, "MQSRO", N.MQRC_SRO_ERROR, "SUBRQ", ["Options"]).Options;
    try {
      await mqi.Subrq(this.#connection(hConn, "SUBRQ"), subscription, action, sro);
    } finally {
      if (pSRO !== 0) this.#mem.setLong(pSRO + 12, sro.NumPubs);
    }
  }

  /** MQSTAT: the connection's status of `type` into the program's MQSTS (synchronous: it waits for nothing). */
  #status(hConn: number, type: number, pSTS: number): void {
    const version = header(this.#mem, pSTS, "MQSTS", MQRC_STS_ERROR, "STAT");
    writeSTS(this.#mem, pSTS, version, mqi.Stat(this.#connection(hConn, "STAT"), type)!);
  }

  /** MQINQ: integer attributes in selector order into IntAttrs, character attributes one after another into CharAttrs. */
  #inquire(hConn: number, hObj: number, count: number, pSelectors: number, intCount: number, pInts: number, charLength: number, pChars: number): void {
    const object = this.#object(hConn, hObj, "INQ");
    if (count < 0 || intCount < 0 || charLength < 0) throw new MQError(N.MQCC_FAILED, N.MQRC_SELECTOR_COUNT_ERROR, "INQ");
    const selectors = Array.from({ length: count }, (_, i) => new MQAttr(this.#mem.long(pSelectors + 4 * i)));
    for (const attr of selectors) {
      if (attr.selector >= N.MQCA_FIRST && attr.selector <= N.MQCA_LAST && CHAR_ATTR_LENGTHS[attr.selector] === undefined)
        throw new MQError(N.MQCC_FAILED, N.MQRC_SELECTOR_ERROR, "INQ");
    }
    mqi.Inq(object, selectors);
    let ints = 0;
    let chars = 0;
    let warning = 0;
    for (const attr of selectors) {
      if (attr.selector >= N.MQCA_FIRST && attr.selector <= N.MQCA_LAST) {
        const size = CHAR_ATTR_LENGTHS[attr.selector]!;
        if (chars + size > charLength) warning ||= MQRC_CHAR_ATTRS_TOO_SHORT;
        else this.#mem.setChars(pChars + chars, size, String(attr.value ?? ""));
        chars += size;
      } else {
        if (ints >= intCount) warning ||= MQRC_INT_ATTR_COUNT_TOO_SMALL;
        else this.#mem.setLong(pInts + 4 * ints, Number(attr.value));
        ints++;
      }
    }
    if (warning) throw new MQError(N.MQCC_WARNING, warning, "INQ");
  }
}
