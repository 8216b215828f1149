/**
 * The e2e run's ports and timings, shared by playwright.config.ts (which starts the servers with them)
 * and the specs and helpers that talk to those servers. `E2E_PORT` moves the whole set, so parallel
 * worktrees never collide.
 */
import os from "node:os";
import path from "node:path";

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** The e2e server's port (tests/e2e/support/admin.ts reaches its admin control socket by it). */
export const APP_PORT = PORT;
/** The mail catcher's ports follow the app's, so parallel worktrees never collide. */
export const MAIL_SMTP_PORT = PORT + 1;
export const MAIL_HTTP_PORT = PORT + 2;
/** The fake DaData-compatible suggestions service (INN and address autofill) the e2e server calls. */
export const DADATA_PORT = PORT + 3;
/** The fake LibreTranslate-compatible service (tests/support/fake-translator.ts) the e2e server translates with (ADR 031). */
export const TRANSLATOR_PORT = PORT + 4;
/**
 * Seconds before the e2e server sends another sign-in code to the same address (its
 * AUTH_RESEND_AFTER_S): short, so tests that sign in twice wait little; tests/e2e/support/session.ts
 * (`resendAllowed`) waits until this much time has passed since the address's last code.
 */
export const AUTH_RESEND_AFTER_S = 2;
/**
 * The e2e server's PAGE_VIEWS_LOG: every page view it counts, as a JSON line with the headers that
 * decided it (server/page-views/middleware.ts). Emptied when the server starts; a spec whose view
 * count is off prints the lines of its page.
 */
export const PAGE_VIEWS_LOG = path.join(os.tmpdir(), `postavka-e2e-${PORT}-page-views.jsonl`);
