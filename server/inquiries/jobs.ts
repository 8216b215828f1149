/**
 * `inquiry-supplier-mail` `{ conversationId }`: tells the public address of a supplier company that
 * has nobody on the platform (most seeded companies) that a buyer asked it for a price. So that a
 * person of the company can answer, the job keeps an OWNER invitation to that address open (the
 * existing invitation flow, server/profile/employees.ts): signing in with the address shows it on
 * /profile/start, accepting it makes them the company's first employee, and the inbox holds the
 * inquiry. The e-mail is in Chinese for a Chinese company, else Russian.
 *
 * Such mail goes to third parties who never asked for it, so (review N13; the numbers are
 * `UNCLAIMED_MAIL` in server/api/rate-limits.ts): it is a fixed notice naming only the company's
 * own products, never the buyer's words; at most `perCompanyDay` per company, `perSenderDay` per
 * buyer and `siteDay` for the whole site in any 24 hours (past a cap the inquiry simply waits in
 * the company's inbox); and a buyer's account must be `minAccountAgeH` hours old — until then the
 * job waits (it is sent again to start when the account is old enough).
 */
import { and, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { defineJob } from "../jobs/queue.ts";
import { companies, companyMembers, conversations, products, users } from "../db/schema.ts";
import { APP_NAME } from "../catalog/app-data.ts";
import { UNCLAIMED_MAIL } from "../api/rate-limits.ts";
import { siteUrl, unclaimedSupplierMail } from "../notifications/mail.ts";
import { companyRecipients } from "../conversations/repository.ts";
import { INQUIRY_SUPPLIER_MAIL_JOB } from "./service.ts";
import type { Lang } from "#contract/langs.ts";

/** Kept for callers and tests: the per-company cap (`UNCLAIMED_MAIL.perCompanyDay`). */
export const SUPPLIER_MAILS_PER_DAY = UNCLAIMED_MAIL.perCompanyDay;

const DAY_MS = 24 * 3600 * 1000;

export const inquirySupplierMailJob = defineJob<{ conversationId: number }>({
  name: INQUIRY_SUPPLIER_MAIL_JOB,
  retryLimit: 3,
  async run({ conversationId }, { services, logger, jobs }) {
    const { db, mailer } = services;
    if (!db || !mailer) throw new Error(`${INQUIRY_SUPPLIER_MAIL_JOB} needs db and mailer`);
    const [row] = await db
      .select({ c: conversations, email: companies.email, name: companies.name, country: companies.country })
      .from(conversations)
      .innerJoin(companies, eq(companies.id, conversations.supplierCompanyId))
      .where(eq(conversations.id, conversationId));
    if (!row || row.c.supplierMailedAt) return;
    const email = row.email?.trim().toLowerCase();
    if (!email || !email.includes("@")) {
      logger.info({ conversationId }, "supplier has no public e-mail: inquiry waits in its inbox");
      return;
    }
    if ((await companyRecipients(db, row.c.supplierCompanyId)).length > 0) return;
    const now = new Date();
    const [buyer] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, row.c.buyerUserId));
    const oldEnough = (buyer?.createdAt.getTime() ?? 0) + UNCLAIMED_MAIL.minAccountAgeH * 3600 * 1000;
    if (oldEnough > now.getTime()) {
      await jobs.send(INQUIRY_SUPPLIER_MAIL_JOB, { conversationId }, { startAfter: new Date(oldEnough) });
      logger.info({ conversationId }, "the buyer's account is new: the supplier e-mail waits");
      return;
    }
    const since = new Date(now.getTime() - DAY_MS);
    const mailed = (where: ReturnType<typeof and>) =>
      db
        .select({ n: count() })
        .from(conversations)
        .where(and(gt(conversations.supplierMailedAt, since), where))
        .then(([r]) => r?.n ?? 0);
    const caps: [string, number, number][] = [
      ["company", await mailed(eq(conversations.supplierCompanyId, row.c.supplierCompanyId)), UNCLAIMED_MAIL.perCompanyDay],
      ["sender", await mailed(eq(conversations.buyerUserId, row.c.buyerUserId)), UNCLAIMED_MAIL.perSenderDay],
      ["site", await mailed(undefined), UNCLAIMED_MAIL.siteDay],
    ];
    const reached = caps.find(([, sent, cap]) => sent >= cap);
    if (reached) {
      const level = reached[0] === "site" ? "warn" : "info";
      logger[level]({ conversationId, companyId: row.c.supplierCompanyId, cap: reached[0] }, "daily cap of supplier e-mails reached");
      return;
    }
    // Keep an owner invitation to the public address open (renewed: its age counts from updatedAt).
    const renewed = await db
      .update(companyMembers)
      .set({ updatedAt: now })
      .where(
        and(eq(companyMembers.companyId, row.c.supplierCompanyId), eq(companyMembers.invitedEmail, email), isNull(companyMembers.userId)),
      )
      .returning({ id: companyMembers.id });
    if (renewed.length === 0) {
      await db
        .insert(companyMembers)
        .values({ companyId: row.c.supplierCompanyId, invitedEmail: email, role: "owner", status: "invited" })
        .onConflictDoNothing();
    }
    const productNames = row.c.productIds.length
      ? (await db.select({ name: products.name }).from(products).where(inArray(products.id, row.c.productIds))).map((p) => p.name)
      : [];
    const lang: Lang = row.country === "CN" ? "zh" : "ru";
    const publicUrl = services.publicUrl?.() ?? "http://localhost:3000";
    const start = `${lang === "ru" ? "" : `/${lang}`}/profile/start`;
    await mailer.send(
      unclaimedSupplierMail({
        to: email,
        lang,
        company: row.name,
        products: productNames,
        link: siteUrl(publicUrl, lang, `/auth?redirectTo=${encodeURIComponent(start)}`),
        appName: APP_NAME,
      }),
    );
    await db
      .update(conversations)
      .set({ supplierMailedAt: sql`now()` })
      .where(eq(conversations.id, conversationId));
  },
});
