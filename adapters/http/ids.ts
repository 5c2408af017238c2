/**
 * API versions and how each writes message and correlation ids. v1 and v2 write an id as
 * 48 hexadecimal characters; v3 prefixes it with "ID:", and also takes a correlation id
 * that is application text (IBM makes such a message a JMS TextMessage; we store the
 * text's UTF-8 bytes, zero-padded, as MQ does with JMSCorrelationID, and keep the text, which
 * v3 answers back as it was written).
 */
import { MQError, correlationIdFromText } from "../../core/index.js";

export type ApiVersion = "v1" | "v2" | "v3";

const HEX_ID = /^[0-9a-fA-F]{48}$/;
const ENCODED_ID_PREFIX = "ID:";

/** An id as this version writes it in headers and JSON. */
export function formatId(version: ApiVersion, hex: string): string {
  return version === "v3" ? ENCODED_ID_PREFIX + hex : hex;
}

/**
 * The correlation id as `version` writes it: in v3, the application's text when it gave text
 * (IBM answers an application-specific id as it was written), else ID: and the hex.
 */
export function formatCorrelationId(version: ApiVersion, message: { correlationId: string; correlationIdText?: string }): string {
  const text = message.correlationIdText;
  // Text another client put through core may not be a header value (a line break, a
  // character beyond Latin-1): then the bytes, which always are, so a get never fails on it.
  if (version === "v3" && text !== undefined && HEADER_SAFE_TEXT.test(text)) return text;
  return formatId(version, message.correlationId);
}

/** Visible Latin-1, inner spaces allowed: what a header carries unchanged. */
const HEADER_SAFE_TEXT = /^[\x21-\x7e\xa0-\xff](?:[\x20-\x7e\xa0-\xff]*[\x21-\x7e\xa0-\xff])?$/;

/** Whether a v3 correlation id is application text rather than ID: and hex. */
export function isApplicationCorrelationId(version: ApiVersion, value: string): boolean {
  return version === "v3" && stripPrefix(value) === undefined;
}

/** A message id as a client writes it, as lowercase hex; undefined when it is not valid for `version`. */
export function parseMessageId(version: ApiVersion, value: string): string | undefined {
  const hex = version === "v3" ? stripPrefix(value) : value;
  return hex !== undefined && HEX_ID.test(hex) ? hex.toLowerCase() : undefined;
}

/** A correlation id as a client writes it, as lowercase hex; undefined when it is not valid for `version`. */
export function parseCorrelationId(version: ApiVersion, value: string): string | undefined {
  if (version !== "v3") return HEX_ID.test(value) ? value.toLowerCase() : undefined;
  const hex = stripPrefix(value);
  if (hex !== undefined) return HEX_ID.test(hex) ? hex.toLowerCase() : undefined;
  try {
    return correlationIdFromText(value);
  } catch (error) {
    if (error instanceof MQError) return undefined; // longer than 24 bytes
    throw error;
  }
}

export function describeIdFormat(version: ApiVersion, what: "message" | "correlation"): string {
  if (version !== "v3") return `a ${what} id is 48 hexadecimal characters (24 bytes)`;
  if (what === "message") return "a message id is ID: followed by 48 hexadecimal characters";
  return "a correlation id is ID: followed by 48 hexadecimal characters, or application text of at most 24 UTF-8 bytes";
}

function stripPrefix(value: string): string | undefined {
  return value.startsWith(ENCODED_ID_PREFIX) ? value.slice(ENCODED_ID_PREFIX.length) : undefined;
}
