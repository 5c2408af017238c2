/**
 * The console's output, laid out as interactive runmqsc prints it: each command echoed with
 * its number (counting on across runs, as in one runmqsc session), then its lines. A failed
 * command's block is marked, so the page can colour it. Given a storage, it keeps its last
 * blocks there (at most `limit`), so it survives a reload as the command history does.
 */
import type { ConsoleResult } from "../connection/connection.js";

export interface TranscriptStorage {
  storage: Storage | undefined;
  key: string;
  /** The most blocks kept; older ones are dropped, from the page too. */
  limit?: number;
}

interface Block {
  className: string;
  text: string;
}

export class Transcript {
  readonly element: HTMLElement;
  readonly #kept: TranscriptStorage | undefined;
  readonly #limit: number;
  #blocks: Block[] = [];
  #count = 0;

  constructor(element: HTMLElement, kept?: TranscriptStorage) {
    this.element = element;
    this.#kept = kept;
    this.#limit = kept?.limit ?? 300;
    const stored = load(kept);
    this.#count = stored.count;
    for (const block of stored.blocks) this.#block(block.className, [block.text], false);
  }

  /** The text shown so far, one line per line. */
  get text(): string {
    return [...this.element.children].map((block) => block.textContent).join("\n");
  }

  append(result: ConsoleResult): void {
    for (const command of result.commands) {
      const outcome = command.completionCode === 0 ? "ok" : command.completionCode === 1 ? "warning" : "failed";
      this.#block(`command ${outcome}`, [`${String(++this.#count).padStart(6)} : ${command.command}`, ...command.text]);
    }
  }

  /** A line that is not MQSC output: the session starting, or the console's own failure. */
  note(text: string, kind: "info" | "error" = "info"): void {
    this.#block(`note ${kind}`, [text]);
  }

  clear(): void {
    this.element.replaceChildren();
    this.#blocks = [];
    this.#count = 0;
    this.#save();
  }

  #block(className: string, lines: string[], save = true): void {
    const block = document.createElement("div");
    block.className = className;
    block.textContent = lines.join("\n");
    this.element.appendChild(block);
    this.#blocks.push({ className, text: block.textContent });
    if (this.#blocks.length > this.#limit) {
      this.#blocks.splice(0, this.#blocks.length - this.#limit);
      while (this.element.children.length > this.#limit) this.element.firstElementChild!.remove();
    }
    this.element.scrollTop = this.element.scrollHeight;
    if (save) this.#save();
  }

  #save(): void {
    if (!this.#kept?.storage) return;
    try {
      this.#kept.storage.setItem(this.#kept.key, JSON.stringify({ count: this.#count, blocks: this.#blocks }));
    } catch {
      // Storage full or refused (private mode): the transcript still works for this page.
    }
  }
}

function load(kept: TranscriptStorage | undefined): { count: number; blocks: Block[] } {
  try {
    const stored = JSON.parse(kept?.storage?.getItem(kept.key) ?? "null") as { count?: unknown; blocks?: unknown } | null;
    if (!stored || !Array.isArray(stored.blocks)) return { count: 0, blocks: [] };
    const blocks = stored.blocks.filter((block): block is Block => typeof block?.className === "string" && typeof block?.text === "string");
    return { count: typeof stored.count === "number" ? stored.count : 0, blocks };
  } catch {
    return { count: 0, blocks: [] };
  }
}
