/**
 * The playground's timeline beside a tutorial under test, fed by its queue manager's events as
 * main.ts feeds it, and read as a user reads it: one row per message, its events in words.
 */
import { mountTimeline, type Timeline } from "../../../playground/timeline/timeline.js";

export function timelineFor(qm: Parameters<Timeline["watch"]>[0]): { timeline: Timeline; rows(): string[][]; remove(): void } {
  const host = document.createElement("div");
  document.body.appendChild(host);
  const timeline = mountTimeline(host);
  const stop = timeline.watch(qm);
  return {
    timeline,
    /** Each row's events, oldest first, without their times; newest row first. */
    rows: () =>
      [...timeline.element.querySelectorAll(".timeline-row")].map((row) =>
        [...row.querySelectorAll(".timeline-event")].map((e) => e.lastChild!.textContent!.trim()),
      ),
    remove() {
      stop();
      host.remove();
    },
  };
}
