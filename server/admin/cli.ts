/**
 * `npm run admin -- <command>`: a moderator's and an operator's work from the command line (issue 5);
 * the same decisions as the admin area (issue 7), recorded in its audit log with the actor "cli".
 * Commands:
 *
 *   approve <company|product> <id>                            publish what awaits moderation (a product's pending changes are applied)
 *   reject  <company|product> <id> --reason "…" [--lang ru]   send it back with the reason the author will see (in that language)
 *   grant   <email> [ADMIN|MODERATOR|USER] [--role …]         set a user's site role (default ADMIN) — bootstraps the first admin
 *   purge-uploads                                             delete expired, unattached uploads now
 *   aggregate-page-views                                      sum the flushed page views into the daily table now (ADR 051)
 *   import-registers <file>… [--partial]                      import FNS register archives into this database (server/registers;
 *                                                             the server's own embedded one too, through the e2e control socket)
 *
 * With a `mailer` in the context, the company's people are told of approvals and rejections by e-mail.
 * An approval enqueues the machine translation of the published texts (ADR 046) on the context's
 * `jobs`, or on a job queue opened on the database's pool for the command.
 * `runAdmin` parses the arguments and runs one command on an open database; it returns the exit code
 * (0 done, 1 refused — nothing to approve, unknown id —, 64 usage error, EX_USAGE) and writes one
 * line to `out` (or `err`). scripts/admin.ts opens the database (PGlite under DATA_DIR or
 * DATABASE_URL) and the file storage from the environment.
 */
import { importRegisterFile } from "../registers/import.ts";
import { RegisterFormatError } from "../registers/format.ts";
import { formatReport } from "../registers/report.ts";
import { parseArgs } from "node:util";
import type { Db } from "../db/client.ts";
import { USER_ROLES, type UserRole } from "../db/schema.ts";
import { purgeExpiredUploads } from "../files/repository.ts";
import { aggregatePageViews } from "../page-views/aggregate.ts";
import type { FileStorage } from "../files/storage.ts";
import {
  approveCompany,
  approveProduct,
  grantRole,
  ModerationError,
  rejectCompany,
  rejectProduct,
  type ModerationResult,
} from "../profile/moderation.ts";
import type { Mailer } from "../auth/delivery/mailer.ts";
import { createJobQueue, type JobQueue } from "#server/jobs/queue.ts";
import { createLogger } from "#server/logger.ts";
import { enqueueTranslation, translateContentJob } from "#server/translation/jobs.ts";
import type pg from "pg";
import { CLI_ACTOR } from "../audit/access.ts";
import { notifyDecision } from "./notify.ts";

export const USAGE = `Usage: npm run admin -- <command>
  approve <company|product> <id>
  reject  <company|product> <id> --reason "…" [--lang ru|en|zh]
  grant   <email> [ADMIN|MODERATOR|USER]   (or --role …; default ADMIN)
  purge-uploads
  aggregate-page-views
  import-registers <file>… [--partial]`;

export interface AdminContext {
  db: Db;
  storage: FileStorage;
  /** Tells the company's people of a decision; without it no e-mail is sent. */
  mailer?: Mailer;
  /** Origin of the site for links in e-mails. */
  publicUrl?: () => string;
  /** The job queue approvals enqueue translations on; without it one is opened on `db`'s pool for the command. */
  jobs?: JobQueue;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

export async function runAdmin(argv: string[], context: AdminContext): Promise<number> {
  const out = context.out ?? ((line) => process.stdout.write(`${line}\n`));
  const err = context.err ?? ((line) => process.stderr.write(`${line}\n`));
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 64;
  }
  const { positionals, values } = parsed;
  const [command, target, rawId] = positionals;
  const usage = (message: string) => {
    err(`${message}\n${USAGE}`);
    return 64;
  };
  try {
    switch (command) {
      case "approve":
      case "reject": {
        if (target !== "company" && target !== "product") return usage(`What to ${command}: company or product`);
        if (!rawId || !/^\d{1,10}$/.test(rawId) || Number(rawId) > 2_147_483_647 || Number(rawId) < 1)
          return usage("Give the id as a positive number");
        const id = Number(rawId);
        let result: ModerationResult;
        if (command === "approve") {
          result =
            target === "company"
              ? await approveCompany(context.db, id, { actor: CLI_ACTOR })
              : await approveProduct(context.db, context.storage, id, { actor: CLI_ACTOR });
          out(
            `${target === "company" ? "Company" : "Product"} ${id} approved: published${result.changesOnly ? " (pending changes applied)" : ""}`,
          );
          // The published texts changed: translate them, as an approval in the admin area does.
          await enqueueApproved(context, target, id, err);
        } else {
          const reason = values.reason;
          if (!reason || !reason.trim()) return usage(`Give the reason: reject ${target} ${id} --reason "…"`);
          const lang = values.lang;
          if (lang !== undefined && lang !== "ru" && lang !== "en" && lang !== "zh")
            return usage("--lang is ru, en or zh: the language the reason is written in");
          result =
            target === "company"
              ? await rejectCompany(context.db, id, reason, { actor: CLI_ACTOR, lang })
              : await rejectProduct(context.db, id, reason, { actor: CLI_ACTOR, lang });
          out(
            `${target === "company" ? "Company" : "Product"} ${id} rejected${result.status === "published" ? " (its changes; the published version stays)" : ""}: ${reason.trim()}`,
          );
        }
        if (context.mailer)
          await notifyDecision(
            context.db,
            { mailer: context.mailer, publicUrl: context.publicUrl ?? (() => "http://localhost:3000") },
            result,
          );
        return 0;
      }
      case "grant": {
        if (!target || !target.includes("@")) return usage("Give the user's e-mail address");
        // The role as the third word (`grant a@b.c MODERATOR`) or as --role; not both, differently.
        if (rawId && values.role && rawId.toUpperCase() !== values.role.toUpperCase()) return usage("Give the role once");
        if (positionals.length > 3) return usage("Too many arguments");
        const role = (rawId ?? values.role ?? "ADMIN").toUpperCase();
        if (!(USER_ROLES as readonly string[]).includes(role)) return usage(`Unknown role ${role}: ${USER_ROLES.join(", ")}`);
        const result = await grantRole(context.db, target, role as UserRole, { actor: CLI_ACTOR });
        out(`User ${result.id} <${result.email}> is now ${result.role} (applies from their next request)`);
        return 0;
      }
      case "purge-uploads": {
        let total = 0;
        for (;;) {
          const n = await purgeExpiredUploads(context.db, context.storage, new Date(), 500);
          total += n;
          if (n < 500) break;
        }
        out(`Deleted ${total} expired upload(s)`);
        return 0;
      }
      case "aggregate-page-views": {
        const result = await aggregatePageViews(context.db);
        out(`Page views: ${result.days} daily row(s) written, ${result.purgedRaw} raw and ${result.purgedDaily} expired row(s) deleted`);
        return 0;
      }
      case "import-registers": {
        const files = positionals.slice(1);
        if (files.length === 0) return usage("Name the register archives to import");
        for (const file of files) {
          const report = await importRegisterFile(context.db, file, { partial: values.partial === true });
          out(formatReport(report));
        }
        return 0;
      }
      case undefined:
      case "help":
        out(USAGE);
        return command ? 0 : 64;
      default:
        return usage(`Unknown command ${command}`);
    }
  } catch (error) {
    if (error instanceof ModerationError || error instanceof RegisterFormatError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
}

/**
 * Enqueues the translation of what `target` `id`'s approval published, on `context.jobs` or on a
 * queue opened for this command (stopped after). A failure is reported on `err` and leaves the
 * approval as it is.
 */
async function enqueueApproved(
  context: AdminContext,
  target: "company" | "product",
  id: number,
  err: (line: string) => void,
): Promise<void> {
  const logger = createLogger({ level: "warn" });
  let jobs = context.jobs;
  try {
    jobs ??= await createJobQueue({ pool: (context.db as Db & { $client: pg.Pool }).$client, logger, definitions: [translateContentJob] });
    await enqueueTranslation(jobs, logger, target, id);
  } catch (error) {
    err(`Translation not enqueued: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (jobs && jobs !== context.jobs) await jobs.stop();
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { reason: { type: "string" }, role: { type: "string" }, lang: { type: "string" }, partial: { type: "boolean" } },
  });
}
