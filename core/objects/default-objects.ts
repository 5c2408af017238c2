/**
 * The objects a new queue manager starts with: IBM MQ's SYSTEM.DEFAULT objects (the
 * templates that DEFINE copies), the dead-letter, initiation and performance event queues, and
 * the developer image's DEV.QUEUE.1 to 3.
 */
import type { Attributes, ObjectType } from "./definitions.js";

export const DEFAULT_LOCAL_QUEUE = "SYSTEM.DEFAULT.LOCAL.QUEUE";
export const DEFAULT_DEAD_LETTER_QUEUE = "SYSTEM.DEAD.LETTER.QUEUE";

export interface SystemObject {
  type: ObjectType;
  name: string;
  attributes: Attributes;
}

export const SYSTEM_OBJECTS: readonly SystemObject[] = [
  { type: "localQueue", name: DEFAULT_LOCAL_QUEUE, attributes: {} },
  { type: "localQueue", name: DEFAULT_DEAD_LETTER_QUEUE, attributes: { description: "Dead-letter queue" } },
  { type: "localQueue", name: "SYSTEM.DEFAULT.INITIATION.QUEUE", attributes: { description: "Default initiation queue" } },
  { type: "localQueue", name: "SYSTEM.CHANNEL.INITQ", attributes: { description: "Channel initiation queue" } },
  { type: "localQueue", name: "SYSTEM.ADMIN.PERFM.EVENT", attributes: { description: "Performance event queue" } },
  { type: "localQueue", name: "SYSTEM.ADMIN.CHANNEL.EVENT", attributes: { description: "Channel event queue" } },
  { type: "aliasQueue", name: "SYSTEM.DEFAULT.ALIAS.QUEUE", attributes: {} },
  { type: "remoteQueue", name: "SYSTEM.DEFAULT.REMOTE.QUEUE", attributes: {} },
  { type: "modelQueue", name: "SYSTEM.DEFAULT.MODEL.QUEUE", attributes: {} },
  { type: "process", name: "SYSTEM.DEFAULT.PROCESS", attributes: {} },
  { type: "namelist", name: "SYSTEM.DEFAULT.NAMELIST", attributes: {} },
  { type: "listener", name: "SYSTEM.DEFAULT.LISTENER.TCP", attributes: {} },
  { type: "topic", name: "SYSTEM.BASE.TOPIC", attributes: { description: "Base topic for resolving attributes" } },
  { type: "topic", name: "SYSTEM.DEFAULT.TOPIC", attributes: {} },
  { type: "channel", name: "SYSTEM.DEF.SENDER", attributes: { channelType: "sender" } },
  { type: "channel", name: "SYSTEM.DEF.SERVER", attributes: { channelType: "server" } },
  { type: "channel", name: "SYSTEM.DEF.RECEIVER", attributes: { channelType: "receiver" } },
  { type: "channel", name: "SYSTEM.DEF.REQUESTER", attributes: { channelType: "requester" } },
  { type: "channel", name: "SYSTEM.DEF.SVRCONN", attributes: { channelType: "serverConnection" } },
  { type: "channel", name: "SYSTEM.DEF.CLNTCONN", attributes: { channelType: "clientConnection" } },
  { type: "localQueue", name: "DEV.QUEUE.1", attributes: {} },
  { type: "localQueue", name: "DEV.QUEUE.2", attributes: {} },
  { type: "localQueue", name: "DEV.QUEUE.3", attributes: {} },
];
