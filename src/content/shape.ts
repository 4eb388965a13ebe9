// A setting is described once, and its table row (src/content/README.md), check and type (`Infer`) read from it.

/** What is wrong with a value: each problem as [where inside it ("" for the value itself, ".amount", "[2]"), the message]. */
export type Problems = [at: string, message: string][];

interface Setting<T = unknown> {
  /** What it is, and what it must be, in a sentence or two: its row in the settings table. */
  readonly about: string;
  readonly optional?: true;
  /** What is wrong with a value given for it (one left out is a problem only where the setting may not be). */
  readonly check: (value: unknown) => Problems;
  /** The settings it groups (or each of its entries has, for a list), for the table. */
  readonly settings?: Settings;
  /** A list: its settings are each entry's. */
  readonly list?: true;
  /** The value's type, which only the type checker reads. */
  readonly type?: T;
}

type Settings = Readonly<Record<string, Setting>>;

/** Problems found inside a value, as where they are in what holds it (`.amount` of `.price`: `.price.amount`). */
export const inside = (at: string, problems: Problems): Problems =>
  problems.map(([where, message]) => [at + where, message]);

/** What is wrong with each of `settings` in `value`, which holds them (any other key it has is not looked at). */
export const eachProblem = (settings: Settings, value: unknown): Problems =>
  Object.entries(settings).flatMap(([key, setting]) =>
    inside(`.${key}`, setting.check((value as Record<string, unknown> | null | undefined)?.[key])),
  );

/** A setting of one value: `check` says what is wrong with it, if anything. */
export function rule<T>(about: string, check: (value: unknown) => string | undefined): Setting<T> {
  return {
    about,
    check: (value) => {
      const problem = check(value);
      return problem ? [["", problem]] : [];
    },
  };
}

export function optional<T>(setting: Setting<T>): Setting<T> & { readonly optional: true } {
  return {
    ...setting,
    optional: true,
    check: (value) => (value === undefined ? [] : setting.check(value)),
  };
}

/**
 * Settings that go together (a field, its price). A key it does not have is refused: a typo would otherwise be
 * skipped in silence. `also`: what the settings must be together, once each is right on its own.
 */
export function group<S extends Settings>(
  about: string,
  settings: S,
  { what, also }: { what: string; also?: (value: Infer<S>) => Problems },
): Setting<Infer<S>> {
  const keys = Object.keys(settings);
  return {
    about,
    settings,
    check: (value) => {
      if (typeof value !== "object" || value === null || Array.isArray(value))
        return [["", `must be ${what}: { ${keys.join(", ")} }`]];
      const problems: Problems = [];
      for (const key of Object.keys(value))
        if (!keys.includes(key))
          problems.push([`.${key}`, `is not something ${what} has: ${what} has ${keys.join(", ")}`]);
      problems.push(...eachProblem(settings, value));
      return problems.length === 0 && also ? also(value as Infer<S>) : problems;
    },
  };
}

/** A list of settings alike (the fields), checked one by one; `empty`: the problem with none at all, if one. */
export function list<T>(
  about: string,
  item: Setting<T>,
  { what, empty }: { what: string; empty?: string },
): Setting<readonly T[]> {
  return {
    about,
    settings: item.settings,
    list: true,
    check: (value) => {
      if (!Array.isArray(value) || (value.length === 0 && empty)) return [["", empty ?? `must be a list of ${what}`]];
      return value.flatMap((entry, i) => inside(`[${i}]`, item.check(entry)));
    },
  };
}

type Value<S> = S extends Setting<infer T> ? T : never;
type OptionalKeys<S extends Settings> = { [K in keyof S]: S[K] extends { optional: true } ? K : never }[keyof S];

/** The type of the values a group of settings describes. */
export type Infer<S extends Settings> = {
  [K in Exclude<keyof S, OptionalKeys<S>>]: Value<S[K]>;
} & {
  [K in OptionalKeys<S>]?: Value<S[K]>;
} extends infer O
  ? { [K in keyof O]: O[K] }
  : never;

/** The settings table's rows: each setting, then those it groups by their names inside it (`fields[].title`). */
export function settingsTable(settings: Settings, prefix = ""): string[] {
  return Object.entries(settings).flatMap(([key, setting]) => {
    const name = `${prefix}${key}`;
    return [
      `| \`${name}\` | ${setting.optional ? "Optional. " : ""}${setting.about} |`,
      ...(setting.settings ? settingsTable(setting.settings, `${name}${setting.list ? "[]" : ""}.`) : []),
    ];
  });
}
