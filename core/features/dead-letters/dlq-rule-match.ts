/**
 * Which rule of a dead-letter rules table applies to a message, and what it says to do. As
 * IBM's handler does: the rules are tried in table order and the first whose pattern matches
 * decides; FWDQ and FWDQM substitutions (&DESTQ, &DESTQM, &REPLYQ, &REPLYQM) are filled in
 * from the message. No rule matching means the message stays where it is (IBM assumes
 * ACTION(IGNORE)), which the caller sees as undefined.
 *
 * Pure: the handler that takes messages off the dead-letter queue, counts attempts against
 * RETRY and waits RETRYINT between them lives with the queue manager. When a rule's attempts
 * are used up, IBM goes on to the next matching rule; `matchRule(table, facts, decision.ruleIndex + 1)` finds it.
 */
import { MQError } from "../../base/errors.js";
import type { MessageType } from "../../message/message.js";
import { MESSAGE_TYPE_CODES, MQMT, MQPER, lookUpSymbol } from "../../message/descriptor-codes.js";
import type { DlqAction, DlqPattern, DlqPutAuthority, DlqRulesTable } from "./dlq-rule-types.js";
import { matchesWildcard } from "./dlq-wildcard.js";

/** What the rules look at in a dead-lettered message: its MQDLH and its MQMD. */
export interface DeadLetterFacts {
  /** MQDLH DestQName and DestQMgrName. */
  destQueue: string;
  destQueueManager: string;
  /** MQDLH Reason. */
  reason: number;
  /** MQMD Feedback (MQFB_NONE, 0, for a message that is not a report). */
  feedback: number;
  /** The original message's format (MQDLH Format). */
  format: string;
  /** MQMD MsgType: a number, an MQMT_ name, or the product's name ("request", ...). */
  messageType: number | MessageType | string;
  /** MQMD Persistence: true or false, or an MQPER number. */
  persistent: boolean | number;
  replyToQueue: string;
  replyToQueueManager: string;
  /** MQMD UserIdentifier. */
  userId: string;
  /** MQMD PutApplName and PutApplType. */
  putApplName: string;
  putApplType: number;
  /** MQMD ApplIdentityData; blank when left out. */
  applIdentityData?: string;
}

export interface DlqDecision {
  /** The matching rule's place in `table.rules`, from 0. */
  ruleIndex: number;
  /** The table line the rule begins on. */
  line: number;
  action: DlqAction;
  /** FWD only: the queue to forward to, substitutions made. Blank when &REPLYQ names a blank reply-to queue (IBM reports the attempt as failed). */
  forwardQueue?: string;
  /** FWD only: the queue manager to forward to, substitutions made; "" for the local one. */
  forwardQueueManager?: string;
  /** Whether a forwarded message keeps its MQDLH. */
  header: boolean;
  putAuthority: DlqPutAuthority;
  /** Attempts to make at the action. */
  retry: number;
}

/** The first rule at or after `from` whose pattern the message matches, as a decision; undefined when none does. */
export function matchRule(table: DlqRulesTable, facts: DeadLetterFacts, from = 0): DlqDecision | undefined {
  const numbers = { messageType: messageTypeCode(facts.messageType), persistence: persistenceCode(facts.persistent) };
  for (let ruleIndex = Math.max(0, from); ruleIndex < table.rules.length; ruleIndex++) {
    const rule = table.rules[ruleIndex]!;
    if (!patternMatches(rule.pattern, facts, numbers)) continue;
    const decision: DlqDecision = { ruleIndex, line: rule.line, action: rule.action, header: rule.header, putAuthority: rule.putAuthority, retry: rule.retry };
    if (rule.action === "FWD") {
      decision.forwardQueue = substitute(rule.forwardQueue ?? "", facts);
      decision.forwardQueueManager = substitute(rule.forwardQueueManager ?? "", facts);
    }
    return decision;
  }
  return undefined;
}

function patternMatches(pattern: DlqPattern, facts: DeadLetterFacts, numbers: { messageType: number; persistence: number }): boolean {
  const text = (patternText: string | undefined, field: string) => patternText === undefined || matchesWildcard(patternText, field);
  const number = (patternNumber: number | undefined, field: number) => patternNumber === undefined || patternNumber === field;
  return (
    text(pattern.destQueue, facts.destQueue) &&
    text(pattern.destQueueManager, facts.destQueueManager) &&
    number(pattern.reason, facts.reason) &&
    number(pattern.feedback, facts.feedback) &&
    text(pattern.format, facts.format) &&
    number(pattern.messageType, numbers.messageType) &&
    number(pattern.persistence, numbers.persistence) &&
    text(pattern.replyToQueue, facts.replyToQueue) &&
    text(pattern.replyToQueueManager, facts.replyToQueueManager) &&
    text(pattern.userId, facts.userId) &&
    text(pattern.putApplName, facts.putApplName) &&
    number(pattern.putApplType, facts.putApplType) &&
    text(pattern.applIdentityData, facts.applIdentityData ?? "")
  );
}

/** FWDQ/FWDQM as written, with IBM's substitutions taken from the message. */
function substitute(name: string, facts: DeadLetterFacts): string {
  switch (name) {
    case "&DESTQ":
      return facts.destQueue.trimEnd();
    case "&DESTQM":
      return facts.destQueueManager.trimEnd();
    case "&REPLYQ":
      return facts.replyToQueue.trimEnd();
    case "&REPLYQM":
      return facts.replyToQueueManager.trimEnd();
    default:
      return name;
  }
}

function messageTypeCode(messageType: DeadLetterFacts["messageType"]): number {
  if (typeof messageType === "number") return messageType;
  const code = lookUpSymbol<number>(MESSAGE_TYPE_CODES, messageType) ?? lookUpSymbol<number>(MQMT, messageType);
  if (code === undefined)
    throw new MQError(
      "MQRC_MSG_TYPE_ERROR",
      `${JSON.stringify(messageType)} is not a message type; expected a number, an MQMT_ name or request, reply, report or datagram`,
    );
  return code;
}

function persistenceCode(persistent: boolean | number): number {
  if (typeof persistent === "number") return persistent;
  return persistent ? MQPER.MQPER_PERSISTENT : MQPER.MQPER_NOT_PERSISTENT;
}
