/**
 * What a connection of the MQI holds: its queue manager, its open objects, its unit of work
 * (begun by the first MQPMO_SYNCPOINT or MQGMO_SYNCPOINT call, ended by Cmit, Back or Disc), and a
 * chain that runs its verbs one after another, as IBM runs the calls on one hConn.
 */
import { MQError as CoreError, type BrowseCursor, type Property, type QueueHandle, type QueueManager, type UnitOfWork } from "../../core/index.js";
import { MQC_NUMBERS as N } from "../../core/features/mqi/mqc.js";
import { removeManagedDurable } from "../../core/manager/mqi-parts.js";
import { MQError, MQObject, MQQueueManager } from "./structures.js";

const registered = new Map<string, QueueManager>();
let defaultName: string | undefined;

/**
 * Makes `qm` reachable by Conn and Connx under its name (local bindings). The first one
 * registered, or one registered with `{ default: true }`, is the default queue manager that a
 * blank name connects to. Returns the function that takes it away again.
 */
export function registerQueueManager(qm: QueueManager, options: { default?: boolean } = {}): () => void {
  registered.set(qm.name, qm);
  if (options.default || defaultName === undefined) defaultName = qm.name;
  return () => unregisterQueueManager(qm.name);
}

/** Takes a queue manager's name away: later Conn calls for it fail with MQRC_Q_MGR_NAME_ERROR. */
export function unregisterQueueManager(name: string): void {
  registered.delete(name);
  if (defaultName === name) defaultName = registered.keys().next().value;
}

/** The registered queue manager of that name, or the default for a blank one. */
export function registeredQueueManager(name: string): QueueManager | undefined {
  const wanted = name.trim() === "" ? defaultName : name.trim();
  const qm = wanted === undefined ? undefined : registered.get(wanted);
  return qm && !qm.closed ? qm : undefined;
}

export interface ObjectState {
  object: MQObject;
  /** A queue, the queue manager, a topic opened for output (publishing), or a subscription Sub made. */
  kind: "queue" | "qmgr" | "topic" | "subscription";
  /** The queue's name; a topic's or a subscription's topic string. */
  queue: string;
  /** MQOD ObjectQMgrName, when the queue is at another queue manager. */
  remote: string | undefined;
  handle: QueueHandle | undefined;
  input: boolean;
  output: boolean;
  browse: boolean;
  inquire: boolean;
  /** Opened with MQOO_SET: Set may change its attributes. */
  set?: boolean;
  cursor: BrowseCursor | undefined;
  /** The asynchronous consumer Get started, stopped by GetDone. */
  consumer: { stop(): void } | undefined;
  /** A subscription's: its queue, whether durable (and its name), and how to end a non-durable one. */
  subscription?: {
    queue: string;
    durable: boolean;
    managed: boolean;
    name: string;
    unsubscribe?: (remove?: boolean) => void | Promise<void>;
    clientSubscription?: number;
  };
  /** A removed durable subscription's managed queue, deleted (with its messages) when closed. */
  removeWhenClosed?: boolean;
}

/** What MQSTS reports: the puts with MQPMO_ASYNC_RESPONSE since the last Stat. */
export interface AsyncPutCounts {
  success: number;
  warning: number;
  failure: number;
  last?: { mqcc: number; mqrc: number; queue: string; remote: string | undefined };
}

let nextHandle = 1;

export class ConnectionState {
  readonly objects = new Map<number, ObjectState>();
  /** The message handles CrtMh made: each one's properties, and InqMp's cursor (message-handles.ts). */
  readonly messageHandles = new Map<bigint, { properties: Property[]; cursor: number }>();
  readonly asyncPuts: AsyncPutCounts = { success: 0, warning: 0, failure: 0 };
  connected = true;
  suspended = false;
  #unit: UnitOfWork | undefined;
  #chain: Promise<unknown> = Promise.resolve();
  /** Verbs started and not yet finished (puts apart), puts started and not finished, and verbs waiting (serial). */
  #blocking = 0;
  #eager = 0;
  #waiting = 0;
  /** A failure of work a synchronous verb left running (a store write), told by the next verb. */
  #laterFailure: unknown;
  readonly #resumed = new Set<() => void>();

  constructor(
    readonly qm: QueueManager,
    readonly hConn: MQQueueManager,
    readonly applName: string,
    /** A client binding: its qm is a session to a server (client.ts), which offers only some verbs. */
    readonly client = false,
  ) {}

  static newHandle(): number {
    return nextHandle++;
  }

  /** The connection's unit of work, begun now if none is in flight. */
  unit(): UnitOfWork {
    if (this.#unit === undefined || this.#unit.state !== "active") this.#unit = this.qm.beginUnitOfWork();
    return this.#unit;
  }

  /** Puts whose message is not yet on its queue (a persistent one the store is writing). */
  #storing = 0;

  /** Counts a put as storing until `putting` settles; GetSync, finding nothing meanwhile, cannot say there is nothing. */
  storing<T>(putting: Promise<T>): Promise<T> {
    this.#storing++;
    return putting.finally(() => this.#storing--);
  }

  /** Whether a put of this connection is still being written to the store. */
  get putsStoring(): boolean {
    return this.#storing > 0;
  }

  /** Whether a unit of work is in flight. */
  get inUnit(): boolean {
    return this.#unit !== undefined && this.#unit.state === "active";
  }

  /** Ends the unit of work in flight, if any: commits it or backs it out. */
  async endUnit(commit: boolean): Promise<void> {
    const unit = this.#unit;
    this.#unit = undefined;
    if (unit === undefined || unit.state !== "active") return;
    if (commit) await unit.commit();
    else await unit.rollback();
  }

  /**
   * Runs `work` after every verb called before it on this connection has finished. With none
   * running or waiting it starts at once, in this very call: what a verb does before its first
   * await (a non-persistent put reaching its queue) is done when the verb returns, so a
   * synchronous verb called next (GetSync) sees it, as it would after IBM's call returned.
   * An `eager` verb (a put) is one whose effect is all in that first part: it also starts at
   * once while other eager verbs are still finishing (their effect is already there); every
   * other verb waits for all before it.
   */
  serial<T>(work: () => Promise<T> | T, eager = false): Promise<T> {
    if (this.#waiting === 0 && this.#blocking === 0 && (eager || this.#eager === 0)) return this.#start(work, eager);
    this.#waiting++;
    const run = this.#chain.then(() => {
      this.#waiting--;
      return this.#start(work, eager);
    });
    this.#chain = run.catch(() => undefined);
    return run;
  }

  #start<T>(work: () => Promise<T> | T, eager: boolean): Promise<T> {
    if (eager) this.#eager++;
    else this.#blocking++;
    let run: Promise<T>;
    try {
      const failure = this.#laterFailure;
      this.#laterFailure = undefined;
      if (failure !== undefined) throw failure;
      run = Promise.resolve(work());
    } catch (error) {
      run = Promise.reject(error);
    }
    // Counted down before the caller's callback runs, so a verb called from it starts at once.
    const done = run.finally(() => (eager ? this.#eager-- : this.#blocking--));
    this.#chain = Promise.all([this.#chain, done.catch(() => undefined)]);
    return done;
  }

  /** Whether a verb called earlier (other than a put) has not finished: a synchronous verb cannot wait for it. */
  get busy(): boolean {
    return this.#waiting > 0 || this.#blocking > 0;
  }

  /**
   * Work a synchronous verb leaves running (a persistent get's delete, an attribute's store
   * write): the connection's next verb waits for it, and fails with its error if it failed.
   */
  after(work: Promise<unknown>): void {
    void this.serial(
      () =>
        work.then(
          () => undefined,
          (error: unknown) => {
            this.#laterFailure = error;
          },
        ),
      true, // the synchronous verb's effect is already there: another synchronous verb may follow at once
    );
  }

  /** Resolves when Ctl resumes the connection's consumers (at once when they are not suspended). */
  whenResumed(): Promise<void> {
    if (!this.suspended) return Promise.resolve();
    return new Promise((resolve) => this.#resumed.add(resolve));
  }

  setSuspended(suspended: boolean): void {
    this.suspended = suspended;
    if (!suspended) {
      for (const resume of this.#resumed) resume();
      this.#resumed.clear();
    }
  }
}

const connections = new WeakMap<MQQueueManager, ConnectionState>();

export function attach(hConn: MQQueueManager, state: ConnectionState): void {
  connections.set(hConn, state);
}

/** The live connection of an hConn, or MQRC_HCONN_ERROR. */
export function connectionOf(hConn: unknown, verb: string): ConnectionState {
  const state = hConn instanceof MQQueueManager ? connections.get(hConn) : undefined;
  if (state === undefined || !state.connected) throw new MQError(N.MQCC_FAILED, N.MQRC_HCONN_ERROR, verb);
  if (state.qm.closed) throw new MQError(N.MQCC_FAILED, N.MQRC_CONNECTION_BROKEN, verb);
  return state;
}

/** The open object of an hObj and its connection, or MQRC_HOBJ_ERROR (MQRC_HCONN_ERROR once disconnected). */
export function objectOf(hObj: unknown, verb: string): { connection: ConnectionState; state: ObjectState } {
  if (!(hObj instanceof MQObject)) throw new MQError(N.MQCC_FAILED, N.MQRC_HOBJ_ERROR, verb);
  const connection = connectionOf(hObj._mqQueueManager, verb);
  const state = connection.objects.get(hObj._hObj);
  if (state === undefined) throw new MQError(N.MQCC_FAILED, N.MQRC_HOBJ_ERROR, verb);
  return { connection, state };
}

/** Any failure as `ibmmq`'s MQError: ours carry their reason code; anything else is MQRC_UNEXPECTED_ERROR. */
export function asMQError(error: unknown, verb: string): MQError {
  if (error instanceof MQError) return error;
  // By shape as well as by class: a host may load the core from another bundle than this entry's.
  if (error instanceof CoreError || isCoreError(error)) return new MQError(error.completionCode || N.MQCC_FAILED, error.reasonCode, verb);
  const failure = new MQError(N.MQCC_FAILED, N.MQRC_UNEXPECTED_ERROR, verb);
  (failure as { cause?: unknown }).cause = error;
  return failure;
}

/**
 * Closes an open object (MQCLOSE): its consumer and browse cursor end; a subscription's copies
 * stop (a durable one is kept unless MQCO_REMOVE_SUB removes it, and a managed one's queue with
 * it: at once, or when the program closes that queue if it still has it open); a temporary
 * dynamic queue, or one closed with MQCO_DELETE, is deleted.
 */
export async function closeObjectState(connection: ConnectionState, state: ObjectState, closeOptions: number): Promise<void> {
  const qm = connection.qm;
  state.consumer?.stop();
  state.cursor?.close();
  const subscription = state.subscription;
  if (subscription !== undefined) {
    const remove = (closeOptions & N.MQCO_REMOVE_SUB) !== 0;
    // Over a client binding, the server's answer (which removes a durable one for MQCO_REMOVE_SUB): no copy is put after Close returns.
    await subscription.unsubscribe?.(remove);
    if (subscription.durable && remove && subscription.clientSubscription === undefined) {
      if (!subscription.managed) await qm.deleteObject("subscription", subscription.name);
      else {
        const queueStillOpen = [...connection.objects.values()].find(
          (other) => other !== state && other.kind === "queue" && other.queue === subscription.queue,
        );
        if (queueStillOpen === undefined) await removeManagedDurable(qm, subscription.name);
        else {
          await qm.deleteObject("subscription", subscription.name);
          queueStillOpen.removeWhenClosed = true;
        }
      }
    }
  }
  await state.handle?.close({ deleteQueue: (closeOptions & (N.MQCO_DELETE | N.MQCO_DELETE_PURGE)) !== 0 });
  if (state.removeWhenClosed && qm.hasQueue(state.queue)) await qm.deleteObject("localQueue", state.queue, { purge: true });
}

function isCoreError(error: unknown): error is CoreError {
  return error instanceof Error && error.name === "MQError" && typeof (error as CoreError).reasonCode === "number";
}
