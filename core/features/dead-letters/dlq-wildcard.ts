/**
 * IBM's wildcard matching for dead-letter rules: `?` stands for any one character, `*` for any
 * run of characters (none included), and trailing blanks count neither in the pattern nor in
 * the field (MQ fields are blank-padded), while leading and inner blanks do. So `?*` matches
 * any field that is not blank, which is how a rule says "has a reply-to queue".
 */
export function matchesWildcard(pattern: string, field: string): boolean {
  const p = pattern.trimEnd();
  const f = field.trimEnd();
  // Greedy with one backtrack point (the last `*`): linear in practice, at worst p.length × f.length.
  let pi = 0;
  let fi = 0;
  let starAt = -1;
  let fieldAtStar = 0;
  while (fi < f.length) {
    if (pi < p.length && (p[pi] === "?" || p[pi] === f[fi])) {
      pi++;
      fi++;
    } else if (pi < p.length && p[pi] === "*") {
      starAt = pi++;
      fieldAtStar = fi;
    } else if (starAt >= 0) {
      pi = starAt + 1;
      fi = ++fieldAtStar;
    } else {
      return false;
    }
  }
  while (pi < p.length && p[pi] === "*") pi++;
  return pi === p.length;
}
