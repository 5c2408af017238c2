/**
 * The MQI's structures as `ibmmq` gives them to JavaScript: classes with IBM's field names
 * and defaults (MQMD, MQOD, MQPMO, MQGMO, MQCNO, MQCSP), the handles (MQQueueManager, MQObject),
 * MQAttr for Inq, and MQError as `ibmmq` throws it. Written from IBM's documentation of the
 * fields; byte fields are Buffers, as `ibmmq` has them.
 */
import { reasonName } from "../../core/index.js";
import { MQC_NUMBERS as N, lookupConstant } from "../../core/features/mqi/mqc.js";

const VERSION = "0.1.0";

function zeros(length: number): Buffer {
  return Buffer.alloc(length, 0);
}

/** The message descriptor (MQMD version 2). */
export class MQMD {
  Report = N.MQRO_NONE;
  MsgType: number = N.MQMT_DATAGRAM;
  /** In tenths of a second; MQEI_UNLIMITED (-1) for none. */
  Expiry: number = N.MQEI_UNLIMITED;
  Feedback: number = N.MQFB_NONE;
  Encoding: number = N.MQENC_NATIVE;
  CodedCharSetId: number = N.MQCCSI_Q_MGR;
  Format: string | null = null;
  Priority: number = N.MQPRI_PRIORITY_AS_Q_DEF;
  Persistence: number = N.MQPER_PERSISTENCE_AS_Q_DEF;
  MsgId: Buffer = zeros(N.MQ_MSG_ID_LENGTH);
  CorrelId: Buffer = zeros(N.MQ_CORREL_ID_LENGTH);
  BackoutCount = 0;
  ReplyToQ: string | null = null;
  ReplyToQMgr: string | null = null;
  UserIdentifier: string | null = null;
  AccountingToken: Buffer = zeros(N.MQ_ACCOUNTING_TOKEN_LENGTH);
  ApplIdentityData: string | null = null;
  PutApplType: number = N.MQAT_NO_CONTEXT;
  PutApplName: string | null = null;
  /** YYYYMMDD, GMT. */
  PutDate: string | null = null;
  /** HHMMSSTH, GMT. */
  PutTime: string | null = null;
  ApplOriginData: string | null = null;
  GroupId: Buffer = zeros(N.MQ_GROUP_ID_LENGTH);
  MsgSeqNumber = 1;
  Offset = 0;
  MsgFlags: number = N.MQMF_NONE;
  OriginalLength: number = N.MQOL_UNDEFINED;
}

/** The object descriptor. */
export class MQOD {
  ObjectType: number = N.MQOT_Q;
  ObjectName: string | null = null;
  ObjectQMgrName: string | null = null;
  DynamicQName: string | null = "AMQ.*";
  AlternateUserId: string | null = null;
  RecsPresent = 0;
  KnownDestCount = 0;
  UnknownDestCount = 0;
  InvalidDestCount = 0;
  ObjectRecOffset = 0;
  ResponseRecOffset = 0;
  AlternateSecurityId: Buffer = zeros(N.MQ_SECURITY_ID_LENGTH);
  ResolvedQName: string | null = null;
  ResolvedQMgrName: string | null = null;
  ObjectString: string | null = null;
  SelectionString: string | null = null;
  ResObjectString: string | null = null;
  ResolvedType: number = N.MQOT_NONE;
}

/** Put-message options. */
export class MQPMO {
  Options: number = N.MQPMO_FAIL_IF_QUIESCING;
  Context: MQObject | null = null;
  ResolvedQName: string | null = null;
  ResolvedQMgrName: string | null = null;
  OriginalMsgHandle = BigInt(N.MQHM_NONE);
  NewMsgHandle = BigInt(N.MQHM_NONE);
  Action: number = N.MQACTP_NEW;
  PubLevel = 9;
}

/** Get-message options. */
export class MQGMO {
  Options: number = N.MQGMO_NO_WAIT | N.MQGMO_PROPERTIES_AS_Q_DEF | N.MQGMO_FAIL_IF_QUIESCING;
  /** Milliseconds; MQWI_UNLIMITED (-1) waits until a message comes. */
  WaitInterval: number = N.MQWI_UNLIMITED;
  ResolvedQName: string | null = null;
  MatchOptions: number = N.MQMO_MATCH_MSG_ID | N.MQMO_MATCH_CORREL_ID;
  GroupStatus = " ";
  SegmentStatus = " ";
  Segmentation = " ";
  MsgToken: Buffer = zeros(N.MQ_MSG_TOKEN_LENGTH);
  ReturnedLength: number = N.MQRL_UNDEFINED;
  MsgHandle = BigInt(N.MQHM_NONE);
}

/** Security parameters of a connection (user and password). */
export class MQCSP {
  AuthenticationType: number = N.MQCSP_AUTH_USER_ID_AND_PWD;
  UserId: string | null = null;
  Password: string | null = null;
  InitialKey: string | null = null;
  Token: string | null = null;
}

/** Connection options. */
export class MQCNO {
  Options: number = N.MQCNO_NONE;
  SecurityParms: MQCSP | null = null;
  CCDTUrl: string | null = null;
  /** An MQCD (client-address.ts): a client binding to its ChannelName and ConnectionName. */
  ClientConn: unknown = null;
  SSLConfig: unknown = null;
  ApplName: string | null = null;
  BalanceParms: unknown = null;
}

/** A selector for Inq, and the value Inq fills in. */
export class MQAttr {
  selector: number;
  value: string | number | undefined;
  constructor(selector: number, value?: string | number) {
    this.selector = selector;
    this.value = value;
  }
}

/** The connection handle (hConn) Conn and Connx give. */
export class MQQueueManager {
  /** @internal */
  _inCB = false;
  constructor(
    /** @internal */ public _hConn: number,
    /** @internal */ public _name: string,
  ) {}
}

/** An object handle (hObj) Open gives. */
export class MQObject {
  constructor(
    /** @internal */ public _hObj: number,
    /** @internal */ public _mqQueueManager: MQQueueManager,
    /** @internal */ public _name: string,
  ) {}
}

/** An MQI failure as `ibmmq` reports it: completion and reason codes, their names, and the verb. */
export class MQError extends Error {
  override name = "MQError";
  readonly mqcc: number;
  readonly mqccstr: string;
  readonly mqrc: number;
  readonly mqrcstr: string;
  readonly version = VERSION;
  /** "CONNX", "OPEN", "PUT", "GET", "CMIT", ... */
  readonly verb: string;
  constructor(mqcc: number, mqrc: number, verb: string) {
    const mqccstr = lookupConstant("MQCC", mqcc);
    const named = lookupConstant("MQRC", mqrc);
    const mqrcstr = named !== String(mqrc) ? named : reasonName(mqrc);
    super(`${verb}: MQCC = ${mqccstr} [${mqcc}] MQRC = ${mqrcstr} [${mqrc}]`);
    this.mqcc = mqcc;
    this.mqccstr = mqccstr;
    this.mqrc = mqrc;
    this.mqrcstr = mqrcstr;
    this.verb = verb;
  }
}
