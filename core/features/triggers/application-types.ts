/**
 * Application types (MQAT_*): the number a trigger message's ApplType carries, taken from the
 * process definition's APPLTYPE. MQSC writes APPLTYPE as a keyword (UNIX, WINDOWSNT, DEF, ...)
 * or as a plain number; the queue manager stores the number, and DISPLAY PROCESS shows the
 * keyword again when the number has one.
 *
 * Numbers from IBM's cmqc.h (MQAT_* constants), checked against the MQAT_* constants page.
 */
export const MQAT_NO_CONTEXT = 0;
export const MQAT_CICS = 1;
export const MQAT_MVS = 2;
/** z/OS, OS/390 and MVS share one number. */
export const MQAT_ZOS = 2;
export const MQAT_IMS = 3;
export const MQAT_OS2 = 4;
export const MQAT_DOS = 5;
export const MQAT_UNIX = 6;
/** AIX and UNIX share one number. */
export const MQAT_AIX = 6;
export const MQAT_QMGR = 7;
export const MQAT_OS400 = 8;
export const MQAT_WINDOWS = 9;
export const MQAT_WINDOWS_NT = 11;
export const MQAT_NSK = 13;
export const MQAT_WLM = 31;
/**
 * The platform's own type: IBM defines it per platform (6 on AIX and Linux, 11 on Windows).
 * webmq takes the AIX/Linux value, as the process catalogue's APPLTYPE default (UNIX) does.
 */
export const MQAT_DEFAULT = MQAT_UNIX;
/** Numbers an installation may give its own application types. */
export const MQAT_USER_FIRST = 65536;
export const MQAT_USER_LAST = 999_999_999;

/** APPLTYPE keywords as MQSC writes them, with the number each stands for. */
const NUMBER_BY_KEYWORD: ReadonlyMap<string, number> = new Map([
  ["CICS", MQAT_CICS],
  ["DEF", MQAT_DEFAULT],
  ["DOS", MQAT_DOS],
  ["IMS", MQAT_IMS],
  ["MVS", MQAT_MVS],
  ["NSK", MQAT_NSK],
  ["OS2", MQAT_OS2],
  ["OS400", MQAT_OS400],
  ["UNIX", MQAT_UNIX],
  ["WINDOWS", MQAT_WINDOWS],
  ["WINDOWSNT", MQAT_WINDOWS_NT],
  ["WLM", MQAT_WLM],
]);

/**
 * The keyword DISPLAY shows for a number. DEF is absent: it is stored as the platform's type,
 * so MQAT_DEFAULT (6) reads back as UNIX.
 */
const KEYWORD_BY_NUMBER: ReadonlyMap<number, string> = new Map(
  [...NUMBER_BY_KEYWORD].filter(([keyword]) => keyword !== "DEF").map(([keyword, number]) => [number, keyword]),
);

/**
 * The MQAT number an APPLTYPE value stands for: a keyword (any case) or a number from 0 to
 * MQAT_USER_LAST. Undefined for anything else, so that the caller reports it in its own terms
 * (MQSC as an attribute value error).
 */
export function applicationTypeFromKeyword(value: string): number | undefined {
  const word = value.trim().toUpperCase();
  const known = NUMBER_BY_KEYWORD.get(word);
  if (known !== undefined) return known;
  return /^\d{1,9}$/.test(word) ? Number(word) : undefined;
}

/** How MQSC writes an MQAT number: its keyword when it has one, else the number itself. */
export function applicationTypeKeyword(applicationType: number): string {
  return KEYWORD_BY_NUMBER.get(applicationType) ?? String(applicationType);
}
