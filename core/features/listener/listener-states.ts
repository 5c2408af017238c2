/**
 * The run state of LISTENER objects: what START and STOP LISTENER change and DISPLAY LSSTATUS
 * shows. No listener opens a socket here: the queue manager is reached over HTTP (and a
 * browser tab or an edge worker cannot listen on a TCP port at all), so RUNNING is a logical
 * state: the definition is accepted and reported as IBM's runmqsc would, and connections
 * keep arriving over the HTTP API. A setup script that defines and starts its listener then
 * runs to the end instead of failing on a command that could never mean anything here.
 *
 * As in MQ, a listener with CONTROL(QMGR) or CONTROL(STARTONLY) is running from the moment
 * the queue manager starts, and the state is not kept across a restart (the definition is).
 */
import type { ObjectCatalogue } from "../../objects/registry.js";

export interface ListenerStatus {
  /** When it started, ms since the epoch (LSSTATUS STARTDA and STARTTI). */
  startedAt: number;
  /** Whether it was started by the queue manager (CONTROL) or by START LISTENER. */
  startMode: "qmgr" | "manual";
}

export class ListenerStates {
  readonly #started = new Map<string, ListenerStatus>();
  readonly #stopped = new Set<string>();

  constructor(
    private readonly objects: ObjectCatalogue,
    private readonly queueManagerStartedAt: () => number,
  ) {}

  /** START LISTENER: running from now; undefined when it already runs (MQSC answers MQRCCF_LISTENER_STARTED). */
  start(name: string, now: number): ListenerStatus | undefined {
    if (this.status(name)) return undefined;
    const status: ListenerStatus = { startedAt: now, startMode: "manual" };
    this.#stopped.delete(name);
    this.#started.set(name, status);
    return status;
  }

  /** STOP LISTENER: false when it was not running (MQSC answers MQRCCF_LISTENER_STOPPED). */
  stop(name: string): boolean {
    if (!this.status(name)) return false;
    this.#started.delete(name);
    this.#stopped.add(name);
    return true;
  }

  /** The status of a running listener, undefined when it is not; MQRC_UNKNOWN_OBJECT_NAME when it is not defined. */
  status(name: string): ListenerStatus | undefined {
    const definition = this.objects.definitionOf("listener", name);
    const started = this.#started.get(name);
    if (started) return started;
    const control = definition.attributes.control;
    if (!this.#stopped.has(name) && (control === "queueManager" || control === "startOnly"))
      return { startedAt: this.queueManagerStartedAt(), startMode: "qmgr" };
    return undefined;
  }

  /** A deleted listener's state goes with it. */
  forget(name: string): void {
    this.#started.delete(name);
    this.#stopped.delete(name);
  }
}
