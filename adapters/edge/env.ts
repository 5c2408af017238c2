/** The bindings and variables the edge worker expects (see wrangler.toml). */
export interface EdgeEnv {
  QUEUE_MANAGERS: DurableObjectNamespace;
  /** Bearer tokens accepted by the REST API: comma- or whitespace-separated. */
  MQ_TOKENS?: string;
}

export function parseTokens(value: string | undefined): string[] {
  return (value ?? "").split(/[\s,]+/).filter((token) => token.length > 0);
}
