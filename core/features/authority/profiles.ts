/**
 * OAM generic profiles, as IBM's "Using OAM generic profiles" describes them: a name is split
 * into qualifiers at each `.`; `?` stands for one character (never a `.`); `*` for any one
 * qualifier when it is a qualifier by itself, else for zero or more characters within one;
 * `**` for zero or more whole qualifiers, and may appear once. When several profiles match
 * one object, the most specific applies ("Profile priorities"): the names are compared left
 * to right, and where they first differ a non-generic character beats a generic one, and `?`
 * beats `*`, which beats `**`.
 */

export function isGenericProfile(profile: string): boolean {
  return /[*?]/.test(profile);
}

/** Why a profile name is not a usable one, or undefined when it is. */
export function profileProblem(profile: string): string | undefined {
  if (profile.length === 0 || profile.length > 48) return "a profile name is 1 to 48 characters";
  const doubles = profile.split(".").filter((q) => q.includes("**"));
  if (doubles.length > 1 || doubles.some((q) => q !== "**")) return "** may appear once, as a whole qualifier";
  return undefined;
}

/** Whether the generic (or specific) profile `profile` matches the object name `name`. */
export function matchesProfile(profile: string, name: string): boolean {
  if (!isGenericProfile(profile)) return profile === name;
  return matchQualifiers(profile.split("."), 0, name.split("."), 0);
}

function matchQualifiers(pattern: string[], p: number, name: string[], n: number): boolean {
  if (p === pattern.length) return n === name.length;
  const qualifier = pattern[p]!;
  if (qualifier === "**") {
    for (let skip = n; skip <= name.length; skip++) if (matchQualifiers(pattern, p + 1, name, skip)) return true;
    return false;
  }
  if (n === name.length) return false;
  return matchWithin(qualifier, name[n]!) && matchQualifiers(pattern, p + 1, name, n + 1);
}

/** One qualifier: `?` one character, `*` zero or more (a lone `*` is any one qualifier, empty ones too). */
function matchWithin(pattern: string, text: string): boolean {
  let regex = "^";
  for (const c of pattern) regex += c === "?" ? "." : c === "*" ? ".*" : c.replace(/[\\^$+.()|[\]{}]/g, "\\$&");
  return new RegExp(regex + "$", "s").test(text);
}

/** How specific a character of a profile is: lower is more specific. */
function rank(profile: string, index: number): number {
  const c = profile[index];
  // A profile that has ended is as specific as a letter: AB beats AB* for the queue AB.
  if (c === undefined) return 0;
  if (c === "*") return profile[index + 1] === "*" || profile[index - 1] === "*" ? 3 : 2;
  if (c === "?") return 1;
  return 0;
}

/**
 * Negative when `a` is more specific than `b`: compared left to right, where they first
 * differ, a non-generic character beats `?`, which beats `*`, which beats `**`; two
 * non-generic characters that differ (both matched the same name) are told apart by length.
 */
export function compareSpecificity(a: string, b: string): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    if (a[i] === b[i]) continue;
    const difference = rank(a, i) - rank(b, i);
    if (difference !== 0) return difference;
  }
  return b.length - a.length;
}
