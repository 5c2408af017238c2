/**
 * A dead-letter queue handler rules table, read: IBM's runmqdlq table as data. The parser
 * (dlq-rules.ts) makes one; the matcher (dlq-rule-match.ts) reads it; the handler that takes
 * messages off the dead-letter queue acts on what the matcher decides.
 */

export type DlqAction = "DISCARD" | "IGNORE" | "RETRY" | "FWD";
/** DEF: put with the handler's own authority; CTX: with the authority of the message's user id. */
export type DlqPutAuthority = "DEF" | "CTX";

export interface DlqControlData {
  /** INPUTQ: the dead-letter queue to process; undefined for INPUTQ(' ') or none (the queue manager's own). */
  inputQueue?: string;
  /** INPUTQM; undefined for INPUTQM(' ') or none (the default queue manager). */
  inputQueueManager?: string;
  /** RETRYINT: seconds between attempts at a rule with RETRY(n); 60 unless given. */
  retryInterval: number;
  /** WAIT: true to wait for more messages for ever, false to stop when none is left, or seconds to wait. */
  wait: boolean | number;
}

/**
 * What a message must look like for a rule to apply. A field left out matches anything (IBM's
 * `*`). Text patterns keep IBM's wildcards: `?` one character, `*` any run of characters;
 * trailing blanks do not count.
 */
export interface DlqPattern {
  applIdentityData?: string;
  putApplName?: string;
  putApplType?: number;
  destQueue?: string;
  destQueueManager?: string;
  feedback?: number;
  format?: string;
  messageType?: number;
  persistence?: number;
  reason?: number;
  replyToQueue?: string;
  replyToQueueManager?: string;
  userId?: string;
}

export interface DlqRule {
  /** The table line the rule begins on, from 1. */
  line: number;
  pattern: DlqPattern;
  action: DlqAction;
  /** FWDQ as written: a queue name, "&DESTQ" or "&REPLYQ". Only with FWD. */
  forwardQueue?: string;
  /** FWDQM as written: a queue manager name, "&DESTQM" or "&REPLYQM"; "" (FWDQM(' '), the default) for the local one. Only with FWD. */
  forwardQueueManager?: string;
  /** HEADER: whether a forwarded message keeps its MQDLH; YES unless given. */
  header: boolean;
  putAuthority: DlqPutAuthority;
  /** RETRY: attempts at the action before the next matching rule is tried; 1 unless given. */
  retry: number;
}

export interface DlqRulesTable {
  control: DlqControlData;
  rules: DlqRule[];
}
