/** Which message a get, browse or consumer wants: by id, by correlation id, by selector. */
import type { MessageRecord } from "../message/message.js";
import type { Selector } from "../selector/index.js";
import { messageFields } from "../selector/message-fields.js";

export interface MessageFilter {
  messageId?: string;
  correlationId?: string;
  /** A compiled JMS selector: only messages it selects. */
  selector?: Selector;
}

/** Whether a record passes a filter's selector (true when it has none). */
export function selects(filter: MessageFilter, record: MessageRecord): boolean {
  return filter.selector === undefined || filter.selector.matches(messageFields(record));
}
