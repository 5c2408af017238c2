/**
 * What a selector sees of a stored message: the JMS headers a selector may name, as JMS and
 * IBM's JMS present them, and the message's properties by name.
 *
 *   JMSMessageID      "ID:" and the 24-byte id in hex
 *   JMSCorrelationID  the text it was set from (an application id such as "order-42"), or "ID:" and hex
 *   JMSPriority, JMSTimestamp (put time), JMSDeliveryTime (put time + delay), JMSExpiration (0: never)
 *   JMSDeliveryMode   "PERSISTENT" or "NON_PERSISTENT";  JMSType (null when none)
 *   JMSXDeliveryCount the backout count + 1
 */
import { NO_ID, type MessageRecord } from "../message/message.js";
import { narrow, type FieldLookup, type SelectorValue } from "./values.js";

export function messageFields(record: MessageRecord): FieldLookup {
  return (name) => {
    if (name.startsWith("JMS")) {
      const header = headerValue(record, name);
      if (header !== undefined) return header;
    }
    for (const p of record.properties) {
      if (p.name !== name) continue;
      if (typeof p.value !== "string") return p.value;
      if (p.type === "long") return narrow(BigInt(p.value));
      return p.type === "double" || p.type === "float" ? Number(p.value) : p.value;
    }
    return undefined;
  };
}

function headerValue(record: MessageRecord, name: string): SelectorValue | undefined {
  switch (name) {
    case "JMSMessageID":
      return `ID:${record.messageId}`;
    case "JMSCorrelationID":
      return record.correlationId === NO_ID ? null : correlationText(record.correlationId);
    case "JMSPriority":
      return record.priority;
    case "JMSDeliveryMode":
      return record.persistent ? "PERSISTENT" : "NON_PERSISTENT";
    case "JMSTimestamp":
      return record.putTime;
    case "JMSDeliveryTime":
      return record.deliverAt ?? record.putTime;
    case "JMSExpiration":
      return record.expiresAt ?? 0;
    case "JMSType":
      return record.type === "" ? null : record.type;
    case "JMSXDeliveryCount":
      return record.backoutCount + 1;
    default:
      return undefined;
  }
}

/** An id made from text (its UTF-8 bytes, zero-padded) reads as that text; any other as "ID:" and hex. */
export function correlationText(hex: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16));
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  const text = end > 0 && bytes.slice(0, end).every((b) => b >= 0x20 && b < 0x7f) ? String.fromCharCode(...bytes.slice(0, end)) : undefined;
  return text ?? `ID:${hex}`;
}
