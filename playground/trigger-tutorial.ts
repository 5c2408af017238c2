/**
 * The triggering tutorial (seed 002): three queues that differ only in TRIGTYPE, FIRST,
 * EVERY and DEPTH (TRIGDPTH 3), served by one trigger monitor on an initiation queue. The
 * application the monitor starts just records that it was started (it does not drain), so
 * the learner sees when each type starts one: EVERY for each message, FIRST when a queue goes
 * from empty to not empty, DEPTH when three are waiting, after which the queue is NOTRIGGER
 * until ALTER turns it on again.
 */
import type { QueueManager, TriggerInfo, TriggerMonitor } from "../core/index.js";

const INITQ = "TUTOR.INITQ";
const PROCESS = "TUTOR.PROC";
const QUEUES = [
  { name: "TRIG.FIRST", type: "FIRST", extra: "" },
  { name: "TRIG.EVERY", type: "EVERY", extra: "" },
  { name: "TRIG.DEPTH", type: "DEPTH", extra: " TRIGDPTH(3)" },
] as const;

export interface TriggerTutorial {
  readonly monitor: TriggerMonitor<QueueManager>;
  /** Resolves once the clicks so far are done and the trigger messages they made are handled. */
  idle(): Promise<void>;
  dispose(): Promise<void>;
}

export async function mountTriggerTutorial(host: HTMLElement, qm: QueueManager, onChange?: () => void): Promise<TriggerTutorial> {
  const setup = [
    `DEFINE PROCESS(${PROCESS}) APPLICID('tutor-app') REPLACE`,
    `DEFINE QLOCAL(${INITQ}) REPLACE`,
    ...QUEUES.map((q) => `DEFINE QLOCAL(${q.name}) TRIGGER TRIGTYPE(${q.type})${q.extra} INITQ(${INITQ}) PROCESS(${PROCESS}) REPLACE`),
  ].join("\n");
  host.innerHTML = `
    <p>Three queues that differ only in <code>TRIGTYPE</code>, one trigger monitor on <code>${INITQ}</code>, and a process
      whose <code>APPLICID</code> names the application the monitor starts. That application only notes that it was started
      (it leaves the messages where they are), so you can see when each type starts one:</p>
    <pre class="mqsc-shown"></pre>
    <div class="publish">
      <button type="button" name="put">Put a message on all three</button>
      <button type="button" name="drain">Get every message off all three</button>
      <button type="button" name="retrigger">ALTER QLOCAL(TRIG.DEPTH) TRIGGER</button>
    </div>
    <table class="queue-view triggers"><thead><tr><th>Queue</th><th>TRIGTYPE</th><th>Messages</th><th>Applications started</th><th>TRIGGER</th></tr></thead><tbody></tbody></table>
    <p><strong>EVERY</strong> starts one per message. <strong>FIRST</strong> starts one when the queue goes from empty to not
      empty (and again only after the queue manager's <code>TRIGINT</code>), so an application started for the first message
      is expected to drain the queue. <strong>DEPTH</strong> starts one when <code>TRIGDPTH</code> messages are waiting, then
      turns the queue <code>NOTRIGGER</code>: the started application is expected to turn it back on when it has done its work.</p>
    <h4>Trigger monitor</h4>
    <ol class="event-log" aria-live="polite"></ol>`;
  const $ = <T extends Element>(selector: string) => host.querySelector<T>(selector)!;
  $<HTMLPreElement>(".mqsc-shown").textContent = setup;
  const body = $<HTMLTableElement>(".triggers").tBodies[0]!;
  const log = $<HTMLOListElement>(".event-log");
  const started = new Map<string, number>(QUEUES.map((q) => [q.name, 0]));

  const result = await qm.mqsc(setup);
  if (result.syntaxErrors > 0 || result.notProcessed > 0) throw new Error(result.transcript);
  // A reload starts from empty queues, so the counts below mean what the learner did here.
  for (const q of QUEUES) await qm.clearQueue(q.name).catch(() => undefined);
  await qm.clearQueue(INITQ).catch(() => undefined);

  function note(text: string, kind: string): void {
    const item = document.createElement("li");
    item.className = kind;
    item.textContent = text;
    log.appendChild(item);
    log.scrollTop = log.scrollHeight;
  }

  const monitor = await qm.startTriggerMonitor(INITQ, {
    applications: {
      "tutor-app": (trigger: TriggerInfo) => {
        started.set(trigger.queueName, (started.get(trigger.queueName) ?? 0) + 1);
        note(`started tutor-app for ${trigger.queueName} (process ${trigger.processName}, ${qm.queueStatus(trigger.queueName).depth} message(s) waiting)`, "info");
        render();
      },
    },
    onError: (error) => note(`the monitor could not start an application: ${error instanceof Error ? error.message : String(error)}`, "error"),
  });

  function render(): void {
    body.replaceChildren(
      ...QUEUES.map((q) => {
        const row = document.createElement("tr");
        row.dataset.queue = q.name;
        const on = qm.queueAttributes(q.name).trigger === true;
        for (const text of [q.name, q.type + q.extra, String(qm.queueStatus(q.name).depth), String(started.get(q.name) ?? 0), on ? "TRIGGER" : "NOTRIGGER"]) {
          const cell = document.createElement("td");
          cell.textContent = text;
          row.appendChild(cell);
        }
        return row;
      }),
    );
    onChange?.();
  }

  /** Clicks run one after another; idle() waits for them and for the monitor to have taken what they made. */
  let pending: Promise<unknown> = Promise.resolve();
  const queue = (work: () => Promise<void>) => {
    pending = pending.then(work).catch((error: unknown) => note(String(error), "error"));
  };
  let sent = 0;
  $<HTMLButtonElement>('[name="put"]').addEventListener("click", () =>
    queue(async () => {
      sent++;
      for (const q of QUEUES) await qm.put(q.name, { body: `message ${sent}` });
      note(`put message ${sent} on the three queues`, "put");
      render();
    }),
  );
  $<HTMLButtonElement>('[name="drain"]').addEventListener("click", () =>
    queue(async () => {
      let got = 0;
      for (const q of QUEUES) while (await qm.get(q.name)) got++;
      note(`got ${got} message(s): the queues are empty`, "get");
      render();
    }),
  );
  $<HTMLButtonElement>('[name="retrigger"]').addEventListener("click", () =>
    queue(async () => {
      await qm.mqsc("ALTER QLOCAL(TRIG.DEPTH) TRIGGER");
      note("ALTER QLOCAL(TRIG.DEPTH) TRIGGER: a queue that already holds TRIGDPTH messages triggers at once", "put");
      render();
    }),
  );
  render();

  return {
    monitor,
    async idle() {
      await pending;
      // The monitor takes each trigger message from the initiation queue as it comes.
      for (let i = 0; i < 100 && qm.queueStatus(INITQ).depth > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 20));
      render();
    },
    async dispose() {
      await pending;
      await monitor.close();
    },
  };
}
