/**
 * Texts of sign-in messages in the recipient's language, from the same locale files as the pages
 * (keys under `mail.*` in locales/{ru,en,zh}/common.json), rendered with an i18next instance.
 * E-mail has a plain-text and an HTML part; SMS is one short line.
 */
import i18next, { type TFunction } from "i18next";
import { resources } from "#locales/index.ts";
import type { Lang } from "#server/db/schema.ts";
import { htmlMail } from "./html.ts";

const instance = i18next.createInstance();
void instance.init({ resources, defaultNS: "common", fallbackLng: "ru", interpolation: { escapeValue: true }, initAsync: false });

function t(lang: Lang): TFunction {
  return instance.getFixedT(lang);
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** `link` for an `href` attribute in double quotes. */
const escapeHref = (link: string) => link.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

type CodeTexts = "mail" | "profileContacts.mail";

/**
 * A one-time code e-mail from the texts under `texts` (`codeSubject`, `codeIntro`, `codeLink`,
 * `codeButton`, `codeIgnore`): the code, its lifetime in minutes and a link to the code form.
 */
function oneTimeCodeMail(
  texts: CodeTexts,
  input: { to: string; code: string; link: string; minutes: number; lang: Lang; appName: string },
): MailMessage {
  const tr = t(input.lang);
  const vars = { code: input.code, minutes: input.minutes, app: input.appName };
  const subject = tr(`${texts}.codeSubject`, vars);
  const text = [
    tr(`${texts}.codeIntro`, vars),
    "",
    input.code,
    "",
    tr(`${texts}.codeLink`, vars),
    input.link,
    "",
    tr(`${texts}.codeIgnore`, vars),
  ].join("\n");
  // Interpolated values are HTML-escaped by i18next (escapeValue: true); the link is escaped here.
  const html = htmlMail(
    input.lang,
    `<p>${tr(`${texts}.codeIntro`, vars)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${input.code}</p>
<p><a href="${escapeHref(input.link)}">${tr(`${texts}.codeButton`, vars)}</a></p>
<p style="color:#666">${tr(`${texts}.codeIgnore`, vars)}</p>`,
  );
  return { to: input.to, subject, text, html };
}

/** A one-time code SMS from the text `codeSms` under `texts`: one line with the code and its lifetime. */
function oneTimeCodeSms(texts: CodeTexts, input: { code: string; minutes: number; lang: Lang; appName: string }): string {
  return t(input.lang)(`${texts}.codeSms`, { code: input.code, minutes: input.minutes, app: input.appName });
}

/** The sign-in code e-mail: the code, its lifetime in minutes and a one-click link to the code form. */
export function codeMail(input: { to: string; code: string; link: string; minutes: number; lang: Lang; appName: string }): MailMessage {
  return oneTimeCodeMail("mail", input);
}

/** The sign-in code SMS: one line with the code and its lifetime. */
export function codeSms(input: { code: string; minutes: number; lang: Lang; appName: string }): string {
  return oneTimeCodeSms("mail", input);
}

/**
 * The employee invitation e-mail (issue 5): who invites, to which company, with which company role,
 * and how to accept (sign in with this address, then accept on the profile start page `link`).
 * Names are user input: the plain-text part has them unescaped, the HTML part escaped.
 */
export function inviteMail(input: {
  to: string;
  inviter: string;
  company: string;
  role: "owner" | "admin" | "sales" | "member";
  link: string;
  lang: Lang;
  appName: string;
}): MailMessage {
  const tr = t(input.lang);
  const role = tr(`mail.inviteRole.${input.role}`);
  const vars = { inviter: input.inviter, company: input.company, role, app: input.appName, email: input.to };
  const plain = { ...vars, interpolation: { escapeValue: false } };
  const subject = tr("mail.inviteSubject", plain);
  const text = [tr("mail.inviteIntro", plain), "", tr("mail.inviteHow", plain), input.link, "", tr("mail.inviteIgnore", plain)].join("\n");
  const html = htmlMail(
    input.lang,
    `<p>${tr("mail.inviteIntro", vars)}</p>
<p>${tr("mail.inviteHow", vars)}</p>
<p><a href="${escapeHref(input.link)}">${tr("mail.inviteButton", vars)}</a></p>
<p style="color:#666">${tr("mail.inviteIgnore", vars)}</p>`,
  );
  return { to: input.to, subject, text, html };
}

/**
 * The code confirming a new sign-in e-mail (ADR 017), sent TO the new address: the code, its lifetime
 * and a link to the code step with the code filled in (the person still presses "Confirm", so a mail
 * scanner following the link cannot use the code up). Texts: `profileContacts.mail.*`.
 */
export function contactCodeMail(input: {
  to: string;
  code: string;
  link: string;
  minutes: number;
  lang: Lang;
  appName: string;
}): MailMessage {
  return oneTimeCodeMail("profileContacts.mail", input);
}

/** The SMS confirming a new sign-in phone number: one line with the code and its lifetime. */
export function contactCodeSms(input: { code: string; minutes: number; lang: Lang; appName: string }): string {
  return oneTimeCodeSms("profileContacts.mail", input);
}

/**
 * The security notice to the account's e-mail (the OLD one when the e-mail itself changed) that a
 * sign-in address was changed, naming the new one masked (OWASP Authentication Cheat Sheet: notify
 * the user of changes to their account's recovery details), with the single-use link that undoes the
 * change and ends every session (security review F10), valid `undoDays` days.
 */
export function contactChangedMail(input: {
  to: string;
  kind: "email" | "phone";
  newAddress: string;
  undoLink: string;
  undoDays: number;
  lang: Lang;
  appName: string;
}): MailMessage {
  const tr = t(input.lang);
  const vars = { address: input.newAddress, app: input.appName, count: input.undoDays };
  const plain = { ...vars, interpolation: { escapeValue: false } };
  const key = input.kind === "email" ? "changedEmail" : "changedPhone";
  const subject = tr(`profileContacts.mail.${key}Subject`, plain);
  const text = [
    tr(`profileContacts.mail.${key}Intro`, plain),
    "",
    tr("profileContacts.mail.changedNotYou", plain),
    input.undoLink,
    "",
    tr("profileContacts.mail.changedUndoValid", plain),
  ].join("\n");
  const html = htmlMail(
    input.lang,
    `<p>${tr(`profileContacts.mail.${key}Intro`, vars)}</p>
<p>${tr("profileContacts.mail.changedNotYou", vars)}</p>
<p><a href="${escapeHref(input.undoLink)}">${tr("profileContacts.mail.changedUndoButton", vars)}</a></p>
<p>${tr("profileContacts.mail.changedUndoValid", vars)}</p>`,
  );
  return { to: input.to, subject, text, html };
}

/**
 * The daily moderation digest to a moderator (server/admin/digest.ts): how many companies and
 * products wait in the queue, with a link to it. Texts: `content.digest.*`.
 */
export function moderationDigestMail(input: {
  to: string;
  companies: number;
  products: number;
  link: string;
  lang: Lang;
  appName: string;
}): MailMessage {
  const tr = t(input.lang);
  const vars = { companies: input.companies, products: input.products, count: input.companies + input.products, app: input.appName };
  const plain = { ...vars, interpolation: { escapeValue: false } };
  const subject = tr("content.digest.subject", plain);
  const text = [tr("content.digest.intro", plain), "", tr("content.digest.counts", plain), "", input.link].join("\n");
  const html = htmlMail(
    input.lang,
    `<p>${tr("content.digest.intro", vars)}</p>
<p>${tr("content.digest.counts", vars)}</p>
<p><a href="${escapeHref(input.link)}">${tr("content.digest.open", vars)}</a></p>`,
  );
  return { to: input.to, subject, text, html };
}
