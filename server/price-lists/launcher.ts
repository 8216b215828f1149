/**
 * The parse launcher: a small, long-lived child process of the server that starts the parse
 * processes (worker.ts) and relays their messages, so the server itself never forks (issue 25's
 * Measure; ADR 038 addendum). Forking copies the parent's page tables and leaves every page of it
 * copy-on-write until the child execs: from a server holding 400–600 MB that was 5–40 ms of its
 * event loop per upload, plus the write faults after; from this process (tens of MB) it is ≈ 1 ms.
 *
 * Protocol over the IPC channel (serialization "advanced", so rows keep their types), `id` naming
 * one parse process:
 * - server → launcher: `{ op: "spawn", id, args, env }`, `{ op: "send", id, message }`,
 *   `{ op: "kill", id }` (SIGKILL).
 * - launcher → server: `{ id, type: "message", message }` for each of the parse process's messages,
 *   `{ id, type: "stderr", text }`, `{ id, type: "error", error }` (it could not be started) and
 *   `{ id, type: "close", code, signal }` once it is gone and its output drained.
 * When the server goes away (the channel closes) the launcher kills its parse processes and exits.
 */
import { spawn, type ChildProcess } from "node:child_process";

export type LauncherRequest =
  /** Starts this Node with `args` and only `env` as its environment. */
  | { op: "spawn"; id: number; args: string[]; env: Record<string, string> }
  | { op: "send"; id: number; message: unknown }
  | { op: "kill"; id: number };

export type LauncherEvent =
  | { id: number; type: "message"; message: unknown }
  | { id: number; type: "stderr"; text: string }
  | { id: number; type: "error"; error: string }
  | { id: number; type: "close"; code: number | null; signal: NodeJS.Signals | null };

if (process.send) {
  const children = new Map<number, ChildProcess>();
  const post = (event: LauncherEvent) => {
    if (process.connected) process.send?.(event);
  };

  process.on("message", (request: LauncherRequest) => {
    if (request.op === "send") {
      const child = children.get(request.id);
      if (child?.connected) child.send(request.message as object);
      return;
    }
    if (request.op === "kill") {
      children.get(request.id)?.kill("SIGKILL");
      return;
    }
    const { id } = request;
    const child = spawn(process.execPath, request.args, {
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      serialization: "advanced",
      env: request.env,
    });
    children.set(id, child);
    child.stderr?.setEncoding("utf8").on("data", (text: string) => post({ id, type: "stderr", text }));
    child.on("message", (message) => post({ id, type: "message", message }));
    child.on("error", (error) => post({ id, type: "error", error: error.message }));
    // "close": after the IPC channel and stderr are drained, so every message is relayed before it.
    child.on("close", (code, signal) => {
      children.delete(id);
      post({ id, type: "close", code, signal });
    });
  });

  process.on("disconnect", () => {
    for (const child of children.values()) child.kill("SIGKILL");
    process.exit(0);
  });
}
