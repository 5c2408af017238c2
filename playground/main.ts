/**
 * The playground page: mounts the MQSC console at once, on the queue manager PLAYGROUND
 * that it opens on this origin's IndexedDB (commands typed before it is open wait for it),
 * then the queue view and the tutorials (publish/subscribe, the listener and its poison
 * messages, triggering); fills this origin into the curl examples.
 */
import { openBrowserQueueManager } from "../adapters/browser/index.js";
import { mountConsole } from "./console/console.js";
import { mountQueueView } from "./queue-view.js";
import { mountPubSubTutorial } from "./pubsub-tutorial.js";
import { mountPoisonTutorial } from "./poison-tutorial.js";
import { mountTriggerTutorial } from "./trigger-tutorial.js";
import triggeredWorkerUrl from "./trigger-app.worker.ts?worker&url";

const NAME = "PLAYGROUND";

for (const pre of document.querySelectorAll("pre.with-origin")) pre.textContent = pre.textContent!.replaceAll("$ORIGIN", location.origin);

const queuesHost = document.querySelector<HTMLElement>("#queues")!;
const note = document.querySelector<HTMLElement>("#queue-note")!;

let view: ReturnType<typeof mountQueueView> | undefined;
const opening = openBrowserQueueManager({ name: NAME });
const mqsc = mountConsole(document.querySelector<HTMLElement>("#console")!, {
  queueManager: { name: NAME, mqsc: async (text) => (await opening).mqsc(text) },
  onRun: () => view?.refresh(),
});
mqsc.input.focus();

try {
  const qm = await opening;
  queuesHost.replaceChildren();
  view = mountQueueView(queuesHost, qm, (text) => (note.textContent = text));
  await mountPubSubTutorial(document.querySelector<HTMLElement>("#pubsub")!, qm);
  await mountPoisonTutorial(document.querySelector<HTMLElement>("#poison")!, qm, () => view?.refresh());
  await mountTriggerTutorial(document.querySelector<HTMLElement>("#triggers")!, qm, new URL(triggeredWorkerUrl, location.href).href, () => view?.refresh());
} catch (error) {
  const message = `The queue manager could not be opened on IndexedDB: ${error instanceof Error ? error.message : String(error)}`;
  queuesHost.textContent = message;
  mqsc.transcript.note(message, "error");
}
