/**
 * MQ topic strings: levels separated by '/', e.g. "price/fruit/apples". A subscription's
 * topic string may use MQ's topic-level wildcards (WSCHEMA(TOPIC)): '#' for any number of
 * levels, zero included, and '+' for exactly one level, each standing alone as a level.
 * A subscription made on a topic object subscribes to the object's TOPICSTR joined with its own.
 */
import { MQError } from "../../base/errors.js";

/** A topic string to publish on: non-empty, no wildcard. */
export function checkTopicString(topic: unknown): string {
  if (typeof topic !== "string" || topic.length === 0 || topic.length > 10240)
    throw new MQError("MQRC_TOPIC_STRING_ERROR", "a topic string is 1 to 10240 characters");
  if (topic.split("/").some((level) => level === "#" || level === "+"))
    throw new MQError("MQRC_TOPIC_STRING_ERROR", `a publication names one topic; ${JSON.stringify(topic)} has a wildcard`);
  return topic;
}

/** The full topic string of a subscription: its topic object's TOPICSTR, then its own, joined by '/'. */
export function joinTopic(objectTopic: string, topic: string): string {
  if (objectTopic === "") return topic;
  if (topic === "") return objectTopic;
  return `${objectTopic}/${topic}`;
}

/** Whether a subscription's topic string (with wildcards) matches a publication's topic. */
export function matchesTopic(filter: string, topic: string): boolean {
  return matchLevels(filter.split("/"), 0, topic.split("/"), 0);
}

function matchLevels(filter: string[], f: number, topic: string[], t: number): boolean {
  for (;;) {
    if (f === filter.length) return t === topic.length;
    const level = filter[f]!;
    if (level === "#") {
      // Any number of levels, zero included: try each remainder.
      for (let rest = t; rest <= topic.length; rest++) if (matchLevels(filter, f + 1, topic, rest)) return true;
      return false;
    }
    if (t === topic.length) return false;
    if (level !== "+" && level !== topic[t]) return false;
    f++;
    t++;
  }
}
