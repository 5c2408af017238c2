/**
 * Sun Java System Message Queue's limits on a queue's consumers, which IBM MQ lacks: at most
 * maxActiveConsumers receive at once (1 gives strict order); up to maxBackupConsumers more
 * wait as backups and take over, oldest first, as active ones close; past both a new
 * consumer is refused. The limits are the queue's MAXACTCONS and MAXBKPCONS (-1: no limit).
 */
import { MQError } from "../../base/errors.js";

export interface ConsumerLimits {
  maxActive: number;
  maxBackup: number;
}

export class ConsumerSlot {
  #active = false;
  #activate!: () => void;
  /** Resolves when the consumer may receive (at once for an active one). */
  readonly activated = new Promise<void>((resolve) => (this.#activate = resolve));

  constructor(readonly queue: string) {}

  get active(): boolean {
    return this.#active;
  }

  /** @internal */
  promote(): void {
    this.#active = true;
    this.#activate();
  }
}

export class ConsumerSlots {
  readonly #queues = new Map<string, { active: Set<ConsumerSlot>; backups: ConsumerSlot[] }>();

  constructor(private readonly limitsOf: (queue: string) => ConsumerLimits) {}

  /** A slot on `queue`: active when the limit allows, a backup otherwise; refused past both limits. */
  join(queue: string): ConsumerSlot {
    const limits = this.limitsOf(queue);
    let consumers = this.#queues.get(queue);
    if (!consumers) this.#queues.set(queue, (consumers = { active: new Set(), backups: [] }));
    const slot = new ConsumerSlot(queue);
    if (limits.maxActive < 0 || consumers.active.size < limits.maxActive) {
      consumers.active.add(slot);
      slot.promote();
    } else if (limits.maxBackup < 0 || consumers.backups.length < limits.maxBackup) {
      consumers.backups.push(slot);
    } else {
      throw new MQError(
        "MQRC_OBJECT_IN_USE",
        `queue ${queue} has its ${limits.maxActive} active consumers (MAXACTCONS) and ${limits.maxBackup} backup consumers (MAXBKPCONS); close one, or raise the limits`,
      );
    }
    return slot;
  }

  /** The consumer has closed: the oldest backup, if any, takes over its place. */
  leave(slot: ConsumerSlot): void {
    const consumers = this.#queues.get(slot.queue);
    if (!consumers) return;
    if (consumers.active.delete(slot)) {
      const next = consumers.backups.shift();
      if (next) {
        consumers.active.add(next);
        next.promote();
      }
    } else {
      const at = consumers.backups.indexOf(slot);
      if (at >= 0) consumers.backups.splice(at, 1);
    }
    if (consumers.active.size === 0 && consumers.backups.length === 0) this.#queues.delete(slot.queue);
  }

  /** How many consumers of `queue` are active and how many wait. */
  count(queue: string): { active: number; backups: number } {
    const consumers = this.#queues.get(queue);
    return { active: consumers?.active.size ?? 0, backups: consumers?.backups.length ?? 0 };
  }
}
