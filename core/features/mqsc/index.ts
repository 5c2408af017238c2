/** MQSC, IBM MQ's command language: parse, check against the catalogue, run. */
export { runMqsc } from "./execute.js";
export { parseScript, parseCommand } from "./parser.js";
export type { ParsedCommand, MqscParameter, MqscValue, MqscPosition, MqscSyntaxError } from "./parser.js";
export type { MqscResult, MqscCommandResult, MqscMessage, MqscObject } from "./result.js";
export { CATALOGUE, QUEUE_MANAGER } from "../../objects/catalogue/index.js";
export type { AttributeSpec, AttributeType, ObjectTypeSpec } from "../../objects/catalogue/index.js";
