/*
 * cmqc.h: the main MQI for C programs compiled to WebAssembly and run by webmq's wasm host
 * (adapters/wasm). Written for webmq from IBM's documented MQI (names, types, structure
 * layouts, constants and the MQxx_DEFAULT initialisers), so that a program written for IBM's
 * cmqc.h compiles unchanged with `clang --target=wasm32-wasi`. Only a part of IBM's header:
 * what the host implements, and what programs commonly pass. Layouts are those of a 32-bit
 * platform (wasm32: 4-byte pointers); test/node/wasm-layout.test.ts checks every offset.
 *
 * MIT licence, as the rest of webmq.
 */
#ifndef WEBMQ_CMQC_H
#define WEBMQ_CMQC_H

#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* --- Types ------------------------------------------------------------------------------ */

#define MQENTRY
#define MQPOINTER *
#define MQCONST const

typedef unsigned char MQBYTE;
typedef MQBYTE MQPOINTER PMQBYTE;
typedef char MQCHAR;
typedef MQCHAR MQPOINTER PMQCHAR;
typedef int32_t MQLONG;
typedef MQLONG MQPOINTER PMQLONG;
typedef uint32_t MQULONG;
typedef MQULONG MQPOINTER PMQULONG;
typedef int64_t MQINT64;
typedef MQINT64 MQPOINTER PMQINT64;
typedef uint64_t MQUINT64;
typedef int16_t MQINT16;
typedef uint8_t MQUINT8;
typedef int8_t MQINT8;
typedef float MQFLOAT32;
typedef double MQFLOAT64;
typedef MQLONG MQBOOL;
typedef void MQPOINTER MQPTR;
typedef MQPTR MQPOINTER PMQPTR;
typedef void MQPOINTER PMQVOID;
typedef PMQVOID MQPOINTER PPMQVOID;
typedef void MQPOINTER PMQFUNC;

typedef MQLONG MQHCONN;
typedef MQHCONN MQPOINTER PMQHCONN;
typedef MQLONG MQHOBJ;
typedef MQHOBJ MQPOINTER PMQHOBJ;
typedef MQINT64 MQHMSG;
typedef MQHMSG MQPOINTER PMQHMSG;

typedef MQCHAR MQCHAR4[4];
typedef MQCHAR MQCHAR8[8];
typedef MQCHAR MQCHAR12[12];
typedef MQCHAR MQCHAR16[16];
typedef MQCHAR MQCHAR20[20];
typedef MQCHAR MQCHAR28[28];
typedef MQCHAR MQCHAR32[32];
typedef MQCHAR MQCHAR48[48];
typedef MQCHAR MQCHAR64[64];
typedef MQCHAR MQCHAR128[128];
typedef MQCHAR MQCHAR256[256];
typedef MQBYTE MQBYTE4[4];
typedef MQBYTE MQBYTE8[8];
typedef MQBYTE MQBYTE16[16];
typedef MQBYTE MQBYTE24[24];
typedef MQBYTE MQBYTE32[32];
typedef MQBYTE MQBYTE40[40];
typedef MQBYTE MQBYTE128[128];
typedef MQBYTE24 MQPOINTER PMQBYTE24;

/* --- Variable-length strings (MQCHARV) -------------------------------------------------- */

typedef struct tagMQCHARV {
  MQPTR VSPtr;       /* address of the string */
  MQLONG VSOffset;   /* its offset from the start of the structure holding this MQCHARV */
  MQLONG VSBufSize;  /* size of the buffer, for output */
  MQLONG VSLength;   /* length of the string */
  MQLONG VSCCSID;    /* its coded character set */
} MQCHARV;
typedef MQCHARV MQPOINTER PMQCHARV;
#define MQCHARV_DEFAULT NULL, 0, 0, 0, MQCCSI_APPL

/* --- MQMD: message descriptor (version 2: 364 bytes) ------------------------------------ */

typedef struct tagMQMD {
  MQCHAR4 StrucId;
  MQLONG Version;
  MQLONG Report;
  MQLONG MsgType;
  MQLONG Expiry;
  MQLONG Feedback;
  MQLONG Encoding;
  MQLONG CodedCharSetId;
  MQCHAR8 Format;
  MQLONG Priority;
  MQLONG Persistence;
  MQBYTE24 MsgId;
  MQBYTE24 CorrelId;
  MQLONG BackoutCount;
  MQCHAR48 ReplyToQ;
  MQCHAR48 ReplyToQMgr;
  MQCHAR12 UserIdentifier;
  MQBYTE32 AccountingToken;
  MQCHAR32 ApplIdentityData;
  MQLONG PutApplType;
  MQCHAR28 PutApplName;
  MQCHAR8 PutDate;
  MQCHAR8 PutTime;
  MQCHAR4 ApplOriginData;
  /* version 2 */
  MQBYTE24 GroupId;
  MQLONG MsgSeqNumber;
  MQLONG Offset;
  MQLONG MsgFlags;
  MQLONG OriginalLength;
} MQMD;
typedef MQMD MQPOINTER PMQMD;

#define MQMD_STRUC_ID "MD  "
#define MQMD_STRUC_ID_ARRAY 'M', 'D', ' ', ' '
#define MQMD_VERSION_1 1
#define MQMD_VERSION_2 2
#define MQMD_CURRENT_VERSION 2
#define MQMD_LENGTH_1 324
#define MQMD_LENGTH_2 364
#define MQMD_CURRENT_LENGTH 364
#define MQMD_DEFAULT {MQMD_STRUC_ID_ARRAY}, MQMD_VERSION_1, MQRO_NONE, MQMT_DATAGRAM, MQEI_UNLIMITED, \
  MQFB_NONE, MQENC_NATIVE, MQCCSI_Q_MGR, {MQFMT_NONE_ARRAY}, MQPRI_PRIORITY_AS_Q_DEF,                \
  MQPER_PERSISTENCE_AS_Q_DEF, {MQMI_NONE_ARRAY}, {MQCI_NONE_ARRAY}, 0, {""}, {""}, {""},             \
  {MQACT_NONE_ARRAY}, {""}, MQAT_NO_CONTEXT, {""}, {""}, {""}, {""}, {MQGI_NONE_ARRAY}, 1, 0,        \
  MQMF_NONE, MQOL_UNDEFINED

/* --- MQOD: object descriptor (version 4: 400 bytes on 32-bit platforms) ----------------- */

typedef struct tagMQOD {
  MQCHAR4 StrucId;
  MQLONG Version;
  MQLONG ObjectType;
  MQCHAR48 ObjectName;
  MQCHAR48 ObjectQMgrName;
  MQCHAR48 DynamicQName;
  MQCHAR12 AlternateUserId;
  /* version 2 */
  MQLONG RecsPresent;
  MQLONG KnownDestCount;
  MQLONG UnknownDestCount;
  MQLONG InvalidDestCount;
  MQLONG ObjectRecOffset;
  MQLONG ResponseRecOffset;
  MQPTR ObjectRecPtr;
  MQPTR ResponseRecPtr;
  /* version 3 */
  MQBYTE40 AlternateSecurityId;
  MQCHAR48 ResolvedQName;
  MQCHAR48 ResolvedQMgrName;
  /* version 4 */
  MQCHARV ObjectString;
  MQCHARV SelectionString;
  MQCHARV ResObjectString;
  MQLONG ResolvedType;
} MQOD;
typedef MQOD MQPOINTER PMQOD;

#define MQOD_STRUC_ID "OD  "
#define MQOD_STRUC_ID_ARRAY 'O', 'D', ' ', ' '
#define MQOD_VERSION_1 1
#define MQOD_VERSION_2 2
#define MQOD_VERSION_3 3
#define MQOD_VERSION_4 4
#define MQOD_CURRENT_VERSION 4
#define MQOD_LENGTH_1 168
#define MQOD_LENGTH_2 200
#define MQOD_LENGTH_3 336
#define MQOD_LENGTH_4 400
#define MQOD_CURRENT_LENGTH 400
#define MQOD_DEFAULT {MQOD_STRUC_ID_ARRAY}, MQOD_VERSION_1, MQOT_Q, {""}, {""}, {"AMQ.*"}, {""}, 0, 0, 0, \
  0, 0, 0, NULL, NULL, {MQSID_NONE_ARRAY}, {""}, {""}, {MQCHARV_DEFAULT}, {MQCHARV_DEFAULT},            \
  {MQCHARV_DEFAULT}, MQOT_NONE

/* --- MQPMO: put-message options (version 3: 176 bytes on 32-bit platforms) -------------- */

typedef struct tagMQPMO {
  MQCHAR4 StrucId;
  MQLONG Version;
  MQLONG Options;
  MQLONG Timeout;
  MQHOBJ Context;
  MQLONG KnownDestCount;
  MQLONG UnknownDestCount;
  MQLONG InvalidDestCount;
  MQCHAR48 ResolvedQName;
  MQCHAR48 ResolvedQMgrName;
  /* version 2 */
  MQLONG RecsPresent;
  MQLONG PutMsgRecFields;
  MQLONG PutMsgRecOffset;
  MQLONG ResponseRecOffset;
  MQPTR PutMsgRecPtr;
  MQPTR ResponseRecPtr;
  /* version 3 */
  MQHMSG OriginalMsgHandle;
  MQHMSG NewMsgHandle;
  MQLONG Action;
  MQLONG PubLevel;
} MQPMO;
typedef MQPMO MQPOINTER PMQPMO;

#define MQPMO_STRUC_ID "PMO "
#define MQPMO_STRUC_ID_ARRAY 'P', 'M', 'O', ' '
#define MQPMO_VERSION_1 1
#define MQPMO_VERSION_2 2
#define MQPMO_VERSION_3 3
#define MQPMO_CURRENT_VERSION 3
#define MQPMO_LENGTH_1 128
#define MQPMO_LENGTH_2 152
#define MQPMO_LENGTH_3 176
#define MQPMO_CURRENT_LENGTH 176
#define MQPMO_DEFAULT {MQPMO_STRUC_ID_ARRAY}, MQPMO_VERSION_1, MQPMO_NONE, (-1), 0, 0, 0, 0, {""}, {""}, 0, \
  MQPMRF_NONE, 0, 0, NULL, NULL, MQHM_NONE, MQHM_NONE, MQACTP_NEW, 9

/* --- MQGMO: get-message options (version 4: 112 bytes) ---------------------------------- */

typedef struct tagMQGMO {
  MQCHAR4 StrucId;
  MQLONG Version;
  MQLONG Options;
  MQLONG WaitInterval;
  MQLONG Signal1;
  MQLONG Signal2;
  MQCHAR48 ResolvedQName;
  /* version 2 */
  MQLONG MatchOptions;
  MQCHAR GroupStatus;
  MQCHAR SegmentStatus;
  MQCHAR Segmentation;
  MQCHAR Reserved1;
  /* version 3 */
  MQBYTE16 MsgToken;
  MQLONG ReturnedLength;
  /* version 4 */
  MQLONG Reserved2;
  MQHMSG MsgHandle;
} MQGMO;
typedef MQGMO MQPOINTER PMQGMO;

#define MQGMO_STRUC_ID "GMO "
#define MQGMO_STRUC_ID_ARRAY 'G', 'M', 'O', ' '
#define MQGMO_VERSION_1 1
#define MQGMO_VERSION_2 2
#define MQGMO_VERSION_3 3
#define MQGMO_VERSION_4 4
#define MQGMO_CURRENT_VERSION 4
#define MQGMO_LENGTH_1 72
#define MQGMO_LENGTH_2 80
#define MQGMO_LENGTH_3 100
#define MQGMO_LENGTH_4 112
#define MQGMO_CURRENT_LENGTH 112
#define MQGMO_DEFAULT {MQGMO_STRUC_ID_ARRAY}, MQGMO_VERSION_1, MQGMO_NO_WAIT, 0, 0, 0, {""},           \
  (MQMO_MATCH_MSG_ID + MQMO_MATCH_CORREL_ID), MQGS_NOT_IN_GROUP, MQSS_NOT_A_SEGMENT, MQSEG_INHIBITED, \
  ' ', {MQMTOK_NONE_ARRAY}, MQRL_UNDEFINED, 0, MQHM_NONE

/* --- MQCSP: security parameters (version 1: 48 bytes on 32-bit platforms) --------------- */

typedef struct tagMQCSP {
  MQCHAR4 StrucId;
  MQLONG Version;
  MQLONG AuthenticationType;
  MQBYTE4 Reserved1;
  MQPTR CSPUserIdPtr;
  MQLONG CSPUserIdOffset;
  MQLONG CSPUserIdLength;
  MQBYTE8 Reserved2;
  MQPTR CSPPasswordPtr;
  MQLONG CSPPasswordOffset;
  MQLONG CSPPasswordLength;
} MQCSP;
typedef MQCSP MQPOINTER PMQCSP;

#define MQCSP_STRUC_ID "CSP "
#define MQCSP_STRUC_ID_ARRAY 'C', 'S', 'P', ' '
#define MQCSP_VERSION_1 1
#define MQCSP_CURRENT_VERSION 1
#define MQCSP_LENGTH_1 48
#define MQCSP_CURRENT_LENGTH 48
#define MQCSP_DEFAULT {MQCSP_STRUC_ID_ARRAY}, MQCSP_VERSION_1, MQCSP_AUTH_NONE, {'\0', '\0', '\0', '\0'}, NULL, \
  0, 0, {'\0', '\0', '\0', '\0', '\0', '\0', '\0', '\0'}, NULL, 0, 0

/* --- MQCNO: connection options (version 7: 240 bytes on 32-bit platforms) --------------- */

typedef struct tagMQCNO {
  MQCHAR4 StrucId;
  MQLONG Version;
  MQLONG Options;
  /* version 2 */
  MQLONG ClientConnOffset;
  MQPTR ClientConnPtr;
  /* version 3 */
  MQBYTE128 ConnTag;
  /* version 4 */
  MQPTR SSLConfigPtr;
  MQLONG SSLConfigOffset;
  /* version 5 */
  MQBYTE24 ConnectionId;
  MQLONG SecurityParmsOffset;
  PMQCSP SecurityParmsPtr;
  /* version 6 */
  PMQCHAR CCDTUrlPtr;
  MQLONG CCDTUrlOffset;
  MQLONG CCDTUrlLength;
  MQBYTE8 Reserved;
  /* version 7 */
  MQCHAR28 ApplName;
  MQBYTE4 Reserved2;
} MQCNO;
typedef MQCNO MQPOINTER PMQCNO;

#define MQCNO_STRUC_ID "CNO "
#define MQCNO_STRUC_ID_ARRAY 'C', 'N', 'O', ' '
#define MQCNO_VERSION_1 1
#define MQCNO_VERSION_2 2
#define MQCNO_VERSION_3 3
#define MQCNO_VERSION_4 4
#define MQCNO_VERSION_5 5
#define MQCNO_VERSION_6 6
#define MQCNO_VERSION_7 7
#define MQCNO_CURRENT_VERSION 7
#define MQCNO_LENGTH_1 12
#define MQCNO_LENGTH_2 20
#define MQCNO_LENGTH_3 148
#define MQCNO_LENGTH_4 156
#define MQCNO_LENGTH_5 188
#define MQCNO_LENGTH_6 208
#define MQCNO_LENGTH_7 240
#define MQCNO_CURRENT_LENGTH 240
#define MQCNO_DEFAULT {MQCNO_STRUC_ID_ARRAY}, MQCNO_VERSION_1, MQCNO_NONE, 0, NULL, {MQCT_NONE_ARRAY}, NULL, 0, \
  {MQCONNID_NONE_ARRAY}, 0, NULL, NULL, 0, 0, {'\0', '\0', '\0', '\0', '\0', '\0', '\0', '\0'}, {""},        \
  {'\0', '\0', '\0', '\0'}

/* --- MQTM and MQTMC2: what a trigger monitor passes to the application it starts --------- */

typedef struct tagMQTM {
  MQCHAR4 StrucId;
  MQLONG Version;
  MQCHAR48 QName;
  MQCHAR48 ProcessName;
  MQCHAR64 TriggerData;
  MQLONG ApplType;
  MQCHAR256 ApplId;
  MQCHAR128 EnvData;
  MQCHAR128 UserData;
} MQTM;
typedef MQTM MQPOINTER PMQTM;
#define MQTM_STRUC_ID "TM  "
#define MQTM_VERSION_1 1
#define MQTM_LENGTH_1 684

/* The character form: a C program started by a trigger monitor finds it in argv[1]. */
typedef struct tagMQTMC2 {
  MQCHAR4 StrucId;
  MQCHAR4 Version;
  MQCHAR48 QName;
  MQCHAR48 ProcessName;
  MQCHAR64 TriggerData;
  MQCHAR4 ApplType;
  MQCHAR256 ApplId;
  MQCHAR128 EnvData;
  MQCHAR128 UserData;
  MQCHAR48 QMgrName;
} MQTMC2;
typedef MQTMC2 MQPOINTER PMQTMC2;
#define MQTMC_STRUC_ID "TMC "
#define MQTMC_VERSION_2 "   2"
#define MQTMC2_LENGTH 732

/* --- Publish/subscribe and message properties (sizes on 32-bit platforms) -------------- */

#define MQVS_NULL_TERMINATED (-1)
#define MQVL_NULL_TERMINATED (-1)
#define MQVL_EMPTY_STRING 0
#define MQ_SUB_NAME_LENGTH 10240
#define MQRC_CHAR_ATTR_LENGTH_ERROR 2006
#define MQRC_CHAR_ATTRS_ERROR 2007
#define MQRC_CMHO_ERROR 2461
#define MQRC_DMHO_ERROR 2462
#define MQRC_SMPO_ERROR 2463
#define MQRC_IMPO_ERROR 2464
#define MQRC_DMPO_ERROR 2481
#define MQRC_PD_ERROR 2482
#define MQRC_STS_ERROR 2426

/* MQSD: subscription descriptor (version 1: 312 bytes) */
typedef struct tagMQSD {
  MQCHAR4 StrucId;
  MQLONG Version;
  MQLONG Options;
  MQCHAR48 ObjectName;
  MQCHAR12 AlternateUserId;
  MQBYTE40 AlternateSecurityId;
  MQLONG SubExpiry;
  MQCHARV ObjectString;
  MQCHARV SubName;
  MQCHARV SubUserData;
  MQBYTE24 SubCorrelId;
  MQLONG PubPriority;
  MQBYTE32 PubAccountingToken;
  MQCHAR32 PubApplIdentityData;
  MQCHARV SelectionString;
  MQLONG SubLevel;
  MQCHARV ResObjectString;
} MQSD;
typedef MQSD MQPOINTER PMQSD;
#define MQSD_STRUC_ID "SD  "
#define MQSD_STRUC_ID_ARRAY 'S', 'D', ' ', ' '
#define MQSD_VERSION_1 1
#define MQSD_LENGTH_1 312
#define MQSD_CURRENT_LENGTH 312
#define MQSD_DEFAULT {MQSD_STRUC_ID_ARRAY}, MQSD_VERSION_1, MQSO_NON_DURABLE, {""}, {""}, {MQSID_NONE_ARRAY}, \
  MQEI_UNLIMITED, {MQCHARV_DEFAULT}, {MQCHARV_DEFAULT}, {MQCHARV_DEFAULT}, {MQCI_NONE_ARRAY},            \
  MQPRI_PRIORITY_AS_PUBLISHED, {MQACT_NONE_ARRAY}, {""}, {MQCHARV_DEFAULT}, 1, {MQCHARV_DEFAULT}

/* MQSRO: subscription request options (version 1: 16 bytes) */
typedef struct tagMQSRO {
  MQCHAR4 StrucId;
  MQLONG Version;
  MQLONG Options;
  MQLONG NumPubs;
} MQSRO;
typedef MQSRO MQPOINTER PMQSRO;
#define MQSRO_STRUC_ID "SRO "
#define MQSRO_STRUC_ID_ARRAY 'S', 'R', 'O', ' '
#define MQSRO_VERSION_1 1
#define MQSRO_CURRENT_VERSION 1
#define MQSRO_LENGTH_1 16
#define MQSRO_DEFAULT {MQSRO_STRUC_ID_ARRAY}, MQSRO_VERSION_1, MQSRO_NONE, 0

/* MQCMHO, MQDMHO: create and delete message handle options (version 1: 12 bytes each) */
typedef struct tagMQCMHO {
  MQCHAR4 StrucId;
  MQLONG Version;
  MQLONG Options;
} MQCMHO;
typedef MQCMHO MQPOINTER PMQCMHO;
#define MQCMHO_STRUC_ID "CMHO"
#define MQCMHO_STRUC_ID_ARRAY 'C', 'M', 'H', 'O'
#define MQCMHO_VERSION_1 1
#define MQCMHO_CURRENT_VERSION 1
#define MQCMHO_LENGTH_1 12
#define MQCMHO_DEFAULT {MQCMHO_STRUC_ID_ARRAY}, MQCMHO_VERSION_1, MQCMHO_DEFAULT_VALIDATION

typedef struct tagMQDMHO {
  MQCHAR4 StrucId;
  MQLONG Version;
  MQLONG Options;
} MQDMHO;
typedef MQDMHO MQPOINTER PMQDMHO;
#define MQDMHO_STRUC_ID "DMHO"
#define MQDMHO_STRUC_ID_ARRAY 'D', 'M', 'H', 'O'
#define MQDMHO_VERSION_1 1
#define MQDMHO_CURRENT_VERSION 1
#define MQDMHO_LENGTH_1 12
#define MQDMHO_DEFAULT {MQDMHO_STRUC_ID_ARRAY}, MQDMHO_VERSION_1, MQDMHO_NONE

/* MQSMPO: set message property options (version 1: 20 bytes) */
typedef struct tagMQSMPO {
  MQCHAR4 StrucId;
  MQLONG Version;
  MQLONG Options;
  MQLONG ValueEncoding;
  MQLONG ValueCCSID;
} MQSMPO;
typedef MQSMPO MQPOINTER PMQSMPO;
#define MQSMPO_STRUC_ID "SMPO"
#define MQSMPO_STRUC_ID_ARRAY 'S', 'M', 'P', 'O'
#define MQSMPO_VERSION_1 1
#define MQSMPO_CURRENT_VERSION 1
#define MQSMPO_LENGTH_1 20
#define MQSMPO_DEFAULT {MQSMPO_STRUC_ID_ARRAY}, MQSMPO_VERSION_1, MQSMPO_SET_FIRST, MQENC_NATIVE, MQCCSI_APPL

/* MQIMPO: inquire message property options (version 1: 60 bytes) */
typedef struct tagMQIMPO {
  MQCHAR4 StrucId;
  MQLONG Version;
  MQLONG Options;
  MQLONG RequestedEncoding;
  MQLONG RequestedCCSID;
  MQLONG ReturnedEncoding;
  MQLONG ReturnedCCSID;
  MQLONG Reserved1;
  MQCHARV ReturnedName;
  MQCHAR8 TypeString;
} MQIMPO;
typedef MQIMPO MQPOINTER PMQIMPO;
#define MQIMPO_STRUC_ID "IMPO"
#define MQIMPO_STRUC_ID_ARRAY 'I', 'M', 'P', 'O'
#define MQIMPO_VERSION_1 1
#define MQIMPO_CURRENT_VERSION 1
#define MQIMPO_LENGTH_1 60
#define MQIMPO_DEFAULT {MQIMPO_STRUC_ID_ARRAY}, MQIMPO_VERSION_1, MQIMPO_INQ_FIRST, MQENC_NATIVE, MQCCSI_APPL, \
  MQENC_NATIVE, 0, 0, {MQCHARV_DEFAULT}, {""}

/* MQDMPO: delete message property options (version 1: 12 bytes) */
typedef struct tagMQDMPO {
  MQCHAR4 StrucId;
  MQLONG Version;
  MQLONG Options;
} MQDMPO;
typedef MQDMPO MQPOINTER PMQDMPO;
#define MQDMPO_STRUC_ID "DMPO"
#define MQDMPO_STRUC_ID_ARRAY 'D', 'M', 'P', 'O'
#define MQDMPO_VERSION_1 1
#define MQDMPO_CURRENT_VERSION 1
#define MQDMPO_LENGTH_1 12
#define MQDMPO_DEFAULT {MQDMPO_STRUC_ID_ARRAY}, MQDMPO_VERSION_1, MQDMPO_DEL_FIRST

/* MQPD: property descriptor (version 1: 24 bytes) */
typedef struct tagMQPD {
  MQCHAR4 StrucId;
  MQLONG Version;
  MQLONG Options;
  MQLONG Support;
  MQLONG Context;
  MQLONG CopyOptions;
} MQPD;
typedef MQPD MQPOINTER PMQPD;
#define MQPD_STRUC_ID "PD  "
#define MQPD_STRUC_ID_ARRAY 'P', 'D', ' ', ' '
#define MQPD_VERSION_1 1
#define MQPD_CURRENT_VERSION 1
#define MQPD_LENGTH_1 24
#define MQPD_DEFAULT {MQPD_STRUC_ID_ARRAY}, MQPD_VERSION_1, MQPD_NONE, MQPD_SUPPORT_OPTIONAL, MQPD_NO_CONTEXT, MQCOPY_DEFAULT

/* MQSTS: status reporting structure, MQSTAT's output (version 1: 224 bytes; version 2: 272) */
typedef struct tagMQSTS {
  MQCHAR4 StrucId;
  MQLONG Version;
  MQLONG CompCode;
  MQLONG Reason;
  MQLONG PutSuccessCount;
  MQLONG PutWarningCount;
  MQLONG PutFailureCount;
  MQLONG ObjectType;
  MQCHAR48 ObjectName;
  MQCHAR48 ObjectQMgrName;
  MQCHAR48 ResolvedObjectName;
  MQCHAR48 ResolvedQMgrName;
  /* Version 2 */
  MQCHARV ObjectString;
  MQCHARV SubName;
  MQLONG OpenOptions;
  MQLONG SubOptions;
} MQSTS;
typedef MQSTS MQPOINTER PMQSTS;
#define MQSTS_STRUC_ID "STAT"
#define MQSTS_STRUC_ID_ARRAY 'S', 'T', 'A', 'T'
#define MQSTS_VERSION_1 1
#define MQSTS_VERSION_2 2
#define MQSTS_LENGTH_1 224
#define MQSTS_LENGTH_2 272
#define MQSTS_CURRENT_LENGTH 272
#define MQSTS_DEFAULT {MQSTS_STRUC_ID_ARRAY}, MQSTS_VERSION_1, MQCC_OK, MQRC_NONE, 0, 0, 0, MQOT_Q, {""}, {""}, {""}, {""}, \
  {MQCHARV_DEFAULT}, {MQCHARV_DEFAULT}, 0, 0

/* --- The calls: imports of the module "mqi", which webmq's wasm host provides ------------ */

#define WEBMQ_MQI_IMPORT(name) __attribute__((import_module("mqi"), import_name(#name)))

WEBMQ_MQI_IMPORT(MQCONN) void MQENTRY MQCONN(PMQCHAR pQMgrName, PMQHCONN pHconn, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQCONNX)
void MQENTRY MQCONNX(PMQCHAR pQMgrName, PMQCNO pConnectOpts, PMQHCONN pHconn, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQDISC) void MQENTRY MQDISC(PMQHCONN pHconn, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQOPEN)
void MQENTRY MQOPEN(MQHCONN Hconn, PMQVOID pObjDesc, MQLONG Options, PMQHOBJ pHobj, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQCLOSE)
void MQENTRY MQCLOSE(MQHCONN Hconn, PMQHOBJ pHobj, MQLONG Options, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQPUT)
void MQENTRY MQPUT(MQHCONN Hconn, MQHOBJ Hobj, PMQVOID pMsgDesc, PMQVOID pPutMsgOpts, MQLONG BufferLength,
                   PMQVOID pBuffer, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQPUT1)
void MQENTRY MQPUT1(MQHCONN Hconn, PMQVOID pObjDesc, PMQVOID pMsgDesc, PMQVOID pPutMsgOpts, MQLONG BufferLength,
                    PMQVOID pBuffer, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQGET)
void MQENTRY MQGET(MQHCONN Hconn, MQHOBJ Hobj, PMQVOID pMsgDesc, PMQVOID pGetMsgOpts, MQLONG BufferLength,
                   PMQVOID pBuffer, PMQLONG pDataLength, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQCMIT) void MQENTRY MQCMIT(MQHCONN Hconn, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQBACK) void MQENTRY MQBACK(MQHCONN Hconn, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQINQ)
void MQENTRY MQINQ(MQHCONN Hconn, MQHOBJ Hobj, MQLONG SelectorCount, PMQLONG pSelectors, MQLONG IntAttrCount,
                   PMQLONG pIntAttrs, MQLONG CharAttrLength, PMQCHAR pCharAttrs, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQSET)
void MQENTRY MQSET(MQHCONN Hconn, MQHOBJ Hobj, MQLONG SelectorCount, PMQLONG pSelectors, MQLONG IntAttrCount,
                   PMQLONG pIntAttrs, MQLONG CharAttrLength, PMQCHAR pCharAttrs, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQSUB)
void MQENTRY MQSUB(MQHCONN Hconn, PMQVOID pSubDesc, PMQHOBJ pHobj, PMQHOBJ pHsub, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQSUBRQ)
void MQENTRY MQSUBRQ(MQHCONN Hconn, MQHOBJ Hsub, MQLONG Action, PMQVOID pSubRqOpts, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQCRTMH)
void MQENTRY MQCRTMH(MQHCONN Hconn, PMQVOID pCrtMsgHOpts, PMQHMSG pHmsg, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQDLTMH)
void MQENTRY MQDLTMH(MQHCONN Hconn, PMQHMSG pHmsg, PMQVOID pDltMsgHOpts, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQSETMP)
void MQENTRY MQSETMP(MQHCONN Hconn, MQHMSG Hmsg, PMQVOID pSetPropOpts, PMQVOID pName, PMQVOID pPropDesc, MQLONG Type,
                     MQLONG ValueLength, PMQVOID pValue, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQINQMP)
void MQENTRY MQINQMP(MQHCONN Hconn, MQHMSG Hmsg, PMQVOID pInqPropOpts, PMQVOID pName, PMQVOID pPropDesc,
                     PMQLONG pType, MQLONG ValueLength, PMQVOID pValue, PMQLONG pDataLength, PMQLONG pCompCode,
                     PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQSTAT)
void MQENTRY MQSTAT(MQHCONN Hconn, MQLONG Type, PMQVOID pStatus, PMQLONG pCompCode, PMQLONG pReason);
WEBMQ_MQI_IMPORT(MQDLTMP)
void MQENTRY MQDLTMP(MQHCONN Hconn, MQHMSG Hmsg, PMQVOID pDltPropOpts, PMQVOID pName, PMQLONG pCompCode,
                     PMQLONG pReason);

/* --- Byte and character constants -------------------------------------------------------- */

#define MQ_FORMAT_LENGTH 8
#define MQ_APPL_NAME_LENGTH 28
#define MQ_PUT_APPL_NAME_LENGTH 28
#define MQ_PUT_DATE_LENGTH 8
#define MQ_PUT_TIME_LENGTH 8
#define MQ_USER_ID_LENGTH 12
#define MQ_PROCESS_NAME_LENGTH 48
#define MQ_TRIGGER_DATA_LENGTH 64
#define MQ_PROCESS_APPL_ID_LENGTH 256
#define MQ_CONN_TAG_LENGTH 128
#define MQ_CONNECTION_ID_LENGTH 24
#define MQ_Q_DESC_LENGTH 64
#define MQ_Q_MGR_DESC_LENGTH 64
#define MQ_Q_MGR_IDENTIFIER_LENGTH 48

#define MQFMT_NONE "        "
#define MQFMT_NONE_ARRAY ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '
#define MQFMT_STRING "MQSTR   "
#define MQFMT_STRING_ARRAY 'M', 'Q', 'S', 'T', 'R', ' ', ' ', ' '
#define MQFMT_TRIGGER "MQTRIG  "
#define MQFMT_DEAD_LETTER_HEADER "MQDEAD  "
#define MQFMT_RF_HEADER_2 "MQHRF2  "

#define WEBMQ_ZEROS_4 '\0', '\0', '\0', '\0'
#define WEBMQ_ZEROS_8 WEBMQ_ZEROS_4, WEBMQ_ZEROS_4
#define WEBMQ_ZEROS_16 WEBMQ_ZEROS_8, WEBMQ_ZEROS_8
#define WEBMQ_ZEROS_24 WEBMQ_ZEROS_16, WEBMQ_ZEROS_8
#define WEBMQ_ZEROS_32 WEBMQ_ZEROS_16, WEBMQ_ZEROS_16
#define WEBMQ_ZEROS_40 WEBMQ_ZEROS_32, WEBMQ_ZEROS_8
#define WEBMQ_ZEROS_128 WEBMQ_ZEROS_32, WEBMQ_ZEROS_32, WEBMQ_ZEROS_32, WEBMQ_ZEROS_32
#define MQMI_NONE "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
#define MQMI_NONE_ARRAY WEBMQ_ZEROS_24
#define MQCI_NONE "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
#define MQCI_NONE_ARRAY WEBMQ_ZEROS_24
#define MQGI_NONE "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
#define MQGI_NONE_ARRAY WEBMQ_ZEROS_24
#define MQACT_NONE_ARRAY WEBMQ_ZEROS_32
#define MQSID_NONE_ARRAY WEBMQ_ZEROS_40
#define MQMTOK_NONE_ARRAY WEBMQ_ZEROS_16
#define MQCT_NONE_ARRAY WEBMQ_ZEROS_128
#define MQCONNID_NONE_ARRAY WEBMQ_ZEROS_24

#define MQGS_NOT_IN_GROUP ' '
#define MQGS_MSG_IN_GROUP 'G'
#define MQGS_LAST_MSG_IN_GROUP 'L'
#define MQSS_NOT_A_SEGMENT ' '
#define MQSEG_INHIBITED ' '
#define MQSEG_ALLOWED 'A'

/* --- Numeric constants beyond those the JavaScript MQI shares (below) -------------------- */

#define MQHC_DEF_HCONN 0
#define MQHC_UNUSABLE_HCONN (-1)
#define MQHO_NONE 0
#define MQHO_UNUSABLE_HOBJ (-1)
#define MQCCSI_APPL (-3)
#define MQCCSI_INHERIT (-2)
#define MQCCSI_EMBEDDED (-1)
#define MQCCSI_UNDEFINED 0
#define MQPMRF_NONE 0
#define MQPRI_PRIORITY_AS_PARENT (-2)
#define MQPRI_PRIORITY_AS_TOPIC_DEF (-3)
#define MQAT_UNKNOWN (-1)
#define MQAT_UNIX 6
#define MQAT_USER_FIRST 65536
#define MQAT_USER_LAST 999999999
#define MQRC_DATA_LENGTH_ERROR 2010
#define MQRC_BUFFER_LENGTH_ERROR 2005
#define MQRC_CHAR_ATTR_LENGTH_ERROR 2006
#define MQRC_INT_ATTR_COUNT_ERROR 2021
#define MQRC_INT_ATTR_COUNT_TOO_SMALL 2022
#define MQRC_CHAR_ATTRS_TOO_SHORT 2008
#define MQRC_SELECTOR_NOT_FOR_TYPE 2068
#define MQRC_CNO_ERROR 2139

/* --- The numeric constants webmq's JavaScript MQI (core/features/mqi/mqc.ts) also has; test/node/wasm-layout.test.ts keeps the two equal --- */

#define MQACTP_NEW                           0

#define MQAT_DEFAULT                         6
#define MQAT_NO_CONTEXT                      0

#define MQCA_BACKOUT_REQ_Q_NAME              2019
#define MQCA_BASE_Q_NAME                     2002
#define MQCA_DEAD_LETTER_Q_NAME              2006
#define MQCA_FIRST                           2001
#define MQCA_INITIATION_Q_NAME               2008
#define MQCA_LAST                            4000
#define MQCA_PROCESS_NAME                    2012
#define MQCA_Q_DESC                          2013
#define MQCA_Q_MGR_DESC                      2014
#define MQCA_Q_MGR_IDENTIFIER                2032
#define MQCA_Q_MGR_NAME                      2015
#define MQCA_Q_NAME                          2016
#define MQCA_TRIGGER_DATA                    2023

#define MQCC_FAILED                          2
#define MQCC_OK                              0
#define MQCC_UNKNOWN                         (-1)
#define MQCC_WARNING                         1

#define MQCCSI_AS_PUBLISHED                  (-4)
#define MQCCSI_DEFAULT                       0
#define MQCCSI_Q_MGR                         0

#define MQCNO_CLIENT_BINDING                 2048
#define MQCNO_FASTPATH_BINDING               1
#define MQCNO_HANDLE_SHARE_BLOCK             64
#define MQCNO_HANDLE_SHARE_NONE              32
#define MQCNO_HANDLE_SHARE_NO_BLOCK          128
#define MQCNO_ISOLATED_BINDING               512
#define MQCNO_LOCAL_BINDING                  1024
#define MQCNO_NONE                           0
#define MQCNO_SHARED_BINDING                 256
#define MQCNO_STANDARD_BINDING               0

#define MQCO_DELETE                          1
#define MQCO_DELETE_PURGE                    2
#define MQCO_NONE                            0

#define MQCSP_AUTH_NONE                      0
#define MQCSP_AUTH_USER_ID_AND_PWD           1

#define MQEI_UNLIMITED                       (-1)

#define MQENC_NATIVE                         546

#define MQFB_NONE                            0

#define MQGMO_ACCEPT_TRUNCATED_MSG           64
#define MQGMO_BROWSE_FIRST                   16
#define MQGMO_BROWSE_MSG_UNDER_CURSOR        2048
#define MQGMO_BROWSE_NEXT                    32
#define MQGMO_CONVERT                        16384
#define MQGMO_FAIL_IF_QUIESCING              8192
#define MQGMO_LOCK                           512
#define MQGMO_MSG_UNDER_CURSOR               256
#define MQGMO_NONE                           0
#define MQGMO_NO_SYNCPOINT                   4
#define MQGMO_NO_WAIT                        0
#define MQGMO_PROPERTIES_AS_Q_DEF            0
#define MQGMO_SET_SIGNAL                     8
#define MQGMO_SYNCPOINT                      2
#define MQGMO_UNLOCK                         1024
#define MQGMO_WAIT                           1

#define MQHM_NONE                            0

#define MQIA_BACKOUT_THRESHOLD               22
#define MQIA_CODED_CHAR_SET_ID               2
#define MQIA_COMMAND_LEVEL                   31
#define MQIA_CURRENT_Q_DEPTH                 3
#define MQIA_DEFINITION_TYPE                 7
#define MQIA_DEF_PERSISTENCE                 5
#define MQIA_DEF_PRIORITY                    6
#define MQIA_FIRST                           1
#define MQIA_INHIBIT_GET                     9
#define MQIA_INHIBIT_PUT                     10
#define MQIA_LAST                            2000
#define MQIA_MAX_MSG_LENGTH                  13
#define MQIA_MAX_PRIORITY                    14
#define MQIA_MAX_Q_DEPTH                     15
#define MQIA_NAME_COUNT                      19
#define MQIA_OPEN_INPUT_COUNT                17
#define MQIA_OPEN_OUTPUT_COUNT               18
#define MQIA_PLATFORM                        32
#define MQIA_Q_TYPE                          20
#define MQIA_SHAREABILITY                    23
#define MQIA_SYNCPOINT                       30
#define MQIA_TRIGGER_CONTROL                 24
#define MQIA_TRIGGER_DEPTH                   29
#define MQIA_TRIGGER_TYPE                    28
#define MQIA_USAGE                           12

#define MQMF_NONE                            0

#define MQMO_MATCH_CORREL_ID                 2
#define MQMO_MATCH_MSG_ID                    1
#define MQMO_NONE                            0

#define MQMT_DATAGRAM                        8
#define MQMT_REPLY                           2
#define MQMT_REPORT                          4
#define MQMT_REQUEST                         1

#define MQOL_UNDEFINED                       (-1)

#define MQOO_BIND_AS_Q_DEF                   0
#define MQOO_BROWSE                          8
#define MQOO_FAIL_IF_QUIESCING               8192
#define MQOO_INPUT_AS_Q_DEF                  1
#define MQOO_INPUT_EXCLUSIVE                 4
#define MQOO_INPUT_SHARED                    2
#define MQOO_INQUIRE                         32
#define MQOO_OUTPUT                          16
#define MQOO_PASS_ALL_CONTEXT                512
#define MQOO_READ_AHEAD_AS_Q_DEF             0
#define MQOO_SAVE_ALL_CONTEXT                128
#define MQOO_SET                             64
#define MQOO_SET_ALL_CONTEXT                 2048

#define MQOP_RESUME                          131072
#define MQOP_START                           1
#define MQOP_STOP                            4
#define MQOP_SUSPEND                         65536

#define MQOT_NONE                            0
#define MQOT_Q                               1
#define MQOT_Q_MGR                           5
#define MQOT_TOPIC                           8

#define MQPER_NOT_PERSISTENT                 0
#define MQPER_PERSISTENCE_AS_Q_DEF           2
#define MQPER_PERSISTENT                     1

#define MQPL_UNIX                            3

#define MQPMO_DEFAULT_CONTEXT                32
#define MQPMO_FAIL_IF_QUIESCING              8192
#define MQPMO_NEW_CORREL_ID                  128
#define MQPMO_NEW_MSG_ID                     64
#define MQPMO_NONE                           0
#define MQPMO_NO_CONTEXT                     16384
#define MQPMO_NO_SYNCPOINT                   4
#define MQPMO_PASS_ALL_CONTEXT               512
#define MQPMO_SET_ALL_CONTEXT                2048
#define MQPMO_SYNCPOINT                      2

#define MQPRI_PRIORITY_AS_Q_DEF              (-1)

#define MQQA_GET_ALLOWED                     0
#define MQQA_GET_INHIBITED                   1
#define MQQA_PUT_ALLOWED                     0
#define MQQA_PUT_INHIBITED                   1

#define MQQT_ALIAS                           3
#define MQQT_LOCAL                           1
#define MQQT_MODEL                           2
#define MQQT_REMOTE                          6

#define MQRC_ALREADY_CONNECTED               2002
#define MQRC_BACKED_OUT                      2003
#define MQRC_CALLBACK_ROUTINE_ERROR          2486
#define MQRC_CALL_IN_PROGRESS                2219
#define MQRC_CONNECTION_BROKEN               2009
#define MQRC_DEF_XMIT_Q_TYPE_ERROR           2198
#define MQRC_ENVIRONMENT_ERROR               2012
#define MQRC_EXPIRY_ERROR                    2013
#define MQRC_FORMAT_ERROR                    2110
#define MQRC_FUNCTION_NOT_SUPPORTED          2298
#define MQRC_GET_INHIBITED                   2016
#define MQRC_GMO_ERROR                       2186
#define MQRC_HCONN_ASYNC_ACTIVE              2500
#define MQRC_HCONN_ERROR                     2018
#define MQRC_HOBJ_ERROR                      2019
#define MQRC_MD_ERROR                        2026
#define MQRC_MSG_ID_ERROR                    2206
#define MQRC_MSG_TOO_BIG_FOR_Q               2030
#define MQRC_NONE                            0
#define MQRC_NOT_AUTHORIZED                  2035
#define MQRC_NOT_CONVERTED                   2119
#define MQRC_NOT_OPEN_FOR_BROWSE             2036
#define MQRC_NOT_OPEN_FOR_INPUT              2037
#define MQRC_NOT_OPEN_FOR_INQUIRE            2038
#define MQRC_NOT_OPEN_FOR_OUTPUT             2039
#define MQRC_NO_MSG_AVAILABLE                2033
#define MQRC_NO_MSG_UNDER_CURSOR             2034
#define MQRC_OBJECT_ALREADY_EXISTS           2100
#define MQRC_OBJECT_DAMAGED                  2101
#define MQRC_OBJECT_IN_USE                   2042
#define MQRC_OBJECT_TYPE_ERROR               2043
#define MQRC_OD_ERROR                        2044
#define MQRC_OPTIONS_ERROR                   2046
#define MQRC_OPTION_NOT_VALID_FOR_TYPE       2045
#define MQRC_PERSISTENCE_ERROR               2047
#define MQRC_PMO_ERROR                       2173
#define MQRC_PRIORITY_ERROR                  2050
#define MQRC_PRIORITY_EXCEEDS_MAXIMUM        2049
#define MQRC_PUT_INHIBITED                   2051
#define MQRC_Q_DELETED                       2052
#define MQRC_Q_FULL                          2053
#define MQRC_Q_MGR_NAME_ERROR                2058
#define MQRC_Q_MGR_NOT_AVAILABLE             2059
#define MQRC_Q_MGR_QUIESCING                 2161
#define MQRC_Q_MGR_STOPPING                  2162
#define MQRC_Q_NOT_EMPTY                     2055
#define MQRC_Q_SPACE_NOT_AVAILABLE           2056
#define MQRC_Q_TYPE_ERROR                    2057
#define MQRC_RESOURCE_PROBLEM                2102
#define MQRC_SELECTOR_COUNT_ERROR            2065
#define MQRC_SELECTOR_ERROR                  2067
#define MQRC_SELECTOR_LIMIT_EXCEEDED         2066
#define MQRC_SELECTOR_SYNTAX_ERROR           2459
#define MQRC_STORAGE_NOT_AVAILABLE           2071
#define MQRC_SYNCPOINT_LIMIT_REACHED         2024
#define MQRC_SYNCPOINT_NOT_AVAILABLE         2072
#define MQRC_TRUNCATED_MSG_ACCEPTED          2079
#define MQRC_TRUNCATED_MSG_FAILED            2080
#define MQRC_UNEXPECTED_ERROR                2195
#define MQRC_UNKNOWN_ALIAS_BASE_Q            2082
#define MQRC_UNKNOWN_OBJECT_NAME             2085
#define MQRC_UNKNOWN_REMOTE_Q_MGR            2087
#define MQRC_XMIT_Q_TYPE_ERROR               2091

#define MQRL_UNDEFINED                       (-1)

#define MQRO_NONE                            0

#define MQTT_DEPTH                           3
#define MQTT_EVERY                           2
#define MQTT_FIRST                           1
#define MQTT_NONE                            0

#define MQUS_NORMAL                          0
#define MQUS_TRANSMISSION                    1

#define MQWI_UNLIMITED                       (-1)

#define MQ_ACCOUNTING_TOKEN_LENGTH           32
#define MQ_CORREL_ID_LENGTH                  24
#define MQ_GROUP_ID_LENGTH                   24
#define MQ_MSG_ID_LENGTH                     24
#define MQ_MSG_TOKEN_LENGTH                  16
#define MQ_Q_MGR_NAME_LENGTH                 48
#define MQ_Q_NAME_LENGTH                     48
#define MQ_SECURITY_ID_LENGTH                40

/* --- Publish/subscribe, message handles and properties, MQSTAT, client connections (the JavaScript MQI has them too) --- */
#define MQCA_TOPIC_NAME                      2092
#define MQCA_TOPIC_STRING                    2094
#define MQCMHO_DEFAULT_VALIDATION            0
#define MQCMHO_NONE                          0
#define MQCMHO_NO_VALIDATION                 1
#define MQCMHO_VALIDATE                      2
#define MQCOPY_ALL                           1
#define MQCOPY_DEFAULT                       22
#define MQCOPY_NONE                          0
#define MQCO_KEEP_SUB                        4
#define MQCO_REMOVE_SUB                      8
#define MQDLH_CURRENT_LENGTH                 172
#define MQDLH_CURRENT_VERSION                1
#define MQDLH_LENGTH_1                       172
#define MQDLH_VERSION_1                      1
#define MQDMHO_NONE                          0
#define MQDMPO_DEL_FIRST                     0
#define MQDMPO_DEL_PROP_UNDER_CURSOR         1
#define MQDMPO_NONE                          0
#define MQENC_INTEGER_MASK                   15
#define MQENC_INTEGER_REVERSED               2
#define MQGMO_NO_PROPERTIES                  67108864
#define MQGMO_PROPERTIES_COMPATIBILITY       268435456
#define MQGMO_PROPERTIES_FORCE_MQRFH2        33554432
#define MQGMO_PROPERTIES_IN_HANDLE           134217728
#define MQHM_UNUSABLE_HMSG                   (-1)
#define MQIA_DIST_LISTS                      34
#define MQIA_PROPERTY_CONTROL                190
#define MQIA_TRIGGER_MSG_PRIORITY            26
#define MQIMPO_CONVERT_TYPE                  2
#define MQIMPO_CONVERT_VALUE                 32
#define MQIMPO_INQ_FIRST                     0
#define MQIMPO_INQ_NEXT                      8
#define MQIMPO_INQ_PROP_UNDER_CURSOR         16
#define MQIMPO_NONE                          0
#define MQIMPO_QUERY_LENGTH                  4
#define MQPD_NONE                            0
#define MQPD_NO_CONTEXT                      0
#define MQPD_SUPPORT_OPTIONAL                1
#define MQPD_USER_CONTEXT                    1
#define MQPMO_ASYNC_RESPONSE                 65536
#define MQPMO_RESPONSE_AS_Q_DEF              0
#define MQPMO_RETAIN                         2097152
#define MQPMO_SYNC_RESPONSE                  131072
#define MQPMO_WARN_IF_NO_SUBS_MATCHED        524288
#define MQPRI_PRIORITY_AS_PUBLISHED          (-3)
#define MQRC_CLIENT_CONN_ERROR               2278
#define MQRC_DURABILITY_NOT_ALLOWED          2436
#define MQRC_HANDLE_NOT_AVAILABLE            2017
#define MQRC_HMSG_ERROR                      2460
#define MQRC_HOST_NOT_AVAILABLE              2538
#define MQRC_NOT_OPEN_FOR_SET                2040
#define MQRC_NO_EXTERNAL_PARTICIPANTS        2121
#define MQRC_NO_RETAINED_MSG                 2437
#define MQRC_NO_SUBSCRIPTION                 2428
#define MQRC_NO_SUBS_MATCHED                 2550
#define MQRC_OBJECT_STRING_ERROR             2441
#define MQRC_PROPERTY_NAME_ERROR             2442
#define MQRC_PROPERTY_NAME_TOO_BIG           2465
#define MQRC_PROPERTY_NOT_AVAILABLE          2471
#define MQRC_PROPERTY_TYPE_ERROR             2473
#define MQRC_PROPERTY_VALUE_TOO_BIG          2469
#define MQRC_SD_ERROR                        2424
#define MQRC_SRO_ERROR                       2438
#define MQRC_STAT_TYPE_ERROR                 2430
#define MQRC_SUBSCRIPTION_CREATE             2579
#define MQRC_SUBSCRIPTION_IN_USE             2429
#define MQRC_SUB_ALREADY_EXISTS              2432
#define MQRC_SUB_NAME_ERROR                  2440
#define MQRC_TOPIC_STRING_ERROR              2425
#define MQRC_TRIGGER_CONTROL_ERROR           2075
#define MQRC_TRIGGER_DEPTH_ERROR             2076
#define MQRC_TRIGGER_MSG_PRIORITY_ERR        2077
#define MQRC_TRIGGER_TYPE_ERROR              2078
#define MQRC_UNKNOWN_CHANNEL_NAME            2540
#define MQRC_UOW_IN_PROGRESS                 2128
#define MQRFH_NONE                           0
#define MQRFH_STRUC_LENGTH_FIXED_2           36
#define MQRFH_VERSION_2                      2
#define MQSD_CURRENT_VERSION                 1
#define MQSMPO_APPEND_PROPERTY               4
#define MQSMPO_SET_FIRST                     0
#define MQSMPO_SET_PROP_AFTER_CURSOR         2
#define MQSMPO_SET_PROP_BEFORE_CURSOR        8
#define MQSMPO_SET_PROP_UNDER_CURSOR         1
#define MQSO_ALTER                           1
#define MQSO_ANY_USERID                      512
#define MQSO_CREATE                          2
#define MQSO_DURABLE                         8
#define MQSO_FAIL_IF_QUIESCING               8192
#define MQSO_MANAGED                         32
#define MQSO_NEW_PUBLICATIONS_ONLY           4096
#define MQSO_NONE                            0
#define MQSO_NON_DURABLE                     0
#define MQSO_PUBLICATIONS_ON_REQUEST         2048
#define MQSO_RESUME                          4
#define MQSO_SET_CORREL_ID                   4194304
#define MQSO_WILDCARD_CHAR                   1048576
#define MQSO_WILDCARD_TOPIC                  2097152
#define MQSRO_FAIL_IF_QUIESCING              8192
#define MQSRO_NONE                           0
#define MQSR_ACTION_PUBLICATION              1
#define MQSTAT_TYPE_ASYNC_ERROR              0
#define MQSTAT_TYPE_RECONNECTION             1
#define MQSTAT_TYPE_RECONNECTION_ERROR       2
#define MQSTS_CURRENT_VERSION                2
#define MQTC_OFF                             0
#define MQTC_ON                              1
#define MQTYPE_AS_SET                        0
#define MQTYPE_BOOLEAN                       4
#define MQTYPE_BYTE_STRING                   8
#define MQTYPE_FLOAT32                       256
#define MQTYPE_FLOAT64                       512
#define MQTYPE_INT16                         32
#define MQTYPE_INT32                         64
#define MQTYPE_INT64                         128
#define MQTYPE_INT8                          16
#define MQTYPE_NULL                          2
#define MQTYPE_STRING                        1024

#ifdef __cplusplus
}
#endif

#endif /* WEBMQ_CMQC_H */
