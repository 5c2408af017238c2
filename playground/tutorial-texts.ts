/**
 * The words that open the tutorials on PLAYGROUND, in steps for the tutorial shell: the
 * problem each shows and why it matters, then the tutorial's own panel to act on.
 */
import { stepsFromParts, type TutorialDefinition } from "./tutorial-shell.js";

export function PLAYGROUND_TUTORIALS(panels: { pubsub: HTMLElement; poison: HTMLElement; triggers: HTMLElement }): TutorialDefinition[] {
  return [
    {
      id: "pubsub",
      title: "Publish/subscribe",
      problem:
        "A sender should not have to know who wants its messages. With publish/subscribe it publishes on a topic, such as price/fruit/apples, and the queue manager hands a copy to every subscriber whose topic pattern and selector match, however many there are.",
      steps: [
        {
          title: "Publish and watch three subscribers",
          text: "One subscription is kept on a queue even while no one reads it; one takes price/+/apples (+ matches one level); one takes only region eu. Publish, then try price/vegetables/apples or region us.",
          panel: panels.pubsub,
        },
      ],
    },
    {
      id: "poison",
      title: "A listener that never stalls",
      problem:
        "A listener takes messages from a queue as they arrive. A poison message, one its handler fails on every time, is rolled back and comes straight back; without a limit it blocks every good message behind it. A backout threshold and a backout queue move it aside so that the rest keeps flowing and nothing is lost.",
      steps: stepsFromParts(panels.poison, "Send good and poison orders to APP.ORDERS and watch each poison order retried, then moved to APP.ORDERS.BACKOUT."),
    },
    {
      id: "trigger",
      title: "Triggering",
      problem:
        "An application that waits on a queue all day for rare work wastes what it holds. With triggering the queue manager starts it when work arrives: the queue names an initiation queue and a process, and a trigger monitor starts the application the process names.",
      steps: stepsFromParts(panels.triggers, "Put orders on a queue that triggers, and watch the application it names start, do the work and end."),
    },
  ];
}
