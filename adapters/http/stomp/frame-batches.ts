/**
 * Frames a connection handles together rather than one by one: a run of SENDs outside any
 * transaction, or of ACKs and NACKs outside any transaction, waiting in turn (sent in one
 * WebSocket message, or arrived while the connection was busy). Handled one at a time, each
 * SEND is a store commit of its own (on a SQLite file, an fsync: over half of serveHttp's CPU
 * per SEND, measured with `node --cpu-prof`); together:
 *
 * - the SENDs are put in one unit of work and committed in one store write, and only then are
 *   their RECEIPTs written (a RECEIPT says the message is durable). A SEND that is refused
 *   (not authorized, queue full, ...) ends the run: the ones before it are committed and
 *   receipted, as if handled one by one, then it is an ERROR. If the commit itself fails,
 *   nothing of the run is put and no RECEIPT goes: an ERROR, as for one SEND.
 * - the ACKs and NACKs are all started before any is awaited, so the commits of their units of
 *   work reach the store together (the file store commits what comes in one event-loop turn
 *   in one transaction); their RECEIPTs follow, in order, once all have settled.
 */
import type { MessageProducer } from "../../../core/index.js";
import { header, type StompFrame } from "./frame.js";

/** At most this many frames are handled as one run (the rest make the next run). */
export const MAX_RUN = 64;

export type RunKind = "send" | "settle";

export interface WaitingFrame {
  frame: StompFrame;
  /** Came as a WebSocket text message. */
  text: boolean;
}

/** Which run a frame may join, if any: transactions keep their own order and commit. */
export function runKind(frame: StompFrame): RunKind | undefined {
  if (header(frame, "transaction") !== undefined) return undefined;
  if (frame.command === "SEND") return "send";
  if (frame.command === "ACK" || frame.command === "NACK") return "settle";
  return undefined;
}

/** What handling a run needs of its connection. */
export interface RunHost {
  /** Puts one SEND's message through `producer` (in the run's unit of work). */
  send(frame: StompFrame, text: boolean, producer: MessageProducer): Promise<void>;
  /** A transacted producer for a run of SENDs: its commit is the run's one store write. */
  runProducer(): Promise<{ producer: MessageProducer; commit(): Promise<void>; rollback(): Promise<void> }>;
  /** Starts one ACK or NACK; throws at once when it names no message of the connection. */
  settle(frame: StompFrame): Promise<void>;
  /** Writes the frame's RECEIPT, when it asked for one. */
  receipt(frame: StompFrame): void;
  /** The ERROR frame for `frame`, and the connection's end. */
  fail(error: unknown, frame: StompFrame): Promise<void>;
}

export async function handleSendRun(host: RunHost, run: WaitingFrame[]): Promise<void> {
  const { producer, commit, rollback } = await host.runProducer();
  let put = 0;
  let refused: { error: unknown; frame: StompFrame } | undefined;
  for (const { frame, text } of run) {
    try {
      await host.send(frame, text, producer);
      put++;
    } catch (error) {
      refused = { error, frame };
      break;
    }
  }
  try {
    if (put > 0) await commit();
    else await rollback();
  } catch (error) {
    // Nothing of the run is durable: no RECEIPT, an ERROR for its first frame.
    await rollback().catch(() => undefined);
    await host.fail(error, run[0]!.frame);
    return;
  }
  for (let i = 0; i < put; i++) host.receipt(run[i]!.frame);
  if (refused) await host.fail(refused.error, refused.frame);
}

export async function handleSettleRun(host: RunHost, run: WaitingFrame[]): Promise<void> {
  const settling: Promise<void>[] = [];
  let refused: { error: unknown; frame: StompFrame } | undefined;
  for (const { frame } of run) {
    try {
      settling.push(host.settle(frame));
    } catch (error) {
      refused = { error, frame };
      break;
    }
  }
  const outcomes = await Promise.allSettled(settling);
  for (let i = 0; i < outcomes.length; i++) {
    const outcome = outcomes[i]!;
    if (outcome.status === "rejected") {
      await host.fail(outcome.reason, run[i]!.frame);
      return;
    }
    host.receipt(run[i]!.frame);
  }
  if (refused) await host.fail(refused.error, refused.frame);
}
