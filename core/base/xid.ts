/** An XA transaction id as the product takes it: a string of 1 to 256 characters (XA's XID is at most 128 bytes of gtrid and bqual, which clients spell as text). */
import { MQError } from "./errors.js";

export function checkXid(xid: unknown): string {
  if (typeof xid !== "string" || xid.length === 0 || xid.length > 256) throw new MQError("MQRC_OPTIONS_ERROR", "an xid is a string of 1 to 256 characters");
  return xid;
}
