/**
 * The operator's channel commands beyond START and STOP: RESOLVE CHANNEL ACTION(COMMIT|BACKOUT),
 * RESET CHANNEL SEQNUM(n) and PING CHANNEL DATALEN(n), answered with IBM's reasons (MQRCCF)
 * and AMQ messages. Each is refused while the channel runs (AMQ9514, MQRCCF_CHANNEL_IN_USE).
 * And DISPLAY CHSTATUS SAVED, read from the channels' sync records.
 */
import type { MqscHost } from "./host.js";
import type { ChannelCommandResult, ChannelRefusal } from "../channels/operations.js";
import { MQRCCF } from "../../objects/catalogue/messages.js";
import { MqscSyntax, failure } from "./commands.js";
import { objectName } from "./object-commands.js";
import type { MqscParameter } from "./parser.js";
import { amq, failed, productMessage, succeeded, type MqscMessage, type MqscObject, type Outcome } from "./result.js";
import { matchesGeneric } from "./display.js";
import { chltypeKeyword, item, select } from "./status-commands.js";

export async function resolveChannel(qm: MqscHost, target: MqscParameter, rest: MqscParameter[]): Promise<Outcome> {
  const name = objectName(target, false);
  const action = readOptions(rest, "RESOLVE CHANNEL", { ACTION: (text) => (text === "COMMIT" || text === "BACKOUT" ? text : undefined) }).ACTION;
  if (action === undefined) throw new MqscSyntax("RESOLVE CHANNEL needs ACTION(COMMIT) or ACTION(BACKOUT)", target.position);
  return answer(name, () => qm.resolveChannel(name, action === "COMMIT" ? "commit" : "backout"), amq("channelResolved"));
}

export async function resetChannel(qm: MqscHost, target: MqscParameter, rest: MqscParameter[]): Promise<Outcome> {
  const name = objectName(target, false);
  const seq = readOptions(rest, "RESET CHANNEL", { SEQNUM: (text) => (/^\d{1,9}$/.test(text) && Number(text) >= 1 ? text : undefined) }).SEQNUM;
  return answer(name, () => qm.resetChannel(name, Number(seq ?? 1)), amq("channelReset"));
}

export async function pingChannel(qm: MqscHost, target: MqscParameter, rest: MqscParameter[]): Promise<Outcome> {
  const name = objectName(target, false);
  const length = readOptions(rest, "PING CHANNEL", {
    DATALEN: (text) => (/^\d{1,5}$/.test(text) && Number(text) >= 16 && Number(text) <= 32768 ? text : undefined),
  }).DATALEN;
  return answer(name, () => qm.pingChannel(name, Number(length ?? 16)), amq("channelPingComplete"));
}

/**
 * DISPLAY CHSTATUS(name) SAVED: what each channel's sync records keep, whether or not it runs
 * now (IBM saves a channel's status at the end of each batch): LSTSEQNO, LSTLUWID, CURSEQNO,
 * INDOUBT, with CHANNEL, CHLTYPE, CONNAME and XMITQ from the definition. A channel that never
 * committed a batch here has none.
 */
export async function displaySavedChannelStatus(qm: MqscHost, target: MqscParameter, rest: MqscParameter[]): Promise<Outcome> {
  const pattern = objectName(target, true);
  const requested = rest.filter((p) => p.values === undefined && p.keyword !== "CURRENT");
  const objects: MqscObject[] = [];
  for (const c of qm.objects(["channel"]).filter((c) => matchesGeneric(pattern, c.name))) {
    const saved = await qm.channelSavedStatus(c.name);
    if (!saved) continue;
    const items = [
      item("CHANNEL", c.name),
      item("CHLTYPE", chltypeKeyword(c.attributes.channelType)),
      item("CONNAME", String(c.attributes.connectionName ?? "")),
      { keyword: "SAVED", text: "SAVED", json: "YES" },
      item("XMITQ", String(c.attributes.transmissionQueue ?? "")),
      item("LSTSEQNO", saved.lastSeq),
      item("LSTLUWID", saved.lastLuwid || "0000000000000000"),
      item("CURSEQNO", saved.currentSeq),
      item("CURLUWID", saved.currentLuwid || "0000000000000000"),
      item("INDOUBT", saved.inDoubt ? "YES" : "NO"),
    ];
    objects.push(select(items, requested, 2));
  }
  if (objects.length === 0) return failed(MQRCCF.MQRCCF_CHL_STATUS_NOT_FOUND, [amq("channelStatusNotFound")]);
  return succeeded([amq("displayChannelStatusDetails")], objects);
}

async function answer(name: string, run: () => Promise<ChannelCommandResult>, done: MqscMessage): Promise<Outcome> {
  try {
    const result = await run();
    if (result.ok) return succeeded([done, productMessage(11, "I", `Channel ${name}: ${result.text}.`)]);
    const [reason, message] = REFUSALS[result.refusal](name, result.text);
    return failed(reason, [message, productMessage(12, "E", `Channel ${name}: ${result.text}.`)]);
  } catch (error) {
    return failure(error, name);
  }
}

const REFUSALS: Record<ChannelRefusal, (name: string, text: string) => [number, MqscMessage]> = {
  inUse: (name) => [MQRCCF.MQRCCF_CHANNEL_IN_USE, amq("channelInUse", name)],
  notInDoubt: (name) => [MQRCCF.MQRCCF_INDOUBT_VALUE_ERROR, amq("channelNotInDoubt", name)],
  inDoubt: () => [MQRCCF.MQRCCF_CHANNEL_INDOUBT, productMessage(13, "E", "The channel is in doubt.")],
  wrongType: () => [MQRCCF.MQRCCF_WRONG_CHANNEL_TYPE, productMessage(14, "E", "The command is not valid for this channel type.")],
  notReachable: (name) => [MQRCCF.MQRCCF_PING_ERROR, amq("channelPartnerNotAvailable", name)],
  pingFailed: () => [MQRCCF.MQRCCF_PING_ERROR, amq("channelPingFailed")],
};

/** The options `allowed` names, each with one value its check accepts (upper-cased); anything else is a syntax error. */
function readOptions<K extends string>(
  rest: MqscParameter[],
  command: string,
  allowed: Record<K, (text: string) => string | undefined>,
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const parameter of rest) {
    const check = (allowed as Record<string, (text: string) => string | undefined>)[parameter.keyword];
    if (!check) throw new MqscSyntax(`${parameter.keyword} is not an option of ${command}`, parameter.position);
    const value = parameter.values?.length === 1 ? check(parameter.values[0]!.text.toUpperCase()) : undefined;
    if (value === undefined) throw new MqscSyntax(`${parameter.keyword}(...) has a value ${command} does not take`, parameter.position);
    out[parameter.keyword as K] = value;
  }
  return out;
}
