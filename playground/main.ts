/**
 * The playground page: mounts the workbench at once (the switch between queue managers, the
 * MQSC console, the queue table with its depth chart, the message view), acting first on
 * PLAYGROUND, the queue manager it opens on this origin's IndexedDB (what is asked before it
 * is open waits for it); then the tutorials, which use PLAYGROUND (publish/subscribe, the
 * listener and its poison messages, triggering), in the tab that runs PLAYGROUND: every tab of
 * the playground shares it (shared-playground.ts). Fills this origin into the curl examples.
 */
import { openSharedPlayground } from "./shared-playground.js";
import { BrowserConnection } from "./connection/browser-connection.js";
import { mountWorkbench } from "./workbench.js";
import { mountPubSubTutorial } from "./pubsub-tutorial.js";
import { mountPoisonTutorial } from "./poison-tutorial.js";
import { mountTriggerTutorial } from "./trigger-tutorial.js";
import triggeredWorkerUrl from "./trigger-app.worker.ts?worker&url";

const NAME = "PLAYGROUND";

for (const pre of document.querySelectorAll("pre.with-origin")) pre.textContent = pre.textContent!.replaceAll("$ORIGIN", location.origin);

const workbenchHost = document.querySelector<HTMLElement>("#workbench")!;
const { opening, owned } = openSharedPlayground(NAME, workbenchHost);
const workbench = mountWorkbench(workbenchHost, { local: new BrowserConnection(opening, NAME) });
workbench.console.input.focus();
const refresh = () => void workbench.refresh();
// What any tab changes, every tab shows at once.
void opening.then((shared) => shared.onChange(refresh));

try {
  // The tutorials run where the manager runs: in this tab once it is the one that runs it.
  void opening.then((shared) => {
    if (shared.role === "client")
      for (const id of ["#pubsub", "#poison", "#triggers"])
        document.querySelector(id)!.textContent =
          `The tutorials run in the tab that runs ${NAME}, another tab of this browser now; they start here if that one closes.`;
  });
  const qm = await owned;
  await mountPubSubTutorial(document.querySelector<HTMLElement>("#pubsub")!, qm);
  await mountPoisonTutorial(document.querySelector<HTMLElement>("#poison")!, qm, refresh);
  await mountTriggerTutorial(document.querySelector<HTMLElement>("#triggers")!, qm, new URL(triggeredWorkerUrl, location.href).href, refresh);
} catch (error) {
  workbench.console.transcript.note(`The queue manager could not be opened on IndexedDB: ${error instanceof Error ? error.message : String(error)}`, "error");
}
