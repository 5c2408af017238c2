/**
 * The attribute catalogue of every object type, by the TypeScript API's type names, and
 * the lookups that MQSC and the manager share.
 */
import { ALIAS_QUEUE } from "./alias-queue.js";
import { CHANNEL, CHANNEL_TYPE_ATTRIBUTES } from "./channel.js";
import { LISTENER } from "./listener.js";
import { LOCAL_QUEUE } from "./local-queue.js";
import { MODEL_QUEUE } from "./model-queue.js";
import { NAMELIST } from "./namelist.js";
import { PROCESS } from "./process-definition.js";
import { QUEUE_MANAGER, QUEUE_MANAGER_READ_ONLY } from "./queue-manager.js";
import { REMOTE_QUEUE } from "./remote-queue.js";
import { SUBSCRIPTION } from "./subscription.js";
import { TOPIC } from "./topic.js";
import type { AttributeSpec, ObjectTypeSpec } from "./types.js";

export { QUEUE_MANAGER, QUEUE_MANAGER_READ_ONLY, CHANNEL_TYPE_ATTRIBUTES };
export type { AttributeSpec, AttributeType, ObjectTypeSpec } from "./types.js";

export const CATALOGUE = {
  localQueue: LOCAL_QUEUE,
  aliasQueue: ALIAS_QUEUE,
  remoteQueue: REMOTE_QUEUE,
  modelQueue: MODEL_QUEUE,
  process: PROCESS,
  topic: TOPIC,
  subscription: SUBSCRIPTION,
  channel: CHANNEL,
  namelist: NAMELIST,
  listener: LISTENER,
} as const satisfies Record<string, ObjectTypeSpec>;

const channelTypeSpec = CHANNEL.attributes.find((a) => a.name === "channelType");

/** The plain-English names of the attributes a channel of `channelType` (English, e.g. "sender") has. */
export function channelAttributeNames(channelType: string): Set<string> {
  const keyword = channelTypeSpec?.type.kind === "enum" ? channelTypeSpec.type.values[channelType] : undefined;
  const keywords = new Set(keyword ? (CHANNEL_TYPE_ATTRIBUTES[keyword] ?? []) : []);
  keywords.add("CHLTYPE");
  return new Set(CHANNEL.attributes.filter((a) => keywords.has(a.keyword)).map((a) => a.name));
}

/** Finds an attribute by MQSC keyword or synonym (upper case); a flag's "off" word too. */
export function attributeByKeyword(spec: ObjectTypeSpec, keyword: string): { attribute: AttributeSpec; on: boolean } | undefined {
  for (const attribute of spec.attributes) {
    if (attribute.keyword === keyword || attribute.synonyms?.includes(keyword)) return { attribute, on: true };
    if (attribute.type.kind === "flag" && attribute.type.off === keyword) return { attribute, on: false };
  }
  return undefined;
}
