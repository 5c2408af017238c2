/**
 * One line on an attribute keyword, for the console's help line: the catalogue's help line
 * (core/objects/catalogue/help.ts), with the attribute's plain-English name, its values and default;
 * and a few words on the keywords that are options or DISPLAY-only figures, not attributes.
 */
import {
  CATALOGUE,
  OBJECT_KEYWORDS,
  QUEUE_KEYWORDS,
  QUEUE_MANAGER,
  QUEUE_MANAGER_READ_ONLY,
  attributeByKeyword,
  attributeHelpText,
  type AttributeSpec,
  type ObjectTypeSpec,
} from "../../core/internal.js";

/** Help for `keyword` in a command on `objectKeyword`; undefined when it means nothing there. */
export function attributeHelp(objectKeyword: string, keyword: string): string | undefined {
  for (const spec of specsFor(objectKeyword)) {
    const found = attributeByKeyword(spec, keyword);
    if (found) return describe(spec, found.attribute, keyword, found.on);
  }
  if (OTHER_WORDS[keyword]) return `${keyword}: ${OTHER_WORDS[keyword]}`;
  if (objectKeyword === "QMGR" && QUEUE_MANAGER_READ_ONLY.includes(keyword))
    return `${keyword}: shown by DISPLAY QMGR, kept by the queue manager; no command sets it`;
  return undefined;
}

/** The attribute and option keywords of `objectKeyword` that begin with `prefix`. */
export function keywordsStartingWith(objectKeyword: string, prefix: string): string[] {
  const keywords = new Set<string>();
  for (const spec of specsFor(objectKeyword)) {
    for (const attribute of spec.attributes) {
      for (const keyword of [attribute.keyword, ...(attribute.synonyms ?? []), ...(attribute.type.kind === "flag" ? [attribute.type.off] : [])])
        keywords.add(keyword);
    }
  }
  for (const keyword of Object.keys(OTHER_WORDS)) keywords.add(keyword);
  return [...keywords].filter((keyword) => keyword.startsWith(prefix)).sort();
}

// --- Internal helpers ---

const QUEUE_TYPES = ["localQueue", "aliasQueue", "remoteQueue", "modelQueue"] as const;

function specsFor(objectKeyword: string): ObjectTypeSpec[] {
  const object = OBJECT_KEYWORDS[objectKeyword];
  if (object) return [CATALOGUE[object.type as keyof typeof CATALOGUE]].filter((spec) => spec !== undefined);
  if (QUEUE_KEYWORDS.has(objectKeyword)) return QUEUE_TYPES.map((type) => CATALOGUE[type]);
  if (objectKeyword === "QMGR") return [QUEUE_MANAGER];
  return [];
}

function describe(spec: ObjectTypeSpec, attribute: AttributeSpec, typed: string, on: boolean): string {
  // The TypeScript API's name in words (backoutThreshold: "backout threshold") says what the keyword abbreviates.
  const words = attribute.name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  const named = on ? (words === typed.toLowerCase() ? typed : `${typed} (${words})`) : `${typed} (${words}: off)`;
  return `${named}: ${attributeHelpText(spec, attribute) ?? words} [${values(attribute)}; default ${defaultOf(attribute)}]`;
}

function values(attribute: AttributeSpec): string {
  const type = attribute.type;
  switch (type.kind) {
    case "integer":
      return `${type.min} to ${type.max}${type.words ? ` or ${Object.keys(type.words).join(", ")}` : ""}`;
    case "string":
      return `text, up to ${type.maxLength} characters`;
    case "name":
      return `a name, up to ${type.maxLength ?? 48} characters`;
    case "enum":
      return Object.values(type.values).join(" | ");
    case "boolean":
      return `${type.true} | ${type.false}`;
    case "flag":
      return `${attribute.keyword} | ${type.off}`;
    case "list":
      return `a list of up to ${type.maxItems}`;
  }
}

function defaultOf(attribute: AttributeSpec): string {
  const type = attribute.type;
  const value = attribute.default;
  if (type.kind === "enum") return type.values[String(value)] ?? String(value);
  if (type.kind === "boolean") return value ? type.true : type.false;
  if (type.kind === "flag") return value ? attribute.keyword : type.off;
  if (type.kind === "integer" && type.words) {
    const word = Object.entries(type.words).find(([, number]) => number === value);
    if (word) return word[0];
  }
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.join(", ");
  return value === "" || value === null ? "blank" : String(value);
}

/** Keywords that are options of a command, or figures DISPLAY shows, rather than attributes. */
const OTHER_WORDS: Record<string, string> = {
  LIKE: "LIKE(name): start from the attributes of that object of the same type, then apply those given",
  REPLACE: "redefine the object if it exists (a local queue keeps its messages)",
  NOREPLACE: "fail if the object exists (the default)",
  PURGE: "delete the queue even with messages on it, discarding them",
  NOPURGE: "refuse to delete a queue with messages on it (the default)",
  ALL: "show every attribute",
  WHERE:
    "WHERE(keyword operator value) shows only the objects that match, e.g. WHERE(CURDEPTH GT 0); operators LT GT EQ NE LE GE, LK NL (generic), CT EX (lists)",
  TYPE: "DISPLAY QUEUE: TYPE(QLOCAL|QALIAS|QREMOTE|QMODEL) shows queues of that type; DISPLAY QSTATUS: TYPE(QUEUE|HANDLE)",
  CURDEPTH: "the number of messages on the queue now (DISPLAY only)",
  IPPROCS: "how many handles have the queue open for input, to get (DISPLAY only)",
  OPPROCS: "how many handles have the queue open for output, to put (DISPLAY only)",
  DEFTYPE: "PREDEFINED, PERMDYN or TEMPDYN: how the queue came to be (DISPLAY only)",
  CRDATE: "the date the object was created (DISPLAY only)",
  CRTIME: "the time the object was created (DISPLAY only)",
  ALTDATE: "the date the definition was last changed (DISPLAY only)",
  ALTTIME: "the time the definition was last changed (DISPLAY only)",
  UNCOM: "how many messages are put or got under a unit of work not yet committed (DISPLAY QSTATUS)",
  MSGAGE: "the age in seconds of the oldest message on the queue (DISPLAY QSTATUS)",
  LPUTDATE: "the date of the last put to the queue (DISPLAY QSTATUS)",
  LPUTTIME: "the time of the last put to the queue (DISPLAY QSTATUS)",
  LGETDATE: "the date of the last get from the queue (DISPLAY QSTATUS)",
  LGETTIME: "the time of the last get from the queue (DISPLAY QSTATUS)",
  NAMCOUNT: "how many names the namelist holds (DISPLAY only)",
};
