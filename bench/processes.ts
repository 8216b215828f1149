/**
 * Child processes of `npm run bench`: free ports, CPU pinning, waiting for a server and stopping it.
 * Shared by bench/http.ts, bench/http-compare.ts and bench/lighthouse.ts.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Whether `pinned` pins: the machine has 2+ cores and taskset is installed. */
export const canPin = () => os.availableParallelism() >= 2 && spawnSync("taskset", ["-V"]).status === 0;

/** `[command, args]` that run `command args` on CPU `core` through taskset when `canPin()`; else unchanged. */
export const pinned = (core: number, command: string, args: string[]) =>
  (canPin() ? ["taskset", ["-c", String(core), command, ...args]] : [command, args]) as [string, string[]];

/** SIGTERM, then SIGKILL after 10 s; resolves once `child` has exited. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
  });
}

/**
 * Polls `${origin}/readyz` every 0.5 s until it answers 2xx; throws after `timeoutMs`, or at once
 * when `child` (the server's process, if given) exits first.
 */
export async function waitUntilReady(origin: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`bench: the server for ${origin} exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`bench: the server at ${origin} did not become ready in ${timeoutMs / 1000} s`);
}

/**
 * Moves process `pid` and every thread of it (`taskset -a`) to `cores` (a taskset list such as "1" or
 * "0-1"); children it forks later inherit them. False when it could not (no taskset, the process gone).
 */
export function setCores(pid: number, cores: string): boolean {
  return spawnSync("taskset", ["-a", "-cp", cores, String(pid)], { stdio: "ignore" }).status === 0;
}

/** `pid` and its descendants now alive (Linux: the `children` file of each of its threads under /proc), parents first. */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    let threads: string[] = [];
    try {
      threads = readdirSync(`/proc/${tree[i]}/task`);
    } catch {
      continue;
    }
    for (const thread of threads) {
      try {
        const children = readFileSync(`/proc/${tree[i]}/task/${thread}/children`, "utf8").trim();
        if (children) tree.push(...children.split(/\s+/).map(Number));
      } catch {
        // the thread or process ended meanwhile
      }
    }
  }
  return tree;
}
