/**
 * Started workers kept for the next trigger (startWorkerTriggerMonitor's `warmWorkers`): a
 * module worker spends most of a trigger's latency loading its module graph (issue 25: p50
 * 145 ms from put to first get, 135 ms of it loading), so once a process's module has run a
 * trigger to its end, one more worker for the same module and name is started and left
 * waiting, its module loaded, its application not yet run (runTriggeredApplication only
 * exposes it). The next trigger for that module takes it and starts the following one at once.
 *
 * A spare is not a running application: it is not counted in the monitor's `workers`, has no
 * timeout, and holds nothing of the queue manager. One that fails as it loads is dropped
 * unreported; the next trigger then starts a worker of its own, whose failure is reported.
 */

/** One module and one worker name: a spare is only handed to a trigger that would have made the same worker. */
const keyOf = (url: string, name: string) => `${name}\n${url}`;

interface Spare {
  worker: Worker;
  failed: boolean;
  onError: () => void;
}

export class WarmWorkers {
  readonly #spares = new Map<string, Spare>();
  #closed = false;

  /** A worker for `url` named `name`: the spare when one is loaded and well, else a new one. */
  take(url: string, name: string): { worker: Worker; warm: boolean } {
    const key = keyOf(url, name);
    const spare = this.#spares.get(key);
    if (spare) {
      this.#spares.delete(key);
      spare.worker.removeEventListener("error", spare.onError);
      if (!spare.failed) return { worker: spare.worker, warm: true };
      spare.worker.terminate();
    }
    return { worker: new Worker(url, { type: "module", name }), warm: false };
  }

  /** Starts a spare for `url` named `name`, unless one is there or the monitor has closed. */
  keepWarm(url: string, name: string): void {
    const key = keyOf(url, name);
    if (this.#closed || this.#spares.has(key)) return;
    const worker = new Worker(url, { type: "module", name });
    const spare: Spare = {
      worker,
      failed: false,
      onError: () => {
        // Its module did not load or threw as it ran: a trigger would fail in it.
        spare.failed = true;
        if (this.#spares.get(key) === spare) this.#spares.delete(key);
        worker.terminate();
      },
    };
    worker.addEventListener("error", (event) => event.preventDefault()); // never the page's uncaught error
    worker.addEventListener("error", spare.onError);
    this.#spares.set(key, spare);
  }

  /** No spare for `url` named `name`: its last worker failed, so the next trigger starts afresh. */
  drop(url: string, name: string): void {
    const key = keyOf(url, name);
    this.#spares.get(key)?.worker.terminate();
    this.#spares.delete(key);
  }

  /** Spares started and waiting (for tests). */
  get size(): number {
    return this.#spares.size;
  }

  /** Terminates every spare; none is started afterwards. */
  close(): void {
    this.#closed = true;
    for (const spare of this.#spares.values()) spare.worker.terminate();
    this.#spares.clear();
  }
}
