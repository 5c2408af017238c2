/**
 * Channel events (IBM's "Channel events"), put on SYSTEM.ADMIN.CHANNEL.EVENT as PCF messages
 * (format MQEVENT; events/channel-event-pcf.ts) when the queue manager's CHLEV says so:
 * ENABLED raises them all, EXCEPTION only Channel Stopped with a qualifier other than OK and
 * Channel Stopped By User, DISABLED (the default) none.
 *
 * - Channel Started: a session begins (a sender or requester connected, a partner's connection
 *   accepted by a receiving channel or a server); here at the connection, before the
 *   resynchronisation IBM waits for.
 * - Channel Stopped: that session ended, qualified OK (ended normally: DISCINT, the partner's
 *   close), RETRY (RETRYING now), DISABLED (STOPPED by the operator or out of retries), or ERROR
 *   (ended with an error, neither stopped nor retrying: a receiver whose link broke).
 * - Channel Stopped By User: STOP CHANNEL.
 *
 * An event that cannot be put (no such queue, full, put-inhibited) is lost, as IBM loses it;
 * the channel never waits for it.
 */
import { MQRC } from "../../base/errors.js";
import { CHANNEL_EVENT_QUEUE, encodeChannelEvent, type ChannelEvent, type ChannelStoppedQualifier } from "../events/channel-event-pcf.js";
import { MQFMT_EVENT } from "../events/performance-event-pcf.js";
import type { ChannelHost } from "./host.js";
import { SENDING_TYPES, channelTypeOf } from "./settings.js";
import type { ChannelStatus } from "./status.js";

export class ChannelEvents {
  constructor(private readonly host: ChannelHost) {}

  started(channel: string): void {
    this.#raise({ event: "started", channel, ...this.#where(channel) }, true);
  }

  /** A session that was started has ended, with `shown` as it ended; `byOperator`: STOP CHANNEL stopped it. */
  stopped(channel: string, shown: ChannelStatus | undefined, byOperator: boolean): void {
    const qualifier: ChannelStoppedQualifier =
      byOperator || (shown?.status === "stopped" && /no retries left/.test(shown.reason ?? ""))
        ? "disabled"
        : shown?.status === "retrying"
          ? "retry"
          : shown?.status === "stopped" && shown.reason
            ? "error"
            : "ok";
    const reason = /^(MQRC_[A-Z0-9_]+)/.exec(shown?.reason ?? "")?.[1];
    const errorIdentifier = reason ? (MQRC[reason as keyof typeof MQRC] ?? 0) : 0;
    this.#raise({ event: "stopped", channel, qualifier, errorIdentifier, errorText: reason ?? "", ...this.#where(channel) }, qualifier === "ok");
  }

  stoppedByUser(channel: string): void {
    this.#raise({ event: "stoppedByUser", channel, qualifier: "disabled" }, false);
  }

  #where(channel: string): Pick<ChannelEvent, "transmissionQueue" | "connectionName"> {
    const attributes = this.host.channel(channel);
    const sending = SENDING_TYPES.has(channelTypeOf(attributes));
    return {
      connectionName: String(attributes?.connectionName ?? ""),
      ...(sending ? { transmissionQueue: String(attributes?.transmissionQueue ?? "") } : {}),
    };
  }

  /** `routine`: raised only under CHLEV(ENABLED), not EXCEPTION. */
  #raise(event: Omit<ChannelEvent, "queueManager">, routine: boolean): void {
    const attributes = this.host.queueManagerAttributes();
    const level = String(attributes.channelEvent ?? "disabled");
    if (level === "disabled" || (routine && level !== "enabled")) return;
    let data: Uint8Array;
    try {
      data = encodeChannelEvent({ ...event, queueManager: this.host.name }, Number(attributes.codedCharacterSetId ?? 819));
    } catch {
      return; // a name longer than IBM's field: the event is lost, the channel goes on
    }
    void Promise.resolve()
      .then(() => this.host.put(CHANNEL_EVENT_QUEUE, { body: data, bodyFormat: "bytes", messageType: "datagram" }, { context: { format: MQFMT_EVENT } }))
      .catch(() => undefined);
  }
}
