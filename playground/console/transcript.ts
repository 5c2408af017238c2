/**
 * The console's output, laid out as interactive runmqsc prints it: each command echoed with
 * its number (counting on across runs, as in one runmqsc session), then its lines. A failed
 * command's block is marked, so the page can colour it.
 */
import type { MqscResult } from "../../core/index.js";

export class Transcript {
  readonly element: HTMLElement;
  #count = 0;

  constructor(element: HTMLElement) {
    this.element = element;
  }

  /** The text shown so far, one line per line. */
  get text(): string {
    return [...this.element.children].map((block) => block.textContent).join("\n");
  }

  append(result: MqscResult): void {
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
    this.#count = 0;
  }

  #block(className: string, lines: string[]): void {
    const block = document.createElement("div");
    block.className = className;
    block.textContent = lines.join("\n");
    this.element.appendChild(block);
    this.element.scrollTop = this.element.scrollHeight;
  }
}
