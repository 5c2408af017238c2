/**
 * A trigger monitor, as IBM's runmqtrm: it holds an initiation queue open for input (so
 * trigger conditions that need a monitor are met, and DISPLAY QSTATUS shows its handle),
 * takes each trigger message, and starts the application its process names: in core, an
 * async function registered under the process's APPLICID, given the MQTM as an object and the
 * queue manager. A failing or unknown application is reported and counted; the monitor goes
 * on. Several monitors on one initiation queue share its trigger messages.
 */
import type { Clock } from "../../base/clock.js";
import { MQError } from "../../base/errors.js";
import type { QueueHandle } from "../../kernel/index.js";
import type { Message } from "../../message/message.js";
import { StopSignal } from "../jms/stop-signal.js";
import { decodeTriggerMessage, MQFMT_TRIGGER, type TriggerMessage } from "./trigger-message.js";

/** What an application started by a trigger gets: the MQTM's fields, and the queue manager's name. */
export type TriggerInfo = TriggerMessage & { queueManagerName: string };

export type TriggerApplication<Q> = (trigger: TriggerInfo, qm: Q) => unknown;

export interface TriggerMonitorOptions<Q> {
  /** The applications by APPLICID. */
  applications: Record<string, TriggerApplication<Q>>;
  /** Told of each trigger message that could not start its application, and each application that failed. */
  onError?: (error: unknown, trigger: TriggerInfo | undefined) => void;
}

export interface TriggerMonitorStats {
  /** Trigger messages taken off the initiation queue. */
  triggers: number;
  /** Applications started. */
  started: number;
  /** Trigger messages that named no registered application, were not MQTMs, or whose application failed. */
  failed: number;
}

export class TriggerMonitor<Q> {
  readonly #stats: TriggerMonitorStats = { triggers: 0, started: 0, failed: 0 };
  readonly #stop = new StopSignal();
  readonly #running = new Set<Promise<unknown>>();
  readonly #loop: Promise<void>;
  #closed = false;

  constructor(
    private readonly handle: QueueHandle,
    private readonly qm: Q & { readonly name: string },
    private readonly options: TriggerMonitorOptions<Q>,
    /** For the pause after a failed get. */
    private readonly clock: Clock,
  ) {
    this.#loop = this.#run();
  }

  get stats(): TriggerMonitorStats {
    return { ...this.#stats };
  }

  get initiationQueue(): string {
    return this.handle.queueName;
  }

  /** Stops taking trigger messages, lets started applications finish, closes the initiation queue. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stop.stop();
    await this.#loop;
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
    if (this.handle.isOpen) await this.handle.close().catch(() => undefined);
  }

  async #run(): Promise<void> {
    let failures = 0;
    while (!this.#closed) {
      let message: Message | null;
      try {
        message = await this.handle.get({ wait: Infinity, signal: this.#stop });
        failures = 0;
      } catch (error) {
        if (this.#closed) return;
        this.options.onError?.(error, undefined);
        // The initiation queue may be GET(DISABLED) for a while, or the queue manager closing.
        if (
          error instanceof MQError &&
          (error.reason === "MQRC_Q_MGR_STOPPING" || error.reason === "MQRC_Q_MGR_NOT_AVAILABLE" || error.reason === "MQRC_HOBJ_ERROR")
        )
          return;
        await this.#pause(Math.min(30_000, 100 * 2 ** Math.min(failures++, 8)));
        continue;
      }
      if (!message) continue;
      this.#stats.triggers++;
      this.#start(message);
    }
  }

  /** Waits `ms` on the clock, or until the monitor closes. */
  #pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        timer.cancel();
        this.#stop.removeEventListener("abort", done);
        resolve();
      };
      const timer = this.clock.setTimer(ms, done);
      this.#stop.addEventListener("abort", done);
    });
  }

  #start(message: Message): void {
    let trigger: TriggerInfo;
    try {
      if (message.format !== MQFMT_TRIGGER || !(message.body instanceof Uint8Array))
        throw new MQError(
          "MQRC_TM_ERROR",
          `a message on initiation queue ${this.handle.queueName} is not a trigger message (format ${JSON.stringify(message.format)})`,
        );
      trigger = { ...decodeTriggerMessage(message.body), queueManagerName: this.qm.name };
    } catch (error) {
      this.#stats.failed++;
      this.options.onError?.(error, undefined);
      return;
    }
    const application = Object.prototype.hasOwnProperty.call(this.options.applications, trigger.applicationId)
      ? this.options.applications[trigger.applicationId]
      : undefined;
    if (!application) {
      this.#stats.failed++;
      this.options.onError?.(
        new MQError(
          "MQRC_UNKNOWN_OBJECT_NAME",
          `no application is registered as ${JSON.stringify(trigger.applicationId)} (process ${trigger.processName}'s APPLICID) with the trigger monitor on ${this.handle.queueName}`,
        ),
        trigger,
      );
      return;
    }
    this.#stats.started++;
    const running = (async () => application(trigger, this.qm))().catch((error: unknown) => {
      this.#stats.failed++;
      this.options.onError?.(error, trigger);
    });
    this.#running.add(running);
    void running.finally(() => this.#running.delete(running));
  }
}
