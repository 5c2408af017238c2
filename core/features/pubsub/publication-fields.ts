/** What a subscription's selector sees of a publication before any copy of it is made. */
import { NO_ID, correlationIdOfPut, type MessageRecord, type PutMessage } from "../../message/message.js";
import { storeProperties, toProperties } from "../../message/properties.js";
import type { FieldLookup } from "../../selector/index.js";
import { messageFields } from "../../selector/message-fields.js";

export function publicationFields(message: PutMessage, now: number): FieldLookup {
  const record = {
    messageId: NO_ID,
    correlationId: correlationIdOfPut(message),
    priority: message.priority ?? 0,
    persistent: message.persistent ?? false,
    putTime: now,
    expiresAt: message.expiry ?? null,
    type: message.type ?? "",
    backoutCount: 0,
    properties: message.properties === undefined ? [] : storeProperties(toProperties(message.properties)),
  } as unknown as MessageRecord;
  const fields = messageFields(record);
  // A publication has no message id of its own yet: each copy gets one.
  return (name) => (name === "JMSMessageID" ? null : fields(name));
}
