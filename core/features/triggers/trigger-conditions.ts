/**
 * Whether a trigger message is due: the trigger rules of seed document 002 (WebSphere MQ
 * triggering) as one pure decision, so that the queue manager's wiring only gathers a
 * snapshot, asks, and puts the MQTM (trigger-message.ts) when the answer is yes.
 *
 * The rules, each one a test in test/node/trigger-conditions.test.ts:
 *
 * - TRIGGER is the switch: NOTRIGGER (or TRIGTYPE NONE) means no trigger message at all.
 * - Only a message of priority at or above TRIGMPRI can cause a trigger, and only such
 *   messages count towards the depth the rules below talk about ("eligible" messages).
 * - FIRST: fires when the eligible depth goes from 0 to 1. A message arriving while the queue
 *   already holds eligible messages fires again only once TRIGINT (the queue manager's
 *   TriggerInterval, ms) has passed since the queue's last trigger message; TRIGINT 0 thus
 *   makes FIRST fire on every arrival, like EVERY.
 * - EVERY: fires on every eligible arrival.
 * - DEPTH: fires when the eligible depth reaches TRIGDPTH, and then turns the queue's TRIGGER
 *   off (the answer's disableTrigger), until an application or ALTER QLOCAL turns it on again.
 *   TRIGDPTH 1 fires on any eligible arrival, like EVERY (while TRIGGER is on).
 * - FIRST and DEPTH never fire while an application has the queue open for input: the
 *   application already started is serving it. When the last such application closes the
 *   queue and eligible messages remain (FIRST), or TRIGDPTH of them (DEPTH), they fire then,
 *   so a message that came between its last MQGET and its MQCLOSE is not stranded.
 * - ALTER ... TRIGGER on a queue that holds eligible messages (TRIGDPTH of them for DEPTH)
 *   fires, and so does the first trigger monitor opening the initiation queue: conditions that
 *   could not be met earlier still hold, so the trigger message is made as soon as they are.
 * - Every trigger needs: the queue not get-inhibited; a PROCESS named and defined, except on
 *   a transmission queue whose TRIGDATA names the channel to start; an INITQ named, existing,
 *   and open for input by at least one application (a trigger monitor is running).
 *
 * Where the seed and IBM's "Conditions for a trigger event" page differ, the seed is followed:
 *
 * - Counting. IBM counts uncommitted messages too on a non-shared local queue (so a started
 *   application can find nothing to get); the seed notes that shared queues count committed
 *   messages only. webmq evaluates at commit ("put-committed") and counts committed messages
 *   only, as a shared queue does: nothing is started for a message that is then backed out.
 * - DEPTH. IBM's condition is "the eligible depth was TRIGDPTH - 1" before the put; the seed
 *   says DEPTH fires once the depth reaches TRIGDPTH, and IBM's TriggerType page says "equals
 *   or exceeds". webmq fires when the depth after the put is TRIGDPTH or more: the two differ
 *   only when an earlier crossing could not fire (no trigger monitor, say), and then firing on
 *   the next arrival is what "conditions persist" asks for.
 * - Transmission queues. The seed's sentence on them reads "PROCESS need not be checked, but no
 *   trigger message is made either", yet its own example (USAGE(XMITQ) with TRIGDATA and no
 *   PROCESS) starts its channel, and IBM makes the process optional for transmission queues.
 *   The example and IBM are followed: such a queue fires without a process definition. A
 *   transmission queue without TRIGDATA still needs its process (whose USERDATA names the channel).
 */

export type TriggerType = "none" | "first" | "every" | "depth";

/** The application queue's side of the snapshot, every count taken just after the event. */
export interface TriggerQueueSnapshot {
  /** TRIGGER (true) or NOTRIGGER. */
  triggerControl: boolean;
  /** TRIGTYPE. */
  triggerType: TriggerType;
  /** TRIGDPTH. */
  triggerDepth: number;
  /** TRIGMPRI. */
  triggerMsgPriority: number;
  /** GET(ENABLED); false when gets are inhibited. */
  getEnabled: boolean;
  /** INITQ: the initiation queue's name, blank when none is set. */
  initiationQueue: string;
  /** PROCESS: the process definition's name, blank when none is set. */
  processName: string;
  /** USAGE(XMITQ). */
  isTransmissionQueue: boolean;
  /** TRIGDATA. */
  triggerData: string;
  /** IPPROCS: handles open for input on this queue, after the event (0 after the last close). */
  openInputCount: number;
  /**
   * Committed messages on the queue whose priority is TRIGMPRI or more, after the event: for
   * "put-committed" the message just committed is counted. A unit of work that commits several
   * puts reports one event per put, each with the depth as it stood after that message.
   */
  eligibleDepth: number;
}

export interface TriggerSnapshot {
  queue: TriggerQueueSnapshot;
  /** Whether the process definition the queue's PROCESS names exists. */
  processDefined?: boolean;
  initiationQueue: {
    exists: boolean;
    /** IPPROCS of the initiation queue, after the event: trigger monitors waiting on it. */
    openInputCount: number;
  };
  /** When this queue's last trigger message was made (clock ms); absent when none was. */
  lastTriggerTime?: number;
  /** The queue manager's TRIGINT, in milliseconds. */
  triggerInterval: number;
  /** The clock's time now, in milliseconds. */
  now: number;
}

export type TriggerEvent =
  /** A message was put on the queue and its unit of work committed. */
  | { kind: "put-committed"; priority: number }
  /** An application closed the queue and no handle is left open for input. */
  | { kind: "queue-closed-input" }
  /** A trigger monitor opened the initiation queue for input. */
  | { kind: "initq-opened" }
  /** TRIGGER was turned on (ALTER QLOCAL or MQSET). */
  | { kind: "trigger-enabled" };

export interface TriggerDecision {
  fire: boolean;
  /** Why it fires, or the first condition that stopped it: for diagnostics and traces. */
  reason: string;
  /** DEPTH: the queue's TRIGGER is to be turned off now that it fired. */
  disableTrigger?: boolean;
}

/** Decides whether `event` on the queue of `snapshot` makes a trigger message. */
export function decideTrigger(snapshot: TriggerSnapshot, event: TriggerEvent): TriggerDecision {
  const { queue } = snapshot;
  if (!queue.triggerControl) return hold("the queue is NOTRIGGER");
  if (queue.triggerType === "none") return hold("the queue's TRIGTYPE is NONE");
  if (event.kind === "put-committed" && event.priority < queue.triggerMsgPriority) {
    return hold(`the message's priority ${event.priority} is below TRIGMPRI ${queue.triggerMsgPriority}`);
  }
  const due = eventRule(snapshot, event);
  if (!due.fire) return due;
  const missing = missingPrerequisite(snapshot);
  if (missing !== undefined) return hold(missing);
  return queue.triggerType === "depth" ? { ...due, disableTrigger: true } : due;
}

/** The rule of the queue's trigger type for this kind of event. */
function eventRule(snapshot: TriggerSnapshot, event: TriggerEvent): TriggerDecision {
  const { queue } = snapshot;
  const type = queue.triggerType;
  const eligible = queue.eligibleDepth;
  // FIRST and DEPTH: an application that has the queue open for input is serving it.
  if ((type === "first" || type === "depth") && queue.openInputCount > 0) {
    return hold(`${type.toUpperCase()} waits while ${queue.openInputCount} application(s) have the queue open for input`);
  }
  const needed = type === "depth" ? queue.triggerDepth : 1;
  const enough = eligible >= needed;
  const shortReason = type === "depth" ? `${eligible} eligible message(s), below TRIGDPTH ${queue.triggerDepth}` : "no eligible message is on the queue";
  switch (event.kind) {
    case "put-committed":
      if (type === "every") return fire("EVERY: an eligible message arrived");
      if (type === "depth") return enough ? fire(`DEPTH: ${eligible} eligible messages reach TRIGDPTH ${queue.triggerDepth}`) : hold(shortReason);
      return firstOnArrival(snapshot);
    case "queue-closed-input":
      if (type === "every") return hold("EVERY fires on arrivals only, not when the queue is closed");
      return enough ? fire(`${type.toUpperCase()}: the last application closed the queue leaving ${eligible} eligible message(s)`) : hold(shortReason);
    case "trigger-enabled":
      return enough ? fire(`TRIGGER turned on with ${eligible} eligible message(s) on the queue`) : hold(shortReason);
    case "initq-opened":
      // Only the first monitor: with others already waiting, the queue's trigger was theirs to receive.
      if (snapshot.initiationQueue.openInputCount > 1) return hold("another trigger monitor already had the initiation queue open");
      return enough ? fire(`a trigger monitor opened the initiation queue with ${eligible} eligible message(s) waiting`) : hold(shortReason);
  }
}

/** FIRST on an arrival: the depth went from 0 to 1, or TRIGINT has passed since the last trigger. */
function firstOnArrival(snapshot: TriggerSnapshot): TriggerDecision {
  const before = snapshot.queue.eligibleDepth - 1;
  if (before <= 0) return fire("FIRST: the eligible depth went from 0 to 1");
  const { lastTriggerTime, triggerInterval, now } = snapshot;
  // No trigger yet for this queue (a fresh queue manager, say): the interval is not running.
  if (lastTriggerTime === undefined) return fire(`FIRST: ${before} eligible message(s) were waiting and no trigger message was made before`);
  const since = now - lastTriggerTime;
  if (since >= triggerInterval) return fire(`FIRST: TRIGINT ${triggerInterval} ms has passed since the last trigger message (${since} ms)`);
  return hold(
    `FIRST: the queue already held ${before} eligible message(s) and the last trigger message was ${since} ms ago, within TRIGINT ${triggerInterval} ms`,
  );
}

/** The first condition, other than the trigger rule itself, that stops any trigger message. */
function missingPrerequisite(snapshot: TriggerSnapshot): string | undefined {
  const { queue } = snapshot;
  if (!queue.getEnabled) return "the queue is get-inhibited: a started application could not get its messages";
  const channelByTriggerData = queue.isTransmissionQueue && queue.triggerData.trim() !== "";
  if (!channelByTriggerData) {
    if (queue.processName.trim() === "") return "the queue names no PROCESS (only a transmission queue with TRIGDATA can do without)";
    if (snapshot.processDefined !== true) return `the process definition ${queue.processName.trim()} does not exist`;
  }
  if (queue.initiationQueue.trim() === "") return "the queue names no INITQ";
  if (!snapshot.initiationQueue.exists) return `the initiation queue ${queue.initiationQueue.trim()} does not exist`;
  if (snapshot.initiationQueue.openInputCount < 1) return `no trigger monitor has the initiation queue ${queue.initiationQueue.trim()} open for input`;
  return undefined;
}

function fire(reason: string): TriggerDecision {
  return { fire: true, reason };
}

function hold(reason: string): TriggerDecision {
  return { fire: false, reason };
}
