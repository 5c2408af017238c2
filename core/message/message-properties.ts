/**
 * Reading a received message's properties as JMS does. Properties go in as an object and are
 * kept as a typed list (so `int 5` and `double 5.0` stay apart and `__proto__` is just a name);
 * these read them back by name, or as one object.
 *
 * The methods live on a prototype, not on each message, so a message stays plain data where
 * it is cloned (a store, postMessage): a copy keeps `properties` and loses only the methods,
 * and `propertyValue(copy.properties, name)` / `propertyValues(copy.properties)` read it.
 */
import type { Property, PropertyValue } from "./properties.js";

/** What every received message (and browsed summary) offers over its `properties` list. */
export interface PropertyAccess {
  /**
   * A property's value by name, as JMS's getObjectProperty gives it: a string, number, boolean,
   * bigint (a long beyond 2^53) or null; null too when the message has no property by that name
   * (use propertyExists to tell the two apart).
   */
  getProperty(name: string): PropertyValue;
  /** JMS propertyExists: whether the message has a property by this name. */
  propertyExists(name: string): boolean;
  /** JMS getPropertyNames: the names of the message's properties, in the order they were set. */
  getPropertyNames(): string[];
  /**
   * The properties as one object, name to value: the shape they were put with. A fresh object
   * with no prototype on each read, so a name like `constructor` or `__proto__` is a plain key.
   */
  readonly propertyValues: Record<string, PropertyValue>;
}

/** The properties as one object, name to value (no prototype: every name is a plain key). */
export function propertyValues(properties: readonly Property[]): Record<string, PropertyValue> {
  const values = Object.create(null) as Record<string, PropertyValue>;
  for (const p of properties) values[p.name] = p.value;
  return values;
}

/** The prototype of received messages: the JMS-style reads over `this.properties`. */
export class MessagePropertyAccess implements PropertyAccess {
  declare properties: Property[];

  getProperty(name: string): PropertyValue {
    for (const p of this.properties) if (p.name === name) return p.value;
    return null;
  }

  propertyExists(name: string): boolean {
    return this.properties.some((p) => p.name === name);
  }

  getPropertyNames(): string[] {
    return this.properties.map((p) => p.name);
  }

  get propertyValues(): Record<string, PropertyValue> {
    return propertyValues(this.properties);
  }
}

/**
 * Gives a message that was copied as plain data (structuredClone, postMessage, JSON) its
 * property reads back, in place: its prototype becomes the one received messages have.
 */
export function withPropertyAccess<T extends { properties: Property[] }>(data: T): T & PropertyAccess {
  if (!(data instanceof MessagePropertyAccess)) Object.setPrototypeOf(data, MessagePropertyAccess.prototype);
  return data as T & PropertyAccess;
}
