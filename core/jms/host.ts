/**
 * What the JMS layer needs of a queue manager, declared here so that core/jms depends on no
 * manager: puts and gets, with or without a unit of work, and a unit of work to begin.
 */
import type { Message, PutMessage } from "../message.js";
import type { GetOptions, PutOptions, PutResult } from "../manager-types.js";
import type { UnitOfWork } from "../uow/unit-of-work.js";
import type { Clock } from "../clock.js";
import type { ConsumerSlots } from "./consumer-slots.js";

export interface JmsHost {
  readonly name: string;
  readonly closed: boolean;
  put(queue: string, message: PutMessage, options?: PutOptions): Promise<PutResult>;
  get(queue: string, options?: GetOptions): Promise<Message | null>;
  beginUnitOfWork(): UnitOfWork;
  /** Time for a backup consumer's receive, which waits to become active. */
  readonly clock: Clock;
  /** The queues' limits on active and backup consumers. */
  readonly consumerSlots: ConsumerSlots;
}

/** The client ids of the open connections of one queue manager (JMS: one connection per client id). */
export interface ClientIdRegistry {
  claim(clientId: string): boolean;
  release(clientId: string): void;
  /** The connection has closed: the manager need not close it. */
  closed(connection: object): void;
}
