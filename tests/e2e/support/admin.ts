/**
 * A moderator's command-line work inside an e2e test: `adminCli("approve", "product", "12")` runs
 * `npm run admin -- approve product 12` on the e2e server's live database (scripts/e2e-server.ts)
 * and resolves to `{ code, lines }`.
 */
import { APP_PORT } from "../../../playwright.config.ts";
import { runAdminCommand } from "../../../scripts/lib/e2e-admin.ts";

export function adminCli(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  return runAdminCommand(APP_PORT, argv);
}
