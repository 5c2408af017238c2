/**
 * The "Offline and back" tutorial's two recurring controls: the switch that makes the page work
 * as if it were offline (a button with the switch role, so a keyboard and a screen reader use it
 * as one), and the board of what the two queue managers hold now, shown in every step.
 */

/** What the board shows, read from the queue managers: `arrived` undefined when the server could not be asked. */
export interface StatusFigures {
  online: boolean;
  /** The sending channel's status as DISPLAY CHSTATUS shows it: RUNNING, RETRYING, STOPPED, INACTIVE. */
  channel: string;
  /** Orders on the page's transmission queue, waiting to be sent. */
  waiting: number;
  /** Orders on the server's queue. */
  arrived: number | undefined;
}

export function offlineSwitch(offline: boolean, change: (offline: boolean) => void): { element: HTMLElement; show(offline: boolean): void } {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "offline-switch";
  button.setAttribute("role", "switch");
  button.textContent = "Work offline";
  const show = (now: boolean) => button.setAttribute("aria-checked", String(now));
  show(offline);
  button.addEventListener("click", () => change(button.getAttribute("aria-checked") !== "true"));
  return { element: button, show };
}

export function statusBoard(): { element: HTMLElement; show(figures: StatusFigures): void } {
  const list = document.createElement("dl");
  list.className = "offline-status";
  const rows = {
    online: "This page",
    channel: "The channel",
    waiting: "Waiting on this page (transmission queue)",
    arrived: "Arrived on the server",
  } as const;
  const values = new Map<keyof typeof rows, HTMLElement>();
  for (const [key, text] of Object.entries(rows) as [keyof typeof rows, string][]) {
    const term = document.createElement("dt");
    term.textContent = text;
    const value = document.createElement("dd");
    value.dataset.figure = key;
    value.textContent = "not connected yet";
    list.appendChild(term);
    list.appendChild(value);
    values.set(key, value);
  }
  return {
    element: list,
    show(figures) {
      values.get("online")!.textContent = figures.online ? "online" : "offline";
      values.get("channel")!.textContent = figures.channel;
      values.get("waiting")!.textContent = `${figures.waiting} order${figures.waiting === 1 ? "" : "s"}`;
      values.get("arrived")!.textContent =
        figures.arrived === undefined ? "unknown (the server cannot be asked now)" : `${figures.arrived} order${figures.arrived === 1 ? "" : "s"}`;
    },
  };
}
