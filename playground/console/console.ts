/**
 * The MQSC console: a text area where MQSC is typed (Enter runs, Shift+Enter or a line
 * ending in + or - continues), the output as runmqsc prints it, a history on Up and Down,
 * and a help line on what is under the cursor. It runs commands on any queue manager; the
 * playground gives it one kept in IndexedDB.
 */
import type { MqscResult, QueueManager } from "../../core/index.js";
import { helpAt } from "./help.js";
import { CommandHistory } from "./history.js";
import { Transcript } from "./transcript.js";

export const HISTORY_KEY = "webmq.playground.history";

export interface ConsoleOptions {
  queueManager: Pick<QueueManager, "name" | "mqsc">;
  /** Defaults to one kept in localStorage under HISTORY_KEY. */
  history?: CommandHistory;
  /** Called after each run, e.g. to refresh a view of the queues. */
  onRun?: (result: MqscResult) => void;
}

export interface MqscConsole {
  readonly element: HTMLElement;
  readonly input: HTMLTextAreaElement;
  readonly transcript: Transcript;
  readonly helpLine: HTMLElement;
  readonly history: CommandHistory;
  /** Runs the input (or `text`) as Enter does; resolves once its output is shown. */
  run(text?: string): Promise<MqscResult | undefined>;
  /** Resolves once every command started so far has run and shown its output. */
  idle(): Promise<void>;
  dispose(): void;
}

export function mountConsole(parent: HTMLElement, options: ConsoleOptions): MqscConsole {
  const { queueManager, onRun } = options;
  const history = options.history ?? new CommandHistory(globalThis.localStorage, HISTORY_KEY);

  const element = el("section", "mqsc-console");
  const output = el("div", "mqsc-output");
  output.setAttribute("role", "log");
  output.setAttribute("aria-label", "MQSC output");
  const input = document.createElement("textarea");
  input.className = "mqsc-input";
  input.rows = 3;
  input.spellcheck = false;
  input.autocapitalize = "off";
  input.setAttribute("aria-label", `MQSC command for queue manager ${queueManager.name}`);
  input.placeholder = "DEFINE QLOCAL(MY.QUEUE) MAXDEPTH(100)";
  const helpLine = el("div", "mqsc-help");
  helpLine.setAttribute("aria-live", "polite");
  const prompt = el("span", "mqsc-prompt");
  prompt.setAttribute("aria-hidden", "true");
  prompt.textContent = `${queueManager.name}>`;
  const inputRow = el("div", "mqsc-input-row");
  // replaceChildren and appendChild, not append: the Workers types this repo also loads redeclare Element.append.
  inputRow.replaceChildren(prompt, input);
  element.replaceChildren(output, inputRow, helpLine);
  parent.appendChild(element);

  const transcript = new Transcript(output);
  transcript.note(`Starting MQSC for queue manager ${queueManager.name}.`);
  let queue: Promise<unknown> = Promise.resolve();

  const showHelp = () => (helpLine.textContent = helpAt(input.value, input.selectionStart ?? input.value.length));

  function run(text = input.value): Promise<MqscResult | undefined> {
    if (text.trim() === "") return Promise.resolve(undefined);
    history.add(text);
    if (text === input.value) {
      input.value = "";
      showHelp();
    }
    // One command at a time, in the order typed, as a runmqsc session would.
    const done = queue.then(async () => {
      try {
        const result = await queueManager.mqsc(text);
        transcript.append(result);
        onRun?.(result);
        return result;
      } catch (error) {
        transcript.note(`The console could not run the command: ${error instanceof Error ? error.message : String(error)}`, "error");
        return undefined;
      }
    });
    queue = done;
    return done;
  }

  function onKeyDown(event: KeyboardEvent): void {
    if (event.isComposing) return;
    if (event.key === "Enter" && !event.shiftKey) {
      // A line ending in + or - continues the command, as in runmqsc: Enter then starts the next line.
      if (/[+-]\s*$/.test(input.value.slice(0, input.selectionStart)) && input.selectionEnd === input.value.length) return;
      event.preventDefault();
      void run();
    } else if (event.key === "ArrowUp" && !input.value.slice(0, input.selectionStart).includes("\n")) {
      recall(history.previous(input.value), event);
    } else if (event.key === "ArrowDown" && !input.value.slice(input.selectionEnd).includes("\n")) {
      recall(history.next(), event);
    }
  }

  function recall(entry: string | undefined, event: KeyboardEvent): void {
    if (entry === undefined) return;
    event.preventDefault();
    input.value = entry;
    input.setSelectionRange(entry.length, entry.length);
    showHelp();
  }

  input.addEventListener("keydown", onKeyDown);
  for (const type of ["input", "keyup", "click", "focus"]) input.addEventListener(type, showHelp);
  showHelp();

  return {
    element,
    input,
    transcript,
    helpLine,
    history,
    run,
    idle: () => queue.then(() => undefined),
    dispose() {
      input.removeEventListener("keydown", onKeyDown);
      for (const type of ["input", "keyup", "click", "focus"]) input.removeEventListener(type, showHelp);
      element.remove();
    },
  };
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.className = className;
  return element;
}
