import { once } from "node:events";
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parseActivity, parseLauncherPid, tableRows } from "./read.ts";

const csv = (rows: number) =>
  new TextEncoder().encode(`name;price\n${Array.from({ length: rows }, (_, i) => `Товар ${i};${i},5`).join("\n")}`);

async function count(bytes: Uint8Array): Promise<number> {
  let n = 0;
  for await (const _ of tableRows("csv", bytes)) n++;
  return n;
}

/** The parent process id of process `pid` (/proc/PID/stat's fourth field). */
const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);

describe.runIf(process.platform === "linux")("the parse launcher", () => {
  test("starts the parse processes itself: the server process forks none", async () => {
    expect(await count(csv(1000))).toBe(1001);
    const launcher = parseLauncherPid();
    expect(launcher).toBeGreaterThan(0);
    expect(parentOf(launcher!)).toBe(process.pid);
    expect(readFileSync(`/proc/${launcher}/cmdline`, "utf8")).toContain("launcher.ts");
  });

  test("a launcher that dies fails the reading in flight, and the next reading starts another", async () => {
    const started = once(parseActivity, "start");
    const reading = count(csv(40_000));
    // Once its parse process is asked for: the launcher that runs it.
    await started;
    const first = parseLauncherPid()!;
    process.kill(first, "SIGKILL");
    await expect(reading).rejects.toThrow();
    expect(await count(csv(10))).toBe(11);
    expect(parseLauncherPid()).not.toBe(first);
  });

  test("a reading asked for just as the launcher dies ends — read or refused, never waiting for ever", async () => {
    expect(await count(csv(10))).toBe(11);
    const first = parseLauncherPid()!;
    process.kill(first, "SIGKILL");
    // Before this process has seen it go: the reading goes to the dead launcher's channel.
    const settled = await count(csv(10)).then(
      (n) => n,
      (error: unknown) => error,
    );
    expect(settled === 11 || settled instanceof Error).toBe(true);
    expect(await count(csv(10))).toBe(11);
    expect(parseLauncherPid()).not.toBe(first);
  }, 30_000);
});
