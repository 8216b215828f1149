/**
 * `inquiry-supplier-mail` `{ conversationId }`: e-mails an inquiry to the public address of a
 * supplier company that has nobody on the platform (most seeded companies), at most
 * SUPPLIER_MAILS_PER_DAY per company in any 24 hours (the rest wait in the company's inbox for
 * whoever joins). So that a person of the company can answer, the job keeps an OWNER invitation to
 * that address open (the existing invitation flow, server/profile/employees.ts): signing in with
 * the address shows it on /profile/start, accepting it makes them the company's first employee, and
 * the inbox holds the inquiry. The e-mail is in Chinese for a Chinese company, else Russian.
 */
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { defineJob } from "../jobs/queue.ts";
import { companies, companyMembers, conversationMessages, conversations, users } from "../db/schema.ts";
import { APP_NAME } from "../api/app-data.ts";
import { siteUrl, unclaimedSupplierMail } from "../notifications/mail.ts";
import { companyRecipients } from "../conversations/repository.ts";
import { INQUIRY_SUPPLIER_MAIL_JOB } from "./service.ts";
import type { Lang } from "../../contract/langs.ts";
import { personName } from "../../contract/people.ts";

export const SUPPLIER_MAILS_PER_DAY = 3;

export const inquirySupplierMailJob = defineJob<{ conversationId: number }>({
  name: INQUIRY_SUPPLIER_MAIL_JOB,
  retryLimit: 3,
  async run({ conversationId }, { services, logger }) {
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
    const [sent] = await db
      .select({ n: count() })
      .from(conversations)
      .where(
        and(
          eq(conversations.supplierCompanyId, row.c.supplierCompanyId),
          gt(conversations.supplierMailedAt, new Date(now.getTime() - 24 * 3600 * 1000)),
        ),
      );
    if ((sent?.n ?? 0) >= SUPPLIER_MAILS_PER_DAY) {
      logger.info({ conversationId, companyId: row.c.supplierCompanyId }, "daily cap of supplier e-mails reached");
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
    const [first] = await db
      .select({ body: conversationMessages.body })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversationId))
      .orderBy(conversationMessages.createdAt)
      .limit(1);
    const [buyer] = await db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, row.c.buyerUserId));
    const lang: Lang = row.country === "CN" ? "zh" : "ru";
    const publicUrl = services.publicUrl?.() ?? "http://localhost:3000";
    const start = `${lang === "ru" ? "" : `/${lang}`}/profile/start`;
    const terms = [
      row.c.quantity ? `${Number(row.c.quantity)} ${row.c.unit ?? ""}`.trim() : null,
      row.c.targetPrice ? `${row.c.targetPrice} ${row.c.currency ?? ""}`.trim() : null,
      row.c.incoterm,
      [row.c.destinationCity, row.c.destinationCountry].filter(Boolean).join(", ") || null,
      row.c.wantedBy,
    ].filter((x): x is string => Boolean(x));
    await mailer.send(
      unclaimedSupplierMail({
        to: email,
        lang,
        company: row.name,
        buyer: personName(buyer),
        terms,
        message: first?.body ?? "",
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
