/**
 * `webmq/events`: IBM's PCF layout of performance event messages, to read the messages queue
 * depth events put on SYSTEM.ADMIN.PERFM.EVENT (`decodeEvent`) or make one, and of channel
 * events (SYSTEM.ADMIN.CHANNEL.EVENT, `decodeChannelEvent`, raised under CHLEV). Kept out of
 * `webmq`: the queue manager loads its depth events only while PERFMEV is enabled.
 */
export { decodeEvent, encodeDepthEvent, DEPTH_EVENT_LAYOUT, MQFMT_EVENT, type DepthEvent, type DepthEventType } from "./performance-event-pcf.js";
export { PERFORMANCE_EVENT_QUEUE } from "./event-queues.js";
export {
  decodeChannelEvent,
  encodeChannelEvent,
  CHANNEL_EVENT_QUEUE,
  CHANNEL_STOPPED_QUALIFIERS,
  MQCMD_CHANNEL_EVENT,
  type ChannelEvent,
  type ChannelStoppedQualifier,
} from "./channel-event-pcf.js";
