/**
 * The switch between the queue manager in this tab and a server's: the server's address
 * (this page's origin by default: the worker that serves it), the queue manager's name, and
 * a bearer token or a user and password. Connect tries the server (it lists its queues)
 * before the page acts on it; a refusal is shown with its MQ reason and changes nothing.
 */
import type { PlaygroundConnection } from "./connection.js";
import { RestConnection } from "./rest-connection.js";

export interface ConnectionPicker {
  readonly element: HTMLElement;
  /** Resolves once the switch started last has been made or refused. */
  idle(): Promise<void>;
}

export interface PickerOptions {
  local: PlaygroundConnection;
  /** Where the server is asked first; the page's origin when it is served by the worker. */
  serverUrl: string;
  queueManager?: string;
  /** Makes the page act on `connection`. */
  onSwitch(connection: PlaygroundConnection): Promise<void>;
}

export function mountConnectionPicker(parent: HTMLElement, options: PickerOptions): ConnectionPicker {
  const element = document.createElement("fieldset");
  element.className = "connection-picker";
  element.innerHTML = `
    <legend>Queue manager the page acts on</legend>
    <div class="targets">
      <label><input type="radio" name="target" value="tab" checked> <span class="local-label"></span></label>
      <label><input type="radio" name="target" value="server"> A server's, over the REST API</label>
    </div>
    <form class="server-fields" hidden>
      <label>Server <input name="url" type="url" required></label>
      <label>Queue manager <input name="qmgr" required autocapitalize="characters" spellcheck="false"></label>
      <label>Token <input name="token" type="password" autocomplete="off" placeholder="npm start prints it"></label>
      <label>or user <input name="user" autocomplete="username"></label>
      <label>and password <input name="password" type="password" autocomplete="current-password"></label>
      <button type="submit">Connect</button>
    </form>
    <output class="connection-note" aria-live="polite"></output>`;
  parent.appendChild(element);

  const form = element.querySelector<HTMLFormElement>("form")!;
  const note = element.querySelector<HTMLOutputElement>("output")!;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  element.querySelector<HTMLElement>(".local-label")!.textContent = options.local.label;
  field("url").value = options.serverUrl;
  field("qmgr").value = options.queueManager ?? "QM1";
  let work: Promise<void> = Promise.resolve();

  function switchTo(connect: () => Promise<PlaygroundConnection>): void {
    work = work.then(async () => {
      try {
        const connection = await connect();
        await options.onSwitch(connection);
        note.className = "connection-note";
        note.textContent = `Acting on ${connection.label}.`;
      } catch (error) {
        note.className = "connection-note error";
        note.textContent = `Not connected: ${error instanceof Error ? error.message : String(error)}`;
      }
    });
  }

  for (const radio of element.querySelectorAll<HTMLInputElement>("input[name=target]")) {
    radio.addEventListener("change", () => {
      form.hidden = radio.value !== "server";
      if (radio.value === "tab") switchTo(async () => options.local);
    });
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    switchTo(async () => {
      const connection = new RestConnection({
        baseUrl: field("url").value,
        queueManager: field("qmgr").value.trim(),
        credentials: { token: field("token").value, user: field("user").value.trim(), password: field("password").value },
      });
      await connection.listQueues(); // the server, the name and the credentials all answer, or this throws
      return connection;
    });
  });

  return { element, idle: () => work };
}
