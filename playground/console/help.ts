/**
 * The console's help line: one line on what is under the cursor. On the verb, what the verb
 * does; on the object or between keywords, what the command does; on an attribute, the
 * catalogue's help for it. Half-typed words get the keywords they could become.
 */
import { attributeHelp, keywordsStartingWith } from "./attribute-help.js";
import { VERB_OBJECTS, canonicalVerb, commandHelp, objectsStartingWith, verbHelp, verbsStartingWith } from "./command-help.js";
import { commandAt, type TypedWord } from "./scan.js";

export const GENERAL_HELP =
  "Type an MQSC command, e.g. DEFINE QLOCAL(MY.QUEUE) or DISPLAY QLOCAL(*) CURDEPTH. Enter runs it; Shift+Enter, or a line ending in + or -, continues it.";

export function helpAt(text: string, cursor: number): string {
  const [verbWord, objectWord, ...rest] = commandAt(text, cursor)?.words ?? [];
  if (!verbWord) return GENERAL_HELP;
  const under = (word: TypedWord) => word.start <= cursor && cursor <= word.end;

  const verb = canonicalVerb(verbWord.keyword);
  if (!verb) {
    const verbs = verbsStartingWith(verbWord.keyword);
    if (verbs.length === 1) return verbHelp(verbs[0]!);
    if (verbs.length > 1) return `${verbWord.keyword}…: ${verbs.join(", ")}`;
    return `${verbWord.keyword} is not an MQSC command; commands: ${verbsStartingWith("").join(", ")}`;
  }
  if (!objectWord || under(verbWord)) return verbHelp(verb);

  const described = commandHelp(verb, objectWord.keyword);
  if (!described) {
    const objects = objectsStartingWith(verb, objectWord.keyword);
    if (objects.length === 1) return commandHelp(verb, objects[0]!) ?? verbHelp(verb);
    if (objects.length > 1) return `${verb} ${objectWord.keyword}…: ${objects.join(", ")}`;
    return `${verb} ${objectWord.keyword} is not a command this queue manager knows; ${verb} takes ${(VERB_OBJECTS[verb] ?? []).join(", ") || "no object"}`;
  }
  const word = rest.find(under);
  if (!word) return described;
  const help = attributeHelp(objectWord.keyword, word.keyword);
  if (help) return help;
  const keywords = keywordsStartingWith(objectWord.keyword, word.keyword);
  if (keywords.length > 0) return `${word.keyword}…: ${keywords.slice(0, 12).join(", ")}${keywords.length > 12 ? ", …" : ""}`;
  return `${word.keyword} is not an attribute of ${objectWord.keyword}. ${described}`;
}
