/**
 * A few random hex digits (upper case: they go into queue names), so that ids made by one
 * process differ from those of the process before it: connection ids, ack ids.
 */
export function randomHex(): string {
  return [...crypto.getRandomValues(new Uint8Array(4))].map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join("");
}
