import { describe, expect, it } from "vitest";
import { decideTrigger, type TriggerEvent, type TriggerQueueSnapshot, type TriggerSnapshot } from "../../core/features/triggers/trigger-conditions.js";

/** A FIRST queue with everything in place, one eligible message just put on an empty queue. */
function snapshot(queue: Partial<TriggerQueueSnapshot> = {}, rest: Partial<Omit<TriggerSnapshot, "queue">> = {}): TriggerSnapshot {
  return {
    queue: {
      triggerControl: true,
      triggerType: "first",
      triggerDepth: 1,
      triggerMsgPriority: 0,
      getEnabled: true,
      initiationQueue: "SYSTEM.DEFAULT.INITIATION.QUEUE",
      processName: "P_NOTEPAD",
      isTransmissionQueue: false,
      triggerData: "",
      openInputCount: 0,
      eligibleDepth: 1,
      ...queue,
    },
    processDefined: true,
    initiationQueue: { exists: true, openInputCount: 1 },
    triggerInterval: 999_999_999,
    now: 1_000_000,
    ...rest,
  };
}

const put = (priority = 0): TriggerEvent => ({ kind: "put-committed", priority });
const closed: TriggerEvent = { kind: "queue-closed-input" };
const enabled: TriggerEvent = { kind: "trigger-enabled" };
const monitorOpened: TriggerEvent = { kind: "initq-opened" };

function fires(s: TriggerSnapshot, event: TriggerEvent): boolean {
  return decideTrigger(s, event).fire;
}

describe("the trigger switch", () => {
  it("TRIGGER on: a trigger can fire", () => {
    expect(decideTrigger(snapshot(), put())).toEqual({ fire: true, reason: "FIRST: the eligible depth went from 0 to 1" });
  });

  it("NOTRIGGER: nothing fires, whatever else holds", () => {
    expect(decideTrigger(snapshot({ triggerControl: false }), put())).toEqual({ fire: false, reason: "the queue is NOTRIGGER" });
    expect(fires(snapshot({ triggerControl: false, triggerType: "every" }), put())).toBe(false);
    expect(fires(snapshot({ triggerControl: false, eligibleDepth: 5 }), enabled)).toBe(false);
  });

  it("TRIGTYPE NONE: nothing fires", () => {
    expect(decideTrigger(snapshot({ triggerType: "none" }), put()).reason).toMatch(/NONE/);
  });
});

describe("TRIGMPRI", () => {
  it("a message of priority equal to or above TRIGMPRI can fire", () => {
    expect(fires(snapshot({ triggerMsgPriority: 5 }), put(5))).toBe(true);
    expect(fires(snapshot({ triggerMsgPriority: 5 }), put(9))).toBe(true);
  });

  it("a message below TRIGMPRI never fires, not even for EVERY", () => {
    expect(decideTrigger(snapshot({ triggerMsgPriority: 5 }), put(4))).toEqual({ fire: false, reason: "the message's priority 4 is below TRIGMPRI 5" });
    expect(fires(snapshot({ triggerType: "every", triggerMsgPriority: 5 }), put(4))).toBe(false);
  });

  it("only eligible messages count towards the depth: FIRST fires for the first eligible one even with others below TRIGMPRI on the queue", () => {
    // eligibleDepth counts priority >= TRIGMPRI only: low-priority messages before do not stop FIRST.
    expect(fires(snapshot({ triggerMsgPriority: 5, eligibleDepth: 1 }), put(7))).toBe(true);
    expect(fires(snapshot({ triggerMsgPriority: 5, eligibleDepth: 2 }, { lastTriggerTime: 999_000 }), put(7))).toBe(false);
  });
});

describe("FIRST", () => {
  it("FIRST fires when the eligible depth goes from 0 to 1", () => {
    expect(fires(snapshot({ eligibleDepth: 1 }, { lastTriggerTime: 999_999 }), put())).toBe(true);
  });

  it("FIRST does not fire for a later arrival within TRIGINT", () => {
    const decision = decideTrigger(snapshot({ eligibleDepth: 2 }, { lastTriggerTime: 999_000, triggerInterval: 5_000 }), put());
    expect(decision.fire).toBe(false);
    expect(decision.reason).toMatch(/already held 1 eligible message.*1000 ms ago, within TRIGINT 5000 ms/);
  });

  it("FIRST fires again for an arrival once TRIGINT has passed since the last trigger", () => {
    const s = (now: number) => snapshot({ eligibleDepth: 3 }, { lastTriggerTime: 1_000, triggerInterval: 5_000, now });
    expect(fires(s(6_000), put())).toBe(true);
    expect(fires(s(5_999), put())).toBe(false);
  });

  it("FIRST with no earlier trigger message for the queue fires on an arrival to a non-empty queue", () => {
    expect(fires(snapshot({ eligibleDepth: 4 }), put())).toBe(true);
  });

  it("TRIGINT 0 makes FIRST fire on every arrival, like EVERY", () => {
    const s = snapshot({ eligibleDepth: 7 }, { lastTriggerTime: 1_000_000, triggerInterval: 0, now: 1_000_000 });
    expect(fires(s, put())).toBe(true);
  });

  it("TRIGINT above 0 keeps FIRST from firing on every arrival", () => {
    expect(fires(snapshot({ eligibleDepth: 7 }, { lastTriggerTime: 1_000_000, triggerInterval: 1, now: 1_000_000 }), put())).toBe(false);
  });

  it("FIRST does not fire while an application has the queue open for input", () => {
    const decision = decideTrigger(snapshot({ openInputCount: 1, eligibleDepth: 1 }), put());
    expect(decision.fire).toBe(false);
    expect(decision.reason).toMatch(/FIRST waits while 1 application/);
    expect(fires(snapshot({ openInputCount: 1 }, { triggerInterval: 0 }), put())).toBe(false);
  });

  it("FIRST fires when the last application closes the queue leaving eligible messages", () => {
    // Within TRIGINT too: the interval restricts arrivals, not the close.
    expect(fires(snapshot({ eligibleDepth: 2 }, { lastTriggerTime: 999_999 }), closed)).toBe(true);
  });

  it("FIRST does not fire on close when no eligible message is left, or when another application still has the queue open", () => {
    expect(decideTrigger(snapshot({ eligibleDepth: 0 }), closed).reason).toBe("no eligible message is on the queue");
    expect(fires(snapshot({ eligibleDepth: 2, openInputCount: 1 }), closed)).toBe(false);
  });
});

describe("EVERY", () => {
  it("EVERY fires on every eligible arrival, whatever the depth and TRIGINT", () => {
    for (const eligibleDepth of [1, 2, 50]) {
      expect(fires(snapshot({ triggerType: "every", eligibleDepth }, { lastTriggerTime: 999_999 }), put())).toBe(true);
    }
  });

  it("EVERY fires even while an application has the queue open for input", () => {
    expect(fires(snapshot({ triggerType: "every", openInputCount: 3, eligibleDepth: 9 }), put())).toBe(true);
  });

  it("EVERY does not fire when the queue is closed", () => {
    expect(fires(snapshot({ triggerType: "every", eligibleDepth: 9 }), closed)).toBe(false);
  });

  it("EVERY never turns the trigger off", () => {
    expect(decideTrigger(snapshot({ triggerType: "every" }), put()).disableTrigger).toBeUndefined();
  });
});

describe("DEPTH", () => {
  const depth = (queue: Partial<TriggerQueueSnapshot>) => snapshot({ triggerType: "depth", triggerDepth: 3, ...queue });

  it("DEPTH fires when the eligible depth reaches TRIGDPTH, then turns TRIGGER off", () => {
    const decision = decideTrigger(depth({ eligibleDepth: 3 }), put());
    expect(decision).toEqual({ fire: true, reason: "DEPTH: 3 eligible messages reach TRIGDPTH 3", disableTrigger: true });
  });

  it("DEPTH does not fire below TRIGDPTH, and leaves TRIGGER on", () => {
    const decision = decideTrigger(depth({ eligibleDepth: 2 }), put());
    expect(decision).toEqual({ fire: false, reason: "2 eligible message(s), below TRIGDPTH 3" });
  });

  it("DEPTH fires above TRIGDPTH when an earlier crossing could not (seed: once the depth is reached)", () => {
    expect(fires(depth({ eligibleDepth: 5 }), put())).toBe(true);
  });

  it("DEPTH does not fire again once TRIGGER is off", () => {
    expect(fires(depth({ eligibleDepth: 4, triggerControl: false }), put())).toBe(false);
  });

  it("TRIGDPTH 1 makes DEPTH fire on any eligible arrival, like EVERY", () => {
    for (const eligibleDepth of [1, 2, 10]) expect(fires(depth({ triggerDepth: 1, eligibleDepth }), put())).toBe(true);
  });

  it("TRIGDPTH above 1 keeps DEPTH from firing on the first arrival", () => {
    expect(fires(depth({ triggerDepth: 2, eligibleDepth: 1 }), put())).toBe(false);
  });

  it("DEPTH does not fire while an application has the queue open for input", () => {
    expect(decideTrigger(depth({ eligibleDepth: 3, openInputCount: 1 }), put()).reason).toMatch(/DEPTH waits while 1 application/);
  });

  it("DEPTH fires when the last application closes the queue leaving TRIGDPTH eligible messages", () => {
    expect(decideTrigger(depth({ eligibleDepth: 3 }), closed)).toMatchObject({ fire: true, disableTrigger: true });
  });

  it("DEPTH does not fire on close with fewer than TRIGDPTH eligible messages", () => {
    expect(fires(depth({ eligibleDepth: 2 }), closed)).toBe(false);
  });
});

describe("TRIGGER turned on", () => {
  it("turning TRIGGER on over eligible messages fires (FIRST and EVERY: one is enough)", () => {
    expect(fires(snapshot({ eligibleDepth: 4 }, { lastTriggerTime: 999_999 }), enabled)).toBe(true);
    expect(fires(snapshot({ triggerType: "every", eligibleDepth: 1 }), enabled)).toBe(true);
  });

  it("turning TRIGGER on over an empty queue does not fire", () => {
    expect(fires(snapshot({ eligibleDepth: 0 }), enabled)).toBe(false);
    expect(fires(snapshot({ triggerType: "every", eligibleDepth: 0 }), enabled)).toBe(false);
  });

  it("turning a DEPTH queue's TRIGGER back on over TRIGDPTH messages fires and turns it off again", () => {
    expect(decideTrigger(snapshot({ triggerType: "depth", triggerDepth: 3, eligibleDepth: 3 }), enabled)).toMatchObject({ fire: true, disableTrigger: true });
    expect(fires(snapshot({ triggerType: "depth", triggerDepth: 3, eligibleDepth: 2 }), enabled)).toBe(false);
  });
});

describe("a trigger monitor opens the initiation queue", () => {
  it("the first monitor to open the initiation queue fires for eligible messages waiting", () => {
    expect(fires(snapshot({ eligibleDepth: 2 }, { lastTriggerTime: 999_999 }), monitorOpened)).toBe(true);
  });

  it("a monitor opening it while another already has it open does not fire", () => {
    const decision = decideTrigger(snapshot({ eligibleDepth: 2 }, { initiationQueue: { exists: true, openInputCount: 2 } }), monitorOpened);
    expect(decision).toEqual({ fire: false, reason: "another trigger monitor already had the initiation queue open" });
  });

  it("the first monitor does not fire for an empty queue", () => {
    expect(fires(snapshot({ eligibleDepth: 0 }), monitorOpened)).toBe(false);
  });
});

describe("the process definition", () => {
  it("a PROCESS that is named and defined lets the trigger fire", () => {
    expect(fires(snapshot({ processName: "P_NOTEPAD" }, { processDefined: true }), put())).toBe(true);
  });

  it("no PROCESS named: no trigger", () => {
    expect(decideTrigger(snapshot({ processName: "  " }), put()).reason).toMatch(/names no PROCESS/);
  });

  it("a PROCESS named but not defined: no trigger", () => {
    expect(decideTrigger(snapshot({}, { processDefined: false }), put()).reason).toBe("the process definition P_NOTEPAD does not exist");
    expect(fires(snapshot({}, { processDefined: undefined }), put())).toBe(false);
  });

  it("a transmission queue whose TRIGDATA names the channel needs no process", () => {
    const xmitq = snapshot(
      { isTransmissionQueue: true, triggerData: "C_QM1.QM2", processName: "" },
      { processDefined: false, initiationQueue: { exists: true, openInputCount: 1 } },
    );
    expect(fires(xmitq, put())).toBe(true);
  });

  it("a transmission queue without TRIGDATA still needs its process; an ordinary queue with TRIGDATA too", () => {
    expect(fires(snapshot({ isTransmissionQueue: true, triggerData: "", processName: "" }), put())).toBe(false);
    expect(fires(snapshot({ isTransmissionQueue: false, triggerData: "C_QM1.QM2", processName: "" }), put())).toBe(false);
  });
});

describe("the initiation queue", () => {
  it("an initiation queue that exists and is open for input lets the trigger fire", () => {
    expect(fires(snapshot({}, { initiationQueue: { exists: true, openInputCount: 2 } }), put())).toBe(true);
  });

  it("no INITQ named: no trigger", () => {
    expect(decideTrigger(snapshot({ initiationQueue: "" }), put()).reason).toBe("the queue names no INITQ");
  });

  it("an INITQ that does not exist: no trigger", () => {
    expect(decideTrigger(snapshot({}, { initiationQueue: { exists: false, openInputCount: 0 } }), put()).reason).toMatch(/does not exist/);
  });

  it("no trigger monitor has the initiation queue open for input: no trigger", () => {
    expect(decideTrigger(snapshot({}, { initiationQueue: { exists: true, openInputCount: 0 } }), put()).reason).toMatch(/no trigger monitor/);
  });
});

describe("gets on the application queue", () => {
  it("a get-enabled queue can fire", () => {
    expect(fires(snapshot({ getEnabled: true }), put())).toBe(true);
  });

  it("a get-inhibited queue does not fire", () => {
    expect(decideTrigger(snapshot({ getEnabled: false }), put()).reason).toMatch(/get-inhibited/);
    expect(fires(snapshot({ triggerType: "every", getEnabled: false }), put())).toBe(false);
  });

  it("a DEPTH trigger stopped by a prerequisite leaves TRIGGER on", () => {
    expect(decideTrigger(snapshot({ triggerType: "depth", triggerDepth: 1, getEnabled: false }), put()).disableTrigger).toBeUndefined();
  });
});
