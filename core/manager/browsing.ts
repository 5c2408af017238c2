/**
 * Browsing (MQGMO_BROWSE_NEXT) and message lists: each available message once, in delivery
 * order, in memory or paged, left on its queue.
 */
import { BrowseCursor, type BrowseStep, browseNext, type Kernel, EntryState, type MessageFilter, type MessageSummary } from "../kernel/index.js";
import { MQError } from "../base/errors.js";
import type { Message } from "../message/message.js";
import { toMessage, toSummary } from "../message/message-view.js";
import { checkGetEnabled, type QueueResolver } from "./resolution.js";

export class Browsing {
  constructor(
    private readonly kernel: Kernel,
    private readonly resolver: QueueResolver,
    private readonly checkOpen: () => void,
  ) {}

  /**
   * A cursor; a filter still to come (a selector whose compiler loads) is asked for at each step
   * until it is there: a refused selector, or a load that failed, refuses that step, and a
   * load that failed is tried again at the next one.
   */
  cursor(queueName: string, filter: MessageFilter | undefined | (() => Promise<MessageFilter | undefined>)): BrowseCursor {
    if (typeof filter !== "function") return new BrowseCursor((position) => this.#step(queueName, position, filter, true));
    let resolved: { filter: MessageFilter | undefined } | undefined;
    return new BrowseCursor(async (position) => {
      resolved ??= { filter: await filter() };
      return this.#step(queueName, position, resolved.filter, true);
    });
  }

  async list(queueName: string, filter: MessageFilter | undefined, limit: number): Promise<MessageSummary[]> {
    if (limit !== Infinity && (!Number.isInteger(limit) || limit < 0)) {
      throw new MQError("MQRC_OPTIONS_ERROR", `limit must be a whole number; got ${JSON.stringify(limit)}`);
    }
    const out: MessageSummary[] = [];
    let position: BrowseStep["position"];
    while (out.length < limit) {
      const step = await this.#step(queueName, position, filter, false);
      if (!step) break;
      out.push(step.message);
      position = step.position;
    }
    return out;
  }

  async #step(queueName: string, position: BrowseStep["position"], filter: MessageFilter | undefined, withBody: true): Promise<BrowseStep<Message> | null>;
  async #step(
    queueName: string,
    position: BrowseStep["position"],
    filter: MessageFilter | undefined,
    withBody: false,
  ): Promise<BrowseStep<MessageSummary> | null>;
  async #step(
    queueName: string,
    position: BrowseStep["position"],
    filter: MessageFilter | undefined,
    withBody: boolean,
  ): Promise<BrowseStep<Message | MessageSummary> | null> {
    this.checkOpen();
    // Looked up at each step: the queue may have been deleted or GET(DISABLED) meanwhile.
    const queue = checkGetEnabled(this.resolver.localQueue(queueName));
    for (;;) {
      const now = this.kernel.clock.now();
      const next = await browseNext(this.kernel, queue, position, filter, now);
      if (!next) return null;
      const here = { priority: next.record.priority, seq: next.record.seq };
      if (!withBody) return { message: toSummary(next.record, now), position: here };
      const body = next.body ?? (await this.kernel.store.readBody(next.record.seq, { queue: next.record.queue, priority: next.record.priority }));
      // The message may have been taken while its body was read; browse on to the next one.
      if (body === undefined || next.state === EntryState.Gone) {
        position = here;
        continue;
      }
      return { message: toMessage(next.record, body, now), position: here };
    }
  }
}
