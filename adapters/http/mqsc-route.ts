/**
 * POST /ibmmq/rest/{v1|v2|v3}/admin/action/qmgr/{qmgr}/mqsc: IBM MQ's admin endpoint that
 * runs MQSC on a queue manager. Two bodies, as IBM documents them:
 *
 *   {"type":"runCommand","parameters":{"command":"DEFINE QLOCAL(Q1)"}}
 *   {"type":"runCommandJSON","command":"display","qualifier":"qlocal","name":"DEV.*",
 *    "parameters":{...},"responseParameters":["maxdepth","curdepth"]}
 *
 * runCommand runs the text as it is (a script of several lines runs whole, as runmqsc
 * would). runCommandJSON builds one command from its parts: `COMMAND QUALIFIER('name')
 * KEY(value) ...`, then the attributes DISPLAY is to show.
 *
 * The answer is IBM's envelope, always HTTP 200 once a command ran, whatever its outcome:
 *
 *   {"commandResponse":[{completionCode, reasonCode, text[] | message[] | parameters}],
 *    "overallCompletionCode":0, "overallReasonCode":0}
 *
 * One item per command, except that a DISPLAY gives one item per object found (IBM's command
 * server answers one message per object). An item that failed (or warned) carries its AMQ
 * lines as `message`; one that succeeded carries runmqsc's lines as `text` (runCommand), or
 * the object's attributes as `parameters` (runCommandJSON DISPLAY), or only its codes
 * (runCommandJSON, any other command). The overall codes are 0/0 when every item
 * succeeded, 2/3008 (MQRCCF_COMMAND_FAILED) when any failed, 1/0 when the worst is a warning.
 *
 * Only a problem with the request itself (its name, its Content-Type, its body) answers
 * 4xx, with the IBM-shaped error body; nothing is run then.
 */
import type { Hono } from "hono";
import { MQCC_FAILED, MQCC_OK, MQCC_WARNING, type JsonValue, type MqscCommandResult, type MqscMessage, type MqscResult } from "../../core/index.js";
import { readJsonBody } from "./body.js";
import { bodyLimit } from "hono/body-limit";
import { mqscRequestTooLarge } from "./errors.js";
import { parseMqscRequest, type MqscRequestType } from "./mqsc-request.js";
import type { HttpLimits, QueueManagerResolver } from "./options.js";
import { queueManagerTarget } from "./request.js";
import { mqscAuthorityOptions } from "./security/authority.js";

export const MQSC_PATH = "/ibmmq/rest/:version{v[123]}/admin/action/qmgr/:qmgr/mqsc";

/** MQRCCF_COMMAND_FAILED: the overall reason code when any command failed. */
export const MQRCCF_COMMAND_FAILED = 3008;

export function addMqscRoute(app: Hono, resolve: QueueManagerResolver, limits: HttpLimits): void {
  const limitBody = bodyLimit({ maxSize: limits.maxMqscRequestBytes, onError: () => mqscRequestTooLarge(limits.maxMqscRequestBytes).toResponse() });
  app.post(MQSC_PATH, limitBody, async (c) => {
    const { qmgr } = queueManagerTarget(c.req.param());
    const request = parseMqscRequest(await readJsonBody(c.req.raw));
    const manager = await resolve(qmgr);
    const result = await manager.mqsc(request.script, { yieldToHost, maxOutputChars: limits.maxMqscAnswerChars, ...mqscAuthorityOptions(c) });
    return c.json(mqscResponse(result, request.type));
  });
}

/** A macrotask turn: other requests (and other Durable Objects on this thread) run meanwhile. */
function yieldToHost(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// --- The response ---

export interface CommandResponseItem {
  completionCode: number;
  reasonCode: number;
  /** runCommand: runmqsc's lines for a command that succeeded. */
  text?: string[];
  /** A command that failed or warned: its AMQ lines. */
  message?: string[];
  /** runCommandJSON DISPLAY: one object's attributes, lower-case MQSC keywords. */
  parameters?: Record<string, JsonValue>;
}

export interface MqscResponseBody {
  commandResponse: CommandResponseItem[];
  overallCompletionCode: number;
  overallReasonCode: number;
}

export function mqscResponse(result: MqscResult, type: MqscRequestType): MqscResponseBody {
  const commandResponse = result.commands.flatMap((command) => responseItems(command, type));
  const worst = Math.max(MQCC_OK, ...commandResponse.map((item) => item.completionCode));
  return {
    commandResponse,
    overallCompletionCode: worst,
    overallReasonCode: worst === MQCC_FAILED ? MQRCCF_COMMAND_FAILED : 0,
  };
}

function responseItems(command: MqscCommandResult, type: MqscRequestType): CommandResponseItem[] {
  const codes = { completionCode: command.completionCode, reasonCode: command.reasonCode };
  if (command.completionCode === MQCC_FAILED || command.completionCode === MQCC_WARNING) return [{ ...codes, message: command.text }];
  if (command.objects !== undefined && command.objects.length > 0) {
    // Each object's reply starts with the details message, as runmqsc prints it.
    const details = command.messages.map(messageLine);
    return command.objects.map((object) =>
      type === "runCommand" ? { ...codes, text: [...details, ...object.lines] } : { ...codes, parameters: object.parameters },
    );
  }
  return [type === "runCommand" ? { ...codes, text: command.text } : codes];
}

function messageLine(message: MqscMessage): string {
  return message.id ? `${message.id}: ${message.text}` : message.text;
}
