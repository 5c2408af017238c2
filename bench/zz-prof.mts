import { Session } from "node:inspector/promises";
import { writeFileSync } from "node:fs";
import { QueueManager } from "../core/index.js";
const BODY = "x".repeat(1024);
const qm = await QueueManager.open({ name: "B" });
for (let r = 0; r < 3; r++) { for (let i = 0; i < 100000; i++) { await qm.put("DEV.QUEUE.1", { body: BODY, persistent: false }); await qm.get("DEV.QUEUE.1"); } }
const s = new Session(); s.connect(); await s.post("Profiler.enable"); await s.post("Profiler.start");
const t = performance.now();
for (let i = 0; i < 300000; i++) { await qm.put("DEV.QUEUE.1", { body: BODY, persistent: false }); await qm.get("DEV.QUEUE.1"); }
console.log("pairs/s", (300000 / ((performance.now() - t) / 1000)).toFixed(0));
const { profile } = await s.post("Profiler.stop");
writeFileSync("/tmp/np.cpuprofile", JSON.stringify(profile));
