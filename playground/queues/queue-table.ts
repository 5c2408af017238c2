/**
 * The table of local queues of the queue manager the page acts on: name, CURDEPTH and
 * MAXDEPTH. Choosing a queue ("Messages") shows it in the message view. It draws what it is
 * given; the workbench polls the connection and hands it the list. The user's queues show
 * first; SYSTEM.* (and SYSTEM.MANAGED.*) only with "Show system queues", as MQ Explorer
 * hides them.
 */
import type { QueueDepth } from "../connection/connection.js";

export interface QueueTable {
  readonly element: HTMLElement;
  show(queues: readonly QueueDepth[]): void;
}

export function mountQueueTable(parent: HTMLElement, onChoose: (queue: string) => void): QueueTable {
  // The table scrolls sideways in its own box on a narrow screen, never the page.
  const element = document.createElement("div");
  element.className = "queue-table";
  const table = document.createElement("table");
  table.className = "queue-view";
  table.innerHTML = "<thead><tr><th>Local queue</th><th>CURDEPTH</th><th>MAXDEPTH</th><th></th></tr></thead><tbody></tbody>";
  table.querySelector("th:last-child")!.innerHTML = '<span class="visually-hidden">Actions</span>';
  const switchLabel = document.createElement("label");
  switchLabel.className = "system-switch";
  const systemSwitch = document.createElement("input");
  systemSwitch.type = "checkbox";
  systemSwitch.name = "show-system";
  switchLabel.appendChild(systemSwitch);
  switchLabel.appendChild(document.createTextNode(" Show system queues"));
  element.appendChild(switchLabel);
  element.appendChild(table);
  parent.appendChild(element);
  const body = table.tBodies[0]!;
  let last: readonly QueueDepth[] = [];
  systemSwitch.addEventListener("change", () => show(last));

  function show(queues: readonly QueueDepth[]): void {
    last = queues;
    const shown = systemSwitch.checked ? queues : queues.filter((queue) => !queue.name.startsWith("SYSTEM."));
    body.replaceChildren(
      ...shown.map((queue) => {
        const row = document.createElement("tr");
        row.dataset.queue = queue.name;
        row.className = queue.name.startsWith("SYSTEM.") ? "system" : "";
        const cells = [queue.name, String(queue.depth), queue.maxDepth === undefined ? "" : String(queue.maxDepth)].map((text) => {
          const cell = document.createElement("td");
          cell.textContent = text;
          return cell;
        });
        const actions = document.createElement("td");
        const choose = document.createElement("button");
        choose.type = "button";
        choose.textContent = "Messages";
        choose.title = `Put, browse and get messages on ${queue.name}`;
        choose.addEventListener("click", () => onChoose(queue.name));
        actions.appendChild(choose);
        row.replaceChildren(...cells, actions);
        return row;
      }),
    );
  }

  return { element, show };
}
