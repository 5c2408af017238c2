/** SUBID: MQ gives each subscription a 48-hex-digit id when it is made; ours is stable, from its name. */
import { fnv1a64 } from "../../base/hash.js";

export function subscriptionId(name: string): string {
  return [0, 1, 2].map((round) => fnv1a64(`${round}:${name}`)).join("");
}
