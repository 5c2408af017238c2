/// <reference lib="webworker" />
// The triggering tutorial's application: a process's APPLICID is this module's URL, so the
// page's trigger monitor (startWorkerTriggerMonitor) starts it as a Web Worker for each trigger
// message. As seed 002 advises, it drains the triggered queue with a wait interval and ends.
import { runTriggeredApplication } from "../adapters/worker/triggered-application.js";

runTriggeredApplication(async (trigger, qm) => {
  for (let m = await qm.get(trigger.queueName, { wait: 500 }); m; m = await qm.get(trigger.queueName, { wait: 500 })) {
    await qm.put("TRIG.WORKER.DONE", { body: `${String(m.body)}, handled by the Web Worker "${self.name}"` });
  }
});
