/**
 * What a STOMP connection needs to be rebuilt on a fresh JMS connection after the process that
 * held it is gone while its socket stays open: the edge's Durable Object is evicted while its
 * hibernatable WebSockets live on, and wakes for the next frame or request without any of its
 * memory. Small and JSON-shaped, so that it fits a WebSocket's attachment
 * (`serializeAttachment`). What cannot be kept is left out on purpose: unacknowledged messages
 * and open transactions belong to units of work that ended with the process, so the queue
 * manager has backed them out (the messages come again, redelivered).
 */
import type { StompVersion } from "./frame.js";
import type { AckMode } from "./subscription.js";

export interface StompSubscriptionState {
  id: string;
  /** As the SUBSCRIBE named it (`/queue/...`, `/topic/...`, `/temp-queue/...`). */
  destination: string;
  ack: AckMode;
  prefetch: number;
  selector?: string;
  /** A durable subscription's name (it outlives the connection: rebuilding reopens it). */
  durableName?: string;
}

export interface StompConnectionState {
  /** The connection's id (its CONNECTED `session`; names its temporary queues). */
  id: string;
  version: StompVersion;
  /** The queue manager CONNECT's `host` named (its real name). */
  queueManager: string;
  principal: { name: string; role: string; groups?: string[] };
  clientId?: string;
  /** /temp-queue/NAME -> the queue made for it. */
  tempQueues: [string, string][];
  subscriptions: StompSubscriptionState[];
  /**
   * How often the client promised to beat, in ms, as CONNECTED negotiated it (absent: it does
   * not beat): a rebuilt connection is still dropped when it goes silent.
   */
  heartBeatMs?: number;
}
