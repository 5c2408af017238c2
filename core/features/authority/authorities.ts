/**
 * IBM's OAM authorities and the object types they are given on (SET AUTHREC OBJTYPE), as
 * setmqaut documents them: which authority applies to which type, and the three that stand
 * for many (ALLMQI, ALLADM, ALL). NONE grants nothing: AUTHADD(NONE) makes a record that
 * holds no authority (a profile with an empty list), as IBM's does.
 */

export const OBJECT_TYPES = ["QMGR", "QUEUE", "TOPIC", "CHANNEL", "PROCESS", "NAMELIST", "LISTENER"] as const;
export type AuthorityObjectType = (typeof OBJECT_TYPES)[number];

/** The MQI authorities (what an application does to an object it opens). */
const MQI: Record<AuthorityObjectType, readonly string[]> = {
  QMGR: ["ALTUSR", "CONNECT", "INQ", "SET", "SETALL", "SETID"],
  QUEUE: ["BROWSE", "GET", "INQ", "PASSALL", "PASSID", "PUT", "SET", "SETALL", "SETID"],
  TOPIC: ["PASSALL", "PASSID", "PUB", "RESUME", "SETALL", "SETID", "SUB"],
  CHANNEL: [],
  PROCESS: ["INQ"],
  NAMELIST: ["INQ"],
  LISTENER: [],
};

/** The administration authorities (what MQSC and the admin REST API do to an object). */
const ADMIN: Record<AuthorityObjectType, readonly string[]> = {
  QMGR: ["CHG", "CRT", "DLT", "DSP", "CTRL"],
  QUEUE: ["CHG", "CLR", "CRT", "DLT", "DSP"],
  TOPIC: ["CHG", "CLR", "CRT", "CTRL", "DLT", "DSP"],
  CHANNEL: ["CHG", "CRT", "CTRL", "CTRLX", "DLT", "DSP"],
  PROCESS: ["CHG", "CRT", "DLT", "DSP"],
  NAMELIST: ["CHG", "CRT", "DLT", "DSP"],
  LISTENER: ["CHG", "CRT", "CTRL", "DLT", "DSP"],
};

/** Every single authority name IBM defines (for messages: "X is not an authority"). */
export const AUTHORITY_NAMES: ReadonlySet<string> = new Set([...Object.values(MQI).flat(), ...Object.values(ADMIN).flat(), "ALLMQI", "ALLADM", "ALL", "NONE"]);

export function isObjectType(value: string): value is AuthorityObjectType {
  return (OBJECT_TYPES as readonly string[]).includes(value);
}

/** The single authorities that apply to `type`. */
export function applicable(type: AuthorityObjectType): readonly string[] {
  return [...MQI[type], ...ADMIN[type]];
}

/**
 * The single authorities one name stands for on `type` (ALLMQI, ALLADM and ALL expanded,
 * NONE empty), or a reason the name is not one there.
 */
export function expand(type: AuthorityObjectType, name: string): string[] | string {
  const upper = name.toUpperCase();
  if (upper === "NONE") return [];
  if (upper === "ALLMQI") return [...MQI[type]];
  if (upper === "ALLADM") return [...ADMIN[type]];
  if (upper === "ALL") return applicable(type).slice();
  if (!AUTHORITY_NAMES.has(upper)) return `${name} is not an authority: IBM's are ${[...AUTHORITY_NAMES].sort().join(", ")}`;
  if (!applicable(type).includes(upper))
    return `${upper} does not apply to OBJTYPE(${type}): it takes ${[...applicable(type)].join(", ")}, ALLMQI, ALLADM, ALL or NONE`;
  return [upper];
}

/**
 * An authority list as IBM's DISPLAY AUTHREC and ENTAUTH show it: ALL when every applicable
 * one is held (then ALLADM and ALLMQI are implied), else ALLADM/ALLMQI for a complete part
 * and the rest by name, NONE for an empty list.
 */
export function displayList(type: AuthorityObjectType, held: ReadonlySet<string>): string[] {
  if (held.size === 0) return ["NONE"];
  const all = applicable(type);
  if (all.length > 0 && all.every((a) => held.has(a))) return ["ALL"];
  const shown: string[] = [];
  let rest = [...held];
  for (const [name, part] of [
    ["ALLADM", ADMIN[type]],
    ["ALLMQI", MQI[type]],
  ] as const) {
    if (part.length > 0 && part.every((a) => held.has(a))) {
      shown.push(name);
      rest = rest.filter((a) => !part.includes(a));
    }
  }
  return [...shown, ...rest.sort()];
}
