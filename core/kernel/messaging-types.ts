/** The shapes that QueueManager's methods take and return. */
import type { Clock } from "../base/clock.js";
import type { DeadLetterHeader, Message } from "../message/message.js";
import type { Selector } from "../selector/index.js";
import type { Store } from "../store/store.js";
import type { UnitOfWork } from "./unit-of-work.js";

export interface QueueManagerOptions {
  /** The queue manager's name (MQ naming rules). */
  name: string;
  /** Where persistent messages and object definitions live; memory when absent. */
  store?: Store;
  clock?: Clock;
  /** Persistent bodies kept in memory beyond this many bytes are paged out to the store. */
  bodyCacheBytes?: number;
  /**
   * How many messages each priority lane of a queue keeps in memory (default 2000); beyond
   * that, persistent messages stay in the store and are paged in as delivery reaches them,
   * so a queue deeper than memory works.
   */
  messagesInMemoryPerLane?: number;
  /**
   * The most bytes of non-persistent message bodies the queue manager holds in memory
   * (default 32 MiB). A non-persistent put beyond it is refused with
   * MQRC_STORAGE_NOT_AVAILABLE, and no message larger than it is accepted at all (a Durable
   * Object has 128 MB, a browser tab not much more).
   */
  messageMemoryBytes?: number;
  /** Define the default objects (SYSTEM.DEFAULT.LOCAL.QUEUE, ...) on first open. Default true. */
  createDefaultObjects?: boolean;
}

export interface PutOptions {
  /** Stages the put in this unit of work (MQPMO_SYNCPOINT); see `QueueManager.beginUnitOfWork`. */
  unitOfWork?: UnitOfWork;
  /**
   * The queue manager the queue is at (MQOD ObjectQMgrName); this one when absent or blank.
   * Another's name resolves as IBM's does: a queue-manager alias of that name (a QREMOTE with
   * blank RNAME), else a transmission queue of that name, else DEFXMITQ; the message waits on
   * the transmission queue bound for that queue at that queue manager (MQRC_UNKNOWN_REMOTE_Q_MGR
   * when there is no way there).
   */
  queueManager?: string;
  /**
   * On a queue with LIMITBHV(FLOWCTL): how long a put at MAXDEPTH waits for room, in ms,
   * before it fails with MQRC_Q_FULL. Default 10,000.
   */
  wait?: number;
  /** @internal Messages this put's unit of work removes to make room (LIMITBHV RMOLDEST, RMLOWPRI). */
  makingRoom?: number;
  /** @internal The bytes of those messages. */
  makingRoomBytes?: number;
  /**
   * @internal The context a message moved by the queue manager keeps (MQPMO_PASS_ALL_CONTEXT):
   * its put time and backout count, and on a dead-letter queue its dead-letter header.
   */
  context?: MessageContext;
}

/** @internal What a moved message (to a backout or dead-letter queue) keeps of the original. */
export interface MessageContext {
  /** A message a channel delivers keeps its MsgId, as IBM's message channel agent passes it. */
  messageId?: string;
  putTime?: number;
  backoutCount?: number;
  deadLetter?: DeadLetterHeader;
  /** The MQMD Format the queue manager gives a message of its own ("MQEVENT" for an event message). */
  format?: string;
}

/** Which messages a get, browse or list wants: by id, correlation id, and a JMS selector (text, or compiled once). */
export interface SelectionOptions {
  messageId?: string;
  correlationId?: string;
  /** A JMS message selector, e.g. "region = 'eu' AND JMSPriority > 4"; a bad one is MQRC_SELECTOR_SYNTAX_ERROR (2459). */
  selector?: string | Selector;
}

export interface PublishOptions {
  /** Publishes inside this unit of work: the copies appear when it commits. */
  unitOfWork?: UnitOfWork;
  /** Keeps the publication as the topic's retained one (MQPMO_RETAIN): new subscriptions are given it. */
  retain?: boolean;
  /** @internal The JMS connection publishing, for subscriptions with noLocal. */
  connection?: object;
  /** @internal Its client id: a durable noLocal subscription refuses every publication of that client (JMS 2.0). */
  clientId?: string;
}

export interface GetOptions extends SelectionOptions {
  /** Milliseconds to wait for a message (MQGMO WaitInterval); 0 (default) does not wait; Infinity waits until one comes. */
  wait?: number;
  /**
   * Ends a wait early, leaving every message on the queue: a caller that goes away (an
   * HTTP client that disconnects) must not take a message nobody will receive.
   */
  signal?: AbortSignalLike;
  /**
   * Takes the message under syncpoint: it stays on the queue, invisible to others, until the
   * unit of work commits (then it is gone) or backs out (then it is back in its place, its
   * backout count raised). See `QueueManager.beginUnitOfWork`.
   */
  unitOfWork?: UnitOfWork;
}

/** The part of a Web AbortSignal that a wait needs (declared here: core has no DOM types). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

export interface BrowseOptions extends SelectionOptions {}

/** What put tells the producer: the descriptor fields the queue manager filled in. */
export interface PutResult {
  messageId: string;
  correlationId: string;
  priority: number;
  persistent: boolean;
  putTime: number;
  expiry: number | null;
}

/** A message without its body, as a message list shows it. */
export type { MessageSummary } from "../message/message.js";

export interface QueueStatus {
  name: string;
  depth: number;
  uncommitted: number;
  /** IPPROCS: handles open for input, and gets waiting. */
  openInputCount: number;
  /** OPPROCS: handles open for output. */
  openOutputCount: number;
  lastPutTime: number | null;
  lastGetTime: number | null;
  /** MSGAGE: milliseconds since the oldest message on the queue was put, or null when empty. */
  oldestMessageAge: number | null;
}

/** A subscription's status, as DISPLAY SBSTATUS shows it. */
export interface SubscriptionStatus {
  name: string;
  /** The resolved topic string (TOPICOBJ's and its own). */
  topic: string;
  /** Publications given to it since the queue manager opened (NUMMSGS). */
  messages: number;
  /** When the last one was, or null (LMSGDATE, LMSGTIME). */
  lastMessageTime: number | null;
  /** When it was made or last resumed: its definition time (RESMDATE, RESMTIME). */
  resumedAt: number;
  /** "ADMIN" for MQSC, "API" for JMS subscribers. */
  type: "ADMIN" | "API";
}

/** A channel's state: RUNNING while its agent moves messages, RETRYING when it cannot reach its partner, STOPPED. */
/** What DISPLAY CHSTATUS shows; a channel with none is inactive. STOPPING: STOP CHANNEL MODE(QUIESCE) waits for the batch under way. */
export type ChannelState = "running" | "retrying" | "stopping" | "stopped";

/** A consumer the queue pushes messages to (core/dispatch): JMS listeners, the listener container. */
export interface ConsumeOptions extends SelectionOptions {
  /** How many messages it may hold, handed over and not yet given back with `addCredit` (its prefetch); 1 or more. */
  credit: number;
  /** The unit of work each message is taken in, asked as the message is handed over; undefined: removed at once. */
  unitFor?: () => UnitOfWork | undefined;
  onMessage(message: Message, unit: UnitOfWork | undefined): void;
  /**
   * A message could not be taken (a store that failed: it stays on the queue, and the credit
   * it used comes back after a pause), or, with `ended`, the queue ended its consumers (the
   * queue manager closes, the queue was deleted).
   */
  onError(error: unknown, ended: boolean): void;
}

export interface QueueConsumerHandle {
  /** Gives credit back as messages are settled, so that more are pushed. */
  addCredit(count?: number): void;
  /** No more messages are pushed; a message already being handed over still reaches onMessage. */
  close(): void;
  readonly closed: boolean;
}
