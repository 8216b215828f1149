/**
 * The moderation e-mail of buying requests: a moderator approved or rejected the buyer's public
 * request (`mailModeration`), sent to the buyer in THEIR interface language (`users.locale`), texts
 * from `rfq.mail.*` of locales/{ru,en,zh}/common.json. The other events of buying requests (new
 * request, new quote, accepted, not chosen, closed) go through the notifications module
 * (server/notifications, server/rfq/jobs.ts), with their texts in server/notifications/mail.ts.
 * `rfqInvitationMail` is the invitation that tells a matched or invited company nobody runs yet
 * about a request, at its public address (server/rfq/jobs.ts; usability review #3).
 * Titles and reasons are user input: never in a subject (security review N3: the subjects are fixed
 * texts), in the body marked as the buyer's words; unescaped in the text part, HTML-escaped in the
 * HTML part. A failed delivery throws.
 */
import i18next, { type TFunction } from "i18next";
import { eq } from "drizzle-orm";
import { resources } from "#locales/index.ts";
import type { Mailer } from "../auth/delivery/mailer.ts";
import type { MailMessage } from "../auth/delivery/messages.ts";
import { escapeHtml, htmlMail } from "../auth/delivery/html.ts";
import type { Db } from "../db/client.ts";
import { users, type Lang } from "../db/schema.ts";
import { siteUrl } from "../notifications/mail.ts";

const instance = i18next.createInstance();
void instance.init({ resources, defaultNS: "common", fallbackLng: "ru", interpolation: { escapeValue: false }, initAsync: false });
const t = (lang: Lang): TFunction => instance.getFixedT(lang);

export interface Recipient {
  email: string;
  lang: Lang;
}

/** A message of paragraphs and one link, as text and HTML. */
function compose(to: string, lang: Lang, subject: string, paragraphs: string[], link: { label: string; href: string }): MailMessage {
  const text = [...paragraphs.flatMap((p) => [p, ""]), `${link.label}: ${link.href}`].join("\n");
  const html = htmlMail(
    lang,
    `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
  );
  return { to, subject, text, html };
}

/**
 * The invitation to a company nobody runs yet, in `lang` (Chinese for a Chinese company, else
 * Russian): a fixed subject, the request's title quoted as the buyer's words, quantity and
 * deadline, and how to answer — sign in with this address, accept the invitation to the company on
 * the start page (`signInLink`), then quote (`quoteLink`).
 */
export function rfqInvitationMail(input: {
  to: string;
  lang: Lang;
  company: string;
  title: string;
  quantity: string;
  unit: string;
  deadline: string;
  invited: boolean;
  signInLink: string;
  quoteLink: string;
  appName: string;
}): MailMessage {
  const tr = t(input.lang);
  const vars = {
    app: input.appName,
    company: input.company,
    title: input.title,
    quantity: `${Number(input.quantity).toLocaleString(input.lang === "zh" ? "zh-CN" : input.lang)} ${tr(`rfq.units.${input.unit}`)}`,
    deadline: input.deadline,
    email: input.to,
    quoteLink: input.quoteLink,
  };
  return compose(
    input.to,
    input.lang,
    tr("rfq.mail.unclaimed.subject", vars),
    [
      tr(input.invited ? "rfq.mail.unclaimed.introInvited" : "rfq.mail.unclaimed.intro", vars),
      tr("rfq.mail.unclaimed.title", vars),
      tr("rfq.mail.matchDetails", vars),
      tr("rfq.mail.unclaimed.how", vars),
      tr("rfq.mail.unclaimed.ignore", vars),
    ],
    { label: tr("rfq.mail.unclaimed.button"), href: input.signInLink },
  );
}

/** A user as a recipient (null without an e-mail address). */
export async function userRecipient(db: Db, userId: number): Promise<Recipient | null> {
  const [row] = await db.select({ email: users.email, lang: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ? { email: row.email, lang: row.lang } : null;
}

export interface RfqMailContext {
  mailer: Mailer;
  publicUrl: string;
}

/** A moderator's decision on the buyer's public request. */
export async function mailModeration(
  ctx: RfqMailContext,
  to: Recipient,
  rfq: { id: number; title: string; visibility?: "public" | "private" },
  decision: { approved: boolean; reason: string | null; hidden?: boolean },
): Promise<void> {
  const tr = t(to.lang);
  const vars = { title: rfq.title, reason: decision.reason ?? "" };
  const outcome = decision.approved ? "approved" : decision.hidden ? "hidden" : "rejected";
  const subject = tr(`rfq.mail.${outcome}Subject`, vars);
  const paragraphs = decision.approved
    ? [tr(rfq.visibility === "private" ? "rfq.mail.approvedPrivateIntro" : "rfq.mail.approvedIntro", vars)]
    : [tr(`rfq.mail.${outcome}Intro`, vars), decision.reason ?? ""];
  const message = compose(to.email, to.lang, subject, paragraphs, {
    label: tr("rfq.mail.requestLink"),
    href: siteUrl(ctx.publicUrl, to.lang, `/profile/rfq/${rfq.id}`),
  });
  await ctx.mailer.send(message);
}
