/**
 * The console's command history: Up and Down walk it, as in a shell; it is kept in
 * localStorage, so it survives a reload, as the queue manager's definitions do.
 */
export class CommandHistory {
  readonly #storage: Storage | undefined;
  readonly #key: string;
  readonly #limit: number;
  #entries: string[];
  /** Where Up and Down are: entries.length means the line being typed, not yet in history. */
  #position: number;
  #draft = "";

  constructor(storage: Storage | undefined, key: string, limit = 200) {
    this.#storage = storage;
    this.#key = key;
    this.#limit = limit;
    this.#entries = load(storage, key);
    this.#position = this.#entries.length;
  }

  get entries(): readonly string[] {
    return this.#entries;
  }

  /** Records a command run; the same command twice in a row is kept once. */
  add(command: string): void {
    if (command.trim() !== "" && this.#entries.at(-1) !== command) {
      this.#entries.push(command);
      if (this.#entries.length > this.#limit) this.#entries.splice(0, this.#entries.length - this.#limit);
      try {
        this.#storage?.setItem(this.#key, JSON.stringify(this.#entries));
      } catch {
        // Storage full or refused (private mode): history still works for this page.
      }
    }
    this.#position = this.#entries.length;
    this.#draft = "";
  }

  /** The entry before the one shown, or undefined at the oldest; `current` is kept to come back to. */
  previous(current: string): string | undefined {
    if (this.#position === 0) return undefined;
    if (this.#position === this.#entries.length) this.#draft = current;
    return this.#entries[--this.#position];
  }

  /** The entry after the one shown, the line that was being typed after the newest, or undefined. */
  next(): string | undefined {
    if (this.#position >= this.#entries.length) return undefined;
    this.#position++;
    return this.#position === this.#entries.length ? this.#draft : this.#entries[this.#position];
  }
}

function load(storage: Storage | undefined, key: string): string[] {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(key) ?? "[]");
    return Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === "string") : [];
  } catch {
    return [];
  }
}
