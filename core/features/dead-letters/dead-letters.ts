/**
 * `webmq/dead-letters`: the dead-letter queue handler (IBM's runmqdlq, started with
 * `qm.startDeadLetterHandler(rules)`) and its rules-table parser, and the MQDLH codecs. Kept
 * out of `webmq` so that an application that never runs one never downloads it.
 */
export { DeadLetterHandler, type DeadLetterHandlerStats, type DeadLetterHandlerReport } from "./dead-letter-handler.js";
export { parseDlqRules, DlqRulesError } from "./dlq-rules.js";
export type { DlqRulesTable, DlqRule } from "./dlq-rule-types.js";
export { encodeDeadLetterHeader, decodeDeadLetterHeader, splitDeadLetterMessage, MQDLH_LENGTH, MQFMT_DEAD_LETTER_HEADER } from "./dead-letter-header.js";
export type { DeadLetterHeader } from "../../message/message.js";
