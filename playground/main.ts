/**
 * The playground page: mounts the workbench at once (the switch between queue managers, the
 * MQSC console, the queue table with its depth chart, the message view), acting first on
 * PLAYGROUND, the queue manager it opens on this origin's IndexedDB (what is asked before it
 * is open waits for it); then the tutorials, which use PLAYGROUND (publish/subscribe, the
 * listener and its poison messages, triggering). Fills this origin into the curl examples.
 */
import { openBrowserQueueManager } from "../adapters/browser/index.js";
import { LocalConnection } from "./connection/local-connection.js";
import { mountWorkbench } from "./workbench.js";
import { mountPubSubTutorial } from "./pubsub-tutorial.js";
import { mountPoisonTutorial } from "./poison-tutorial.js";
import { mountTriggerTutorial } from "./trigger-tutorial.js";
import triggeredWorkerUrl from "./trigger-app.worker.ts?worker&url";

const NAME = "PLAYGROUND";

for (const pre of document.querySelectorAll("pre.with-origin")) pre.textContent = pre.textContent!.replaceAll("$ORIGIN", location.origin);

const opening = openBrowserQueueManager({ name: NAME });
const workbench = mountWorkbench(document.querySelector<HTMLElement>("#workbench")!, { local: new LocalConnection(opening, NAME) });
workbench.console.input.focus();
const refresh = () => void workbench.refresh();

try {
  const qm = await opening;
  await mountPubSubTutorial(document.querySelector<HTMLElement>("#pubsub")!, qm);
  await mountPoisonTutorial(document.querySelector<HTMLElement>("#poison")!, qm, refresh);
  await mountTriggerTutorial(document.querySelector<HTMLElement>("#triggers")!, qm, new URL(triggeredWorkerUrl, location.href).href, refresh);
} catch (error) {
  workbench.console.transcript.note(`The queue manager could not be opened on IndexedDB: ${error instanceof Error ? error.message : String(error)}`, "error");
}
