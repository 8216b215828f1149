/**
 * Vitest setup of every project (unit and both API projects): a test that makes anything call `console.error` fails (React's
 * warnings, a swallowed exception logged on the way), as epic-stack's tests/setup does. The calls
 * are collected and reported after the test rather than thrown where they happen, so code that
 * catches errors cannot hide them. A test that expects an error log spies on `console.error` itself
 * (`vi.spyOn(console, "error").mockImplementation(() => {})`), which takes precedence. The server
 * logs through pino, not the console, so an API test trips it only when something unexpected does.
 */
import { format } from "node:util";
import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

let trap: MockInstance<typeof console.error> | null = null;
let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  trap = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  trap?.mockRestore();
  trap = null;
  if (calls.length > 0)
    throw new Error(`console.error was called ${calls.length} time(s):\n${calls.map((args) => format(...args)).join("\n")}`);
});
