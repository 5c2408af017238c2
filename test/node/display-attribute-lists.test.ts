/**
 * DISPLAY <type>(name) ALL shows exactly the keywords IBM lists for that type on a distributed
 * (Multiplatforms) queue manager: no z/OS-only keyword, none of our own (`extension`) attributes,
 * nothing missing. The lists are IBM's, from the MQSC reference (DISPLAY QUEUE q086270_,
 * DISPLAY TOPIC q086380_, DISPLAY PROCESS q086220_, DISPLAY NAMELIST q086210_, DISPLAY CHANNEL
 * q086040_, DISPLAY QMGR q086240_, 9.2-9.4) and, where the reference's syntax diagram does not
 * say which queue or channel type shows a keyword, from runmqsc's output on Linux and from MQINQ's
 * "Attributes for queues" table (which types have CreationDate: local queues only).
 */
import { describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";

const QUEUE_COMMON = ["QUEUE", "TYPE", "ALTDATE", "ALTTIME", "CAPEXPRY", "CUSTOM", "DEFPRESP", "DEFPRTY", "DEFPSIST", "DESCR", "PUT"];
const CLUSTERED_QUEUE = ["CLUSNL", "CLUSTER", "CLWLPRTY", "CLWLRANK", "DEFBIND", "SCOPE"];
/** What local and model queues share (a model is the template of a dynamic local queue). */
const LOCAL_AND_MODEL = [
  "ACCTQ",
  "BOQNAME",
  "BOTHRESH",
  "DEFREADA",
  "DEFSOPT",
  "DEFTYPE",
  "DISTL",
  "GET",
  "HARDENBO",
  "IMGRCOVQ",
  "INITQ",
  "MAXDEPTH",
  "MAXFSIZE",
  "MAXMSGL",
  "MONQ",
  "MSGDLVSQ",
  "NPMCLASS",
  "PROCESS",
  "PROPCTL",
  "QDEPTHHI",
  "QDEPTHLO",
  "QDPHIEV",
  "QDPLOEV",
  "QDPMAXEV",
  "QSVCIEV",
  "QSVCINT",
  "RETINTVL",
  "SHARE",
  "STATQ",
  "STREAMQ",
  "STRMQOS",
  "TRIGDATA",
  "TRIGDPTH",
  "TRIGGER",
  "TRIGMPRI",
  "TRIGTYPE",
  "USAGE",
];

const IBM: Record<string, { define: string; display: string; keywords: string[] }> = {
  // DISPLAY QUEUE: the requested parameters less those marked "Valid only on z/OS" (CFSTRUCT,
  // INDXTYPE, PSID, QSGDISP, STGCLASS, TPIPE) and the cluster-only ones (CLUSDATE, CLUSQMGR,
  // CLUSQT, CLUSTIME, QMID, shown for TYPE(QCLUSTER) or CLUSINFO). CRDATE/CRTIME, CURDEPTH,
  // IPPROCS and OPPROCS are a local queue's only.
  QLOCAL: {
    define: "DEFINE QLOCAL(X)",
    display: "DISPLAY QLOCAL(X) ALL",
    keywords: [...QUEUE_COMMON, ...CLUSTERED_QUEUE, ...LOCAL_AND_MODEL, "CLCHNAME", "CLWLUSEQ", "CRDATE", "CRTIME", "CURDEPTH", "IPPROCS", "OPPROCS"],
  },
  QALIAS: {
    define: "DEFINE QALIAS(X) TARGET(Y)",
    display: "DISPLAY QALIAS(X) ALL",
    keywords: [...QUEUE_COMMON, ...CLUSTERED_QUEUE, "DEFREADA", "GET", "PROPCTL", "TARGET", "TARGTYPE"],
  },
  QREMOTE: {
    define: "DEFINE QREMOTE(X) RNAME(Y) RQMNAME(QM2) XMITQ(QM2)",
    display: "DISPLAY QREMOTE(X) ALL",
    keywords: [...QUEUE_COMMON, ...CLUSTERED_QUEUE, "RNAME", "RQMNAME", "XMITQ"],
  },
  // A model queue has no cluster attributes, no DEFBIND and no SCOPE.
  QMODEL: {
    define: "DEFINE QMODEL(X)",
    display: "DISPLAY QMODEL(X) ALL",
    keywords: [...QUEUE_COMMON, ...LOCAL_AND_MODEL],
  },
  // DISPLAY TOPIC: no CRDATE/CRTIME (IBM lists none for a topic); QSGDISP is z/OS only;
  // CLSTATE and the TPSTATUS figures are not in ALL.
  TOPIC: {
    define: "DEFINE TOPIC(X) TOPICSTR('x')",
    display: "DISPLAY TOPIC(X) ALL",
    keywords: [
      "TOPIC",
      "TYPE",
      "ALTDATE",
      "ALTTIME",
      "CAPEXPRY",
      "CLROUTE",
      "CLUSTER",
      "COMMINFO",
      "CUSTOM",
      "DEFPRESP",
      "DEFPRTY",
      "DEFPSIST",
      "DESCR",
      "DURSUB",
      "MCAST",
      "MDURMDL",
      "MNDURMDL",
      "NPMSGDLV",
      "PMSGDLV",
      "PROXYSUB",
      "PUB",
      "PUBSCOPE",
      "SUB",
      "SUBSCOPE",
      "TOPICSTR",
      "USEDLQ",
      "WILDCARD",
    ],
  },
  // DISPLAY PROCESS: QSGDISP is z/OS only.
  PROCESS: {
    define: "DEFINE PROCESS(X)",
    display: "DISPLAY PROCESS(X) ALL",
    keywords: ["PROCESS", "ALTDATE", "ALTTIME", "APPLICID", "APPLTYPE", "DESCR", "ENVRDATA", "USERDATA"],
  },
  // DISPLAY NAMELIST: NLTYPE and QSGDISP are z/OS only.
  NAMELIST: {
    define: "DEFINE NAMELIST(X) NAMES(A, B)",
    display: "DISPLAY NAMELIST(X) ALL",
    keywords: ["NAMELIST", "ALTDATE", "ALTTIME", "DESCR", "NAMCOUNT", "NAMES"],
  },
  // DISPLAY LISTENER (q086170_) on Unix and Linux: the Windows-only ADAPTER, COMMANDS,
  // LOCLNAME, NTBNAMES, SESSIONS, SOCKET and TPNAME are left out.
  LISTENER: {
    define: "DEFINE LISTENER(X) TRPTYPE(TCP) PORT(1414)",
    display: "DISPLAY LISTENER(X) ALL",
    keywords: ["LISTENER", "ALTDATE", "ALTTIME", "BACKLOG", "CONTROL", "DESCR", "IPADDR", "PORT", "TRPTYPE"],
  },
  // DISPLAY CHANNEL: the attributes IBM marks for each channel type, less the z/OS-only ones
  // (QSGDISP, DEFCDISP) and with RESETSEQ (read-only: a pending RESET CHANNEL) on message channels.
  // No channel shows CRDATE/CRTIME.
  "CHANNEL SDR": {
    define: "DEFINE CHANNEL(X) CHLTYPE(SDR) CONNAME('host(1414)') XMITQ(QM2)",
    display: "DISPLAY CHANNEL(X) ALL",
    keywords: [
      "CHANNEL",
      "CHLTYPE",
      "ALTDATE",
      "ALTTIME",
      "BATCHHB",
      "BATCHINT",
      "BATCHLIM",
      "BATCHSZ",
      "CERTLABL",
      "COMPHDR",
      "COMPMSG",
      "CONNAME",
      "CONVERT",
      "DESCR",
      "DISCINT",
      "HBINT",
      "KAINT",
      "LOCLADDR",
      "LONGRTY",
      "LONGTMR",
      "MAXMSGL",
      "MCANAME",
      "MCATYPE",
      "MCAUSER",
      "MODENAME",
      "MONCHL",
      "MSGDATA",
      "MSGEXIT",
      "NPMSPEED",
      "PASSWORD",
      "PROPCTL",
      "RCVDATA",
      "RCVEXIT",
      "RESETSEQ",
      "SCYDATA",
      "SCYEXIT",
      "SENDDATA",
      "SENDEXIT",
      "SEQWRAP",
      "SHORTRTY",
      "SHORTTMR",
      "SPLPROT",
      "SSLCIPH",
      "SSLPEER",
      "STATCHL",
      "TPNAME",
      "TRPTYPE",
      "USEDLQ",
      "USERID",
      "XMITQ",
    ],
  },
  "CHANNEL RCVR": {
    define: "DEFINE CHANNEL(X) CHLTYPE(RCVR)",
    display: "DISPLAY CHANNEL(X) ALL",
    keywords: [
      "CHANNEL",
      "CHLTYPE",
      "ALTDATE",
      "ALTTIME",
      "BATCHSZ",
      "CERTLABL",
      "COMPHDR",
      "COMPMSG",
      "DESCR",
      "HBINT",
      "KAINT",
      "MAXMSGL",
      "MCAUSER",
      "MONCHL",
      "MRDATA",
      "MREXIT",
      "MRRTY",
      "MRTMR",
      "MSGDATA",
      "MSGEXIT",
      "NPMSPEED",
      "PUTAUT",
      "RCVDATA",
      "RCVEXIT",
      "RESETSEQ",
      "SCYDATA",
      "SCYEXIT",
      "SENDDATA",
      "SENDEXIT",
      "SEQWRAP",
      "SPLPROT",
      "SSLCAUTH",
      "SSLCIPH",
      "SSLPEER",
      "STATCHL",
      "TRPTYPE",
      "USEDLQ",
    ],
  },
  "CHANNEL SVRCONN": {
    define: "DEFINE CHANNEL(X) CHLTYPE(SVRCONN)",
    display: "DISPLAY CHANNEL(X) ALL",
    keywords: [
      "CHANNEL",
      "CHLTYPE",
      "ALTDATE",
      "ALTTIME",
      "CERTLABL",
      "COMPHDR",
      "COMPMSG",
      "DESCR",
      "DISCINT",
      "HBINT",
      "KAINT",
      "MAXINST",
      "MAXINSTC",
      "MAXMSGL",
      "MCAUSER",
      "MONCHL",
      "RCVDATA",
      "RCVEXIT",
      "SCYDATA",
      "SCYEXIT",
      "SENDDATA",
      "SENDEXIT",
      "SHARECNV",
      "SSLCAUTH",
      "SSLCIPH",
      "SSLPEER",
      "TRPTYPE",
    ],
  },
  // DISPLAY QMGR ALL on Multiplatforms: the system, event, distributed-queuing, cluster and
  // publish/subscribe attributes, less the z/OS-only ones (CFCONLOS, CPILEVEL, EXPRYINT, GROUPUR,
  // QSGNAME, SCYCASE, SQQMNAME, BRIDGEEV, the CHINIT and DNS/LU62/TCP attributes, ...).
  // Ambiguous: KEYRPWD and INITKEY are 9.3-on keywords; newer levels (9.4) add more (e.g. the
  // OpenTelemetry OTELxxxx ones); this list is what a 9.3/9.4 Linux queue manager shows.
  QMGR: {
    define: "",
    display: "DISPLAY QMGR ALL",
    keywords: [
      "QMNAME",
      "ACCTCONO",
      "ACCTINT",
      "ACCTMQI",
      "ACCTQ",
      "ACTIVREC",
      "ACTVCONO",
      "ACTVTRC",
      "ADVCAP",
      "ALTDATE",
      "ALTTIME",
      "AMQPCAP",
      "AUTHOREV",
      "CCSID",
      "CERTLABL",
      "CERTVPOL",
      "CHAD",
      "CHADEV",
      "CHADEXIT",
      "CHLAUTH",
      "CHLEV",
      "CLWLDATA",
      "CLWLEXIT",
      "CLWLLEN",
      "CLWLMRUC",
      "CLWLUSEQ",
      "CMDEV",
      "CMDLEVEL",
      "COMMANDQ",
      "CONFIGEV",
      "CONNAUTH",
      "CRDATE",
      "CRTIME",
      "CUSTOM",
      "DEADQ",
      "DEFCLXQ",
      "DEFXMITQ",
      "DESCR",
      "DISTL",
      "IMGINTVL",
      "IMGLOGLN",
      "IMGRCOVO",
      "IMGRCOVQ",
      "IMGSCHED",
      "INHIBTEV",
      "INITKEY",
      "IPADDRV",
      "KEYRPWD",
      "LOCALEV",
      "LOGGEREV",
      "MARKINT",
      "MAXHANDS",
      "MAXMSGL",
      "MAXPROPL",
      "MAXPRTY",
      "MAXUMSGS",
      "MONACLS",
      "MONCHL",
      "MONQ",
      "PARENT",
      "PERFMEV",
      "PLATFORM",
      "PSCLUS",
      "PSMODE",
      "PSNPMSG",
      "PSNPRES",
      "PSRTYCNT",
      "PSSYNCPT",
      "QMID",
      "REMOTEEV",
      "REPOS",
      "REPOSNL",
      "REVDNS",
      "ROUTEREC",
      "SCHINIT",
      "SCMDSERV",
      "SPLCAP",
      "SSLCRLNL",
      "SSLCRYP",
      "SSLEV",
      "SSLFIPS",
      "SSLKEYR",
      "SSLRKEYC",
      "STATACLS",
      "STATCHL",
      "STATINT",
      "STATMQI",
      "STATQ",
      "STRSTPEV",
      "SUITEB",
      "SYNCPT",
      "TREELIFE",
      "TRIGINT",
      "VERSION",
      "XRCAP",
    ],
  },
};

describe("DISPLAY ... ALL shows IBM's attribute list for each type", () => {
  for (const [type, { define, display, keywords }] of Object.entries(IBM)) {
    it(`DISPLAY ${type} ALL`, async () => {
      const qm = await QueueManager.open({ name: "QM1" });
      try {
        if (define) expect((await qm.mqsc(define)).notProcessed).toBe(0);
        const shown = Object.keys((await qm.mqsc(display)).commands[0]!.objects![0]!.parameters).map((k) => k.toUpperCase());
        const expected = new Set(keywords);
        expect(expected.size).toBe(keywords.length); // no keyword listed twice
        expect({ extra: shown.filter((k) => !expected.has(k)), missing: keywords.filter((k) => !shown.includes(k)) }).toEqual({ extra: [], missing: [] });
        expect(shown.length).toBe(keywords.length);
      } finally {
        await qm.close();
      }
    });
  }

  it("an attribute of ours is shown when named, never under ALL", async () => {
    const qm = await QueueManager.open({ name: "QM1" });
    try {
      await qm.mqsc("DEFINE QLOCAL(X)");
      const { CATALOGUE } = await import("../../core/objects/catalogue/index.js");
      const ours = CATALOGUE.localQueue.attributes.filter((a) => a.extension).map((a) => a.keyword);
      expect(ours.length).toBeGreaterThan(0);
      const all = (await qm.mqsc("DISPLAY QLOCAL(X) ALL")).commands[0]!.objects![0]!.parameters;
      for (const keyword of ours) expect(all).not.toHaveProperty(keyword.toLowerCase());
      const named = (await qm.mqsc(`DISPLAY QLOCAL(X) ${ours[0]}`)).commands[0]!.objects![0]!.parameters;
      expect(named).toHaveProperty(ours[0]!.toLowerCase());
    } finally {
      await qm.close();
    }
  });
});
