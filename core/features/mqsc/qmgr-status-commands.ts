/**
 * The queue manager's own status, as a distributed queue manager answers: DISPLAY QMSTATUS,
 * PING QMGR, DISPLAY CONN, DISPLAY APSTATUS, DISPLAY AUTHSERV, and DISPLAY LSSTATUS and
 * SVSTATUS (no listener or service ever runs here, so there is never a status to show).
 *
 * A connection here is what IBM would count as one: each open queue handle (an application
 * opens a queue directly, MQCONN and MQOPEN in one) and each open JMS connection. REST
 * requests hold no connection between calls, so they are not counted.
 */
import type { HandleStatus } from "../../kernel/index.js";
import { MQRC } from "../../base/errors.js";
import { MqscSyntax } from "./commands.js";
import { dateAndTime, layout, matchesGeneric, readWhere, satisfies, type DisplayItem, type WhereClause } from "./display.js";
import type { MqscHost } from "./host.js";
import { objectName } from "./object-commands.js";
import type { MqscParameter } from "./parser.js";
import { amq, failed, succeeded, type MqscObject, type Outcome } from "./result.js";
import { item } from "./status-commands.js";

/**
 * Shows the head items, then those requested (or every item with ALL). A keyword IBM
 * documents for the command but that this queue manager has no value for (`known`) is
 * accepted and left out; any other keyword is a syntax error.
 */
function choose(items: DisplayItem[], head: number, requested: MqscParameter[], known: ReadonlySet<string>, command: string): MqscObject {
  let shown = items.slice(0, head);
  if (requested.some((p) => p.keyword === "ALL")) shown = items;
  else {
    for (const parameter of requested) {
      const found = items.find((i) => i.keyword === parameter.keyword);
      if (found) {
        if (!shown.includes(found)) shown.push(found);
      } else if (!known.has(parameter.keyword)) throw new MqscSyntax(`${parameter.keyword} is not an attribute of ${command}`, parameter.position);
    }
  }
  return { parameters: Object.fromEntries(shown.map((i) => [i.keyword.toLowerCase(), i.json])), lines: layout(shown) };
}

/** Splits a command's parameters into requested attributes and the options it names, refusing any other option. */
function readParameters(rest: MqscParameter[], options: Record<string, (parameter: MqscParameter) => void>, command: string): MqscParameter[] {
  const requested: MqscParameter[] = [];
  for (const parameter of rest) {
    const option = options[parameter.keyword];
    if (option && parameter.values !== undefined) option(parameter);
    else if (parameter.values === undefined) requested.push(parameter);
    else throw new MqscSyntax(`${parameter.keyword}(...) is not an option of ${command}`, parameter.position);
  }
  return requested;
}

function oneValue(parameter: MqscParameter, allowed: readonly string[]): string {
  const value = parameter.values?.[0]?.text.toUpperCase();
  if (parameter.values?.length !== 1 || value === undefined || !allowed.includes(value))
    throw new MqscSyntax(`${parameter.keyword} is ${allowed.join(" or ")} here`, parameter.position);
  return value;
}

/**
 * WHERE(keyword operator value) on a status command, as on the object DISPLAYs: read as an
 * option, then each entry is kept when its own items satisfy it. A keyword the command never
 * shows is a syntax error, as IBM's command server refuses a filter on an unknown attribute.
 */
class StatusFilter {
  clause: WhereClause | undefined;
  position = 0;

  readonly option = (parameter: MqscParameter): void => {
    const clause = readWhere(parameter.values ?? []);
    if (typeof clause === "string") throw new MqscSyntax(clause, parameter.position);
    this.clause = clause;
    this.position = parameter.position;
  };

  /** Whether an entry with these items is shown; `known` are keywords the command documents but gives no value for. */
  keeps(items: readonly DisplayItem[], command: string, known: ReadonlySet<string> = new Set()): boolean {
    const clause = this.clause;
    if (!clause) return true;
    const byKeyword = new Map(items.map((i) => [i.keyword, i]));
    if (!byKeyword.has(clause.keyword)) {
      if (known.has(clause.keyword)) return false;
      throw new MqscSyntax(`WHERE(${clause.keyword} ...): ${clause.keyword} is not an attribute of ${command}`, this.position);
    }
    return satisfies(clause, byKeyword);
  }
}

/** Open handles and JMS connections: what DISPLAY CONN lists and CONNS counts. */
interface ConnectionView {
  conn: string;
  appltag: string;
  clientId: string;
  handle?: HandleStatus;
}

function connections(qm: MqscHost): ConnectionView[] {
  // CONN is 16 hex digits, as IBM's; handles and JMS connections number apart.
  const hex = (kind: number, id: number) => kind.toString(16).toUpperCase().padStart(8, "0") + id.toString(16).toUpperCase().padStart(8, "0");
  return [
    ...qm.handleStatuses().map((handle) => ({ conn: hex(1, handle.id), appltag: handle.application, clientId: "", handle })),
    ...qm.jmsConnections().map((c) => ({ conn: hex(2, c.id), appltag: "", clientId: c.clientId ?? "" })),
  ];
}

/** IBM's EXTCONN: "AMQC" and the queue manager's name, blank-padded to 12, as hex. */
function extconn(qm: MqscHost): string {
  return [..."AMQC", ...qm.name.padEnd(12).slice(0, 12)].map((c) => c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")).join("");
}

/** QMSTATUS keywords IBM documents (logs, file systems, installation, native HA) that this queue manager has no value for. */
const QMSTATUS_NOT_KEPT = new Set(
  "ARCHLOG ARCHSZ CURRLOG DISKLSN LOGEXTSZ LOGFSSZ LOGFSUSE LOGINUSE LOGPATH LOGPRIM LOGSEC LOGSTRDA LOGSTRL LOGSTRTI LOGTYPE LOGUTIL MEDIALOG MEDIASZ RECLOG RECSZ REUSESZ CHKPTCNT CHKPTOPS CHKPTSZ DATFSSZ DATFSUSE DATPATH GRPLSN GRPNAME GRPROLE HOSTNAME INSTANCE INSTDESC INSTNAME INSTPATH QMFSENC QMFSSZ QMFSUSE QUORUM".split(
    " ",
  ),
);

/**
 * DISPLAY QMSTATUS: QMNAME and STATUS always; with ALL, or by name, TYPE(QMGR), whether
 * the queue manager is part of a uniform cluster (it is not), the channel initiator (none
 * runs: channels do not move messages yet), the command server (MQSC is served), CONNS,
 * LDAP (none), standby instances (not permitted) and when it was started this time.
 */
export function displayQueueManagerStatus(qm: MqscHost, rest: MqscParameter[]): Outcome {
  const filter = new StatusFilter();
  const requested = readParameters(rest, { TYPE: (p) => void oneValue(p, ["QMGR"]), WHERE: filter.option }, "DISPLAY QMSTATUS");
  const started = dateAndTime(qm.startedAt);
  const items = [
    item("QMNAME", qm.name),
    item("STATUS", "RUNNING"),
    item("TYPE", "QMGR"),
    item("AUTOCLUS", "NONE"),
    item("CHINIT", "STOPPED"),
    item("CMDSERV", "RUNNING"),
    item("CONNS", connections(qm).length),
    item("LDAPCONN", "INACTIVE"),
    item("STANDBY", "NOPERMIT"),
    item("STARTDA", started.date),
    item("STARTTI", started.time),
    item("UNICLUS", ""),
  ];
  // A queue manager whose status fails the filter is not shown, as an object DISPLAY answers.
  if (!filter.keeps(items, "DISPLAY QMSTATUS", QMSTATUS_NOT_KEPT)) return failed(MQRC.MQRC_UNKNOWN_OBJECT_NAME, [amq("objectNotFound", qm.name)]);
  const object = choose(items, 2, requested, QMSTATUS_NOT_KEPT, "DISPLAY QMSTATUS");
  if (requested.some((p) => p.keyword === "ALL")) {
    // With ALL, IBM shows TYPE second.
    const ordered = [items[0]!, items[2]!, items[1]!, ...items.slice(3)];
    return succeeded(
      [amq("displayQueueManagerStatus")],
      [{ parameters: Object.fromEntries(ordered.map((i) => [i.keyword.toLowerCase(), i.json])), lines: layout(ordered) }],
    );
  }
  return succeeded([amq("displayQueueManagerStatus")], [object]);
}

/** PING QMGR: the queue manager answered. */
export function pingQueueManager(rest: MqscParameter[]): Outcome {
  const extra = rest.find((p) => p.keyword !== "CMDSCOPE");
  if (extra) throw new MqscSyntax(`${extra.keyword} is not an option of PING QMGR`, extra.position);
  return succeeded([amq("pingQueueManager")]);
}

const CONN_NOT_KEPT = new Set([
  "PID",
  "TID",
  "CONNOPTS",
  "CONNTAG",
  "ASID",
  "NID",
  "PSBNAME",
  "PSTID",
  "TASKNO",
  "TRANSID",
  "APPLDESC",
  "DEST",
  "DESTQMGR",
  "SUBID",
  "SUBNAME",
  "TOPICSTR",
  "READA",
  "QSGDISP",
]);

/**
 * DISPLAY CONN(generic-connid): one entry per open handle or JMS connection. TYPE(HANDLE)
 * shows each connection's open object; TYPE(ALL) both. CONN, EXTCONN and TYPE always.
 */
export function displayConnections(qm: MqscHost, target: MqscParameter, rest: MqscParameter[]): Outcome {
  const pattern = objectName(target, true);
  let type = "CONN";
  const filter = new StatusFilter();
  const requested = readParameters(
    rest,
    { TYPE: (p) => void (type = oneValue(p, ["CONN", "HANDLE", "ALL", "*"])), URDISP: () => undefined, CMDSCOPE: () => undefined, WHERE: filter.option },
    "DISPLAY CONN",
  );
  const ext = extconn(qm);
  const found = connections(qm).filter((c) => matchesGeneric(pattern, c.conn));
  if (found.length === 0) return failed(MQRC.MQRC_UNKNOWN_OBJECT_NAME, [amq("objectNotFound", pattern)]);
  const objects: MqscObject[] = [];
  for (const c of found) {
    if (type !== "HANDLE") {
      const items = [
        item("CONN", c.conn),
        item("EXTCONN", ext),
        item("TYPE", "CONN"),
        item("APPLTAG", c.appltag),
        item("APPLTYPE", "USER"),
        item("ASTATE", "NONE"),
        item("CHANNEL", ""),
        item("CLIENTID", c.clientId),
        item("CONNAME", ""),
        item("USERID", ""),
        item("UOWLOG", ""),
        item("UOWSTDA", ""),
        item("UOWSTTI", ""),
        item("UOWLOGDA", ""),
        item("UOWLOGTI", ""),
        item("URTYPE", "QMGR"),
        item("EXTURID", "XA_FORMATID[] XA_GTRID[] XA_BQUAL[]"),
        item("QMURID", "0.0"),
        item("UOWSTATE", "NONE"),
      ];
      if (filter.keeps(items, "DISPLAY CONN", new Set([...CONN_NOT_KEPT, ...HANDLE_KEYWORDS])))
        objects.push(
          choose(
            items,
            3,
            requested.filter((p) => !HANDLE_KEYWORDS.has(p.keyword)),
            CONN_NOT_KEPT,
            "DISPLAY CONN",
          ),
        );
    }
    if (type !== "CONN" && c.handle) {
      const h = c.handle;
      const options = [h.input ? "MQOO_INPUT_SHARED" : "", h.browse ? "MQOO_BROWSE" : "", h.output ? "MQOO_OUTPUT" : ""].filter(Boolean).join(",");
      const items = [
        item("CONN", c.conn),
        item("EXTCONN", ext),
        item("TYPE", "HANDLE"),
        item("OBJNAME", h.queue),
        item("OBJTYPE", "QUEUE"),
        item("ASTATE", "NONE"),
        item("HSTATE", "INACTIVE"),
        item("OPENOPTS", options),
      ];
      // With TYPE(ALL) the filter names a connection or a handle attribute; each entry is tested on its own.
      if (filter.keeps(items, "DISPLAY CONN", new Set([...CONN_NOT_KEPT, ...CONN_KEYWORDS]))) {
        objects.push(
          choose(
            items,
            3,
            requested.filter((p) => HANDLE_KEYWORDS.has(p.keyword) || p.keyword === "ALL"),
            CONN_NOT_KEPT,
            "DISPLAY CONN",
          ),
        );
      }
    }
  }
  if (objects.length === 0) return failed(MQRC.MQRC_UNKNOWN_OBJECT_NAME, [amq("objectNotFound", pattern)]);
  return succeeded([amq("displayConnectionDetails")], objects);
}

const HANDLE_KEYWORDS = new Set(["OBJNAME", "OBJTYPE", "HSTATE", "OPENOPTS"]);
/** The TYPE(CONN) entry's own keywords, which a TYPE(HANDLE) entry lacks. */
const CONN_KEYWORDS = new Set([
  "APPLTAG",
  "APPLTYPE",
  "CHANNEL",
  "CLIENTID",
  "CONNAME",
  "USERID",
  "UOWLOG",
  "UOWSTDA",
  "UOWSTTI",
  "UOWLOGDA",
  "UOWLOGTI",
  "URTYPE",
  "EXTURID",
  "QMURID",
  "UOWSTATE",
]);

/**
 * DISPLAY APSTATUS(name) TYPE(APPL): each application name (a handle's application tag;
 * JMS connections carry none) with how many connections use it. No uniform cluster here,
 * so CLUSTER is blank, nothing can be moved, and BALANCED is NOTAPPLIC.
 */
export function displayApplicationStatus(qm: MqscHost, target: MqscParameter, rest: MqscParameter[]): Outcome {
  const pattern = objectName(target, true);
  const filter = new StatusFilter();
  const requested = readParameters(rest, { TYPE: (p) => void oneValue(p, ["APPL"]), WHERE: filter.option }, "DISPLAY APSTATUS");
  const counts = new Map<string, number>();
  for (const c of connections(qm)) counts.set(c.appltag, (counts.get(c.appltag) ?? 0) + 1);
  const names = [...counts.keys()].filter((name) => matchesGeneric(pattern, name)).sort();
  if (names.length === 0) return failed(MQRC.MQRC_UNKNOWN_OBJECT_NAME, [amq("objectNotFound", pattern)]);
  const objects: MqscObject[] = [];
  for (const name of names) {
    const items = [item("APPLNAME", name), item("CLUSTER", ""), item("COUNT", counts.get(name)!), item("MOVCOUNT", 0), item("BALANCED", "NOTAPPLIC")];
    if (filter.keeps(items, "DISPLAY APSTATUS")) objects.push(choose(items, 5, requested, new Set(), "DISPLAY APSTATUS"));
  }
  if (objects.length === 0) return failed(MQRC.MQRC_UNKNOWN_OBJECT_NAME, [amq("objectNotFound", pattern)]);
  return succeeded([amq("displayApplicationStatus")], objects);
}

/**
 * DISPLAY AUTHSERV: no installable authorization service (OAM) runs here, so the service
 * component is blank, as IBM answers when there is no OAM; it checks no user ids.
 */
export function displayAuthorityService(rest: MqscParameter[]): Outcome {
  const requested = readParameters(rest, { SERVCOMP: () => undefined }, "DISPLAY AUTHSERV");
  return succeeded(
    [amq("displayAuthorityService")],
    [choose([item("SERVCOMP", ""), item("IFVER", 0), item("UIDSUPP", "NO")], 1, requested, new Set(), "DISPLAY AUTHSERV")],
  );
}

/**
 * DISPLAY LSSTATUS and SVSTATUS: listeners and services cannot be defined here, so none is
 * ever running, and IBM's answer for a name with no status is that the object is not found.
 */
export function displayNoStatus(target: MqscParameter, rest: MqscParameter[], command: string): Outcome {
  const pattern = objectName(target, true);
  readParameters(rest, { WHERE: () => undefined }, command);
  return failed(MQRC.MQRC_UNKNOWN_OBJECT_NAME, [amq("objectNotFound", pattern)]);
}
