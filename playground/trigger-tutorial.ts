/**
 * The triggering tutorial (seed 002): three queues that differ only in TRIGTYPE, FIRST,
 * EVERY and DEPTH (TRIGDPTH 3), served by one trigger monitor on an initiation queue. The
 * application the monitor starts just records that it was started (it does not drain), so
 * the learner sees when each type starts one: EVERY for each message, FIRST when a queue goes
 * from empty to not empty, DEPTH when three are waiting, after which the queue is NOTRIGGER
 * until ALTER turns it on again.
 */
import type { QueueManager, TriggerInfo, TriggerMonitor } from "../core/index.js";
import { startWorkerTriggerMonitor, type WorkerTriggerMonitor } from "../adapters/browser/index.js";

const INITQ = "TUTOR.INITQ";
const PROCESS = "TUTOR.PROC";
const QUEUES = [
  { name: "TRIG.FIRST", type: "FIRST", extra: "" },
  { name: "TRIG.EVERY", type: "EVERY", extra: "" },
  { name: "TRIG.DEPTH", type: "DEPTH", extra: " TRIGDPTH(3)" },
] as const;

const WORKER_INITQ = "TUTOR.WORKER.INITQ";
const WORKER_QUEUE = "TRIG.WORKER";
const WORKER_DONE = "TRIG.WORKER.DONE";

export interface TriggerTutorial {
  readonly monitor: TriggerMonitor<QueueManager>;
  /** Part 1's monitor: its applications are Web Workers. */
  readonly workerMonitor: WorkerTriggerMonitor;
  /** Resolves once the clicks so far are done and the trigger messages they made are handled. */
  idle(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * `workerApplicationUrl`: the URL of playground/trigger-app.worker.ts as the bundler built it
 * (main.ts imports it with `?worker&url`): part 1's process names it as its APPLICID.
 */
export async function mountTriggerTutorial(host: HTMLElement, qm: QueueManager, workerApplicationUrl: string, onChange?: () => void): Promise<TriggerTutorial> {
  const workerSetup = [
    `DEFINE PROCESS(TUTOR.WORKER.PROC) APPLICID('${workerApplicationUrl}') REPLACE`,
    `DEFINE QLOCAL(${WORKER_INITQ}) REPLACE`,
    `DEFINE QLOCAL(${WORKER_QUEUE}) TRIGGER TRIGTYPE(FIRST) INITQ(${WORKER_INITQ}) PROCESS(TUTOR.WORKER.PROC) REPLACE`,
    `DEFINE QLOCAL(${WORKER_DONE}) REPLACE`,
  ].join("\n");
  const setup = [
    `DEFINE PROCESS(${PROCESS}) APPLICID('tutor-app') REPLACE`,
    `DEFINE QLOCAL(${INITQ}) REPLACE`,
    ...QUEUES.map((q) => `DEFINE QLOCAL(${q.name}) TRIGGER TRIGTYPE(${q.type})${q.extra} INITQ(${INITQ}) PROCESS(${PROCESS}) REPLACE`),
  ].join("\n");
  host.innerHTML = `
    <h3>Part 1: a message arrives, a Web Worker starts, drains the queue and ends</h3>
    <p>The process's <code>APPLICID</code> is the URL of a worker module. A trigger monitor on <code>${WORKER_INITQ}</code> starts
      it as a Web Worker when the queue's trigger message comes; the worker gets the trigger message and a handle on this
      queue manager, gets every message with a wait interval of 500 ms, puts a reply for each on <code>${WORKER_DONE}</code>,
      and ends when none comes in that time. With <code>TRIGTYPE(FIRST)</code>, messages that arrive while it drains start no
      second worker.</p>
    <pre class="mqsc-worker"></pre>
    <div class="publish"><button type="button" name="orders">Put 3 orders on ${WORKER_QUEUE}</button></div>
    <p class="workers" aria-live="polite"></p>
    <ol class="worker-done" aria-live="polite"></ol>
    <h3>Part 2: FIRST, EVERY and DEPTH side by side</h3>
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

  $<HTMLPreElement>(".mqsc-worker").textContent = workerSetup;
  const result = await qm.mqsc(`${workerSetup}\n${setup}`);
  if (result.syntaxErrors > 0 || result.notProcessed > 0) throw new Error(result.transcript);
  await qm.clearQueue(WORKER_QUEUE).catch(() => undefined);
  await qm.clearQueue(WORKER_DONE).catch(() => undefined);
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
        note(
          `started tutor-app for ${trigger.queueName} (process ${trigger.processName}, ${qm.queueStatus(trigger.queueName).depth} message(s) waiting)`,
          "info",
        );
        render();
      },
    },
    onError: (error) => note(`the monitor could not start an application: ${error instanceof Error ? error.message : String(error)}`, "error"),
  });

  const workersNote = $<HTMLParagraphElement>(".workers");
  const doneList = $<HTMLOListElement>(".worker-done");
  const workerMonitor = await startWorkerTriggerMonitor(qm, WORKER_INITQ, {
    onError: (error) => note(`the worker could not run: ${error instanceof Error ? error.message : String(error)}`, "error"),
  });
  let workersSeen = 0;
  let refresh: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  let drained = 0;
  const stopWatching = qm.events.subscribe((event) => {
    if (event.type === "put" && event.queue === WORKER_DONE) void showDone();
  });
  async function showDone(): Promise<void> {
    for (let m = await qm.get(WORKER_DONE); m; m = await qm.get(WORKER_DONE)) {
      drained++;
      const item = document.createElement("li");
      item.textContent = String(m.body);
      doneList.appendChild(item);
    }
    render();
  }

  function render(): void {
    const workersStarted = workerMonitor.stats.started;
    if (workersStarted > workersSeen) note(`the trigger monitor started a Web Worker for ${WORKER_QUEUE} (${workersStarted} so far)`, "info");
    workersSeen = workersStarted;
    workersNote.textContent = `Web Workers started: ${workersStarted}; running now: ${workerMonitor.workers}; messages waiting on ${WORKER_QUEUE}: ${qm.queueStatus(WORKER_QUEUE).depth}; replies: ${drained}`;
    // A worker ends on its own, with no event to say so: look again while one runs.
    if (workerMonitor.workers > 0 && !refresh && !disposed) refresh = setTimeout(() => ((refresh = undefined), render()), 250);
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
  let orders = 0;
  $<HTMLButtonElement>('[name="orders"]').addEventListener("click", () =>
    queue(async () => {
      for (let i = 0; i < 3; i++) await qm.put(WORKER_QUEUE, { body: `order ${++orders}` });
      note(`put 3 orders on ${WORKER_QUEUE}`, "put");
      render();
    }),
  );
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
    workerMonitor,
    async idle() {
      await pending;
      // The monitor takes each trigger message from the initiation queue as it comes.
      for (let i = 0; i < 100 && qm.queueStatus(INITQ).depth > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 20));
      render();
    },
    async dispose() {
      disposed = true;
      clearTimeout(refresh);
      await pending;
      stopWatching();
      await workerMonitor.close();
      await monitor.close();
    },
  };
}
