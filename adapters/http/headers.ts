/** The ibm-mq-* header names, as IBM spells them (HTTP matches them case-insensitively). */
export const HEADER = {
  messageId: "ibm-mq-md-messageId",
  correlationId: "ibm-mq-md-correlationId",
  expiry: "ibm-mq-md-expiry",
  persistence: "ibm-mq-md-persistence",
  replyTo: "ibm-mq-md-replyTo",
  /** REST API v3 only. */
  priority: "ibm-mq-md-priority",
  /** REST API v3 only: user properties (syntax in user-properties.ts). */
  userProperties: "ibm-mq-usr",
} as const;

/** IBM's CSRF header: POST, PATCH and DELETE must carry it, with any value (csrf.ts). */
export const CSRF_HEADER = "ibm-mq-rest-csrf-token";

/** The login session's cookie (security/session-cookie.ts), by IBM's name for mqweb's LTPA token. */
export const SESSION_COOKIE = "LtpaToken2";

/** Headers a v1 or v2 request may not carry. */
export const V3_ONLY_HEADERS: readonly string[] = [HEADER.priority, HEADER.userProperties];
