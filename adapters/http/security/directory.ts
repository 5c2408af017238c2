/**
 * Who may use the REST API: users with salted password hashes (basic authentication and
 * login) and bearer tokens, each with one of mqweb's roles. Read once from text:
 *
 *   users   `name:role:hash` or `name:role:hash:groups` entries separated by newlines, commas or
 *           blanks (MQ_USERS; the hash from npm run hash-password), e.g.
 *           `admin:MQWebAdmin:pbkdf2-sha256$100000$...$...`; `groups` names the user's groups
 *           for the authority records (SET AUTHREC GROUP(...)), joined by `+`: `apps+audit`
 *   tokens  `token`, `token:role`, `token:role:name` or `token:role:name:groups` entries, likewise
 *           separated (MQ_TOKENS); a token without a role is MQWebAdmin, named token1, token2, ... by its place
 *
 * A malformed entry throws ConfigurationError (a TypeError) naming the entry's place, never its secret.
 */
import { ConfigurationError } from "../configuration-error.js";
import { isRole, type Role } from "./roles.js";
import { parsePasswordHash, verifyPassword, type PasswordHash } from "./password-hash.js";

/** How a request proved who it is, as IBM's GET .../login names it. */
export type AuthenticationMechanism = "basic" | "form" | "token";

/** The authenticated user of a request. */
export interface Principal {
  name: string;
  role: Role;
  mechanism: AuthenticationMechanism;
  /** The groups the authority records know the principal by (GROUP(...) of SET AUTHREC); none when absent. */
  groups?: string[];
}

export interface UserEntry {
  name: string;
  role: Role;
  hash: PasswordHash;
  groups?: string[];
}

/** A bearer token's check: a list of entries (see above), or a function answering the principal (or true for an MQWebAdmin, false for none). */
export type TokenCheck = string[] | ((token: string) => boolean | Principal | undefined | Promise<boolean | Principal | undefined>);

/**
 * A hash of no password anyone has: an unknown user's password is checked against it, so that
 * an unknown name takes as long as a wrong password and the two cannot be told apart.
 */
const DECOY = parsePasswordHash("pbkdf2-sha256$100000$d2VibXEtZGVjb3ktc2FsdA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=");

export class UserDirectory {
  readonly #users: Map<string, UserEntry>;
  readonly #tokens: { secret: string; principal: Principal }[] | Exclude<TokenCheck, string[]>;

  constructor(users: Iterable<UserEntry>, tokens: TokenCheck = []) {
    this.#users = new Map([...users].map((user) => [user.name, user]));
    this.#tokens = Array.isArray(tokens) ? tokens.map(parseTokenEntry) : tokens;
  }

  /** From the text forms above (MQ_USERS and MQ_TOKENS). */
  static parse(users: string | undefined, tokens: string | undefined | TokenCheck): UserDirectory {
    return new UserDirectory(parseUsers(users), typeof tokens === "string" || tokens === undefined ? splitEntries(tokens) : tokens);
  }

  get hasUsers(): boolean {
    return this.#users.size > 0;
  }

  /** The user's groups (MQ_USERS' fourth field); none for an unknown user. */
  groupsOf(name: string): string[] {
    return this.#users.get(name)?.groups ?? [];
  }

  /** The user's role, or undefined when there is no such user. */
  roleOf(name: string): Role | undefined {
    return this.#users.get(name)?.role;
  }

  /** The principal for a name and password, or undefined; as slow for an unknown name as for a wrong password. */
  async checkPassword(name: string, password: string, mechanism: "basic" | "form"): Promise<Principal | undefined> {
    const user = this.#users.get(name);
    const matches = await verifyPassword(password, user?.hash ?? { ...DECOY, iterations: this.#decoyIterations() });
    return user !== undefined && matches ? withGroups({ name: user.name, role: user.role, mechanism }, user.groups) : undefined;
  }

  /** The principal for a bearer token, or undefined. */
  async checkToken(token: string): Promise<Principal | undefined> {
    if (typeof this.#tokens === "function") {
      const answer = await this.#tokens(token);
      if (answer === true) return { name: "token", role: "MQWebAdmin", mechanism: "token" };
      return answer === false || answer === undefined ? undefined : answer;
    }
    let found: Principal | undefined;
    // Every entry is compared, in constant time each, so that timing says nothing of which matched.
    for (const entry of this.#tokens) if (sameText(entry.secret, token) && found === undefined) found = entry.principal;
    return found;
  }

  /** The iterations of the users' hashes, so that the decoy costs what a real check does. */
  #decoyIterations(): number {
    for (const user of this.#users.values()) return user.hash.iterations;
    return DECOY.iterations;
  }
}

export function parseUsers(text: string | undefined): UserEntry[] {
  return splitEntries(text).map((entry, index) => {
    const [name, role, hash, groupsText, ...rest] = entry.split(":");
    const place = `MQ_USERS entry ${index + 1}`;
    if (!name || role === undefined || hash === undefined || rest.length > 0)
      throw new ConfigurationError("MQ_USERS", `${place} is not name:role:hash or name:role:hash:groups`);
    const groups = parseGroups(groupsText, "MQ_USERS", place);
    if (!isRole(role))
      throw new ConfigurationError("MQ_USERS", `${place} has the role ${JSON.stringify(role)}; it is MQWebAdmin, MQWebAdminRO, MQWebUser or MQWebChannel`);
    try {
      return groups === undefined ? { name, role, hash: parsePasswordHash(hash) } : { name, role, hash: parsePasswordHash(hash), groups };
    } catch (error) {
      throw new ConfigurationError("MQ_USERS", `${place}: ${(error as Error).message}`);
    }
  });
}

function parseTokenEntry(entry: string, index: number): { secret: string; principal: Principal } {
  const [secret = "", role = "MQWebAdmin", name = `token${index + 1}`, groupsText, ...rest] = entry.split(":");
  const place = `MQ_TOKENS entry ${index + 1}`;
  if (secret === "" || rest.length > 0)
    throw new ConfigurationError("MQ_TOKENS", `${place} is not token, token:role, token:role:name or token:role:name:groups`);
  if (!isRole(role))
    throw new ConfigurationError("MQ_TOKENS", `${place} has the role ${JSON.stringify(role)}; it is MQWebAdmin, MQWebAdminRO, MQWebUser or MQWebChannel`);
  return { secret, principal: withGroups({ name, role, mechanism: "token" }, parseGroups(groupsText, "MQ_TOKENS", place)) };
}

/** The optional groups field: names joined by `+`, each non-empty. */
function parseGroups(text: string | undefined, variable: string, place: string): string[] | undefined {
  if (text === undefined) return undefined;
  const groups = text.split("+");
  if (groups.some((group) => group === "")) throw new ConfigurationError(variable, `${place} has an empty group name; groups are joined by +, e.g. apps+audit`);
  return groups;
}

function withGroups(principal: Principal, groups: string[] | undefined): Principal {
  return groups === undefined ? principal : { ...principal, groups };
}

function splitEntries(text: string | undefined): string[] {
  return (text ?? "").split(/[\s,]+/).filter((entry) => entry.length > 0);
}

/** Equal strings, in a time that depends on their lengths only. */
function sameText(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return difference === 0;
}
