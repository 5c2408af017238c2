/**
 * "See the flow": one row per message, with what happened to it in order and when, fed only
 * by the queue managers' own events (qm.events, core/kernel/queue-events.ts), never by a
 * tutorial's bookkeeping, so what it shows is what the queue manager really did. Shared by
 * the tutorials: each queue manager they use is watched (`watch`), RELIABLE again after each
 * restart. A message moved aside gets its new id joined to its row, so the row follows it.
 */
import type { QueueEvent } from "../../core/index.js";
import { describeEvent } from "./event-words.js";

export interface Timeline {
  readonly element: HTMLElement;
  /** Follows this queue manager's events from now on; returns the function that stops it. */
  watch(qm: { name: string; events: { subscribe(listener: (event: QueueEvent) => void): () => void } }): () => void;
  /** Shows one event of queue manager `qmName` (one relayed from the tab that runs it: relay.ts). */
  show(qmName: string, event: QueueEvent): void;
  clear(): void;
}

/** Rows kept: the oldest go first, so a long session stays light. */
const MAX_ROWS = 50;

export function mountTimeline(host: HTMLElement): Timeline {
  const section = document.createElement("section");
  section.className = "timeline";
  section.setAttribute("aria-labelledby", "timeline-title");
  const heading = document.createElement("h3"); // inside the tutorials' section
  heading.id = "timeline-title";
  heading.textContent = "What happened to each message";
  const intro = document.createElement("p");
  intro.className = "timeline-intro";
  intro.textContent = "Told by the queue manager as it happens: one row per message, newest first.";
  const clear = document.createElement("button");
  clear.type = "button";
  clear.className = "timeline-clear";
  clear.textContent = "Clear the timeline";
  const list = document.createElement("ol");
  list.className = "timeline-rows";
  list.setAttribute("aria-label", "Messages");
  list.tabIndex = 0; // scrollable: reachable by keyboard
  for (const child of [heading, intro, clear, list]) section.appendChild(child);
  host.appendChild(section);

  /** A row by message id; a moved message's new id points at its original row. */
  const rows = new Map<string, HTMLOListElement>();
  const rowFor = (qmName: string, id: string, queue: string): HTMLOListElement => {
    let steps = rows.get(id);
    if (steps) return steps;
    const row = document.createElement("li");
    row.className = "timeline-row";
    row.dataset.messageId = id;
    const title = document.createElement("span");
    title.className = "timeline-message";
    title.textContent = `Message …${id.slice(-6)}, first seen on ${queue} (${qmName})`;
    steps = document.createElement("ol");
    steps.className = "timeline-events";
    row.appendChild(title);
    row.appendChild(steps);
    list.insertBefore(row, list.firstChild);
    rows.set(id, steps);
    while (list.children.length > MAX_ROWS) list.lastElementChild!.remove();
    return steps;
  };

  function show(qmName: string, event: QueueEvent): void {
    if (!("messageId" in event)) return; // input counts are about queues, not messages
    const steps = rows.get(event.messageId);
    const words = describeEvent(event, steps?.lastElementChild?.classList.contains("timeline-held"));
    if (words === undefined) return;
    const row = steps ?? rowFor(qmName, event.messageId, event.queue);
    if (event.type === "moved") rows.set(event.toMessageId, row);
    const item = document.createElement("li");
    item.className = `timeline-event timeline-${event.type}`;
    const time = document.createElement("time");
    const now = new Date();
    time.dateTime = now.toISOString();
    time.textContent = now.toLocaleTimeString();
    item.appendChild(time);
    item.appendChild(document.createTextNode(` ${words}`));
    row.appendChild(item);
  }

  clear.addEventListener("click", () => {
    rows.clear();
    list.replaceChildren();
  });
  return {
    element: section,
    watch: (qm) => qm.events.subscribe((event) => show(qm.name, event)),
    show,
    clear: () => clear.click(),
  };
}
