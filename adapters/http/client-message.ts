/**
 * A message as a get or browse answers it (client.ts): its body, read whole, and its
 * descriptor from the ibm-mq-md-* headers and (v3) its user properties from ibm-mq-usr.
 */
import { HEADER } from "./headers.js";

export type RestPropertyValue = string | number | boolean | null;

/** One user property as the server writes it in ibm-mq-usr (user-properties.ts: our JSON form). */
export interface RestProperty {
  name: string;
  value: RestPropertyValue;
  /** string, boolean, byte, short, int, long, float, double or null; inferred from the value when left out. */
  type?: string;
}

export class RestMessage {
  constructor(
    readonly headers: Headers,
    readonly body: Uint8Array,
  ) {}

  /** As the server writes it: 48 hex characters (v1, v2) or `ID:<hex>` (v3). */
  get messageId(): string {
    return this.headers.get(HEADER.messageId) ?? "";
  }

  /** "" when the message has none. */
  get correlationId(): string {
    return this.headers.get(HEADER.correlationId) ?? "";
  }

  /** v3 only; undefined from v1 and v2. */
  get priority(): number | undefined {
    const header = this.headers.get(HEADER.priority);
    return header === null || header === "" ? undefined : Number(header);
  }

  get persistent(): boolean {
    return this.headers.get(HEADER.persistence) === "persistent";
  }

  /** text/plain;charset=utf-8 for a text message (MQSTR), application/octet-stream for bytes. */
  get contentType(): string {
    return this.headers.get("content-type") ?? "";
  }

  /** The body as UTF-8 text. */
  get text(): string {
    return new TextDecoder().decode(this.body);
  }

  /** The user properties (v3), [] when there are none. */
  get properties(): RestProperty[] {
    const header = this.headers.get(HEADER.userProperties);
    return header ? (JSON.parse(header) as RestProperty[]) : [];
  }
}
