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

/**
 * Whether a record passes a filter's message id and selector (true when it has neither). The
 * id is checked here for ids another queue manager made, which no index leads to (scanned).
 */
export function selects(filter: MessageFilter, record: MessageRecord): boolean {
  return (
    (filter.messageId === undefined || record.messageId === filter.messageId) &&
    (filter.selector === undefined || filter.selector.matches(messageFields(record)))
  );
}
