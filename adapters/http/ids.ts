/**
 * API versions and how each writes message and correlation ids. v1 and v2 write an id as
 * 48 hexadecimal characters; v3 prefixes it with "ID:", and also takes a correlation id
 * that is application text (IBM makes such a message a JMS TextMessage; we store the
 * text's UTF-8 bytes, zero-padded, as MQ does with JMSCorrelationID).
 */
import { MQError, correlationIdFromText } from "../../core/index.js";

export type ApiVersion = "v1" | "v2" | "v3";

const HEX_ID = /^[0-9a-fA-F]{48}$/;
const ENCODED_ID_PREFIX = "ID:";

/** An id as this version writes it in headers and JSON. */
export function formatId(version: ApiVersion, hex: string): string {
  return version === "v3" ? ENCODED_ID_PREFIX + hex : hex;
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
