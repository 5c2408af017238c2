/** ALTER QMGR and DISPLAY QMGR. */
import type { MqscHost } from "./host.js";
import type { Attributes } from "../../objects/definitions.js";
import { attributeByKeyword, QUEUE_MANAGER } from "../../objects/catalogue/index.js";
import { MqscSyntax, failure } from "./commands.js";
import { dateAndTime, layout, type DisplayItem } from "./display.js";
import type { MqscParameter } from "./parser.js";
import { amq, succeeded, type Outcome } from "./result.js";
import { AttributeValueError, formatAttribute, jsonValue, readAttribute } from "./values.js";

export async function alterQueueManager(qm: MqscHost, rest: MqscParameter[]): Promise<Outcome> {
  const changes: Attributes = {};
  for (const parameter of rest) {
    if (parameter.keyword === "FORCE" && parameter.values === undefined) continue;
    const found = attributeByKeyword(QUEUE_MANAGER, parameter.keyword);
    if (!found) throw new MqscSyntax(`${parameter.keyword} is not a queue manager attribute that ALTER QMGR can set`, parameter.position);
    if (found.attribute.name in changes) throw new MqscSyntax(`${parameter.keyword} is given twice`, parameter.position);
    try {
      changes[found.attribute.name] = readAttribute(found.attribute, parameter.values, parameter.position, found.on);
    } catch (error) {
      if (error instanceof AttributeValueError) throw new MqscSyntax(`${error.keyword} ${error.detail}`, error.position);
      throw error;
    }
  }
  try {
    await qm.alterQueueManager(changes);
    return succeeded([amq("queueManagerChanged")]);
  } catch (error) {
    return failure(error, qm.name);
  }
}

/** The MQ level we answer as: MQ 9.4 (CMDLEVEL 940, VERSION VVRRMMFF). */
const COMMAND_LEVEL = 940;
const VERSION = "09040000";

export function displayQueueManager(qm: MqscHost, rest: MqscParameter[]): Outcome {
  const attributes = qm.attributes;
  const created = dateAndTime(qm.createdAt);
  const altered = dateAndTime(qm.alteredAt);
  const item = (keyword: string, text: string, json: DisplayItem["json"]): DisplayItem => ({ keyword, text, json });
  const readOnly: DisplayItem[] = [
    item("ALTDATE", `ALTDATE(${altered.date})`, altered.date),
    item("ALTTIME", `ALTTIME(${altered.time})`, altered.time),
    item("CRDATE", `CRDATE(${created.date})`, created.date),
    item("CRTIME", `CRTIME(${created.time})`, created.time),
    item("MAXPRTY", "MAXPRTY(9)", 9),
    item("QMID", `QMID(${qm.name}_${created.date}_${created.time})`, `${qm.name}_${created.date}_${created.time}`),
    // What a distributed queue manager shows that no command sets (QUEUE_MANAGER_READ_ONLY),
    // with the values true of ours: an MQ 9.4-level queue manager on a UNIX-like platform,
    // with no Advanced features (AMS, AMQP, MQ Telemetry), distribution lists, syncpoint.
    item("ADVCAP", "ADVCAP(DISABLED)", "DISABLED"),
    item("AMQPCAP", "AMQPCAP(NO)", "NO"),
    item("CMDLEVEL", `CMDLEVEL(${COMMAND_LEVEL})`, COMMAND_LEVEL),
    item("COMMANDQ", "COMMANDQ(SYSTEM.ADMIN.COMMAND.QUEUE)", "SYSTEM.ADMIN.COMMAND.QUEUE"),
    item("DISTL", "DISTL(YES)", "YES"),
    item("PLATFORM", "PLATFORM(UNIX)", "UNIX"),
    item("SPLCAP", "SPLCAP(DISABLED)", "DISABLED"),
    item("SYNCPT", "SYNCPT", "YES"),
    item("VERSION", `VERSION(${VERSION})`, VERSION),
    item("XRCAP", "XRCAP(NO)", "NO"),
  ];
  const body = [
    ...QUEUE_MANAGER.attributes.map((spec) =>
      item(spec.keyword, formatAttribute(spec, attributes[spec.name] ?? spec.default), jsonValue(spec.type, attributes[spec.name] ?? spec.default)),
    ),
    ...readOnly,
  ].sort((a, b) => (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0));
  const head = item("QMNAME", `QMNAME(${qm.name})`, qm.name);
  // Any single attribute may be asked for, QMNAME too (always shown first, once).
  const byKeyword = new Map([head, ...body].map((i) => [i.keyword, i]));
  const requested = rest.filter((p) => p.keyword !== "ALL");
  let shown: DisplayItem[] = [head, ...body];
  if (requested.length > 0 && !rest.some((p) => p.keyword === "ALL")) {
    shown = [head];
    for (const parameter of requested) {
      if (parameter.values !== undefined) throw new MqscSyntax(`${parameter.keyword}(...) is not a DISPLAY QMGR option`, parameter.position);
      const keyword = attributeByKeyword(QUEUE_MANAGER, parameter.keyword)?.attribute.keyword ?? parameter.keyword;
      const found = byKeyword.get(keyword);
      if (!found) throw new MqscSyntax(`${parameter.keyword} is not a queue manager attribute`, parameter.position);
      if (!shown.includes(found)) shown.push(found);
    }
  }
  return succeeded(
    [amq("displayQueueManagerDetails")],
    [{ parameters: Object.fromEntries(shown.map((i) => [i.keyword.toLowerCase(), i.json])), lines: layout(shown) }],
  );
}
