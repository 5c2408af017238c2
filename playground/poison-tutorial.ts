/**
 * The listener tutorial (seed 000): a listener on APP.ORDERS whose handler fails on the
 * orders the learner marks as poison. Part 1 shows the seed's setup, BOTHRESH(4) with a
 * backout queue and a listener with maxRetries 5: each poison order is backed out until its
 * backout count reaches 4, then moved to APP.ORDERS.BACKOUT, while good orders keep flowing.
 * Part 2 switches to the configurations that stall a WebSphere listener port (BOTHRESH(0),
 * or maxRetries at or below BOTHRESH): ours reports a "warning" when it starts and still
 * moves the poison order aside once it has failed maxRetries times.
 */
import type { Listener, ListenerEvent, Message, QueueManager } from "../core/index.js";

const QUEUE = "APP.ORDERS";
const BACKOUT = "APP.ORDERS.BACKOUT";
const MAX_SESSIONS = 2;
/** The listener waits this long before handing a backed-out order over again, so that each retry can be seen. */
const REDELIVERY_MS = 250;

interface Setup {
  id: string;
  label: string;
  backoutThreshold: number;
  maxRetries: number;
}

const SETUPS: Setup[] = [
  { id: "seed", label: "Recommended: BOTHRESH(4), maxRetries 5", backoutThreshold: 4, maxRetries: 5 },
  { id: "no-threshold", label: "Misconfigured: BOTHRESH(0), maxRetries 5", backoutThreshold: 0, maxRetries: 5 },
  { id: "retries-below", label: "Misconfigured: BOTHRESH(5), maxRetries 3", backoutThreshold: 5, maxRetries: 3 },
];

export interface PoisonTutorial {
  /** The listener running now (a new one after each change of setup). */
  readonly listener: Listener;
  /** Resolves once the orders sent and the setup changes asked for so far are done. */
  idle(): Promise<void>;
  dispose(): Promise<void>;
}

export async function mountPoisonTutorial(host: HTMLElement, qm: QueueManager, onChange?: () => void): Promise<PoisonTutorial> {
  host.innerHTML = `
    <h3>Part 1: a poison order goes aside, good orders keep flowing</h3>
    <p>The queue <code>${QUEUE}</code> has a backout threshold of 4 and a backout queue, set up with this MQSC:</p>
    <pre class="mqsc-shown"></pre>
    <p>A listener takes its orders, two at a time (<code>maxSessions: ${MAX_SESSIONS}</code>), each in its own unit of work.
      Its handler throws on an order marked as poison, so that order's get is backed out: it goes back on the queue with its
      backout count one higher, and is handed over again ${REDELIVERY_MS} ms later. When it comes back with a backout count of 4
      (the queue's <code>BOTHRESH</code>), the listener moves it to <code>${BACKOUT}</code> instead of handing it over, in the same
      unit of work as the get. Meanwhile the other session goes on with the good orders: one bad message never blocks the queue.</p>
    <pre class="code-shown"></pre>
    <div class="publish">
      <button type="button" name="good">Send good order</button>
      <button type="button" name="poison">Send poison order</button>
      <button type="button" name="mixed">Send 10 mixed</button>
    </div>
    <div class="subscribers">
      <section><h4>Listener stats</h4><p class="setup"></p><table class="queue-view stats"><tbody></tbody></table></section>
      <section><h4>Queue depths</h4><p>What is waiting on each queue (CURDEPTH)</p><table class="queue-view depths"><tbody></tbody></table></section>
      <section><h4>Good orders handled</h4><p>In the order the handler finished them</p><ol class="handled" aria-live="polite"></ol></section>
    </div>
    <h3>Part 2: the misconfigured listener</h3>
    <p>Two setups stall a listener on WebSphere MQ. With <code>BOTHRESH(0)</code> the queue never moves a message aside; with the
      listener's retries at or below <code>BOTHRESH</code> the listener gives up first. Either way a WebSphere listener port
      stops on the first poison message, and every order behind it waits. Ours does not stall: it reports a
      <strong>warning</strong> when it starts, and still moves a poison order to the backout queue once it has failed
      <code>maxRetries</code> times (to the dead-letter queue when the queue has no <code>BOQNAME</code>; when neither takes
      it, the order stays on <code>${QUEUE}</code>, held out of the listener's way, reported once and tried again every
      minute). Pick a setup, then send a poison order and count its failures in the log.</p>
    <div class="publish setups"></div>
    <pre class="mqsc-alter" hidden></pre>
    <h4>Listener events</h4>
    <ol class="event-log" aria-live="polite"></ol>`;
  const $ = <T extends Element>(selector: string) => host.querySelector<T>(selector)!;
  const mqscShown = $<HTMLPreElement>(".mqsc-shown");
  const mqscAlter = $<HTMLPreElement>(".mqsc-alter");
  const codeShown = $<HTMLPreElement>(".code-shown");
  const setupNote = $<HTMLParagraphElement>(".setup");
  const statsBody = $<HTMLTableElement>(".stats").tBodies[0]!;
  const depthsBody = $<HTMLTableElement>(".depths").tBodies[0]!;
  const handledList = $<HTMLOListElement>(".handled");
  const log = $<HTMLOListElement>(".event-log");
  const setupButtons = SETUPS.map((setup) => {
    const button = document.createElement("button");
    button.type = "button";
    button.name = setup.id;
    button.textContent = setup.label;
    button.addEventListener("click", () => void queue(() => applySetup(setup)));
    $(".setups").appendChild(button);
    return button;
  });
  const poisonAgain = document.createElement("button");
  poisonAgain.type = "button";
  poisonAgain.name = "poison-again";
  poisonAgain.textContent = "Send poison order";
  $(".setups").appendChild(poisonAgain);

  /** Which order each message id is, for the log: the moved copy has a new id, the events name the original. */
  const orders = new Map<string, string>();
  let sent = 0;
  let setup = SETUPS[0]!;
  let listener: Listener | undefined;
  let disposed = false;

  function note(text: string, kind: string): void {
    const item = document.createElement("li");
    item.className = kind;
    item.textContent = text;
    log.appendChild(item);
    log.scrollTop = log.scrollHeight;
  }

  const orderOf = (event: ListenerEvent) => (event.messageId && orders.get(event.messageId)) || `message ${event.messageId?.slice(0, 12) ?? "?"}…`;
  const why = (count: number) =>
    setup.backoutThreshold > 0 && count >= setup.backoutThreshold
      ? `the queue's BOTHRESH(${setup.backoutThreshold})`
      : `the listener's maxRetries (${setup.maxRetries})`;
  const onEvent = (event: ListenerEvent) => {
    if (event.type === "warning") note(`warning: ${event.detail}`, "warning");
    else if (event.type === "error" && event.backoutCount !== undefined)
      note(`${orderOf(event)} failed in the handler and was backed out: backout count now ${event.backoutCount}`, "error");
    else if (event.type === "poison" && event.movedTo)
      note(`${orderOf(event)} came back with backout count ${event.backoutCount}, ${why(event.backoutCount ?? 0)}: moved to ${event.movedTo}`, "poison");
    else if (event.type === "poison")
      note(`${orderOf(event)} (backout count ${event.backoutCount}) could go nowhere: held aside on ${QUEUE}, the listener carries on`, "poison");
    else if (event.type !== "dead-letter" || !event.detail.includes("was put on dead-letter queue")) note(`${event.type}: ${event.detail}`, event.type);
    render();
  };

  async function handle(message: Message): Promise<void> {
    const order = typeof message.body === "string" ? message.body : "(an order)";
    orders.set(message.messageId, order);
    const poison = message.properties.some((p) => p.name === "poison" && p.value === true);
    if (poison) throw new Error(`${order} cannot be processed`);
    const item = document.createElement("li");
    item.textContent = order;
    handledList.appendChild(item);
    render();
  }

  function startListener(): void {
    codeShown.textContent = `qm.listen("${QUEUE}", handler, {\n  maxSessions: ${MAX_SESSIONS},\n  maxRetries: ${setup.maxRetries},\n  redeliveryDelay: { initial: ${REDELIVERY_MS} },\n});`;
    listener = qm.listen(QUEUE, handle, { maxSessions: MAX_SESSIONS, maxRetries: setup.maxRetries, redeliveryDelay: { initial: REDELIVERY_MS } });
    for (const type of ["error", "poison", "dead-letter", "warning"] as const) listener.addEventListener(type, onEvent);
    note(
      `listener started: BOTHRESH(${setup.backoutThreshold}), maxRetries ${setup.maxRetries}, maxSessions ${MAX_SESSIONS}${listener.warnings.length ? "" : ", no warning"}`,
      "info",
    );
    setupNote.textContent = `BOTHRESH(${setup.backoutThreshold}), maxRetries ${setup.maxRetries}: counted since this listener started`;
    for (const [i, button] of setupButtons.entries()) button.setAttribute("aria-pressed", String(SETUPS[i] === setup));
  }

  async function runMqsc(text: string, shown: HTMLPreElement): Promise<void> {
    shown.textContent = text;
    shown.hidden = false;
    const result = await qm.mqsc(text);
    if (result.syntaxErrors > 0 || result.notProcessed > 0) throw new Error(result.transcript);
    onChange?.();
  }

  async function applySetup(next: Setup): Promise<void> {
    if (listener) await listener.close();
    setup = next;
    await runMqsc(`ALTER QLOCAL(${QUEUE}) BOTHRESH(${next.backoutThreshold})`, mqscAlter);
    if (!disposed) startListener();
  }

  /** Sends and setup changes run one after another, in the order they were clicked. */
  let pending: Promise<unknown> = Promise.resolve();
  function queue(work: () => Promise<unknown>): Promise<unknown> {
    pending = pending.then(work).catch((error: unknown) => note(error instanceof Error ? error.message : String(error), "error"));
    return pending;
  }

  function send(poison: boolean): Promise<unknown> {
    return queue(async () => {
      const order = `order ${++sent}${poison ? " (poison)" : ""}`;
      const { messageId } = await qm.put(QUEUE, { body: order, persistent: true, properties: { poison } });
      orders.set(messageId, order);
    });
  }
  $<HTMLButtonElement>('[name="good"]').addEventListener("click", () => void send(false));
  for (const name of ["poison", "poison-again"]) $<HTMLButtonElement>(`[name="${name}"]`).addEventListener("click", () => void send(true));
  $<HTMLButtonElement>('[name="mixed"]').addEventListener("click", () => {
    for (let i = 1; i <= 10; i++) void send(i % 4 === 0);
  });

  let scheduled = false;
  function render(): void {
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      if (!listener) return;
      const stats = listener.stats;
      statsBody.replaceChildren(...Object.entries(stats).map(([name, value]) => row(name, String(value))));
      depthsBody.replaceChildren(
        ...[QUEUE, BACKOUT, qm.attributes.deadLetterQueue]
          .filter((name) => name && qm.hasQueue(name))
          .map((name) => row(name, String(qm.queueStatus(name).depth))),
      );
    }, 0);
  }
  const unsubscribe = qm.events.subscribe((event) => {
    if (event.type !== "input") render();
  });

  await runMqsc(`DEFINE QLOCAL(${BACKOUT}) REPLACE\nDEFINE QLOCAL(${QUEUE}) BOTHRESH(${setup.backoutThreshold}) BOQNAME(${BACKOUT}) REPLACE`, mqscShown);
  startListener();
  render();

  return {
    get listener() {
      return listener!;
    },
    async idle() {
      await pending;
      await new Promise((resolve) => setTimeout(resolve, 10));
    },
    async dispose() {
      disposed = true;
      unsubscribe();
      await pending;
      await listener?.close();
    },
  };
}

function row(name: string, value: string): HTMLTableRowElement {
  const tr = document.createElement("tr");
  for (const text of [name, value]) {
    const cell = document.createElement("td");
    cell.textContent = text;
    tr.appendChild(cell);
  }
  return tr;
}
