/**
 * START LISTENER, STOP LISTENER and DISPLAY LSSTATUS. A listener's RUNNING state is logical:
 * no socket is opened (core/features/listener/listener-states.ts says why), so START answers IBM's
 * "Request to start IBM MQ Listener accepted." and a product message that says so, and
 * LSSTATUS shows PID(0) for the process that does not exist.
 */
import type { MqscHost } from "./host.js";
import { MQRC } from "../../base/errors.js";
import { MQRCCF } from "../../objects/catalogue/messages.js";
import { MqscSyntax, failure } from "./commands.js";
import { dateAndTime, matchesGeneric, type DisplayItem } from "./display.js";
import { objectName } from "./object-commands.js";
import type { MqscParameter } from "./parser.js";
import { amq, failed, productMessage, succeeded, type MqscObject, type Outcome } from "./result.js";
import { item, select } from "./status-commands.js";

export function startListener(qm: MqscHost, target: MqscParameter, rest: MqscParameter[]): Outcome {
  const name = objectName(target, false);
  const ignoreState = readIgnoreState(rest, "START LISTENER");
  try {
    if (!qm.object("listener", name)) return notFound(name);
    const started = qm.startListener(name);
    if (!started && !ignoreState) return failed(MQRCCF.MQRCCF_LISTENER_STARTED, [amq("listenerAlreadyRunning")]);
    return succeeded([
      amq("listenerStartAccepted"),
      productMessage(
        11,
        "I",
        `Listener ${name} is RUNNING as a state only: no TCP port is opened, because this queue manager is reached through its HTTP API (a browser or an edge worker cannot listen on a port).`,
      ),
    ]);
  } catch (error) {
    return failure(error, name);
  }
}

export function stopListener(qm: MqscHost, target: MqscParameter, rest: MqscParameter[]): Outcome {
  const name = objectName(target, false);
  const ignoreState = readIgnoreState(rest, "STOP LISTENER");
  try {
    if (!qm.object("listener", name)) return notFound(name);
    if (!qm.stopListener(name) && !ignoreState) return failed(MQRCCF.MQRCCF_LISTENER_STOPPED, [amq("listenerNotRunning")]);
    return succeeded([amq("listenerStopAccepted")]);
  } catch (error) {
    return failure(error, name);
  }
}

/**
 * DISPLAY LSSTATUS(name): each running listener that matches, with IBM's status attributes
 * (LISTENER, STATUS, PID, STARTDA, STARTTI, DESCR, TRPTYPE, CONTROL, IPADDR, PORT, BACKLOG):
 * those named, after the name, or all of them (IBM's default when none is named).
 */
export function displayListenerStatus(qm: MqscHost, target: MqscParameter, rest: MqscParameter[]): Outcome {
  const pattern = objectName(target, true);
  const requested: MqscParameter[] = [];
  for (const parameter of rest) {
    if (parameter.values === undefined) requested.push(parameter);
    else if (parameter.keyword !== "WHERE") throw new MqscSyntax(`${parameter.keyword}(...) is not a DISPLAY LSSTATUS option`, parameter.position);
    else throw new MqscSyntax("WHERE is not supported on DISPLAY LSSTATUS here; name the attributes to show", parameter.position);
  }
  const definitions = qm.objects(["listener"]).filter((d) => matchesGeneric(pattern, d.name));
  const objects: MqscObject[] = [];
  for (const definition of definitions) {
    const status = qm.listenerStatus(definition.name);
    if (!status) continue;
    const started = dateAndTime(status.startedAt);
    const a = definition.attributes;
    const items: DisplayItem[] = [
      item("LISTENER", definition.name),
      item("STATUS", "RUNNING"),
      item("PID", 0),
      item("STARTDA", started.date.trim()),
      item("STARTTI", started.time.trim()),
      item("DESCR", String(a.description ?? "")),
      item("TRPTYPE", String(a.transportType ?? "tcp").toUpperCase()),
      item("CONTROL", { manual: "MANUAL", queueManager: "QMGR", startOnly: "STARTONLY" }[String(a.control)] ?? "MANUAL"),
      item("IPADDR", String(a.ipAddress ?? "")),
      item("PORT", Number(a.port ?? 0)),
      item("BACKLOG", Number(a.backlog ?? 0)),
    ];
    objects.push(select(items, requested, 3));
  }
  // As for any status that is not there (DISPLAY CHSTATUS aside), MQ answers that the object is not found.
  if (objects.length === 0) return notFound(pattern);
  return succeeded([amq("displayListenerStatus")], objects);
}

function notFound(name: string): Outcome {
  return failed(MQRC.MQRC_UNKNOWN_OBJECT_NAME, [amq("objectNotFound", name)]);
}

function readIgnoreState(rest: MqscParameter[], command: string): boolean {
  let ignore = false;
  for (const parameter of rest) {
    const value = parameter.values?.[0]?.text.toUpperCase();
    if (parameter.keyword === "IGNSTATE" && parameter.values?.length === 1 && (value === "YES" || value === "NO")) ignore = value === "YES";
    else throw new MqscSyntax(`${parameter.keyword} is not an option of ${command}; it takes IGNSTATE(YES|NO)`, parameter.position);
  }
  return ignore;
}
