/**
 * The message form's properties box: one `name=value` a line. `true`/`false` are booleans,
 * numbers are numbers (an integer is an int or long, else a double, as core infers), a value
 * in quotes is a string as written, anything else is a string. A name must be a JMS
 * identifier; a line without "=" or a bad name is refused with MQRC_PROPERTY_NAME_ERROR.
 */
import { MQError } from "../../core/index.js";
import type { PropertyValue } from "../connection/connection.js";

const JMS_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$.]*$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function parseProperties(text: string): Record<string, PropertyValue> {
  const properties: Record<string, PropertyValue> = {};
  for (const [index, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (line === "") continue;
    const equals = line.indexOf("=");
    const name = equals < 0 ? line : line.slice(0, equals).trim();
    if (equals < 0 || !JMS_IDENTIFIER.test(name)) {
      throw new MQError(
        "MQRC_PROPERTY_NAME_ERROR",
        `line ${index + 1} of the properties, ${JSON.stringify(line)}, is not name=value with a name such as region or order.count`,
      );
    }
    if (name in properties) throw new MQError("MQRC_PROPERTY_NAME_ERROR", `the property ${name} is given twice`);
    properties[name] = value(line.slice(equals + 1).trim());
  }
  return properties;
}

function value(text: string): PropertyValue {
  if (text === "true" || text === "false") return text === "true";
  if (NUMBER.test(text) && Number.isFinite(Number(text))) return Number(text);
  const quoted = /^(['"])(.*)\1$/.exec(text);
  return quoted ? quoted[2]! : text;
}
