/**
 * `webmq/events`: IBM's PCF layout of performance event messages, to read the messages queue
 * depth events put on SYSTEM.ADMIN.PERFM.EVENT (`decodeEvent`) or make one. Kept out of
 * `webmq`: the queue manager loads its depth events only while PERFMEV is enabled.
 */
export { decodeEvent, encodeDepthEvent, DEPTH_EVENT_LAYOUT, MQFMT_EVENT, type DepthEvent, type DepthEventType } from "./performance-event-pcf.js";
export { PERFORMANCE_EVENT_QUEUE } from "./event-queues.js";
