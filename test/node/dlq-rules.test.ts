/** IBM's dead-letter queue handler rules table: reading it (every keyword, every syntax rule) and matching messages against it. */
import { describe, expect, it } from "vitest";
import { matchRule, type DeadLetterFacts } from "../../core/features/dead-letters/dlq-rule-match.js";
import { DlqRulesError, parseDlqRules } from "../../core/features/dead-letters/dlq-rules.js";
import { matchesWildcard } from "../../core/features/dead-letters/dlq-wildcard.js";
import { MQError } from "../../core/base/errors.js";

/** A table in the style of IBM's example: control data, then retries first, forwards, a catch-all. */
const TABLE = `**********************************************************************
*   Rules for the orders queue manager's dead-letter queue           *
**********************************************************************
* Control data: this queue manager's DLQ; retry every 30 seconds;
* stop two minutes after the queue runs dry.
inputqm(' ') inputq(' ') retryint(30) wait(120)

* Rules
* -----
* A full queue or inhibited puts usually clear: try again 3 times.
REASON(MQRC_Q_FULL) ACTION(RETRY) RETRY(3)
REASON(MQRC_PUT_INHIBITED) ACTION(RETRY) RETRY(3)

* Requests from the partner's queue managers go back to their own DLQ.
MSGTYPE(MQMT_REQUEST) REPLYQM(PARTNER.*) +
  ACTION(FWD) FWDQ(DEADQ) FWDQM(&REPLYQM)

* Everything for ORDERS.* that expired goes to a review queue, header off.
DESTQ(ORDERS.*) FEEDBACK(MQFB_EXPIRATION) -
ACTION(FWD) FWDQ(ORDERS.REVIEW) HEADER(NO)

* Persistent poison messages from the JMS consumers: to the poison queue
* on the destination's queue manager, keeping the header.
REASON(2362) PERSIST(MQPER_PERSISTENT) ACTION(FWD) FWDQ(JMS.POISON) FWDQM(&DESTQM) PUTAUT(CTX)

* Anything with a reply-to queue: send it there.
REPLYQ(?*) ACTION(FWD) FWDQ(&REPLYQ) FWDQM(&REPLYQM)

* The rest waits for an operator.
ACTION(IGNORE)
`;

const facts = (overrides: Partial<DeadLetterFacts> = {}): DeadLetterFacts => ({
  destQueue: "APP.IN",
  destQueueManager: "QM1",
  reason: 2085,
  feedback: 0,
  format: "MQSTR",
  messageType: "datagram",
  persistent: false,
  replyToQueue: "",
  replyToQueueManager: "",
  userId: "app",
  putApplName: "webmq",
  putApplType: 7,
  ...overrides,
});

/** The error a table throws, as "line:column message". */
function errorOf(text: string): string {
  try {
    parseDlqRules(text);
  } catch (e) {
    if (e instanceof DlqRulesError) {
      expect(e).toBeInstanceOf(MQError);
      expect(e.reason).toBe("MQRC_FORMAT_ERROR");
      return `${e.line}:${e.column} ${e.message.replace(/^.*?column \d+: /, "")}`;
    }
    throw e;
  }
  return "no error";
}

describe("reading a rules table", () => {
  it("reads a table in IBM's example style", () => {
    const table = parseDlqRules(TABLE);
    expect(table.control).toEqual({ retryInterval: 30, wait: 120 });
    expect(table.rules.map((r) => r.line)).toEqual([11, 12, 15, 19, 24, 27, 30]);
    expect(table.rules[0]).toEqual({ line: 11, pattern: { reason: 2053 }, action: "RETRY", header: true, putAuthority: "DEF", retry: 3 });
    expect(table.rules[1]!.pattern).toEqual({ reason: 2051 });
    expect(table.rules[2]).toMatchObject({
      pattern: { messageType: 1, replyToQueueManager: "PARTNER.*" },
      action: "FWD",
      forwardQueue: "DEADQ",
      forwardQueueManager: "&REPLYQM",
    });
    expect(table.rules[3]).toMatchObject({
      pattern: { destQueue: "ORDERS.*", feedback: 258 },
      forwardQueue: "ORDERS.REVIEW",
      forwardQueueManager: "",
      header: false,
    });
    expect(table.rules[4]).toMatchObject({
      pattern: { reason: 2362, persistence: 1 },
      forwardQueue: "JMS.POISON",
      forwardQueueManager: "&DESTQM",
      putAuthority: "CTX",
    });
    expect(table.rules[6]).toEqual({ line: 30, pattern: {}, action: "IGNORE", header: true, putAuthority: "DEF", retry: 1 });
  });

  it("reads IBM's own example entries", () => {
    const table = parseDlqRules(
      [
        "inputqm(' ') inputq(' ')",
        "REASON(MQRC_Q_FULL) ACTION(RETRY) RETRY(5)",
        "MSGTYPE(MQMT_REQUEST) REPLYQM(AAAA.*) +",
        "ACTION(FWD) FWDQ(DEADQ) FWDQM(&REPLYQM)",
        "DESTQM(bbbb.1) +",
        "action(fwd) fwdq(&DESTQ) fwdqm(bbbb.2) header(no)",
        " PERSIST(MQPER_PERSISTENT) REASON (MQRC_PUT_INHIBITED) +",
        "  ACTION (RETRY) RETRY (3)",
      ].join("\n"),
    );
    expect(table.control).toEqual({ retryInterval: 60, wait: true });
    expect(table.rules[2]).toMatchObject({ pattern: { destQueueManager: "BBBB.1" }, forwardQueue: "&DESTQ", forwardQueueManager: "BBBB.2", header: false });
    expect(table.rules[3]).toMatchObject({ pattern: { persistence: 1, reason: 2051 }, action: "RETRY", retry: 3 });
  });

  it("reads every pattern keyword, numbers and constant names alike", () => {
    const [rule] = parseDlqRules(
      "DESTQ(A.Q) DESTQM(QM2) REASON(2053) FEEDBACK(MQFB_COA) FORMAT(MQFMT_STRING) MSGTYPE(8) PERSIST(0) " +
        "REPLYQ('reply.q') REPLYQM(QM3) USERID(alice) APPLNAME('my app') APPLTYPE(MQAT_JAVA) APPLIDAT('id data') ACTION(DISCARD)",
    ).rules;
    expect(rule!.pattern).toEqual({
      destQueue: "A.Q",
      destQueueManager: "QM2",
      reason: 2053,
      feedback: 259,
      format: "MQSTR   ",
      messageType: 8,
      persistence: 0,
      replyToQueue: "reply.q",
      replyToQueueManager: "QM3",
      userId: "ALICE",
      putApplName: "my app",
      putApplType: 28,
      applIdentityData: "id data",
    });
    expect(parseDlqRules("FORMAT(MQSTR) MSGTYPE(MQMT_REPORT) REASON(MQFB_EXPIRATION) FEEDBACK(MQRC_Q_FULL) ACTION(IGNORE)").rules[0]!.pattern).toEqual({
      format: "MQSTR",
      messageType: 4,
      reason: 258,
      feedback: 2053,
    });
    // * for the whole value is the default: it matches anything, so it is left out.
    expect(parseDlqRules("DESTQ(*) REASON(*) MSGTYPE('*') ACTION(DISCARD)").rules[0]!.pattern).toEqual({});
  });

  it("reads every action keyword and every control keyword", () => {
    const table = parseDlqRules("WAIT(NO) RETRYINT(5) INPUTQ(MY.DLQ) INPUTQM(QM9)\nACTION(FWD) FWDQ(OUT) FWDQM(QM2) HEADER(YES) PUTAUT(DEF) RETRY(999999999)");
    expect(table.control).toEqual({ inputQueue: "MY.DLQ", inputQueueManager: "QM9", retryInterval: 5, wait: false });
    expect(table.rules[0]).toMatchObject({
      action: "FWD",
      forwardQueue: "OUT",
      forwardQueueManager: "QM2",
      header: true,
      putAuthority: "DEF",
      retry: 999999999,
    });
    expect(parseDlqRules("wait(yes)\naction(retry)").control.wait).toBe(true);
    expect(parseDlqRules("FWDQM(' ') ACTION(FWD) FWDQ(X)").rules[0]!.forwardQueueManager).toBe("");
  });

  it("takes keywords in any case and order, apart by blanks or commas", () => {
    const a = parseDlqRules("action(fwd),fwdq(out)   destq(in.q)").rules[0];
    const b = parseDlqRules("DESTQ ( IN.Q ) , FWDQ(OUT) ACTION(FWD)").rules[0];
    expect({ ...a, line: 0 }).toEqual({ ...b, line: 0 });
  });

  it("continues a line ending in + from the next line's first non-blank, and one ending in - from its first column", () => {
    expect(parseDlqRules("APPLNAME('ABC+\n      D') ACTION(IGNORE)").rules[0]!.pattern.putApplName).toBe("ABCD");
    expect(parseDlqRules("APPLNAME('ABC -\n D') ACTION(IGNORE)").rules[0]!.pattern.putApplName).toBe("ABC  D");
    expect(parseDlqRules("DESTQ(ORD+\n   ERS) ACT+\n ION(DISCARD)").rules[0]).toMatchObject({ pattern: { destQueue: "ORDERS" }, action: "DISCARD" });
  });

  it("skips comment lines and blank lines, and rules start on lines of their own", () => {
    const table = parseDlqRules("* one\n\n   \nREASON(2053) ACTION(RETRY)\n* two\nACTION(DISCARD)\n");
    expect(table.rules.map((r) => [r.line, r.action])).toEqual([
      [4, "RETRY"],
      [6, "DISCARD"],
    ]);
  });

  it("reads a rule whose last line continues into the end of the table", () => {
    expect(parseDlqRules("ACTION(IGNORE) +\n\n").rules).toHaveLength(1);
  });

  it("keeps quoted values as written, a doubled quote standing for one", () => {
    expect(parseDlqRules("USERID('o''brien') ACTION(IGNORE)").rules[0]!.pattern.userId).toBe("o'brien");
  });
});

describe("rules-table errors name the line, the column and what was expected", () => {
  it.each([
    ["REASON(MQRC_Q_FULL) RETRY(5)", "1:1 the rule has no ACTION; every rule needs ACTION(DISCARD|IGNORE|RETRY|FWD)"],
    ["* c\n  DESTQ(A) +\n    REASON(2053)", "2:3 the rule has no ACTION; every rule needs ACTION(DISCARD|IGNORE|RETRY|FWD)"],
    ["ACTION(MOVE)", "1:8 ACTION(MOVE): expected DISCARD, IGNORE, RETRY, FWD"],
    ["DESTQ(A) ACTION(FWD)", "1:17 ACTION(FWD) needs FWDQ, the queue to forward the message to"],
    ["ACTION(RETRY) FWDQ(X)", "1:15 FWDQ is valid only with ACTION(FWD); this rule's action is RETRY"],
    ["ACTION(DISCARD) HEADER(NO)", "1:17 HEADER is valid only with ACTION(FWD); this rule's action is DISCARD"],
    ["ACTION(IGNORE) FWDQM(QM2)", "1:16 FWDQM is valid only with ACTION(FWD); this rule's action is IGNORE"],
    ["ACTION(FWD) FWDQ(' ')", "1:18 FWDQ needs a queue name, &DESTQ or &REPLYQ; FWDQ(' ') is not valid"],
    ["ACTION(FWD) FWDQ(&REPLYQM)", "1:18 FWDQ(&REPLYQM): expected a name or &DESTQ or &REPLYQ"],
    ["ACTION(FWD) FWDQ(OUT.*)", "1:18 FWDQ takes no wildcards (* or ?)"],
    ["ACTION(RETRY) RETRY(0)", "1:21 RETRY(0): expected the number of attempts, 1 to 999999999"],
    ["ACTION(RETRY) RETRY(1000000000)", "1:21 RETRY(1000000000): expected the number of attempts, 1 to 999999999"],
    ["ACTION(FWD) FWDQ(X) PUTAUT(ALL)", "1:28 PUTAUT(ALL): expected DEF, CTX"],
    ["DESTQ(A) DESTQ(B) ACTION(IGNORE)", "1:10 DESTQ appears twice; a keyword may be given once in an entry"],
    [
      "DESTQUEUE(A) ACTION(IGNORE)",
      "1:1 DESTQUEUE is not a rules-table keyword; expected a pattern (DESTQ, DESTQM, REASON, ...), an action (ACTION, FWDQ, ...) or control data (INPUTQ, INPUTQM, RETRYINT, WAIT)",
    ],
    ["  * indented comment\nACTION(IGNORE)", "1:3 a comment line needs its * in the first column"],
    ["FORMAT ACTION(IGNORE)", "1:1 FORMAT needs a value in parentheses, as FORMAT(value)"],
    ["FORMAT() ACTION(IGNORE)", "1:1 FORMAT() has no value; a value needs at least one significant character"],
    ["FORMAT('') ACTION(IGNORE)", "1:8 FORMAT('') has no value; a value needs at least one significant character (' ' is one)"],
    ["DESTQ(A B) ACTION(IGNORE)", "1:9 DESTQ takes one value; put a value with blanks or commas in quotes"],
    ["APPLNAME(my-app) ACTION(IGNORE)", "1:10 APPLNAME(MY-APP): a value with characters other than A-Z, 0-9, . / _ % (and the wildcards) must be in quotes"],
    ["FORMAT(ABCDEFGHI) ACTION(IGNORE)", '1:8 FORMAT is matched against a 8-character field; "ABCDEFGHI" has 9 characters besides asterisks'],
    ["FORMAT(MQFMT_NOPE) ACTION(IGNORE)", "1:8 FORMAT(MQFMT_NOPE): no format has that name; expected a format such as MQSTR or a name such as MQFMT_STRING"],
    ["MSGTYPE('2*') ACTION(IGNORE)", "1:9 MSGTYPE(2*): a number takes no wildcards; * may stand only for the whole value"],
    ["MSGTYPE(MQMT_BOGUS) ACTION(IGNORE)", "1:9 MSGTYPE(MQMT_BOGUS): expected a number, * or an MQMT_ constant's name"],
    ["REASON(MQRC_NO_SUCH) ACTION(IGNORE)", "1:8 REASON(MQRC_NO_SUCH): expected a number, * or an MQRC_ or MQFB_ constant's name"],
    ["PERSIST(1000000000) ACTION(IGNORE)", "1:9 PERSIST(1000000000): numbers run from 0 to 999999999"],
    ["ACTION(IGNORE)\nINPUTQ(DLQ)", "2:1 control data (INPUTQ, INPUTQM, RETRYINT, WAIT) must be the first entry in the rules table"],
    ["INPUTQ(DLQ)\nWAIT(NO)\nACTION(IGNORE)", "2:1 control data (INPUTQ, INPUTQM, RETRYINT, WAIT) must be the first entry in the rules table"],
    ["INPUTQ(DLQ) ACTION(IGNORE)", "1:13 ACTION is a rule keyword and INPUTQ is control data; a rule begins on a new line of its own"],
    ["WAIT(SOMETIMES)\nACTION(IGNORE)", "1:6 WAIT(SOMETIMES): expected YES, NO or the seconds to wait"],
    ["RETRYINT(-5)\nACTION(IGNORE)", "1:10 RETRYINT(-5): a value with characters other than A-Z, 0-9, . / _ % (and the wildcards) must be in quotes"],
    ["INPUTQ(DLQ.*)\nACTION(IGNORE)", "1:8 INPUTQ takes no wildcards (* or ?)"],
    ["* only comments\nINPUTQ(' ')\n", "3:1 a rules table needs at least one rule (a pattern and an ACTION)"],
    ["", "1:1 a rules table needs at least one rule (a pattern and an ACTION)"],
    ["DESTQ(ABC ACTION(IGNORE)", '1:17 unexpected "(" in the value of DESTQ'],
    ["ACTION(IGNORE) DESTQ(ABC", "1:25 the parenthesis after DESTQ is not closed"],
    ["  , ,\nACTION(IGNORE)", "1:1 the line has no keyword"],
    ["DESTQ(A(B)) ACTION(IGNORE)", '1:8 unexpected "(" in the value of DESTQ'],
    ["APPLNAME('abc) ACTION(IGNORE)", "1:10 the quoted string after APPLNAME is not closed"],
  ])("%j", (text, expected) => {
    expect(errorOf(text)).toBe(expected);
  });

  it("places an error inside a continued rule at its own line", () => {
    expect(errorOf("* header\nDESTQ(A) +\n   REASON(2053) +\n   ACTION(FWD) HEADER(MAYBE) FWDQ(X)")).toBe("4:23 HEADER(MAYBE): expected YES, NO");
  });

  it("refuses a text value longer than its field, asterisks aside", () => {
    expect(parseDlqRules(`DESTQ(${"A*".repeat(48)}) ACTION(IGNORE)`).rules).toHaveLength(1);
    expect(errorOf(`DESTQ(${"A".repeat(49)}) ACTION(IGNORE)`)).toMatch(/^1:7 DESTQ is matched against a 48-character field/);
    expect(errorOf(`USERID(${"U".repeat(13)}) ACTION(IGNORE)`)).toMatch(/^1:8 USERID is matched against a 12-character field/);
  });
});

describe("IBM's wildcards", () => {
  it("? is one character, * any run, trailing blanks do not count", () => {
    expect(matchesWildcard("ORDERS.*", "ORDERS.EU")).toBe(true);
    expect(matchesWildcard("ORDERS.*", "ORDERS.")).toBe(true);
    expect(matchesWildcard("ORDERS.*", "ORDERS")).toBe(false);
    expect(matchesWildcard("*.EU", "ORDERS.EU")).toBe(true);
    expect(matchesWildcard("A*C*E", "ABXCYYE")).toBe(true);
    expect(matchesWildcard("A*C*E", "ABXCYYEF")).toBe(false);
    expect(matchesWildcard("Q?", "Q1")).toBe(true);
    expect(matchesWildcard("Q?", "Q")).toBe(false);
    expect(matchesWildcard("Q?", "Q ")).toBe(false); // ? is no trailing blank
    expect(matchesWildcard("?*", "")).toBe(false);
    expect(matchesWildcard("?*", "    ")).toBe(false);
    expect(matchesWildcard("?*", "R")).toBe(true);
    expect(matchesWildcard("MQSTR   ", "MQSTR")).toBe(true);
    expect(matchesWildcard("MQSTR", "MQSTR   ")).toBe(true);
    expect(matchesWildcard(" A", "A")).toBe(false); // leading blanks count
    expect(matchesWildcard("*", "")).toBe(true);
    expect(matchesWildcard("abc", "ABC")).toBe(false); // case counts: unquoted values were folded already
  });
});

describe("matching a dead-lettered message", () => {
  const table = parseDlqRules(TABLE);

  it("the first matching rule decides, in table order", () => {
    // Q_FULL from a partner requester matches rule 0 (RETRY) before rule 2 (FWD).
    const full = facts({ reason: 2053, messageType: "request", replyToQueueManager: "PARTNER.EU", replyToQueue: "R" });
    expect(matchRule(table, full)).toEqual({ ruleIndex: 0, line: 11, action: "RETRY", header: true, putAuthority: "DEF", retry: 3 });
    expect(matchRule(table, { ...full, reason: 2085 })).toMatchObject({
      ruleIndex: 2,
      action: "FWD",
      forwardQueue: "DEADQ",
      forwardQueueManager: "PARTNER.EU",
    });
  });

  it("substitutes &DESTQ, &DESTQM, &REPLYQ and &REPLYQM from the message", () => {
    expect(matchRule(table, facts({ reason: 2362, persistent: true, destQueueManager: "QM5 " }))).toMatchObject({
      ruleIndex: 4,
      forwardQueue: "JMS.POISON",
      forwardQueueManager: "QM5",
      putAuthority: "CTX",
    });
    expect(matchRule(table, facts({ reason: 2362, persistent: 0 }))!.ruleIndex).toBe(6);
    expect(matchRule(table, facts({ replyToQueue: "REPLY.Q   ", replyToQueueManager: "QM7" }))).toMatchObject({
      ruleIndex: 5,
      forwardQueue: "REPLY.Q",
      forwardQueueManager: "QM7",
    });
    const bbbb = parseDlqRules("DESTQM(bbbb.1) action(fwd) fwdq(&DESTQ) fwdqm(&DESTQM)");
    expect(matchRule(bbbb, facts({ destQueueManager: "BBBB.1", destQueue: "SALES" }))).toMatchObject({ forwardQueue: "SALES", forwardQueueManager: "BBBB.1" });
  });

  it("substitutes only whole values: &DESTQ.BO is neither a substitution nor a name", () => {
    expect(errorOf("ACTION(FWD) FWDQ(&DESTQ.BO)")).toBe("1:18 FWDQ(&DESTQ.BO): expected a name or &DESTQ or &REPLYQ");
  });

  it("matches generic names, feedback and message types given by number or name", () => {
    expect(matchRule(table, facts({ destQueue: "ORDERS.EU", feedback: 258 }))).toMatchObject({
      ruleIndex: 3,
      forwardQueue: "ORDERS.REVIEW",
      forwardQueueManager: "",
      header: false,
    });
    expect(matchRule(table, facts({ destQueue: "ORDERS", feedback: 258 }))!.ruleIndex).toBe(6);
    expect(matchRule(table, facts({ messageType: 1, replyToQueueManager: "PARTNER.X", replyToQueue: "Q" }))!.ruleIndex).toBe(2);
    expect(matchRule(table, facts({ messageType: "MQMT_REQUEST", replyToQueueManager: "PARTNER.X", replyToQueue: "Q" }))!.ruleIndex).toBe(2);
    expect(matchRule(table, facts({ messageType: "MQMT_DATAGRAM", replyToQueueManager: "PARTNER.X" }))!.ruleIndex).toBe(6);
    expect(() => matchRule(table, facts({ messageType: "letter" }))).toThrow(/not a message type/);
  });

  it("a blank reply-to queue does not match REPLYQ(?*); the catch-all takes it", () => {
    expect(matchRule(table, facts({ replyToQueue: "   " }))).toMatchObject({ ruleIndex: 6, action: "IGNORE" });
  });

  it("each pattern keyword narrows the match", () => {
    const rules = parseDlqRules(
      "DESTQM(QM?) USERID(ALICE) APPLNAME('batch*') APPLTYPE(MQAT_JAVA) FORMAT(MQFMT_STRING) APPLIDAT('x') ACTION(DISCARD)\nACTION(IGNORE)",
    );
    const hit = facts({ destQueueManager: "QM2", userId: "ALICE", putApplName: "batch-7", putApplType: 28, format: "MQSTR", applIdentityData: "x" });
    expect(matchRule(rules, hit)!.action).toBe("DISCARD");
    for (const miss of [
      { destQueueManager: "QM10" },
      { userId: "alice" },
      { putApplName: "web" },
      { putApplType: 6 },
      { format: "MQHRF2" },
      { applIdentityData: undefined },
    ]) {
      expect(matchRule(rules, { ...hit, ...miss })!.action, JSON.stringify(miss)).toBe("IGNORE");
    }
  });

  it("goes on to the next matching rule from a given index, and gives undefined when none is left", () => {
    const rules = parseDlqRules("REASON(2053) ACTION(RETRY) RETRY(2)\nDESTQ(A*) ACTION(FWD) FWDQ(HOLD)\nDESTQ(B*) ACTION(DISCARD)");
    const message = facts({ reason: 2053, destQueue: "ABC" });
    const first = matchRule(rules, message)!;
    expect(first).toMatchObject({ ruleIndex: 0, retry: 2 });
    expect(matchRule(rules, message, first.ruleIndex + 1)).toMatchObject({ ruleIndex: 1, forwardQueue: "HOLD" });
    expect(matchRule(rules, message, 2)).toBeUndefined();
  });
});
