/**
 * The tutorials' place on the page: a list to pick one from, and the one picked shown in
 * steps with Back and Next and "Step k of n". A step is a short text and, where the user acts,
 * the tutorial's own panel. While the page acts on a server's queue manager the tutorials step
 * aside (they run on the queue manager in this tab), with a sentence saying why.
 */
export interface TutorialStep {
  title: string;
  /** One or two plain sentences, if the panel does not say it itself. */
  text?: string;
  /** What the user acts on in this step, if anything. */
  panel?: HTMLElement;
}

export interface TutorialDefinition {
  id: string;
  title: string;
  /** Two or three sentences: the problem it shows and why it matters. */
  problem: string;
  steps: TutorialStep[];
}

export interface TutorialShell {
  readonly element: HTMLElement;
  /** Shows the tutorial with this id, at its first step. */
  choose(id: string): void;
  /** Hides the tutorials, saying why, or shows them again (reason undefined). */
  stepAside(reason: string | undefined): void;
}

export function mountTutorialShell(host: HTMLElement, tutorials: readonly TutorialDefinition[]): TutorialShell {
  const list = document.createElement("nav");
  list.className = "tutorial-list";
  list.setAttribute("aria-label", "Tutorials");
  const aside = document.createElement("p");
  aside.className = "tutorials-aside";
  aside.hidden = true;
  const stage = document.createElement("div");
  stage.className = "tutorial-stage";
  host.replaceChildren(list, aside, stage);

  const pickers = new Map<string, HTMLButtonElement>();
  const views = new Map<string, { element: HTMLElement; go(index: number): void }>();
  for (const tutorial of tutorials) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tutorial-pick";
    button.dataset.tutorial = tutorial.id;
    button.textContent = tutorial.title;
    button.addEventListener("click", () => choose(tutorial.id));
    list.appendChild(button);
    pickers.set(tutorial.id, button);
    views.set(tutorial.id, mountTutorial(stage, tutorial));
  }

  function choose(id: string): void {
    for (const [key, view] of views) view.element.hidden = key !== id;
    for (const [key, button] of pickers) button.setAttribute("aria-pressed", String(key === id));
    views.get(id)?.go(0);
  }

  choose(tutorials[0]!.id);
  return {
    element: host,
    choose,
    stepAside(reason) {
      aside.hidden = reason === undefined;
      aside.textContent = reason ?? "";
      list.hidden = stage.hidden = reason !== undefined;
    },
  };
}

function mountTutorial(stage: HTMLElement, tutorial: TutorialDefinition): { element: HTMLElement; go(index: number): void } {
  const element = document.createElement("section");
  element.className = `tutorial ${tutorial.id}-tutorial`;
  element.dataset.tutorial = tutorial.id;
  element.setAttribute("aria-labelledby", `${tutorial.id}-title`);
  const heading = document.createElement("h2");
  heading.id = `${tutorial.id}-title`;
  heading.textContent = tutorial.title;
  const problem = document.createElement("p");
  problem.className = "tutorial-problem";
  problem.textContent = tutorial.problem;
  const where = document.createElement("p");
  where.className = "tutorial-where";
  where.setAttribute("aria-live", "polite");
  const steps = tutorial.steps.map((step, index) => {
    const part = document.createElement("div");
    part.className = "tutorial-step";
    part.dataset.step = String(index + 1);
    const title = document.createElement("h3");
    title.textContent = step.title;
    part.appendChild(title);
    if (step.text) {
      const text = document.createElement("p");
      text.textContent = step.text;
      part.appendChild(text);
    }
    if (step.panel) part.appendChild(step.panel);
    return part;
  });
  const nav = document.createElement("div");
  nav.className = "tutorial-nav";
  const back = document.createElement("button");
  back.type = "button";
  back.className = "tutorial-back";
  back.textContent = "Back";
  const next = document.createElement("button");
  next.type = "button";
  next.className = "tutorial-next";
  next.textContent = "Next";
  for (const child of [back, where, next]) nav.appendChild(child);
  for (const child of [heading, problem, ...steps, nav]) element.appendChild(child);
  stage.appendChild(element);

  let current = 0;
  function go(index: number): void {
    current = Math.max(0, Math.min(steps.length - 1, index));
    steps.forEach((part, i) => (part.hidden = i !== current));
    where.textContent = `Step ${current + 1} of ${steps.length}`;
    back.disabled = current === 0;
    next.disabled = current === steps.length - 1;
  }
  back.addEventListener("click", () => go(current - 1));
  next.addEventListener("click", () => go(current + 1));
  return { element, go };
}

/**
 * A tutorial panel written in parts, each opened by an <h3>, as steps: the nodes from one
 * heading to the next move into that step's panel (the tutorial keeps its references to
 * them), the heading's text, less its "Part n:", becomes the step's title.
 */
export function stepsFromParts(panel: HTMLElement, firstText: string): TutorialStep[] {
  const steps: TutorialStep[] = [];
  let current: HTMLElement | undefined;
  for (const node of [...panel.childNodes]) {
    if (node instanceof HTMLHeadingElement && node.tagName === "H3") {
      current = document.createElement("div");
      current.className = panel.className;
      steps.push({ title: capitalized(node.textContent!.replace(/^Part \d+:\s*/, "")), text: steps.length === 0 ? firstText : undefined, panel: current });
      node.remove();
    } else if (current) current.appendChild(node);
  }
  return steps.length > 0 ? steps : [{ title: "Try it", text: firstText, panel }];
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
