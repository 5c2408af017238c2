/**
 * A small view of the local queues: name, CURDEPTH and MAXDEPTH, with buttons to put a
 * persistent message and to get one, so that depths have something to show. The console
 * refreshes it after each command.
 */
import type { QueueManager } from "../core/index.js";

export interface QueueView {
  refresh(): void;
}

export function mountQueueView(parent: HTMLElement, qm: QueueManager, onChange?: (note: string) => void): QueueView {
  const table = document.createElement("table");
  table.className = "queue-view";
  table.innerHTML = "<thead><tr><th>Local queue</th><th>CURDEPTH</th><th>MAXDEPTH</th><th></th></tr></thead><tbody></tbody>";
  const body = table.tBodies[0]!;
  parent.appendChild(table);

  async function act(work: () => Promise<string>): Promise<void> {
    try {
      onChange?.(await work());
    } catch (error) {
      onChange?.(error instanceof Error ? error.message : String(error));
    }
    refresh();
  }

  function refresh(): void {
    const rows = qm.objects(["localQueue"]).map((definition) => {
      const name = definition.name;
      const row = document.createElement("tr");
      const cells = [name, String(qm.queueStatus(name).depth), String(definition.attributes.maxDepth ?? "")].map((text) => {
        const cell = document.createElement("td");
        cell.textContent = text;
        return cell;
      });
      const actions = document.createElement("td");
      actions.replaceChildren(
        button("Put", `Put a persistent message on ${name}`, () =>
          act(async () => `Put a message on ${name}: ${(await qm.put(name, { body: `Hello from the playground, ${new Date().toLocaleTimeString()}`, persistent: true })).messageId}`),
        ),
        button("Get", `Get the next message from ${name}`, () =>
          act(async () => {
            const message = await qm.get(name);
            return message ? `Got from ${name}: ${typeof message.body === "string" ? message.body : "(binary body)"}` : `${name} is empty (MQRC_NO_MSG_AVAILABLE)`;
          }),
        ),
      );
      row.className = name.startsWith("SYSTEM.") ? "system" : "";
      row.replaceChildren(...cells, actions);
      return row;
    });
    body.replaceChildren(...rows);
  }

  refresh();
  return { refresh };
}

function button(text: string, title: string, onClick: () => void): HTMLButtonElement {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = text;
  element.title = title;
  element.addEventListener("click", onClick);
  return element;
}
