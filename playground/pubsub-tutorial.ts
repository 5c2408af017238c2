/**
 * The publish/subscribe tutorial: publish on a topic of the tree price/<kind>/<item> and
 * watch three subscribers of the page's queue manager receive, or not:
 *   - a durable subscription defined in MQSC, SUB(PLAY.ALL.FRUIT) TOPICSTR('price/fruit/#'),
 *     whose copies wait on PLAY.FRUIT (kept in IndexedDB across reloads);
 *   - a non-durable JMS subscriber on price/+/apples (while the page is open);
 *   - a JMS subscriber on price/# with the selector region = 'eu'.
 */
import type { QueueManager, ReceivedMessage } from "../core/index.js";

export interface PubSubTutorial {
  /** Resolves once every message published so far has reached the subscribers that take it. */
  idle(): Promise<void>;
  dispose(): Promise<void>;
}

interface Panel {
  title: string;
  explain: string;
  list: HTMLOListElement;
}

export async function mountPubSubTutorial(host: HTMLElement, qm: QueueManager): Promise<PubSubTutorial> {
  const form = document.createElement("form");
  form.className = "publish";
  form.innerHTML = `
    <label>Topic <input name="topic" value="price/fruit/apples" autocomplete="off" spellcheck="false"></label>
    <label>region <select name="region"><option>eu</option><option>us</option></select></label>
    <label>Body <input name="body" value="1.20" autocomplete="off"></label>
    <button type="submit">Publish</button>
    <output name="result" aria-live="polite"></output>`;
  const panels: Panel[] = [
    { title: "Durable: price/fruit/#", explain: "SUB(PLAY.ALL.FRUIT), defined in MQSC; its copies wait on PLAY.FRUIT", list: document.createElement("ol") },
    { title: "Non-durable: price/+/apples", explain: "a JMS consumer, subscribed while this page is open", list: document.createElement("ol") },
    { title: "Selector: price/#, region = 'eu'", explain: "a JMS consumer whose selector picks EU prices", list: document.createElement("ol") },
  ];
  const columns = document.createElement("div");
  columns.className = "subscribers";
  for (const panel of panels) {
    const column = document.createElement("section");
    const heading = document.createElement("h4");
    heading.textContent = panel.title;
    const explain = document.createElement("p");
    explain.textContent = panel.explain;
    panel.list.setAttribute("aria-live", "polite");
    for (const child of [heading, explain, panel.list]) column.appendChild(child);
    columns.appendChild(column);
  }
  host.replaceChildren(form, columns);

  if (!qm.object("subscription", "PLAY.ALL.FRUIT")) {
    await qm.mqsc("DEFINE QLOCAL(PLAY.FRUIT) REPLACE\nDEFINE SUB(PLAY.ALL.FRUIT) TOPICSTR('price/fruit/#') DEST(PLAY.FRUIT)");
  }
  const connection = await qm.createConnection();
  const show = (panel: Panel) => (message: ReceivedMessage) => {
    const item = document.createElement("li");
    const region = message.properties.find((p) => p.name === "region")?.value;
    item.textContent = `${String(message.body)} (region ${String(region)})`;
    panel.list.appendChild(item);
  };
  const sessions = await Promise.all(panels.map(() => connection.createSession()));
  sessions[0]!.createConsumer(sessions[0]!.createQueue("PLAY.FRUIT")).setMessageListener(show(panels[0]!));
  sessions[1]!.createConsumer(sessions[1]!.createTopic("price/+/apples")).setMessageListener(show(panels[1]!));
  sessions[2]!.createConsumer(sessions[2]!.createTopic("price/#"), { selector: "region = 'eu'" }).setMessageListener(show(panels[2]!));

  let pending: Promise<unknown> = Promise.resolve();
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const output = form.elements.namedItem("result") as HTMLOutputElement;
    pending = qm
      .publish(String(data.get("topic")), { body: String(data.get("body")), properties: { region: String(data.get("region")) } })
      .then(({ subscriptions }) => (output.textContent = `published to ${subscriptions} subscription${subscriptions === 1 ? "" : "s"}`))
      .catch((error: unknown) => (output.textContent = error instanceof Error ? error.message : String(error)));
  });

  return {
    async idle() {
      await pending;
      // The listeners take what reached their queues in the next few turns.
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
    dispose: () => connection.close(),
  };
}
