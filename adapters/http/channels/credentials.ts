/**
 * A sending channel's credentials, given outside MQSC to whatever opens its queue manager
 * (`channelCredentials`): never in the catalogue, so never in a DISPLAY, a backup or an
 * MQSC dump. One entry per channel name: a bearer token, or a user and password of the
 * receiving server's REST API (MQ_TOKENS / MQ_USERS there), whose role must be MQWebAdmin or
 * MQWebChannel.
 */
export type ChannelCredential = { token: string } | { user: string; password: string };

export type ChannelCredentials = Readonly<Record<string, ChannelCredential>>;

/** The `auth` frame's credential fields for a channel; none when the channel has no entry (the partner then refuses it, 2035). */
export function authFields(
  credentials: ChannelCredentials | undefined,
  channel: string,
): { token: string } | { user: string; password: string } | Record<string, never> {
  const entry = credentials !== undefined && Object.hasOwn(credentials, channel) ? credentials[channel] : undefined;
  if (entry === undefined) return {};
  return "token" in entry ? { token: entry.token } : { user: entry.user, password: entry.password };
}
