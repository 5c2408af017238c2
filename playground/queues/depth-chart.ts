/**
 * Each queue's depth over time, drawn as a small SVG line chart (no library): the last
 * `samples` readings, one line a queue, a shared scale from 0 to the deepest reading. It
 * draws the application queues, and a SYSTEM. queue only once it has held a message.
 * Each line carries its readings (data-depths), so what is drawn can be read back.
 */
import type { QueueDepth } from "../connection/connection.js";

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 4;
const COLOURS = ["#2f6fdf", "#d9480f", "#2b8a3e", "#9c36b5", "#e67700", "#0b7285", "#c2255c", "#5c940d"];
const SVG = "http://www.w3.org/2000/svg";

export interface DepthChart {
  readonly element: HTMLElement;
  /** Adds a reading of every queue and redraws. */
  record(queues: readonly QueueDepth[]): void;
  /** Forgets every reading: another queue manager is shown. */
  reset(): void;
  /** The readings kept for a queue, oldest first (0 before it existed). */
  series(queue: string): number[];
}

export function mountDepthChart(parent: HTMLElement, samples = 60): DepthChart {
  const element = document.createElement("figure");
  element.className = "depth-chart";
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
  svg.setAttribute("role", "img");
  const caption = document.createElement("figcaption");
  element.replaceChildren(svg, caption);
  parent.appendChild(element);

  let readings: Map<string, number>[] = [];
  const charted = new Set<string>();

  function series(queue: string): number[] {
    return readings.map((reading) => reading.get(queue) ?? 0);
  }

  function draw(): void {
    const names = [...charted].sort();
    const top = Math.max(1, ...names.flatMap(series));
    const step = (WIDTH - 2 * PAD) / Math.max(1, samples - 1);
    const offset = samples - readings.length;
    svg.setAttribute("aria-label", `Depth of ${names.join(", ") || "no queue"} over the last ${readings.length} readings; the highest is ${top}`);
    const axis = document.createElementNS(SVG, "line");
    for (const [key, value] of Object.entries({ x1: PAD, x2: WIDTH - PAD, y1: HEIGHT - PAD, y2: HEIGHT - PAD, class: "axis" }))
      axis.setAttribute(key, String(value));
    const lines = names.map((name, index) => {
      const depths = series(name);
      const line = document.createElementNS(SVG, "polyline");
      line.setAttribute(
        "points",
        depths.map((depth, i) => `${(PAD + (offset + i) * step).toFixed(1)},${(HEIGHT - PAD - (depth / top) * (HEIGHT - 2 * PAD)).toFixed(1)}`).join(" "),
      );
      line.setAttribute("stroke", COLOURS[index % COLOURS.length]!);
      line.setAttribute("data-queue", name);
      line.setAttribute("data-depths", depths.join(","));
      return line;
    });
    svg.replaceChildren(axis, ...lines);
    const legend = names.map((name, index) => {
      const item = document.createElement("span");
      item.style.setProperty("--colour", COLOURS[index % COLOURS.length]!);
      item.textContent = `${name} ${series(name).at(-1) ?? 0}`;
      return item;
    });
    const scale = document.createElement("span");
    scale.className = "scale";
    scale.textContent = `0 to ${top}`;
    caption.replaceChildren(scale, ...legend);
  }

  draw();
  return {
    element,
    record(queues) {
      const reading = new Map<string, number>();
      for (const queue of queues) {
        reading.set(queue.name, queue.depth);
        if (!queue.name.startsWith("SYSTEM.") || queue.depth > 0) charted.add(queue.name);
      }
      readings.push(reading);
      if (readings.length > samples) readings = readings.slice(-samples);
      draw();
    },
    reset() {
      readings = [];
      charted.clear();
      draw();
    },
    series,
  };
}
