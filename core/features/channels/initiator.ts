/**
 * The channel initiator (IBM's runmqchi): it holds SYSTEM.CHANNEL.INITQ open for input, so a
 * transmission queue with TRIGGER and INITQ(SYSTEM.CHANNEL.INITQ) makes trigger messages there
 * (features/triggers), and starts the channel each one names: TRIGDATA, else the process's
 * USERDATA, else the one sending channel whose XMITQ is the triggering queue (IBM's order).
 * A channel its operator stopped is not started by a trigger, as IBM's is not; one already
 * running is left as it is. With DISCINT the channel ends when idle, and the next message put
 * (depth 0 to 1, TRIGTYPE FIRST) starts it again.
 */
import { MQError } from "../../base/errors.js";
import type { QueueHandle } from "../../kernel/index.js";
import type { Attributes } from "../../objects/definitions.js";
import { StopSignal } from "../jms/stop-signal.js";
import { decodeTriggerMessage, MQFMT_TRIGGER } from "../triggers/trigger-message.js";

export const CHANNEL_INITIATION_QUEUE = "SYSTEM.CHANNEL.INITQ";

export interface InitiatorHost {
  /** The channels defined here, to find one by its XMITQ. */
  channels(): { name: string; attributes: Attributes }[];
  /** Whether STOP CHANNEL stopped the channel (a trigger does not start it then). */
  stopped(channel: string): boolean;
  /** Starts the channel as START CHANNEL does. */
  start(channel: string): void;
}

export class ChannelInitiator {
  readonly #stop = new StopSignal();
  /** What it could not do (a trigger message naming no channel defined here), the last few: there is no error log yet. */
  readonly reports: string[] = [];
  readonly #loop: Promise<void>;

  constructor(
    private readonly handle: QueueHandle,
    private readonly host: InitiatorHost,
  ) {
    this.#loop = this.#run();
  }

  async close(): Promise<void> {
    this.#stop.stop();
    await this.#loop;
    if (this.handle.isOpen) await this.handle.close().catch(() => undefined);
  }

  async #run(): Promise<void> {
    while (!this.#stop.aborted) {
      let message;
      try {
        message = await this.handle.get({ wait: Infinity, signal: this.#stop });
      } catch {
        return; // the queue manager is closing, or the initiation queue went away: the initiator ends with it
      }
      if (!message) continue;
      if (message.format !== MQFMT_TRIGGER || !(message.body instanceof Uint8Array)) {
        this.#report(`a message on ${CHANNEL_INITIATION_QUEUE} is not a trigger message (format ${JSON.stringify(message.format)})`);
        continue;
      }
      try {
        const trigger = decodeTriggerMessage(message.body);
        const channel = trigger.triggerData.trim() || trigger.userData.trim() || this.#channelServing(trigger.queueName.trim());
        if (!channel) throw new MQError("MQRC_UNKNOWN_OBJECT_NAME", `no channel sends from transmission queue ${trigger.queueName.trim()}`);
        if (!this.host.channels().some((c) => c.name === channel))
          throw new MQError("MQRC_UNKNOWN_OBJECT_NAME", `a trigger message names channel ${channel}, not defined here`);
        if (!this.host.stopped(channel)) this.host.start(channel);
      } catch (error) {
        this.#report(error instanceof Error ? error.message : String(error));
      }
    }
  }

  #report(text: string): void {
    this.reports.push(text);
    if (this.reports.length > 20) this.reports.shift();
  }

  /** The one sending channel whose XMITQ is `queue`; none when there are none, or several to choose from. */
  #channelServing(queue: string): string | undefined {
    const serving = this.host
      .channels()
      .filter(
        (c) => (c.attributes.channelType === "sender" || c.attributes.channelType === "server") && String(c.attributes.transmissionQueue ?? "") === queue,
      );
    return serving.length === 1 ? serving[0]!.name : undefined;
  }
}
