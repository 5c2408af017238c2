/**
 * How many bytes of message data a message is on the channel: its body as the wire carries it
 * (bytes as they are, text and JSON as UTF-8). BATCHLIM counts a batch in these, and DISPLAY
 * CHSTATUS's BYTSSENT and BYTSRCVD add them up (message data only: the frames' own headers and
 * the control frames are not counted, as the in-process transport has no bytes of its own).
 */
import { utf8Encode, type BodyFormat, type MessageBody } from "../../message/message.js";

export function messageBytes(message: { bodyFormat: BodyFormat; body: MessageBody }): number {
  const { body } = message;
  if (body instanceof Uint8Array) return body.byteLength;
  if (typeof body === "string") return utf8Encode(body).byteLength;
  return utf8Encode(JSON.stringify(body) ?? "").byteLength;
}
