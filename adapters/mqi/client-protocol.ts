/**
 * The MQI client session's frames on the wire: what an `ibmmq` client binding (client.ts) and
 * the server's session (adapters/http/mqi-client) say to each other over one WebSocket at
 * `/ibmmq/client`, subprotocol `webmq.mqi.v1`. One frame is one binary message in the channels'
 * style (core/features/channels/wire-codec.ts): `u32 header length (big-endian) | header | body`,
 * the header UTF-8 JSON, the body a message's bytes when it has bytes (no base64).
 *
 * A put or get under syncpoint names the client's unit of work (`unit`, a number the client
 * chose; none: the connection's one unit), which `commit` or `rollback` with that number ends: a
 * client may hold a unit of its own beside the application's (a get taken so that it can be
 * given back, get-async.ts).
 *
 * `inquire` asks MQINQ's selectors of the queue manager or of a queue (authority INQ on it);
 * `set` is MQSET of a queue's attributes (authority SET on it). `publish` puts to a topic (PUB);
 * `sub` is MQSUB with the MQSD's options and names (SUB on the topic to create or alter, RESUME
 * to resume a durable one): to a queue the connection opened for input (`handle`) or to a managed
 * queue the server opens for it (its handle in the answer); `unsub` ends the connection's use of
 * it (with `remove`, MQCO_REMOVE_SUB: a durable one is deleted), `subrq` sends the topic's
 * retained publication to it again (`count`: how many). `topic` resolves a TOPIC object's name and
 * an object string to the full topic string (MQOPEN of a topic for output).
 *
 * Requests carry an `id`, answered by a frame with the same `id`: `ok` with the result, or
 * `error` with the reason name and text. The first request must be `conn` (the channel, the
 * queue manager, the MQCSP user and password); nothing else is answered before it.
 * Platform-neutral: both ends use it. Everything decoded is checked; a frame that cannot be
 * read is MQRC_FORMAT_ERROR.
 */
import { MQError, type Message, type PutMessage, type PutResult } from "../../core/index.js";
import { utf8Decode, utf8Encode } from "../../core/message/message.js";
import { loadProperties, storeProperties, type StoredProperty } from "../../core/message/properties.js";

export const MQI_CLIENT_SUBPROTOCOL = "webmq.mqi.v1";
export const MQI_CLIENT_PATH = "/ibmmq/client";

/** What a client asks. `message` travels in the header without its bytes body (which follows it). */
export type ClientRequest = { id: number } & (
  | { op: "conn"; channel: string; queueManager: string; applName: string; user?: string; password?: string }
  | { op: "open"; queue: string; queueManager?: string; input: boolean; output: boolean; browse: boolean; dynamicQueueName?: string }
  | { op: "close"; handle: number; deleteQueue: boolean }
  | { op: "put"; queue: string; queueManager?: string; syncpoint: boolean; unit?: number; messageId?: string; format?: string; message: PutMessage }
  | { op: "get"; queue: string; wait: number | null; syncpoint: boolean; unit?: number; messageId?: string; correlationId?: string }
  | { op: "cancel"; request: number }
  | { op: "browse"; queue: string }
  | { op: "browseNext"; cursor: number }
  | { op: "browseClose"; cursor: number }
  | { op: "commit"; unit?: number }
  | { op: "rollback"; unit?: number; countBackout?: boolean }
  | { op: "inquire"; target: "qmgr" | "queue"; queue: string; selectors: number[] }
  | { op: "set"; queue: string; changes: { selector: number; value: unknown }[] }
  | { op: "publish"; topic: string; syncpoint: boolean; unit?: number; retain: boolean; message: PutMessage }
  | {
      op: "sub";
      /** MQSD's Options (MQSO_*), its ObjectName, ObjectString (`topic`), SubName (`name`) and SelectionString. */
      options: number;
      objectName?: string;
      topic?: string;
      name?: string;
      selector?: string;
      /** The queue the connection opened for the publications; none with MQSO_MANAGED. */
      handle?: number;
    }
  | { op: "unsub"; subscription: number; remove?: boolean }
  | { op: "subrq"; subscription: number }
  | { op: "topic"; objectName?: string; topic?: string }
);

/** The server's answer to request `id`. */
export type ClientAnswer =
  | {
      id: number;
      ok: true;
      queueManager?: string;
      handle?: number;
      queueName?: string;
      cursor?: number;
      result?: PutResult;
      message?: Message | null;
      /** MQINQ's values, one per selector. */
      values?: (string | number)[];
      /** A subscription made or resumed (`sub`), and the topic string it is on. */
      subscription?: number;
      topic?: string;
      /** Subscriptions a publication reached; retained publications sent again. */
      count?: number;
    }
  | { id: number; ok: false; reason: string; text: string };

export type ClientFrame = ClientRequest | ClientAnswer;

const HEADER_LENGTH_BYTES = 4;

/** A frame as one binary message: a message's bytes body after the header, its properties stored as the store keeps them. */
export function encodeClientFrame(frame: ClientFrame): Uint8Array {
  let body: Uint8Array | undefined;
  let header: unknown = frame;
  const message = (frame as { message?: PutMessage | Message | null }).message;
  if (message) {
    const { body: messageBody, properties, ...rest } = message as Message;
    const bytes = messageBody instanceof Uint8Array;
    if (bytes) body = messageBody;
    header = { ...frame, message: { ...rest, properties: storeProperties(properties ?? []), ...(bytes ? { bodyBytes: true } : { body: messageBody }) } };
  }
  const headerBytes = utf8Encode(JSON.stringify(header));
  const out = new Uint8Array(HEADER_LENGTH_BYTES + headerBytes.byteLength + (body?.byteLength ?? 0));
  new DataView(out.buffer).setUint32(0, headerBytes.byteLength, false);
  out.set(headerBytes, HEADER_LENGTH_BYTES);
  if (body) out.set(body, HEADER_LENGTH_BYTES + headerBytes.byteLength);
  return out;
}

const OPS = new Set([
  "conn",
  "open",
  "close",
  "put",
  "get",
  "cancel",
  "browse",
  "browseNext",
  "browseClose",
  "commit",
  "rollback",
  "inquire",
  "set",
  "publish",
  "sub",
  "unsub",
  "subrq",
  "topic",
]);

/** The frame a binary message holds; MQRC_FORMAT_ERROR when it holds none. */
export function decodeClientFrame(data: Uint8Array | ArrayBuffer | string): ClientFrame {
  if (typeof data === "string") refuse("it came as text, not as a binary message");
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.byteLength < HEADER_LENGTH_BYTES) refuse(`${bytes.byteLength} bytes are too few for a frame`);
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, false);
  if (headerLength > bytes.byteLength - HEADER_LENGTH_BYTES)
    refuse(`its header says ${headerLength} bytes, and ${bytes.byteLength - HEADER_LENGTH_BYTES} follow`);
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(utf8Decode(bytes.subarray(HEADER_LENGTH_BYTES, HEADER_LENGTH_BYTES + headerLength))) as Record<string, unknown>;
  } catch {
    refuse("its header is not UTF-8 JSON");
  }
  if (header === null || typeof header !== "object" || Array.isArray(header)) refuse("its header is not an object");
  if (!Number.isSafeInteger(header.id)) refuse("it has no request id");
  if (!("ok" in header) && !(typeof header.op === "string" && OPS.has(header.op))) refuse(`its op ${JSON.stringify(header.op)} is not an MQI request`);
  const rest = bytes.subarray(HEADER_LENGTH_BYTES + headerLength);
  const message = header.message as Record<string, unknown> | null | undefined;
  if (message !== undefined && message !== null) {
    if (typeof message !== "object" || Array.isArray(message)) refuse("its message is not an object");
    const { bodyBytes, ...fields } = message;
    if (!Array.isArray(fields.properties)) refuse("its message's properties are not a list");
    if (bodyBytes !== true && rest.byteLength > 0) refuse(`${rest.byteLength} bytes follow a message whose body is in its header`);
    header.message = { ...fields, properties: loadProperties(fields.properties as StoredProperty[]), body: bodyBytes === true ? rest.slice() : fields.body };
  } else if (rest.byteLength > 0) refuse(`${rest.byteLength} bytes follow a frame that carries no message`);
  return header as unknown as ClientFrame;
}

function refuse(problem: string): never {
  throw new MQError("MQRC_FORMAT_ERROR", `an MQI client frame that cannot be read: ${problem}`);
}
