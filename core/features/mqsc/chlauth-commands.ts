/**
 * SET CHLAUTH and DISPLAY CHLAUTH, as IBM MQ's runmqsc runs them for the record types client
 * connections meet (ADDRESSMAP, USERMAP, BLOCKUSER, BLOCKADDR). The records and what they decide
 * are core/features/chlauth/; the MQI client sessions (adapters/http/mqi-client) apply them.
 * ACTION(ADD) (the default) refuses a record that exists, REPLACE sets it, REMOVE takes it away.
 */
import { MQRCCF } from "../../objects/catalogue/messages.js";
import type { AuthorityHost } from "../authority/records.js";
import {
  CHLAUTH_TYPES,
  chlauthKey,
  chlauthRecords,
  matchesGeneric,
  putChlauthRecord,
  removeChlauthRecord,
  type ChlauthRecord,
  type ChlauthType,
} from "../chlauth/records.js";
import { MqscSyntax } from "./commands.js";
import { layout, type DisplayItem } from "./display.js";
import type { MqscParameter } from "./parser.js";
import { amq, failed, productMessage, succeeded, type MqscObject, type Outcome } from "./result.js";

const KEYWORDS = ["TYPE", "ADDRESS", "CLNTUSER", "USERLIST", "ADDRLIST", "USERSRC", "MCAUSER", "CHCKCLNT", "DESCR", "ACTION", "WARN"];

function readValues(rest: MqscParameter[]): Map<string, MqscParameter> {
  const given = new Map<string, MqscParameter>();
  for (const parameter of rest) {
    if (!KEYWORDS.includes(parameter.keyword) || parameter.values === undefined)
      throw new MqscSyntax(`${parameter.keyword} is not a keyword of SET CHLAUTH`, parameter.position);
    if (given.has(parameter.keyword)) throw new MqscSyntax(`${parameter.keyword} is given twice`, parameter.position);
    given.set(parameter.keyword, parameter);
  }
  return given;
}

const one = (given: Map<string, MqscParameter>, keyword: string): string | undefined => given.get(keyword)?.values?.[0]?.text;

function word(given: Map<string, MqscParameter>, keyword: string, allowed: readonly string[], fallback: string): string {
  const value = (one(given, keyword) ?? fallback).toUpperCase();
  if (!allowed.includes(value)) throw new MqscSyntax(`${keyword}(${value}) is not one of ${allowed.join(", ")}`, given.get(keyword)!.position);
  return value;
}

export async function setChannelAuthRecord(host: AuthorityHost, target: MqscParameter, rest: MqscParameter[]): Promise<Outcome> {
  const profile = target.values?.[0]?.text ?? "";
  if (profile === "") throw new MqscSyntax("SET CHLAUTH needs a channel profile: CHLAUTH('name')", target.position);
  const given = readValues(rest);
  if (!given.has("TYPE")) throw new MqscSyntax("SET CHLAUTH needs TYPE(ADDRESSMAP, USERMAP, BLOCKUSER or BLOCKADDR)", target.position);
  const type = word(given, "TYPE", CHLAUTH_TYPES, "") as ChlauthType;
  const action = word(given, "ACTION", ["ADD", "REPLACE", "REMOVE"], "ADD");
  const record: ChlauthRecord = {
    profile,
    type,
    address: one(given, "ADDRESS") ?? "",
    clientUser: one(given, "CLNTUSER") ?? "",
    list: (given.get(type === "BLOCKADDR" ? "ADDRLIST" : "USERLIST")?.values ?? []).map((v) => v.text),
    userSource: word(given, "USERSRC", ["MAP", "NOACCESS", "CHANNEL"], "MAP") as ChlauthRecord["userSource"],
    mcaUser: one(given, "MCAUSER") ?? "",
    checkClient: word(given, "CHCKCLNT", ["ASQMGR", "REQUIRED", "REQDADM"], "ASQMGR") as ChlauthRecord["checkClient"],
    description: one(given, "DESCR") ?? "",
  };
  if (type === "ADDRESSMAP" && record.address === "") throw new MqscSyntax("TYPE(ADDRESSMAP) needs ADDRESS(...)", target.position);
  if (type === "USERMAP" && record.clientUser === "") throw new MqscSyntax("TYPE(USERMAP) needs CLNTUSER(...)", target.position);
  if (action !== "REMOVE" && (type === "BLOCKUSER" || type === "BLOCKADDR") && record.list.length === 0)
    throw new MqscSyntax(`TYPE(${type}) needs ${type === "BLOCKADDR" ? "ADDRLIST" : "USERLIST"}(...)`, target.position);
  if (action !== "REMOVE" && record.userSource === "MAP" && (type === "ADDRESSMAP" || type === "USERMAP") && record.mcaUser === "")
    throw new MqscSyntax("USERSRC(MAP) needs MCAUSER(...)", target.position);
  if (action === "REMOVE") {
    if (await removeChlauthRecord(host.authorityRecords, record)) return succeeded([amq("channelAuthRecordSet")]);
    return failed(MQRCCF.MQRCCF_CHLAUTH_NOT_FOUND, [productMessage(1, "E", `There is no CHLAUTH('${profile}') TYPE(${type}) record of that match.`)]);
  }
  if (action === "ADD" && host.authorityRecords.values.has(chlauthKey(record)))
    return failed(MQRCCF.MQRCCF_CHLAUTH_ALREADY_EXISTS, [productMessage(1, "E", `CHLAUTH('${profile}') TYPE(${type}) exists: use ACTION(REPLACE).`)]);
  await putChlauthRecord(host.authorityRecords, record);
  return succeeded([amq("channelAuthRecordSet")]);
}

/** DISPLAY CHLAUTH(generic): the records whose profile the name matches, generically. */
export function displayChannelAuthRecords(host: AuthorityHost, target: MqscParameter): Outcome {
  const wanted = target.values?.[0]?.text ?? "*";
  const records = chlauthRecords(host.authorityRecords).filter((r) => matchesGeneric(wanted, r.profile) || r.profile === wanted);
  return succeeded([amq("displayChannelAuthRecordDetails")], records.map(recordObject));
}

function recordObject(record: ChlauthRecord): MqscObject {
  const item = (keyword: string, value: string): DisplayItem => ({ keyword, text: `${keyword}(${value})`, json: value });
  const items = [item("CHLAUTH", record.profile), item("TYPE", record.type), item("DESCR", record.description)];
  if (record.type === "ADDRESSMAP") items.push(item("ADDRESS", record.address));
  if (record.type === "USERMAP") items.push(item("CLNTUSER", record.clientUser));
  if (record.type === "BLOCKUSER") items.push(item("USERLIST", record.list.join(",")));
  if (record.type === "BLOCKADDR") items.push(item("ADDRLIST", record.list.join(",")));
  if (record.type === "ADDRESSMAP" || record.type === "USERMAP")
    items.push(item("USERSRC", record.userSource), item("MCAUSER", record.mcaUser), item("CHCKCLNT", record.checkClient));
  return { parameters: Object.fromEntries(items.map((i) => [i.keyword.toLowerCase(), i.json])), lines: layout(items) };
}
