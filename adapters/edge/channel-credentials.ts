/**
 * The credentials the edge's sending channels give partners outside the Worker:
 * `MQ_CHANNEL_CREDENTIALS`, a secret holding JSON `{ "CHANNEL.NAME": { "token": "..." } }` or
 * `{ "CHANNEL.NAME": { "user": "...", "password": "..." } }`, never in MQSC, so never in a
 * DISPLAY. Channels between queue managers of this Worker need none.
 */
import { ConfigurationError, type ChannelCredential, type ChannelCredentials } from "../http/index.js";

export function parseChannelCredentials(value: string | undefined): ChannelCredentials {
  if (value === undefined || value.trim() === "") return {};
  const fail = (why: string): never => {
    throw new ConfigurationError(
      "MQ_CHANNEL_CREDENTIALS",
      `MQ_CHANNEL_CREDENTIALS ${why}: give JSON {"CHANNEL": {"token": "..."}} or {"CHANNEL": {"user": "...", "password": "..."}}`,
    );
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return fail("is not JSON");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return fail("is not an object");
  const credentials: Record<string, ChannelCredential> = {};
  for (const [channel, entry] of Object.entries(parsed)) {
    const { token, user, password } = (entry ?? {}) as { token?: unknown; user?: unknown; password?: unknown };
    if (typeof token === "string") credentials[channel] = { token };
    else if (typeof user === "string" && typeof password === "string") credentials[channel] = { user, password };
    else fail(`gives channel ${channel} neither a token nor a user and password`);
  }
  return credentials;
}
