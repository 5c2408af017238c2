import { ConfigurationError } from "../http/configuration-error.js";

/**
 * A configuration variable that lists things as JSON (MQ_LISTENERS, MQ_TRIGGER_MONITORS): a
 * string of JSON, or an array where wrangler.toml [vars] gives one. Checked as it is read; a
 * list that is not usable stops with an error that names the variable and the entry.
 */
export function parseConfigurationList(variable: string, value: unknown, what: string, required: readonly string[]): Record<string, unknown>[] {
  if (value === undefined || value === null || value === "") return [];
  const parsed = parseConfigurationJson(variable, value, `an array of ${what}`);
  if (!Array.isArray(parsed)) throw new ConfigurationError(variable, `${variable} must be an array of ${what}, each { ${required.join(", ")}, ... }`);
  return parsed.map((entry, index) => {
    const at = `${variable}[${index}]`;
    if (entry === null || typeof entry !== "object") throw new ConfigurationError(variable, `${at} must be an object`);
    const fields = entry as Record<string, unknown>;
    for (const key of required) {
      if (typeof fields[key] !== "string" || fields[key] === "") throw new ConfigurationError(variable, `${at}.${key} must be a non-empty string`);
    }
    return fields;
  });
}

/** A variable's value as JSON: a string parsed, or what wrangler.toml [vars] already gave as an object. */
export function parseConfigurationJson(variable: string, value: unknown, shape: string): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch (error) {
    throw new ConfigurationError(variable, `${variable} must be JSON (${shape}): ${error instanceof Error ? error.message : String(error)}`);
  }
}
