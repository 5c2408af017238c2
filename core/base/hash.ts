/** FNV-1a, 64 bits, as 16 upper-case hex digits: a stable name for something made from text (a managed queue, a subscription id). */
export function fnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const c of text) {
    hash ^= BigInt(c.codePointAt(0)!);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).toUpperCase().padStart(16, "0");
}
