import { parseArgs, type ParseArgsConfig } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * A wrong flag ends the command with a line that says so, not a trace; so does a word after it, unless the command
 * takes words (`positionals`).
 */
export function commandLine<const T extends Options>(
  name: string,
  usage: string,
  options: T,
  { positionals = false } = {},
) {
  const config = {
    options: { ...options, help: { type: "boolean", short: "h" } },
    allowPositionals: true,
    args: process.argv.slice(2),
  } as const;
  let parsed: ReturnType<typeof parseArgs<typeof config>>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    // parseArgs says, for instance, "Unknown option '--x'. To specify a positional argument starting with a '-', …".
    const reason = (error as Error).message.split(/\. |\n/)[0]!;
    usageError(name, `${reason.charAt(0).toLowerCase()}${reason.slice(1)}`);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage.trim());
    process.exit(0);
  }
  if (!positionals && parsed.positionals.length > 0) usageError(name, `it takes no ${parsed.positionals[0]}`);
  return parsed;
}

export function usageError(name: string, reason: string): never {
  console.error(`${name}: ${reason}; \`${name} -- --help\` lists what it takes.`);
  process.exit(2);
}
