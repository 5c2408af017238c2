/**
 * The MQSC console: a text area where MQSC is typed (Enter runs, Shift+Enter or a line
 * ending in + or - continues), the output as runmqsc prints it, a history on Up and Down,
 * and a help line on what is under the cursor. It runs commands on whichever queue manager
 * it is given (the tab's, or a server's over REST), and can be pointed at another.
 */
import type { ConsoleResult } from "../connection/connection.js";
import { helpAt } from "./help.js";
import { CommandHistory } from "./history.js";
import { Transcript } from "./transcript.js";

export const HISTORY_KEY = "webmq.playground.history";
export const TRANSCRIPT_KEY = "webmq.playground.transcript";

/** What the console runs commands on: a QueueManager is one, and so is any page connection. */
export interface ConsoleTarget {
  readonly name: string;
  mqsc(script: string): Promise<ConsoleResult>;
}

export interface ConsoleOptions {
  queueManager: ConsoleTarget;
  /** Defaults to one kept in localStorage under HISTORY_KEY. */
  history?: CommandHistory;
  /** Where the transcript is kept across reloads; defaults to TRANSCRIPT_KEY, null keeps it nowhere. */
  transcriptKey?: string | null;
  /** Called after each run, e.g. to refresh a view of the queues. */
  onRun?: (result: ConsoleResult) => void;
}

export interface MqscConsole {
  readonly element: HTMLElement;
  readonly input: HTMLTextAreaElement;
  readonly transcript: Transcript;
  readonly helpLine: HTMLElement;
  readonly history: CommandHistory;
  /** Runs the input (or `text`) as Enter does; resolves once its output is shown. */
  run(text?: string): Promise<ConsoleResult | undefined>;
  /** Points the console at another queue manager, once the commands already started have run. */
  use(target: ConsoleTarget): Promise<void>;
  /** Resolves once every command started so far has run and shown its output. */
  idle(): Promise<void>;
  dispose(): void;
}

export function mountConsole(parent: HTMLElement, options: ConsoleOptions): MqscConsole {
  const { onRun } = options;
  let queueManager = options.queueManager;
  const history = options.history ?? new CommandHistory(globalThis.localStorage, HISTORY_KEY);

  const element = el("section", "mqsc-console");
  const output = el("div", "mqsc-output");
  output.setAttribute("role", "log");
  output.setAttribute("aria-label", "MQSC output");
  // Focusable, so that a keyboard user can scroll a long transcript (axe: scrollable-region-focusable).
  output.tabIndex = 0;
  const input = document.createElement("textarea");
  input.className = "mqsc-input";
  input.rows = 3;
  input.spellcheck = false;
  input.autocapitalize = "off";

  input.placeholder = "DEFINE QLOCAL(MY.QUEUE) MAXDEPTH(100)";
  const helpLine = el("div", "mqsc-help");
  helpLine.setAttribute("aria-live", "polite");
  const prompt = el("span", "mqsc-prompt");
  prompt.setAttribute("aria-hidden", "true");

  const inputRow = el("div", "mqsc-input-row");
  // replaceChildren and appendChild, not append: the Workers types this repo also loads redeclare Element.append.
  inputRow.replaceChildren(prompt, input);
  element.replaceChildren(output, inputRow, helpLine);
  parent.appendChild(element);

  const transcriptKey = options.transcriptKey === undefined ? TRANSCRIPT_KEY : options.transcriptKey;
  const transcript = new Transcript(output, transcriptKey === null ? undefined : { storage: globalThis.localStorage, key: transcriptKey });
  function start(target: ConsoleTarget): void {
    queueManager = target;
    prompt.textContent = `${target.name}>`;
    input.setAttribute("aria-label", `MQSC command for queue manager ${target.name}`);
    transcript.note(`Starting MQSC for queue manager ${target.name}.`);
  }
  start(queueManager);
  let queue: Promise<unknown> = Promise.resolve();

  const showHelp = () => (helpLine.textContent = helpAt(input.value, input.selectionStart ?? input.value.length));

  function run(text = input.value): Promise<ConsoleResult | undefined> {
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
    if (event.key === "Enter" && event.shiftKey) {
      // Shift+Enter continues the command: the line gets runmqsc's continuation "+" (unless it
      // already ends in + or -), so what runs, and what history keeps, is the one command.
      event.preventDefault();
      const before = input.value.slice(0, input.selectionStart);
      input.setRangeText(
        /[+-]\s*$/.test(before) ? "\n" : before === "" || /\s$/.test(before) ? "+\n" : " +\n",
        input.selectionStart,
        input.selectionEnd,
        "end",
      );
      showHelp();
    } else if (event.key === "Enter") {
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
    use(target) {
      const switched = queue.then(() => start(target));
      queue = switched;
      return switched;
    },
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
