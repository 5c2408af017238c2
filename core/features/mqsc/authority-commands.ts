/**
 * SET AUTHREC, DELETE AUTHREC, DISPLAY AUTHREC and DISPLAY ENTAUTH, as IBM MQ's distributed
 * runmqsc runs them (IBM Documentation "SET AUTHREC", "DISPLAY AUTHREC", "DISPLAY ENTAUTH").
 * The records themselves, the generic profiles and the check are core/features/authority/.
 * Entity names are case sensitive, as IBM's: PRINCIPAL('app') names the user app, and
 * PRINCIPAL(app) the user APP.
 */
import { MQRC } from "../../base/errors.js";
import { MQRCCF } from "../../objects/catalogue/messages.js";
import { displayList, expand, isObjectType, OBJECT_TYPES, type AuthorityObjectType } from "../authority/authorities.js";
import { decidingRecords, effectiveAuthorities, QMGR_PROFILE } from "../authority/check.js";
import { isGenericProfile, matchesProfile, profileProblem } from "../authority/profiles.js";
import { authorityRecords, deleteRecord, findRecord, putRecord, type AuthorityHost, type AuthorityRecord, type EntityType } from "../authority/records.js";
import { MqscSyntax } from "./commands.js";
import { layout, type DisplayItem } from "./display.js";
import type { MqscParameter } from "./parser.js";
import { amq, failed, succeeded, type MqscObject, type Outcome } from "./result.js";

/** A principal's groups, from the adapter's user directory (MATCH(MEMBERSHIP), DISPLAY ENTAUTH PRINCIPAL). */
export type GroupsOf = (principal: string) => readonly string[];

interface AuthorityOptions {
  profile?: MqscParameter;
  objectType?: AuthorityObjectType;
  entity?: { entityType: EntityType; entity: string };
  add?: MqscParameter;
  remove?: MqscParameter;
  match?: string;
  objectName?: MqscParameter;
  requested: MqscParameter[];
}

const ONE_VALUE = ["PROFILE", "OBJTYPE", "PRINCIPAL", "GROUP", "MATCH", "OBJNAME", "SERVCOMP"];
const DISPLAYED = ["ALL", "AUTHLIST", "ENTITY", "ENTTYPE", "OBJTYPE", "PROFILE", "OBJNAME"];

function readOptions(rest: MqscParameter[], allowed: readonly string[], command: string): AuthorityOptions {
  const options: AuthorityOptions = { requested: [] };
  const seen = new Set<string>();
  for (const parameter of rest) {
    const { keyword, values } = parameter;
    if (values === undefined) {
      if (!DISPLAYED.includes(keyword) || !command.startsWith("DISPLAY")) throw new MqscSyntax(`${keyword} is not a keyword of ${command}`, parameter.position);
      options.requested.push(parameter);
      continue;
    }
    if (!allowed.includes(keyword)) throw new MqscSyntax(`${keyword}(...) is not a keyword of ${command}`, parameter.position);
    if (seen.has(keyword)) throw new MqscSyntax(`${keyword} is given twice`, parameter.position);
    seen.add(keyword);
    if (ONE_VALUE.includes(keyword) && (values.length !== 1 || values[0]!.text === ""))
      throw new MqscSyntax(`${keyword} takes one value in parentheses`, parameter.position);
    const text = values[0]?.text ?? "";
    switch (keyword) {
      case "PROFILE":
        options.profile = parameter;
        break;
      case "OBJNAME":
        options.objectName = parameter;
        break;
      case "OBJTYPE": {
        const type = text.toUpperCase();
        if (!isObjectType(type))
          throw new MqscSyntax(`OBJTYPE(${text}) is not an object type authority records are kept for: ${OBJECT_TYPES.join(", ")}`, values[0]!.position);
        options.objectType = type;
        break;
      }
      case "PRINCIPAL":
      case "GROUP":
        if (options.entity) throw new MqscSyntax("PRINCIPAL and GROUP cannot both be given", parameter.position);
        options.entity = { entityType: keyword, entity: text };
        break;
      case "AUTHADD":
        options.add = parameter;
        break;
      case "AUTHRMV":
        options.remove = parameter;
        break;
      case "MATCH":
        if (!["PROFILE", "EXACT", "MEMBERSHIP"].includes(text.toUpperCase()))
          throw new MqscSyntax("MATCH is PROFILE, EXACT or MEMBERSHIP", values[0]!.position);
        options.match = text.toUpperCase();
        break;
      case "SERVCOMP":
        break; // one authorization service here: any name selects it
    }
  }
  return options;
}

function requireObjectType(options: AuthorityOptions, command: string, at: number): AuthorityObjectType {
  if (!options.objectType) throw new MqscSyntax(`${command} needs OBJTYPE(${OBJECT_TYPES.join("|")})`, at);
  return options.objectType;
}

/** The profile a record is kept under: the queue manager's is `self`; others must be usable profile names. */
function recordProfile(options: AuthorityOptions, type: AuthorityObjectType, host: AuthorityHost, command: string, at: number): string {
  const value = options.profile?.values?.[0];
  if (type === "QMGR") {
    if (value && value.text !== host.name && value.text.toLowerCase() !== QMGR_PROFILE)
      throw new MqscSyntax(`OBJTYPE(QMGR) takes no PROFILE but this queue manager's name (${host.name})`, value.position);
    return QMGR_PROFILE;
  }
  if (!value) throw new MqscSyntax(`${command} needs PROFILE(name) for OBJTYPE(${type})`, at);
  const problem = profileProblem(value.text);
  if (problem) throw new MqscSyntax(`PROFILE(${value.text}): ${problem}`, value.position);
  return value.text;
}

function authorityList(type: AuthorityObjectType, parameter: MqscParameter | undefined): string[] {
  if (!parameter) return [];
  if (!parameter.values?.length) throw new MqscSyntax(`${parameter.keyword} needs a list of authorities`, parameter.position);
  const list: string[] = [];
  for (const value of parameter.values) {
    const expanded = expand(type, value.text);
    if (typeof expanded === "string") throw new MqscSyntax(expanded, value.position);
    list.push(...expanded);
  }
  return list;
}

export async function setAuthorityRecord(host: AuthorityHost, target: MqscParameter, rest: MqscParameter[]): Promise<Outcome> {
  const options = readOptions(rest, ["PROFILE", "OBJTYPE", "PRINCIPAL", "GROUP", "AUTHADD", "AUTHRMV", "SERVCOMP"], "SET AUTHREC");
  const type = requireObjectType(options, "SET AUTHREC", target.position);
  const profile = recordProfile(options, type, host, "SET AUTHREC", target.position);
  if (!options.entity) throw new MqscSyntax("SET AUTHREC needs PRINCIPAL(name) or GROUP(name)", target.position);
  if (!options.add && !options.remove) throw new MqscSyntax("SET AUTHREC needs AUTHADD(...) or AUTHRMV(...)", target.position);
  const add = authorityList(type, options.add);
  const remove = authorityList(type, options.remove);
  const both = add.find((a) => remove.includes(a));
  if (both) throw new MqscSyntax(`${both} is both added and removed`, options.add!.position);
  const name = { profile, objectType: type, ...options.entity };
  const existing = findRecord(host.authorityRecords, name);
  const held = new Set(existing?.authorities ?? []);
  for (const authority of remove) held.delete(authority);
  for (const authority of add) held.add(authority);
  await putRecord(host.authorityRecords, { ...name, authorities: [...held] });
  return succeeded([amq("authorityRecordSet")]);
}

export async function deleteAuthorityRecord(host: AuthorityHost, target: MqscParameter, rest: MqscParameter[]): Promise<Outcome> {
  const options = readOptions(rest, ["PROFILE", "OBJTYPE", "PRINCIPAL", "GROUP", "SERVCOMP"], "DELETE AUTHREC");
  const type = requireObjectType(options, "DELETE AUTHREC", target.position);
  const profile = recordProfile(options, type, host, "DELETE AUTHREC", target.position);
  if (!options.entity) throw new MqscSyntax("DELETE AUTHREC needs PRINCIPAL(name) or GROUP(name)", target.position);
  const deleted = await deleteRecord(host.authorityRecords, { profile, objectType: type, ...options.entity });
  if (!deleted) return failed(MQRC.MQRC_UNKNOWN_OBJECT_NAME, [amq("authorityRecordNotFound")]);
  return succeeded([amq("authorityRecordDeleted")]);
}

/**
 * DISPLAY AUTHREC: MATCH(PROFILE), the default, shows the records whose profile matches the
 * PROFILE given (ABCD shows ABCD, ABC* and AB*), for the entity given; MATCH(EXACT) only the
 * records of exactly that profile; MATCH(MEMBERSHIP) those of a principal and of every group
 * it is in. Without PROFILE, every profile.
 */
export function displayAuthorityRecords(host: AuthorityHost, target: MqscParameter, rest: MqscParameter[], groupsOf: GroupsOf): Outcome {
  const options = readOptions(rest, ["PROFILE", "OBJTYPE", "PRINCIPAL", "GROUP", "MATCH", "SERVCOMP"], "DISPLAY AUTHREC");
  const match = options.match ?? "PROFILE";
  if (match === "MEMBERSHIP" && options.entity?.entityType !== "PRINCIPAL") throw new MqscSyntax("MATCH(MEMBERSHIP) needs PRINCIPAL(name)", target.position);
  const profile = options.profile?.values?.[0]?.text;
  const entities = entitiesOf(options.entity, match === "MEMBERSHIP", groupsOf);
  const records = authorityRecords(host.authorityRecords).filter((record) => {
    if (options.objectType && record.objectType !== options.objectType) return false;
    if (entities && !entities.some((e) => e.entityType === record.entityType && e.entity === record.entity)) return false;
    if (profile === undefined) return true;
    if (match === "EXACT") return record.profile === profile || (record.objectType === "QMGR" && profile === host.name);
    if (record.objectType === "QMGR") return profile === host.name || profile.toLowerCase() === QMGR_PROFILE;
    return record.profile === profile || (!isGenericProfile(profile) && matchesProfile(record.profile, profile));
  });
  if (records.length === 0) return failed(MQRCCF.MQRCCF_NONE_FOUND, [amq("authorityRecordNotFound")]);
  return succeeded(
    [amq("displayAuthorityRecordDetails")],
    records.map((record) => recordObject(record)),
  );
}

/** DISPLAY ENTAUTH: what an entity holds on one object, its groups' records included, as the check sees it. */
export function displayEntityAuthority(host: AuthorityHost, target: MqscParameter, rest: MqscParameter[], groupsOf: GroupsOf): Outcome {
  const options = readOptions(rest, ["PRINCIPAL", "GROUP", "OBJNAME", "OBJTYPE", "SERVCOMP"], "DISPLAY ENTAUTH");
  const type = requireObjectType(options, "DISPLAY ENTAUTH", target.position);
  if (!options.entity) throw new MqscSyntax("DISPLAY ENTAUTH needs PRINCIPAL(name) or GROUP(name)", target.position);
  const objectName = options.objectName?.values?.[0]?.text ?? (type === "QMGR" ? host.name : undefined);
  if (objectName === undefined) throw new MqscSyntax(`DISPLAY ENTAUTH needs OBJNAME(name) for OBJTYPE(${type})`, target.position);
  const { entityType, entity } = options.entity;
  const held =
    entityType === "PRINCIPAL"
      ? effectiveAuthorities(host, entity, groupsOf(entity), type, objectName)
      : new Set(decidingRecords(host, [options.entity], type, objectName).flatMap((r) => r.authorities));
  const items = [item("OBJNAME", objectName), item("ENTITY", entity), item("ENTTYPE", entityType), item("OBJTYPE", type)];
  const list = displayList(type, held);
  items.push({ keyword: "AUTHLIST", text: `AUTHLIST(${list.join(",")})`, json: list });
  return succeeded([amq("displayEntityAuthorityDetails")], [object(items)]);
}

function entitiesOf(entity: AuthorityOptions["entity"], membership: boolean, groupsOf: GroupsOf) {
  if (!entity) return undefined;
  if (!membership) return [entity];
  return [entity, ...groupsOf(entity.entity).map((group) => ({ entityType: "GROUP" as const, entity: group }))];
}

function item(keyword: string, value: string): DisplayItem {
  return { keyword, text: `${keyword}(${value})`, json: value };
}

function recordObject(record: AuthorityRecord): MqscObject {
  const list = displayList(record.objectType, new Set(record.authorities));
  return object([
    item("PROFILE", record.profile),
    item("ENTITY", record.entity),
    item("ENTTYPE", record.entityType),
    item("OBJTYPE", record.objectType),
    { keyword: "AUTHLIST", text: `AUTHLIST(${list.join(",")})`, json: list },
  ]);
}

function object(items: DisplayItem[]): MqscObject {
  return { parameters: Object.fromEntries(items.map((i) => [i.keyword.toLowerCase(), i.json])), lines: layout(items) };
}
