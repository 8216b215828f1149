/**
 * The command line of the project's scripts (`npm run seed:demo -- …`, `npm run bench -- …`): one
 * policy for every script's options.
 *
 * `readCommandLine(usage, options, read)` parses `process.argv` strictly with node:util's parseArgs
 * (every script also takes `-h`/`--help`, which prints `usage` and exits 0), then hands the values to
 * `read`, which turns them into the script's settings. Any mistake — an unknown option, a missing
 * value, a number out of range, anything `read` throws — prints the error and the usage on stderr
 * and exits with 2 (bad arguments), before the script touches a database.
 */
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";

/** `--name`'s value as a whole number ≥ `min` (`1_000_000` and `1000000` alike); throws a readable error otherwise. */
export function wholeNumber(name: string, raw: string, min: number): number {
  const value = Number(raw.replace(/_/g, ""));
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number ≥ ${min}, got ${JSON.stringify(raw)}`);
  return value;
}

const HELP = { help: { type: "boolean", short: "h", default: false } } as const;

/** The values parseArgs reads for `options` (strings, booleans; defaults filled in). */
type Values<O extends ParseArgsOptionsConfig> = ReturnType<typeof parseArgs<{ options: O; strict: true }>>["values"];

/** Reads the script's command line with `options` and `read` (see the module's comment); never returns on a mistake. */
export function readCommandLine<const O extends ParseArgsOptionsConfig, T>(usage: string, options: O, read: (values: Values<O>) => T): T {
  try {
    const values = parseArgs({ options: { ...options, ...HELP }, strict: true }).values as Values<O> & { help: boolean };
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    return read(values);
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}
