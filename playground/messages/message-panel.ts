/**
 * The message view of one queue on the queue manager the page acts on: a form to put a
 * message (body, priority, persistence, user properties), Browse (the first messages, each
 * with its descriptor and body, left on the queue) and Get (removes the next one and shows it).
 * The form does not use the browser's own validation: a value out of range is answered on the
 * note line with its MQ reason, as the queue manager would answer it.
 */
import type { PlaygroundConnection, ShownMessage } from "../connection/connection.js";
import { parseProperties } from "./properties-text.js";

export const BROWSE_LIMIT = 20;

export interface MessagePanel {
  readonly element: HTMLElement;
  setConnection(connection: PlaygroundConnection): void;
  /** The queues to choose from; the chosen one stays chosen while it exists. */
  setQueues(names: readonly string[]): void;
  choose(queue: string): void;
  readonly queue: string;
  /** Resolves once the action started last has finished and shown its outcome. */
  idle(): Promise<void>;
}

export function mountMessagePanel(parent: HTMLElement, connection: PlaygroundConnection, onChange: () => void): MessagePanel {
  const element = document.createElement("section");
  element.className = "message-panel";
  element.innerHTML = `
    <h3>Messages on <select name="queue" aria-label="Queue"></select></h3>
    <form class="put-form" novalidate>
      <label class="body">Body <textarea name="body" rows="2">Hello from the playground</textarea></label>
      <label>Priority <input name="priority" type="number" min="0" max="9" value="0" inputmode="numeric"></label>
      <label>Persistence <select name="persistence"><option value="persistent">persistent</option><option value="nonPersistent">not persistent</option></select></label>
      <label class="properties">Properties, one name=value a line <textarea name="properties" rows="2" placeholder="region=eu&#10;amount=12.5"></textarea></label>
      <button type="submit" name="put">Put</button>
    </form>
    <div class="message-actions"><button type="button" name="browse">Browse</button><button type="button" name="get">Get one</button></div>
    <output class="message-note" aria-live="polite"></output>
    <ol class="message-list"></ol>`;
  parent.appendChild(element);

  // Not querySelector<HTMLSelectElement>: the Workers types this repo also loads clash with its remove().
  const queueSelect = element.querySelector("select[name=queue]") as unknown as HTMLSelectElement;
  const form = element.querySelector<HTMLFormElement>("form")!;
  const note = element.querySelector<HTMLOutputElement>("output")!;
  const list = element.querySelector<HTMLOListElement>(".message-list")!;
  const button = (name: string) => element.querySelector<HTMLButtonElement>(`button[name=${name}]`)!;
  let current = connection;
  let work: Promise<void> = Promise.resolve();

  /** One action at a time, its outcome (or its MQ error) on the note line. */
  function act(action: () => Promise<string>): Promise<void> {
    work = work.then(async () => {
      try {
        note.className = "message-note";
        note.textContent = await action();
      } catch (error) {
        note.className = "message-note error";
        note.textContent = error instanceof Error ? error.message : String(error);
      }
      onChange();
    });
    return work;
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const queue = queueSelect.value;
    const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    void act(async () => {
      const priority = Number(field("priority"));
      if (!Number.isInteger(priority) || priority < 0 || priority > 9)
        throw new Error(`MQRC_PRIORITY_ERROR (2050): a priority is an integer from 0 to 9, not ${JSON.stringify(field("priority"))}`);
      const properties = parseProperties(field("properties"));
      const { messageId } = await current.put(queue, { body: field("body"), priority, persistent: field("persistence") === "persistent", properties });
      return `Put a message on ${queue}: ${messageId}`;
    });
  });
  button("browse").addEventListener("click", () => {
    const queue = queueSelect.value;
    void act(async () => {
      const messages = await current.browse(queue, BROWSE_LIMIT);
      list.replaceChildren(...messages.map(messageItem));
      return messages.length === 0
        ? `${queue} is empty`
        : `The first ${messages.length} message${messages.length === 1 ? "" : "s"} on ${queue}, left where they are`;
    });
  });
  button("get").addEventListener("click", () => {
    const queue = queueSelect.value;
    void act(async () => {
      const message = await current.get(queue);
      list.replaceChildren(...(message ? [messageItem(message)] : []));
      return message ? `Got a message from ${queue} (it is no longer on the queue)` : `${queue} is empty (MQRC_NO_MSG_AVAILABLE, 2033)`;
    });
  });

  return {
    element,
    get queue() {
      return queueSelect.value;
    },
    setConnection(next) {
      current = next;
      list.replaceChildren();
      note.textContent = "";
    },
    setQueues(names) {
      const chosen = queueSelect.value;
      if (names.length === queueSelect.options.length && names.every((name, i) => queueSelect.options[i]!.value === name)) return;
      queueSelect.replaceChildren(...names.map((name) => new Option(name, name)));
      const preferred = names.includes(chosen) ? chosen : (names.find((name) => !name.startsWith("SYSTEM.")) ?? names[0]);
      if (preferred !== undefined) queueSelect.value = preferred;
    },
    choose(queue) {
      if (![...queueSelect.options].some((option) => option.value === queue)) queueSelect.add(new Option(queue, queue));
      queueSelect.value = queue;
      element.scrollIntoView({ block: "nearest" });
    },
    idle: () => work,
  };
}

/** A message as a list item: the descriptor's fields, its properties, and its body. */
function messageItem(message: ShownMessage): HTMLLIElement {
  const item = document.createElement("li");
  item.className = "message";
  const fields: [string, string][] = [
    ["MsgId", message.messageId],
    ["CorrelId", message.correlationId],
    ["Priority", String(message.priority)],
    ["Persistence", message.persistent ? "persistent" : "not persistent"],
    ...(message.putDateTime ? [["Put", message.putDateTime] as [string, string]] : []),
    ...Object.entries(message.properties).map(([name, value]): [string, string] => [name, JSON.stringify(value)]),
  ];
  const descriptor = document.createElement("dl");
  for (const [name, value] of fields) {
    const term = document.createElement("dt");
    term.textContent = name;
    const detail = document.createElement("dd");
    detail.textContent = value;
    detail.dataset.field = name;
    descriptor.appendChild(term);
    descriptor.appendChild(detail);
  }
  const body = document.createElement("pre");
  body.className = "message-body";
  body.textContent = message.body;
  item.replaceChildren(descriptor, body);
  return item;
}
