/**
 * `webmq/triggers`: the trigger monitor class (IBM's runmqtrm, started with
 * `qm.startTriggerMonitor(initq, { applications })`) and the MQTM/MQTMC2 codecs. Kept out of
 * `webmq` so that an application that never triggers never downloads them.
 */
export { TriggerMonitor, type TriggerInfo, type TriggerApplication, type TriggerMonitorOptions, type TriggerMonitorStats } from "./trigger-monitor.js";
export {
  encodeTriggerMessage,
  decodeTriggerMessage,
  encodeTriggerMessageCharacter,
  decodeTriggerMessageCharacter,
  MQFMT_TRIGGER,
  MQTM_LENGTH,
  MQTMC2_LENGTH,
  type TriggerMessage,
} from "./trigger-message.js";
