/**
 * The selector compiler, loaded the first time a selector is used (most applications get by
 * id or in order and never download it; `npm run size`). Every path that takes a selector as
 * text loads it first (`selectorCompilerNeeded`, `loadSelectorCompiler`) and then compiles
 * synchronously with `compileLoaded`, so a bad selector is refused exactly as before.
 */
import { MQError } from "../base/errors.js";
import { LazyFeature } from "../base/lazy-feature.js";
import type { Selector } from "./index.js";

const compiler = new LazyFeature("JMS selectors", () => import("./index.js"));

/** Whether `selector` is text that needs the compiler, which is not loaded yet. */
export function selectorCompilerNeeded(selector: unknown): boolean {
  return typeof selector === "string" && selector !== "" && compiler.loaded === undefined;
}

export function loadSelectorCompiler(): Promise<unknown> {
  return compiler.get();
}

/** Compiles `text` with the loaded compiler; the caller loaded it (selectorCompilerNeeded). */
export function compileLoaded(text: string): Selector {
  const loaded = compiler.loaded;
  if (loaded === undefined) throw new MQError("MQRC_UNEXPECTED_ERROR", "the selector compiler was used before it was loaded");
  return loaded.compile(text);
}
