/**
 * A POST's body as a message body, chosen by its Content-Type.
 *
 * IBM's API takes text only: text/plain, text/html, text/xml, application/xml and
 * application/json, in UTF-8, all alike, as text (MQSTR): it never parses a body, so a body
 * that says it is JSON and is not is a message like any other (IBM's own Go sample sends
 * such bodies). We do the same, and keep the media type with the message so a get answers
 * with the type it was put with, byte for byte.
 *
 * application/octet-stream is our extension: IBM's API has no binary bodies, but a queue
 * here also serves the browser and edge clients, which put bytes.
 */
import type { BodyFormat, MessageBody } from "../../core/index.js";
import { utf8Decode } from "../../core/internal.js";
import { badMqscRequest, cannotCreateMessage, unacceptableCharset, unsupportedMediaType } from "./errors.js";

export const TEXT_MEDIA_TYPES: ReadonlySet<string> = new Set(["text/plain", "text/html", "text/xml", "application/xml"]);
export const JSON_MEDIA_TYPE = "application/json";
export const BYTES_MEDIA_TYPE = "application/octet-stream";

export interface PutBody {
  body: MessageBody;
  bodyFormat: BodyFormat;
  /** The media type without parameters, lowercase: what a get answers with. */
  contentType: string;
}

export async function readPutBody(request: Request): Promise<PutBody> {
  const header = request.headers.get("content-type") ?? undefined;
  const { mediaType, charset } = parseContentType(header);
  const isText = TEXT_MEDIA_TYPES.has(mediaType) || mediaType === JSON_MEDIA_TYPE;
  if (!isText && mediaType !== BYTES_MEDIA_TYPE) throw unsupportedMediaType(header);

  const bytes = new Uint8Array(await request.arrayBuffer());
  if (mediaType === BYTES_MEDIA_TYPE) return { body: bytes, bodyFormat: "bytes", contentType: mediaType };

  if (charset !== undefined && charset !== "utf-8") throw unacceptableCharset(charset);
  let text: string;
  try {
    text = utf8Decode(bytes);
  } catch {
    throw cannotCreateMessage("the body is not valid UTF-8");
  }
  // JSON is text that says it is JSON: kept as it came, never parsed.
  return { body: text, bodyFormat: "text", contentType: mediaType };
}

/** `type/subtype; charset=...` → the lowercase media type and charset (unquoted, lowercase). */
export function parseContentType(header: string | undefined): { mediaType: string; charset: string | undefined } {
  if (header === undefined) return { mediaType: "", charset: undefined };
  const [type = "", ...parameters] = header.split(";");
  let charset: string | undefined;
  for (const parameter of parameters) {
    const eq = parameter.indexOf("=");
    if (eq < 0 || parameter.slice(0, eq).trim().toLowerCase() !== "charset") continue;
    charset = parameter
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .toLowerCase();
  }
  return { mediaType: type.trim().toLowerCase(), charset };
}

/** An admin request's JSON body (MQSC, crtmqm): application/json in UTF-8, else 415/400 with the reason. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const header = request.headers.get("content-type") ?? undefined;
  const { mediaType, charset } = parseContentType(header);
  if (mediaType !== JSON_MEDIA_TYPE) throw unsupportedMediaType(header, "application/json");
  if (charset !== undefined && charset !== "utf-8") throw unacceptableCharset(charset);
  let text: string;
  try {
    text = utf8Decode(new Uint8Array(await request.arrayBuffer()));
  } catch {
    throw badMqscRequest("The body is not valid UTF-8.", "MQRC_FORMAT_ERROR");
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badMqscRequest("The body is not valid JSON.", "MQRC_FORMAT_ERROR");
  }
}
