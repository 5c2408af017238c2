/** What only adapters need: the stored forms of records and the helpers that build them. */
export type { MessageRecord, StoredBody } from "./message/message.js";
export { utf8Decode, utf8Encode, normalizeId, NO_ID } from "./message/message.js";
export { recordFromText, recordToText } from "./message/message-record-text.js";
export type { StoredProperty } from "./message/properties.js";
// The HTTP facade checks a header's properties as it reads them, so a bad one is the header's fault (MQWB0302E).
export { toProperty } from "./message/properties.js";
export { objectKey } from "./store/store.js";
export { GroupCommit } from "./store/group-commit.js";
export { CATALOGUE, QUEUE_MANAGER, attributeByKeyword } from "./objects/catalogue/index.js";
export type { AttributeSpec, AttributeType, ObjectTypeSpec } from "./objects/catalogue/index.js";
export { QUEUE_MANAGER_READ_ONLY } from "./objects/catalogue/index.js";
export { attributeHelpText } from "./objects/catalogue/help.js";
export { VERBS, OBJECT_KEYWORDS, QUEUE_KEYWORDS, NOT_IMPLEMENTED } from "./features/mqsc/commands.js";
export { summaryLines as mqscSummaryLines } from "./features/mqsc/result.js";
export { MQRCCF } from "./objects/catalogue/messages.js";
