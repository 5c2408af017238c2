/** What DISPLAY CHSTATUS shows of a channel's agent (IBM's names: MSGS, BATCHES, LSTSEQNO, LSTLUWID, CURSEQNO, INDOUBT). */
import type { ChannelState } from "../../kernel/index.js";

export interface ChannelStatus {
  channel: string;
  role: "sender" | "receiver";
  /** INACTIVE: ended normally (DISCINT, or its partner's), shown by DISPLAY CHSTATUS as no current status. */
  status: ChannelState | "inactive";
  /** Messages sent or received since the channel started (MSGS). */
  messages: number;
  batches: number;
  /** The last committed batch's last sequence number and LUWID (LSTSEQNO, LSTLUWID). */
  lastSeq: number;
  lastLuwid: string;
  /** The sequence number of the last message sent or received (CURSEQNO). */
  currentSeq: number;
  /** A batch sent, not yet confirmed (INDOUBT). */
  inDoubt: boolean;
  /** Why the channel stopped or retries, an MQRC name and text, when it did. */
  reason?: string;
  /** Attempts to connect left at SHORTTMR and at LONGTMR intervals (SHORTRTS, LONGRTS), for a channel that dials. */
  shortRetriesLeft?: number;
  longRetriesLeft?: number;
  /** What the agent is doing now (SUBSTATE): MQGET, SEND, RECEIVE, SYNCPOINT, RESYNCH, MQPUT, NETCONNECT, or "" when between. */
  substate: string;
  /** Message data sent and received, in bytes (BYTSSENT, BYTSRCVD). */
  bytesSent: number;
  bytesReceived: number;
  /** When the last message was sent or received, ms (LSTMSGDA, LSTMSGTI); 0 before the first. */
  lastMessageAt: number;
  /** HBINT as negotiated with the partner at start, seconds (the larger of the two ends'); 0 none; absent before a start. */
  heartbeatInterval?: number;
}

export function freshStatus(channel: string, role: ChannelStatus["role"], lastSeq: number, lastLuwid: string): ChannelStatus {
  return {
    channel,
    role,
    status: "running",
    messages: 0,
    batches: 0,
    lastSeq,
    lastLuwid,
    currentSeq: lastSeq,
    inDoubt: false,
    substate: "",
    bytesSent: 0,
    bytesReceived: 0,
    lastMessageAt: 0,
  };
}
