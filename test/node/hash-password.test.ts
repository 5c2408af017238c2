/** `npm run hash-password` makes entries the server accepts, and the hashes are what they say. */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { QueueManager } from "../../core/index.js";
import { serveHttp } from "../../adapters/http/node-server.js";
import { hashPassword, parsePasswordHash, verifyPassword } from "../../adapters/http/index.js";

const script = (args: string[], input?: string) => execFileSync(process.execPath, ["scripts/hash-password.mjs", ...args], { input, encoding: "utf8" }).trim();

describe("npm run hash-password", () => {
  it("writes an MQ_USERS entry, from a password on standard input, that basic authentication accepts", async () => {
    const entry = script(["--user", "alice", "--role", "MQWebUser", "--iterations", "2000"], "correct horse\n");
    expect(entry).toMatch(/^alice:MQWebUser:pbkdf2-sha256\$2000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    const qm = await QueueManager.open({ name: "QM1" });
    const server = await serveHttp({ queueManagers: [qm], users: entry });
    try {
      const who = await fetch(`${server.url}/ibmmq/rest/v2/login`, { headers: { authorization: `Basic ${btoa("alice:correct horse")}` } });
      expect(await who.json()).toEqual({ user: [{ name: "alice", role: ["MQWebUser"] }] });
      const wrong = await fetch(`${server.url}/ibmmq/rest/v2/login`, { headers: { authorization: `Basic ${btoa("alice:correct horse\n")}` } });
      expect(wrong.status).toBe(401);
    } finally {
      await server.close();
      await qm.close();
    }
  });

  it("salts every hash, and verifies only the password it was made from", async () => {
    const first = script(["--iterations", "1000", "same"]);
    const second = await hashPassword("same", 1000);
    expect(first).not.toBe(second);
    for (const hash of [first, second]) {
      expect(await verifyPassword("same", parsePasswordHash(hash))).toBe(true);
      expect(await verifyPassword("Same", parsePasswordHash(hash))).toBe(false);
    }
  });

  it("refuses iterations Cloudflare's Web Crypto would refuse, and a role that is not mqweb's", () => {
    expect(() => script(["--iterations", "200000", "pw"])).toThrow();
    expect(() => script(["--user", "a", "--role", "Root", "pw"])).toThrow();
    expect(() => parsePasswordHash("pbkdf2-sha256$200000$c2FsdHNhbHQ=$" + "A".repeat(43) + "=")).toThrow(/100000/);
  });
});
