/**
 * Tells a database that cannot be reached (stopped, restarting, failing over, refusing connections)
 * from a query that failed on its own merits. The API answers the first kind with 503
 * `service_unavailable` and `Retry-After` (issue 16: "503, not a hang, within 2 s"), the second with
 * 500. Drizzle wraps driver errors (`cause`), so the whole cause chain is searched.
 *
 * Codes: Node socket errors (ECONNREFUSED, ECONNRESET, ETIMEDOUT, EPIPE, EHOSTUNREACH, ENOTFOUND) and
 * PostgreSQL SQLSTATE class 08 (connection exception) and 57P01–57P03 (admin shutdown, crash
 * shutdown, cannot connect now) — PostgreSQL documentation, Appendix A "Error Codes".
 */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND"]);
const SQLSTATES = new Set(["57P01", "57P02", "57P03"]);
// node-postgres reports a dropped connection and a pool wait that timed out by message only.
const MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /Client has encountered a connection error/i];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && MESSAGES.some((pattern) => pattern.test(message))) return true;
    // AggregateError (a host with several addresses, all refused).
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = cause;
  }
  return false;
}
