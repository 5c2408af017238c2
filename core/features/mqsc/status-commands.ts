/** DISPLAY QSTATUS, and START, STOP and DISPLAY CHSTATUS for channels. */
import type { MqscHost } from "./host.js";
import type { ChannelStatus } from "../channels/status.js";
import { MQRCCF } from "../../objects/catalogue/messages.js";
import { MQRC } from "../../base/errors.js";
import { subscriptionId } from "../pubsub/subscription-id.js";
import { MqscSyntax, failure } from "./commands.js";
import { dateAndTime, layout, matchesGeneric, type DisplayItem } from "./display.js";
import { objectName } from "./object-commands.js";
import type { MqscParameter } from "./parser.js";
import { amq, failed, productMessage, succeeded, warned, type MqscObject, type Outcome } from "./result.js";

export const item = (keyword: string, value: string | number): DisplayItem => ({ keyword, text: `${keyword}(${value === "" ? " " : value})`, json: value });

/** DISPLAY QSTATUS(name) TYPE(QUEUE|HANDLE): live figures of local queues, or their open handles. */
export function displayQueueStatus(qm: MqscHost, target: MqscParameter, rest: MqscParameter[]): Outcome {
  const pattern = objectName(target, true);
  let type = "QUEUE";
  const requested: MqscParameter[] = [];
  for (const parameter of rest) {
    if (parameter.keyword === "TYPE") {
      const value = parameter.values?.[0]?.text.toUpperCase();
      if (parameter.values?.length !== 1 || (value !== "QUEUE" && value !== "HANDLE")) throw new MqscSyntax("TYPE is QUEUE or HANDLE", parameter.position);
      type = value;
    } else if (parameter.values === undefined) requested.push(parameter);
    else throw new MqscSyntax(`${parameter.keyword}(...) is not a DISPLAY QSTATUS option`, parameter.position);
  }
  const names = qm.queueNames().filter((name) => matchesGeneric(pattern, name));
  if (names.length === 0) return failed(2085, [amq("objectNotFound", pattern)]);
  const objects: MqscObject[] = [];
  for (const name of names) {
    const rows: DisplayItem[][] = type === "QUEUE" ? [queueItems(qm, name)] : qm.handleStatuses(name).map((h) => handleItems(name, h));
    for (const items of rows) objects.push(select(items, requested, type === "QUEUE" ? 2 : 2));
  }
  return succeeded([amq("displayQueueStatusDetails")], objects);
}

function queueItems(qm: MqscHost, name: string): DisplayItem[] {
  const status = qm.queueStatus(name);
  const put = dateAndTime(status.lastPutTime);
  const got = dateAndTime(status.lastGetTime);
  return [
    item("QUEUE", name),
    item("TYPE", "QUEUE"),
    item("CURDEPTH", status.depth),
    item("IPPROCS", status.openInputCount),
    item("LGETDATE", got.date.trim()),
    item("LGETTIME", got.time.trim()),
    item("LPUTDATE", put.date.trim()),
    item("LPUTTIME", put.time.trim()),
    item("MSGAGE", status.oldestMessageAge === null ? "" : Math.floor(status.oldestMessageAge / 1000)),
    item("OPPROCS", status.openOutputCount),
    item("UNCOM", status.uncommitted === 0 ? "NO" : status.uncommitted),
  ];
}

function handleItems(queue: string, handle: ReturnType<MqscHost["handleStatuses"]>[number]): DisplayItem[] {
  return [
    item("QUEUE", queue),
    item("TYPE", "HANDLE"),
    item("APPLTAG", handle.application),
    item("APPLTYPE", "USER"),
    item("BROWSE", handle.browse ? "YES" : "NO"),
    item("HSTATE", "INACTIVE"),
    item("INPUT", handle.input ? "SHARED" : "NO"),
    item("INQUIRE", "NO"),
    item("OUTPUT", handle.output ? "YES" : "NO"),
    item("SET", "NO"),
  ];
}

export function select(items: DisplayItem[], requested: MqscParameter[], head: number): MqscObject {
  let shown = items;
  const wanted = requested.filter((p) => p.keyword !== "ALL");
  if (wanted.length > 0 && !requested.some((p) => p.keyword === "ALL")) {
    shown = items.slice(0, head);
    for (const parameter of wanted) {
      const found = items.find((i) => i.keyword === parameter.keyword);
      if (!found) throw new MqscSyntax(`${parameter.keyword} is not a status attribute`, parameter.position);
      if (!shown.includes(found)) shown.push(found);
    }
  }
  return { parameters: Object.fromEntries(shown.map((i) => [i.keyword.toLowerCase(), i.json])), lines: layout(shown) };
}

export function startChannel(qm: MqscHost, target: MqscParameter, rest: MqscParameter[]): Outcome {
  const name = objectName(target, false);
  noOptions(rest, "START CHANNEL");
  try {
    const state = qm.startChannel(name);
    if (state === "retrying") {
      const agent = qm.channelAgentStatus(name);
      return warned(MQRCCF.MQRCCF_COMMAND_FAILED, [
        amq("channelStartAccepted"),
        productMessage(
          10,
          "W",
          agent?.reason
            ? `Channel ${name} is RETRYING: ${agent.reason}`
            : `Channel ${name} is RETRYING: this queue manager was opened with no channel connector, so the channel cannot reach its partner.`,
        ),
      ]);
    }
    return succeeded([amq("channelStartAccepted")]);
  } catch (error) {
    return failure(error, name);
  }
}

export function stopChannel(qm: MqscHost, target: MqscParameter, rest: MqscParameter[]): Outcome {
  const name = objectName(target, false);
  readStopOptions(rest);
  const mode = stopMode(rest);
  try {
    if (qm.object("channel", name) && qm.channelStatus(name) === undefined) return failed(MQRCCF.MQRCCF_CHANNEL_NOT_ACTIVE, [amq("channelNotActive", name)]);
    void qm.stopChannel(name, { mode });
    return succeeded([amq("channelStopAccepted")]);
  } catch (error) {
    return failure(error, name);
  }
}

/** What the agent counted (IBM's DISPLAY CHSTATUS: MSGS, BATCHES, LSTSEQNO, LSTLUWID, CURSEQNO, INDOUBT), when one ran here. */
function agentItems(agent: ChannelStatus | undefined): ReturnType<typeof item>[] {
  if (!agent) return [];
  return [
    item("MSGS", agent.messages),
    item("BATCHES", agent.batches),
    item("LSTSEQNO", agent.lastSeq),
    item("LSTLUWID", agent.lastLuwid || "0000000000000000"),
    item("CURSEQNO", agent.currentSeq),
    item("INDOUBT", agent.inDoubt ? "YES" : "NO"),
    item("BYTSSENT", agent.bytesSent),
    item("BYTSRCVD", agent.bytesReceived),
    item("LSTMSGDA", dateAndTime(agent.lastMessageAt).date.trim()),
    item("LSTMSGTI", dateAndTime(agent.lastMessageAt).time.trim()),
    ...(agent.shortRetriesLeft === undefined ? [] : [item("SHORTRTS", agent.shortRetriesLeft), item("LONGRTS", agent.longRetriesLeft ?? 0)]),
    ...(agent.heartbeatInterval === undefined ? [] : [item("HBINT", agent.heartbeatInterval)]),
  ];
}

/** Why a channel retries or stopped, after its status: what IBM's error log would say (AMQ9202 and the like), here beside it. */
function withReason(shown: MqscObject, agent: ChannelStatus | undefined): MqscObject {
  if (!agent?.reason || (agent.status !== "retrying" && agent.status !== "stopped")) return shown;
  const message = productMessage(15, "W", `Channel ${agent.channel} is ${agent.status.toUpperCase()}: ${agent.reason}`);
  return { parameters: { ...shown.parameters, reason: agent.reason }, lines: [...shown.lines, `${message.id}: ${message.text}`] };
}

export function displayChannelStatus(qm: MqscHost, target: MqscParameter, rest: MqscParameter[]): Outcome {
  const pattern = objectName(target, true);
  const requested = rest.filter((p) => p.values === undefined && p.keyword !== "CURRENT");
  const objects = qm
    .objects(["channel"])
    .filter((c) => matchesGeneric(pattern, c.name) && qm.channelStatus(c.name) !== undefined)
    .map((c) => {
      const items = [
        item("CHANNEL", c.name),
        item("CHLTYPE", chltypeKeyword(c.attributes.channelType)),
        item("CONNAME", String(c.attributes.connectionName ?? "")),
        item("CURRENT", ""),
        item("STATUS", qm.channelStatus(c.name)!.toUpperCase()),
        item("SUBSTATE", qm.channelAgentStatus(c.name)?.substate ?? ""),
        item("XMITQ", String(c.attributes.transmissionQueue ?? "")),
        ...agentItems(qm.channelAgentStatus(c.name)),
      ];
      items[3] = { keyword: "CURRENT", text: "CURRENT", json: "YES" };
      return withReason(select(items, requested, 2), qm.channelAgentStatus(c.name));
    });
  if (objects.length === 0) return failed(MQRCCF.MQRCCF_CHL_STATUS_NOT_FOUND, [amq("channelStatusNotFound")]);
  return succeeded([amq("displayChannelStatusDetails")], objects);
}

/** A channel's CHLTYPE as MQSC shows it (SDR, SVR, RCVR, ...). */
export function chltypeKeyword(channelType: unknown): string {
  const keyword = String(channelType);
  const keywords: Record<string, string> = {
    sender: "SDR",
    server: "SVR",
    receiver: "RCVR",
    requester: "RQSTR",
    serverConnection: "SVRCONN",
    clientConnection: "CLNTCONN",
    clusterSender: "CLUSSDR",
    clusterReceiver: "CLUSRCVR",
  };
  return keywords[keyword] ?? keyword;
}

/** STOP CHANNEL MODE: QUIESCE (IBM's default: after the current batch) or FORCE and TERMINATE (now). */
export function stopMode(rest: MqscParameter[]): "quiesce" | "force" {
  const mode = rest.find((p) => p.keyword === "MODE");
  const text = mode?.values?.[0]?.text.toUpperCase() ?? "QUIESCE";
  if (mode && (mode.values?.length !== 1 || !["QUIESCE", "FORCE", "TERMINATE"].includes(text)))
    throw new MqscSyntax("MODE is QUIESCE, FORCE or TERMINATE", mode.position);
  return text === "QUIESCE" ? "quiesce" : "force";
}

function noOptions(rest: MqscParameter[], command: string): void {
  const extra = rest[0];
  if (extra) throw new MqscSyntax(`${extra.keyword} is not an option of ${command}`, extra.position);
}

function readStopOptions(rest: MqscParameter[]): void {
  for (const parameter of rest) {
    if (parameter.keyword === "MODE" || parameter.keyword === "STATUS" || parameter.keyword === "CONNAME" || parameter.keyword === "QMNAME") continue;
    throw new MqscSyntax(`${parameter.keyword} is not an option of STOP CHANNEL`, parameter.position);
  }
}

/**
 * DISPLAY SBSTATUS(name): each subscription's status, with IBM's status attributes (SUB and
 * SUBID always; ACTCONN, DURABLE, LMSGDATE, LMSGTIME, MCASTREL, NUMMSGS, RESMDATE, RESMTIME,
 * SUBTYPE, SUBUSER, TOPICSTR on request or with ALL).
 */
export function displaySubscriptionStatus(qm: MqscHost, target: MqscParameter, rest: MqscParameter[]): Outcome {
  const pattern = objectName(target, true);
  const requested: MqscParameter[] = [];
  for (const parameter of rest) {
    if (parameter.values === undefined) requested.push(parameter);
    else if (parameter.keyword === "DURABLE" || parameter.keyword === "SUBTYPE")
      continue; // every subscription here is durable
    else throw new MqscSyntax(`${parameter.keyword}(...) is not a DISPLAY SBSTATUS option`, parameter.position);
  }
  const names = qm
    .objects(["subscription"])
    .map((d) => d.name)
    .filter((name) => matchesGeneric(pattern, name));
  if (names.length === 0) return failed(MQRC.MQRC_NO_SUBSCRIPTION, [amq("objectNotFound", pattern)]);
  const objects: MqscObject[] = [];
  for (const name of names) {
    const status = qm.subscriptionStatus(name)!;
    const last = dateAndTime(status.lastMessageTime);
    const resumed = dateAndTime(status.resumedAt);
    const items = [
      item("SUB", name),
      item("SUBID", subscriptionId(name)),
      item("ACTCONN", "0".repeat(48)),
      item("DURABLE", "YES"),
      item("LMSGDATE", last.date.trim()),
      item("LMSGTIME", last.time.trim()),
      item("MCASTREL", "(,)"),
      item("NUMMSGS", status.messages),
      item("RESMDATE", resumed.date.trim()),
      item("RESMTIME", resumed.time.trim()),
      item("SUBTYPE", status.type),
      item("SUBUSER", ""),
      item("TOPICSTR", status.topic),
    ];
    objects.push(select(items, requested, 2));
  }
  return succeeded([amq("displaySubscriptionStatus")], objects);
}
