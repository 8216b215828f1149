/**
 * Telling a company's people about a moderator's decision (issue 7): one e-mail to each active
 * employee with an e-mail address, in that person's interface language (`users.locale`), with the
 * reason quoted as the moderator wrote it and a link to the record in their profile. Texts come from
 * the `admin.mail.*` keys of locales/{ru,en,zh}/common.json.
 *
 * Sent after the decision is committed; a failed delivery is logged and does not undo the decision
 * (the supplier also sees it in the profile: `status` and `moderationNote` of the company or product).
 */
import i18next, { type TFunction } from "i18next";
import { and, eq, isNotNull } from "drizzle-orm";
import { resources } from "#locales/index.ts";
import type { Db } from "../db/client.ts";
import { companyMembers, users, type Lang, type Localized } from "../db/schema.ts";
import type { Mailer } from "../auth/delivery/mailer.ts";
import type { MailMessage } from "../auth/delivery/messages.ts";
import { escapeHtml, htmlMail } from "../auth/delivery/html.ts";
import type { Logger } from "../logger.ts";
import type { ModerationResult } from "../profile/moderation.ts";

const instance = i18next.createInstance();
void instance.init({ resources, defaultNS: "common", fallbackLng: "ru", interpolation: { escapeValue: true }, initAsync: false });
const t = (lang: Lang): TFunction => instance.getFixedT(lang);

const LANG_PREFIX: Record<Lang, string> = { ru: "", en: "/en", zh: "/zh" };

function nameIn(name: Localized, lang: Lang): string {
  return name[lang] ?? name.ru ?? name.en ?? name.zh ?? "";
}

/** The company's active employees with an e-mail address, and their interface language. */
function peopleOf(db: Db, companyId: number) {
  return db
    .select({ email: users.email, locale: users.locale })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.status, "active"), isNotNull(users.email)));
}

/** The decision e-mail to one person (exported for tests). */
export function decisionMail(result: ModerationResult, to: string, lang: Lang, origin: string, appName = "Postavka"): MailMessage {
  const tr = t(lang);
  const name = nameIn(result.name, lang);
  const what = tr(`admin.mail.kind.${result.kind}`);
  const key =
    result.decision === "approved"
      ? result.changesOnly
        ? "changesApproved"
        : "approved"
      : result.changesOnly
        ? "changesRejected"
        : "rejected";
  const plain = { name, what, app: appName, interpolation: { escapeValue: false } };
  const html = { name, what, app: appName };
  const path = result.kind === "company" ? "/profile/company" : `/profile/product/${result.id}`;
  const link = `${origin.replace(/\/$/, "")}${LANG_PREFIX[lang]}${path}`;
  const subject = tr(`admin.mail.${key}Subject`, plain);
  const lines = [tr(`admin.mail.${key}Intro`, plain)];
  if (result.reason) lines.push("", tr("admin.mail.reason", plain), result.reason, "", tr("admin.mail.fixHow", plain));
  lines.push("", tr("admin.mail.open", plain), link);
  const href = escapeHtml(link);
  const body = htmlMail(
    lang,
    `<p>${tr(`admin.mail.${key}Intro`, html)}</p>
${result.reason ? `<p><strong>${tr("admin.mail.reason", html)}</strong></p><blockquote style="border-left:3px solid #c92a2a;margin:0;padding:4px 12px;white-space:pre-line"${result.reasonLang ? ` lang="${result.reasonLang}"` : ""}>${escapeHtml(result.reason)}</blockquote><p>${tr("admin.mail.fixHow", html)}</p>` : ""}
<p><a href="${href}">${tr("admin.mail.open", html)}</a></p>`,
  );
  return { to, subject, text: lines.join("\n"), html: body };
}

/**
 * Sends the decision to every active employee of the company with an e-mail address. Returns how
 * many messages went out; failures are logged.
 */
export async function notifyDecision(
  db: Db,
  deps: { mailer: Mailer; publicUrl: () => string; logger?: Logger },
  result: ModerationResult,
): Promise<number> {
  let sent = 0;
  for (const person of await peopleOf(db, result.companyId)) {
    try {
      await deps.mailer.send(decisionMail(result, person.email!, person.locale, deps.publicUrl()));
      sent += 1;
    } catch (error) {
      deps.logger?.error({ err: error, companyId: result.companyId, kind: result.kind, id: result.id }, "moderation e-mail not sent");
    }
  }
  return sent;
}

/** A decision on a whole submission (server/admin/submissions.ts): how many products, which way, why. */
export interface SubmissionOutcome {
  companyId: number;
  decision: "approved" | "rejected";
  count: number;
  reason: string | null;
  reasonLang: Lang | null;
}

/** The e-mail of a submission's decision to one person (exported for tests): one message for all its products. */
export function submissionMail(outcome: SubmissionOutcome, to: string, lang: Lang, origin: string, appName = "Postavka"): MailMessage {
  const tr = t(lang);
  const key = outcome.decision === "approved" ? "submissionApproved" : "submissionRejected";
  const plain = { count: outcome.count, app: appName, interpolation: { escapeValue: false } };
  const html = { count: outcome.count, app: appName };
  const status = outcome.decision === "approved" ? "published" : "rejected";
  const link = `${origin.replace(/\/$/, "")}${LANG_PREFIX[lang]}/profile/company/products?status=${status}`;
  const lines = [tr(`admin.mail.${key}Intro`, plain)];
  if (outcome.reason) lines.push("", tr("admin.mail.reason", plain), outcome.reason, "", tr("admin.mail.fixHow", plain));
  lines.push("", tr("admin.mail.openList", plain), link);
  const body = htmlMail(
    lang,
    `<p>${tr(`admin.mail.${key}Intro`, html)}</p>
${outcome.reason ? `<p><strong>${tr("admin.mail.reason", html)}</strong></p><blockquote style="border-left:3px solid #c92a2a;margin:0;padding:4px 12px;white-space:pre-line"${outcome.reasonLang ? ` lang="${outcome.reasonLang}"` : ""}>${escapeHtml(outcome.reason)}</blockquote><p>${tr("admin.mail.fixHow", html)}</p>` : ""}
<p><a href="${escapeHtml(link)}">${tr("admin.mail.openList", html)}</a></p>`,
  );
  return { to, subject: tr(`admin.mail.${key}Subject`, plain), text: lines.join("\n"), html: body };
}

/** Sends a submission's decision to every active employee of the company with an e-mail address; returns how many went out. */
export async function notifySubmission(
  db: Db,
  deps: { mailer: Mailer; publicUrl: () => string; logger?: Logger },
  outcome: SubmissionOutcome,
): Promise<number> {
  let sent = 0;
  for (const person of await peopleOf(db, outcome.companyId)) {
    try {
      await deps.mailer.send(submissionMail(outcome, person.email!, person.locale, deps.publicUrl()));
      sent += 1;
    } catch (error) {
      deps.logger?.error({ err: error, companyId: outcome.companyId }, "submission e-mail not sent");
    }
  }
  return sent;
}
