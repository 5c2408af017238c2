/**
 * The structures of Sub, Subrq, Stat and the message-handle verbs, with IBM's field names and
 * defaults as `ibmmq` gives them: MQSD, MQSRO, MQSTS, MQCMHO, MQDMHO, MQSMPO, MQIMPO, MQDMPO,
 * MQPD. Written from IBM's documentation of the fields.
 */
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";

/** The subscription descriptor (MQSUB). */
export class MQSD {
  Options: number = N.MQSO_NONE;
  ObjectName: string | null = null;
  AlternateUserId: string | null = null;
  AlternateSecurityId: Buffer = Buffer.alloc(N.MQ_SECURITY_ID_LENGTH, 0);
  /** Tenths of a second; MQEI_UNLIMITED for none. */
  SubExpiry: number = N.MQEI_UNLIMITED;
  ObjectString: string | null = null;
  SubName: string | null = null;
  SubUserData: string | null = null;
  SubCorrelId: Buffer = Buffer.alloc(N.MQ_CORREL_ID_LENGTH, 0);
  PubPriority: number = N.MQPRI_PRIORITY_AS_PUBLISHED;
  PubAccountingToken: Buffer = Buffer.alloc(N.MQ_ACCOUNTING_TOKEN_LENGTH, 0);
  PubApplIdentityData: string | null = null;
  SelectionString: string | null = null;
  SubLevel = 1;
  /** Output: the subscription's full topic string. */
  ResObjectString: string | null = null;
}

/** Subscription request options (Subrq). */
export class MQSRO {
  Options: number = N.MQSRO_NONE;
  /** Output: how many retained publications were sent. */
  NumPubs = 0;
}

/** Status (Stat): the outcome of the connection's puts with MQPMO_ASYNC_RESPONSE. */
export class MQSTS {
  CompCode: number = N.MQCC_OK;
  Reason: number = N.MQRC_NONE;
  PutSuccessCount = 0;
  PutWarningCount = 0;
  PutFailureCount = 0;
  ObjectType: number = N.MQOT_Q;
  ObjectName: string | null = null;
  ObjectQMgrName: string | null = null;
  ResolvedObjectName: string | null = null;
  ResolvedQMgrName: string | null = null;
  ObjectString: string | null = null;
  SubName: string | null = null;
  OpenOptions = 0;
  SubOptions = 0;
}

/** Create-message-handle options. */
export class MQCMHO {
  Options: number = N.MQCMHO_DEFAULT_VALIDATION;
}

/** Delete-message-handle options. */
export class MQDMHO {
  Options: number = N.MQDMHO_NONE;
}

/** Set-message-property options. */
export class MQSMPO {
  Options: number = N.MQSMPO_SET_FIRST;
}

/** Inquire-message-property options; ReturnedName is the name of the property found. */
export class MQIMPO {
  Options: number = N.MQIMPO_NONE;
  ReturnedName: string | null = null;
  TypeString: string | null = null;
  ReturnedEncoding: number = N.MQENC_NATIVE;
  ReturnedCCSID: number = N.MQCCSI_APPL;
}

/** Delete-message-property options. */
export class MQDMPO {
  Options: number = N.MQDMPO_DEL_FIRST;
}

/** A property's descriptor. */
export class MQPD {
  Options: number = N.MQPD_NONE;
  Support: number = N.MQPD_SUPPORT_OPTIONAL;
  Context: number = N.MQPD_NO_CONTEXT;
  CopyOptions: number = N.MQCOPY_DEFAULT;
}
