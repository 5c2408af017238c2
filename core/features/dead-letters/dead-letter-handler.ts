/**
 * The dead-letter queue handler, in the way of IBM's runmqdlq: it goes over the dead-letter
 * queue, matches each message against a rules table (core/features/dead-letters/dlq-rules.ts) and acts:
 * DISCARD removes it, IGNORE leaves it, RETRY puts it back to the queue it was going to,
 * FWD forwards it (with or without its dead-letter header). A RETRY or FWD that fails is
 * tried again every RETRYINT seconds, up to the rule's RETRY(n) attempts, then the next
 * matching rule decides. Each move is a get and a put in one unit of work, so a message is
 * never lost or doubled. WAIT(YES) keeps the handler waiting for new messages; WAIT(NO) ends
 * it when nothing is left to do; WAIT(n) after n seconds without new messages.
 */
import type { Clock, TimerHandle } from "../../base/clock.js";
import type { MessagingPort, BrowseOptions, MessageSummary } from "../../kernel/index.js";
import { MQError, describeError } from "../../base/errors.js";
import { copyOf } from "./move-aside.js";
import { matchRule, type DeadLetterFacts, type DlqDecision } from "./dlq-rule-match.js";
import { parseDlqRules } from "./dlq-rules.js";
import type { DlqRulesTable } from "./dlq-rule-types.js";
import { MQAT } from "../../message/descriptor-codes.js";

/** What the handler needs of a queue manager. */
export interface DeadLetterHandlerHost extends Pick<MessagingPort, "get" | "put" | "beginUnitOfWork"> {
  readonly name: string;
  readonly clock: Clock;
  readonly closed: boolean;
  readonly attributes: { deadLetterQueue: string };
  list(queue: string, options?: BrowseOptions & { limit?: number }): Promise<MessageSummary[]>;
  readonly events: { subscribe(listener: (event: { type: string; queue: string }) => void): () => void };
}

export interface DeadLetterHandlerStats {
  /** Put back on the queue they were going to (RETRY). */
  retried: number;
  forwarded: number;
  discarded: number;
  /** Left on the dead-letter queue by an IGNORE rule. */
  ignored: number;
  /** Matched by no rule: left where they are. */
  unmatched: number;
  /** Attempts at RETRY or FWD that failed (each is tried again, up to the rule's RETRY). */
  failedAttempts: number;
}

export interface DeadLetterHandlerReport {
  messageId: string;
  action: "RETRY" | "FWD" | "DISCARD" | "IGNORE" | "NONE";
  /** The rules-table line that decided, when one did. */
  line?: number;
  detail: string;
  error?: unknown;
}

/** Where the handler stands with one message: the rule deciding, attempts made, when to try again. */
interface Pending {
  decision: DlqDecision | undefined;
  attempts: number;
  due: number;
}

export class DeadLetterHandler {
  readonly table: DlqRulesTable;
  readonly inputQueue: string;
  readonly #stats: DeadLetterHandlerStats = { retried: 0, forwarded: 0, discarded: 0, ignored: 0, unmatched: 0, failedAttempts: 0 };
  /** Messages left on the queue (ignored, unmatched) or waiting for their next attempt, by message id. */
  readonly #pending = new Map<string, Pending>();
  readonly #reports: ((report: DeadLetterHandlerReport) => void)[] = [];
  readonly #unsubscribe: () => void;
  #timer: TimerHandle | undefined;
  #pass: Promise<void> = Promise.resolve();
  #again = false;
  #lastArrival: number;
  #closed = false;
  readonly #ended: Promise<void>;
  #end!: () => void;

  constructor(
    private readonly host: DeadLetterHandlerHost,
    rules: string | DlqRulesTable,
  ) {
    this.table = typeof rules === "string" ? parseDlqRules(rules) : rules;
    const { inputQueue, inputQueueManager } = this.table.control;
    if (inputQueueManager !== undefined && inputQueueManager !== host.name) {
      throw new MQError(
        "MQRC_Q_MGR_NAME_ERROR",
        `INPUTQM(${inputQueueManager}) is not this queue manager (${host.name}); a handler runs on its own queue manager's dead-letter queue`,
      );
    }
    this.inputQueue = inputQueue ?? host.attributes.deadLetterQueue;
    if (this.inputQueue === "")
      throw new MQError("MQRC_UNKNOWN_OBJECT_NAME", `queue manager ${host.name} has no dead-letter queue (DEADQ is blank) and the rules name no INPUTQ`);
    this.#lastArrival = host.clock.now();
    this.#ended = new Promise((resolve) => (this.#end = resolve));
    // A message arriving on the dead-letter queue is looked at at once, not at the next interval.
    this.#unsubscribe = host.events.subscribe((event) => {
      if (event.type !== "put" || event.queue !== this.inputQueue) return;
      this.#lastArrival = host.clock.now();
      this.#schedule(0);
    });
    this.#schedule(0);
  }

  get stats(): DeadLetterHandlerStats {
    return { ...this.#stats };
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Resolves when the handler ends: closed, or by WAIT(NO) / WAIT(n). */
  get ended(): Promise<void> {
    return this.#ended;
  }

  /** Each action taken, or attempt failed, as it happens. */
  onReport(listener: (report: DeadLetterHandlerReport) => void): void {
    this.#reports.push(listener);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#timer?.cancel();
    this.#unsubscribe();
    await this.#pass.catch(() => undefined);
    this.#end();
  }

  #schedule(ms: number): void {
    if (this.#closed) return;
    if (this.#timer) {
      if (ms > 0) return; // a pass is already due sooner or at the same interval
      this.#timer.cancel();
    }
    this.#timer = this.host.clock.setTimer(ms, () => {
      this.#timer = undefined;
      this.#runPass();
    });
  }

  /** One pass at a time; one asked for during a pass runs after it. */
  #runPass(): void {
    if (this.#closed) return;
    this.#again = true;
    this.#pass = this.#pass.then(async () => {
      while (this.#again && !this.#closed && !this.host.closed) {
        this.#again = false;
        await this.#passOnce().catch((error: unknown) =>
          this.#report({ messageId: "", action: "NONE", detail: `the pass over ${this.inputQueue} failed: ${describeError(error)}`, error }),
        );
      }
      this.#afterPass();
    });
  }

  /** What comes after a pass: the next attempt due, waiting for new messages, or the end (WAIT). */
  #afterPass(): void {
    if (this.#closed) return;
    const now = this.host.clock.now();
    let nextDue = Infinity;
    for (const pending of this.#pending.values()) if (pending.decision && pending.due > now) nextDue = Math.min(nextDue, pending.due);
    const { wait, retryInterval } = this.table.control;
    if (nextDue !== Infinity) return this.#schedule(Math.max(1, nextDue - now));
    if (wait === false) return void this.close();
    if (typeof wait === "number") {
      const left = this.#lastArrival + wait * 1000 - now;
      if (left <= 0) return void this.close();
      return this.#schedule(left);
    }
    // WAIT(YES): arrivals wake the handler; a slow look now and then catches anything else.
    this.#schedule(retryInterval * 1000);
  }

  async #passOnce(): Promise<void> {
    const now = this.host.clock.now();
    const present = new Set<string>();
    for (const summary of await this.host.list(this.inputQueue)) {
      if (this.#closed) return;
      present.add(summary.messageId);
      const known = this.#pending.get(summary.messageId);
      // Ignored and unmatched messages stay; one waiting for its next attempt waits.
      if (known && (!known.decision || known.decision.action === "IGNORE" || known.due > now)) continue;
      const decision = known ? known.decision : matchRule(this.table, factsOf(summary));
      await this.#act(summary, decision, known?.attempts ?? 0);
    }
    // Messages taken off the queue by someone else are forgotten.
    for (const id of [...this.#pending.keys()]) if (!present.has(id)) this.#pending.delete(id);
  }

  async #act(summary: MessageSummary, decision: DlqDecision | undefined, attempts: number): Promise<void> {
    const id = summary.messageId;
    if (!decision) {
      this.#pending.set(id, { decision: undefined, attempts: 0, due: Infinity });
      this.#stats.unmatched++;
      return this.#report({ messageId: id, action: "NONE", detail: `no rule matches message ${id}; it stays on ${this.inputQueue}` });
    }
    if (decision.action === "IGNORE") {
      this.#pending.set(id, { decision, attempts: 0, due: Infinity });
      this.#stats.ignored++;
      return this.#report({
        messageId: id,
        action: "IGNORE",
        line: decision.line,
        detail: `rule at line ${decision.line} leaves message ${id} on ${this.inputQueue}`,
      });
    }
    try {
      await this.#move(id, decision);
      this.#pending.delete(id);
    } catch (error) {
      this.#stats.failedAttempts++;
      attempts++;
      // Its attempts used up, the next matching rule decides; none left, the message stays.
      const next = attempts >= decision.retry ? matchRule(this.table, factsOf(summary), decision.ruleIndex + 1) : decision;
      const retryAt = this.host.clock.now() + this.table.control.retryInterval * 1000;
      this.#pending.set(
        id,
        next ? { decision: next, attempts: next === decision ? attempts : 0, due: retryAt } : { decision: undefined, attempts: 0, due: Infinity },
      );
      this.#report({
        messageId: id,
        action: decision.action,
        line: decision.line,
        detail: `${decision.action} of message ${id} (rule at line ${decision.line}) failed, attempt ${attempts} of ${decision.retry}: ${describeError(error)}`,
        error,
      });
    }
  }

  /** DISCARD, RETRY or FWD: the get and the put (if any) in one unit of work. */
  async #move(id: string, decision: DlqDecision): Promise<void> {
    const unit = this.host.beginUnitOfWork();
    try {
      const message = await this.host.get(this.inputQueue, { messageId: id, unitOfWork: unit });
      if (!message) {
        await unit.rollback({ countBackout: false });
        return; // taken by someone else meanwhile
      }
      if (decision.action !== "DISCARD") {
        const header = message.deadLetterHeader;
        const target = decision.action === "RETRY" ? (header?.destQueue ?? "") : (decision.forwardQueue ?? "");
        const targetManager = decision.action === "RETRY" ? (header?.destQueueManager ?? "") : (decision.forwardQueueManager ?? "");
        if (target === "")
          throw new MQError(
            "MQRC_UNKNOWN_OBJECT_NAME",
            decision.action === "RETRY"
              ? `message ${id} has no dead-letter header naming where it was going`
              : `FWDQ resolves to a blank name for message ${id}`,
          );
        if (targetManager !== "" && targetManager !== this.host.name)
          throw new MQError(
            "MQRC_UNKNOWN_REMOTE_Q_MGR",
            `queue manager ${targetManager} cannot be reached from ${this.host.name} (channels are not built yet)`,
          );
        const keepHeader = decision.action === "FWD" && decision.header && header !== undefined;
        await this.host.put(target, copyOf(message), {
          unitOfWork: unit,
          context: { putTime: message.putTime, backoutCount: message.backoutCount, ...(keepHeader ? { deadLetter: header } : {}) },
        });
      }
      await unit.commit();
    } catch (error) {
      if (unit.state === "active") await unit.rollback({ countBackout: false }).catch(() => undefined);
      throw error;
    }
    const counted = decision.action === "DISCARD" ? "discarded" : decision.action === "RETRY" ? "retried" : "forwarded";
    this.#stats[counted]++;
    this.#report({
      messageId: id,
      action: decision.action,
      line: decision.line,
      detail: `message ${id}: ${decision.action} by the rule at line ${decision.line}`,
    });
  }

  #report(report: DeadLetterHandlerReport): void {
    for (const listener of this.#reports) {
      try {
        listener(report);
      } catch {
        // The listener's own trouble.
      }
    }
  }
}

/** What the rules look at, from a message's dead-letter header and descriptor. */
function factsOf(summary: MessageSummary): DeadLetterFacts {
  const header = summary.deadLetterHeader;
  return {
    destQueue: header?.destQueue ?? "",
    destQueueManager: header?.destQueueManager ?? "",
    reason: header?.reason ?? 0,
    feedback: 0,
    format: header?.format ?? summary.format,
    messageType: summary.messageType,
    persistent: summary.persistent,
    replyToQueue: summary.replyToQueue,
    replyToQueueManager: summary.replyToQueueManager,
    userId: "",
    putApplName: header?.putApplName ?? "",
    putApplType: header?.putApplType ?? MQAT.MQAT_QMGR,
  };
}
