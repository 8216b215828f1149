/**
 * The V8 flags a production server process runs with, applied by the process itself so that every way
 * of starting one — `npm start`, a systemd unit running `node server.ts`, the benchmarks and the e2e
 * proxy test — gets them without repeating them (issue 31 §5, ADR 061).
 *
 * `--max-semi-space-size=16` (MB): V8 sizes the young generation from the machine's memory; on a
 * 24 GB machine each of its semi-spaces grows to 64 MB, so a busy server commits 128 MB of young
 * generation of which ≈ 20 MB is live at any time. 16 MB semi-spaces keep the scavenges short and
 * frequent enough for request garbage and give the difference back (ADR 061 has the figures).
 *
 * V8 reads its heap sizes once, when the isolate is created (`v8.setFlagsFromString` afterwards has no
 * effect on them), so the process re-executes itself with the flags: `process.execve` replaces the
 * program in place — same pid, same open stdio, no parent left behind for a process manager to watch.
 * It happens before anything else is loaded, so the cost is one more start of Node (≈ 40–110 ms measured).
 * A flag the operator already gave (on the command line or in NODE_OPTIONS) wins over ours.
 *
 * The same re-execution switches `node server.ts` to the compiled server, `build/node/server.js`
 * (`npm run build`, ADR 078), when it was built from the sources as they are: the process then never
 * loads Node's TypeScript type stripper (≈ 25 MB of resident memory). Without a build, or with one
 * older than a source, it goes on from the sources.
 *
 * `MALLOC_ARENA_MAX=2` (SERVER_ENV, glibc's malloc): each thread that allocates — libuv's pool running
 * zlib and file reads, V8's platform workers — gets its own 64 MB arena by default, and memory freed
 * into one arena is not reused by another. In the 250 req/s soak the process held 50 MB in 32 such
 * mappings; with two arenas 14 MB, RSS 456 → 425 MB, and no more CPU a request (ADR 070). glibc reads
 * it at start, so it is set by the same re-execution; an operator's own value wins.
 */

import { existsSync } from "node:fs";
import path from "node:path";
import { compiledIsCurrent } from "./paths.ts";

/** Flags of a production server process, as `node` takes them. */
export const SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=16"];

/** Environment variables of a production server process, read by the C library at start; an operator's own value wins. */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: "2" };

/** The flags of `wanted` whose name (before `=`) is in none of `given` (`process.execArgv`, NODE_OPTIONS words). */
export function missingFlags(wanted: readonly string[], given: readonly string[]): string[] {
  const names = new Set(given.map((flag) => flag.split("=")[0]!.replaceAll("_", "-")));
  return wanted.filter((flag) => !names.has(flag.split("=")[0]!));
}

/**
 * In production (`NODE_ENV=production`), re-executes this process with the SERVER_NODE_FLAGS and
 * SERVER_ENV variables it lacks, and with `compiledEntry` (an absolute path) as its entry module instead
 * of `process.argv[1]` when the compiled server beside it is current (server/paths.ts `compiledIsCurrent`:
 * built from the sources as they are now); returns when there is nothing to change, outside
 * production, or where `process.execve` is unavailable (not POSIX) or fails — the server then runs
 * with V8's and glibc's defaults, from the module it was started with, which only costs memory. Call it
 * first thing in an entry module, before importing the server.
 */
export function relaunchWithServerFlags(compiledEntry?: string): void {
  if (process.env.NODE_ENV !== "production" || typeof process.execve !== "function") return;
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/).filter(Boolean)];
  const missing = missingFlags(SERVER_NODE_FLAGS, given);
  const missingEnv = Object.entries(SERVER_ENV).filter(([name]) => process.env[name] === undefined);
  let entry = process.argv[1]!;
  if (compiledEntry !== undefined && compiledIsCurrent(path.dirname(compiledEntry))) entry = compiledEntry;
  // Said by the process that goes on running (not by one about to re-execute), so once.
  else if (compiledEntry !== undefined && existsSync(compiledEntry) && missing.length === 0 && missingEnv.length === 0)
    process.emitWarning(`${compiledEntry} is older than the sources (run \`npm run build\`): running the sources`);
  if (missing.length === 0 && missingEnv.length === 0 && entry === process.argv[1]) return;
  try {
    process.execve(process.execPath, [process.execPath, ...missing, ...process.execArgv, entry, ...process.argv.slice(2)], {
      ...process.env,
      ...Object.fromEntries(missingEnv),
    });
  } catch (error) {
    const added = [...missing, ...missingEnv.map(([name, value]) => `${name}=${value}`)];
    process.emitWarning(`could not restart with ${added.join(" ")}: ${(error as Error).message}`);
  }
}
