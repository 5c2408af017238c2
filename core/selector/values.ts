/** The values a selector compares: what a message's headers and properties give it (message-fields.ts). */
export type SelectorValue = string | number | bigint | boolean | null;

/** A message's field by name (a header such as JMSPriority, or a property); undefined when it has none. */
export type FieldLookup = (name: string) => SelectorValue | undefined;

/** A bigint that a number holds exactly becomes that number: faster, and equal either way. */
export function narrow(value: bigint): number | bigint {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}
