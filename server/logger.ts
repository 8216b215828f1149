/**
 * Structured JSON logs (pino). One root logger per process; request handlers use
 * `logger.child({ requestId })`. Pretty output only when a developer runs `npm run dev` in a TTY.
 */
import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(options: { level: string; pretty?: boolean }): Logger {
  return pino({
    level: options.level,
    base: { service: "postavka" },
    redact: { paths: ["req.headers.authorization", "req.headers.cookie"], remove: true },
    ...(options.pretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
  });
}
