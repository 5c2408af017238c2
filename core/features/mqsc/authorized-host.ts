/**
 * Runs MQSC as a principal: before each command, the authority it needs (command-authority.ts)
 * is checked against the queue manager's authority records, so that a refused command changes
 * nothing; a DISPLAY of a generic name shows only the objects the principal may display, as
 * IBM's runmqsc leaves out those it is not authorized for.
 */
import type { ObjectDefinition, ObjectType } from "../../objects/definitions.js";
import type { AuthorityObjectType } from "../authority/authorities.js";
import { checkAuthority, effectiveAuthorities } from "../authority/check.js";
import type { MqscHost } from "./host.js";
import type { RequiredAuthority } from "./command-authority.js";

export interface MqscPrincipal {
  name: string;
  groups: readonly string[];
}

const AUTHORITY_TYPE: Partial<Record<ObjectType, AuthorityObjectType>> = {
  localQueue: "QUEUE",
  aliasQueue: "QUEUE",
  remoteQueue: "QUEUE",
  modelQueue: "QUEUE",
  process: "PROCESS",
  namelist: "NAMELIST",
  topic: "TOPIC",
  channel: "CHANNEL",
  listener: "LISTENER",
};

/** Throws MQRC_NOT_AUTHORIZED unless `principal` holds what the command needs (a generic DISPLAY needs nothing up front). */
export function checkCommand(host: MqscHost, principal: MqscPrincipal, required: RequiredAuthority): void {
  if (required.name === undefined) return;
  checkAuthority(host, principal.name, principal.groups, required.objectType, required.name, required.authority);
}

/** The host as `principal` sees it for a DISPLAY: the objects and queues it may not display are left out. */
export function displayingHost(host: MqscHost, principal: MqscPrincipal): MqscHost {
  if (host.authorityRecords.values.size === 0) return host;
  const may = (type: AuthorityObjectType | undefined, name: string) =>
    type === undefined || effectiveAuthorities(host, principal.name, principal.groups, type, name).has("DSP");
  return new Proxy(host, {
    get(target, property) {
      if (property === "objects")
        return (types?: readonly ObjectType[]) => target.objects(types).filter((d: ObjectDefinition) => may(AUTHORITY_TYPE[d.type], d.name));
      if (property === "queueNames") return () => target.queueNames().filter((name) => may("QUEUE", name));
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
