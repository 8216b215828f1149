/**
 * Texts of sign-in messages in the recipient's language, from the same locale files as the pages
 * (keys under `mail.*` in locales/{ru,en,zh}/common.json), rendered with an i18next instance.
 * E-mail has a plain-text and an HTML part; SMS is one short line.
 */
import i18next, { type TFunction } from "i18next";
import { resources } from "../../../locales/index.ts";
import type { Lang } from "../../db/schema.ts";

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

/** The sign-in code e-mail: the code, its lifetime in minutes and a one-click link to the code form. */
export function codeMail(input: { to: string; code: string; link: string; minutes: number; lang: Lang; appName: string }): MailMessage {
  const tr = t(input.lang);
  const vars = { code: input.code, minutes: input.minutes, app: input.appName };
  const subject = tr("mail.codeSubject", vars);
  const text = [tr("mail.codeIntro", vars), "", input.code, "", tr("mail.codeLink", vars), input.link, "", tr("mail.codeIgnore", vars)].join("\n");
  // Interpolated values are HTML-escaped by i18next (escapeValue: true); the link is escaped here.
  const href = input.link.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const html = `<!doctype html><html lang="${input.lang}"><body style="font-family:sans-serif;line-height:1.5">
<p>${tr("mail.codeIntro", vars)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${input.code}</p>
<p><a href="${href}">${tr("mail.codeButton", vars)}</a></p>
<p style="color:#666">${tr("mail.codeIgnore", vars)}</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}

/** The sign-in code SMS: one line with the code and its lifetime. */
export function codeSms(input: { code: string; minutes: number; lang: Lang; appName: string }): string {
  return t(input.lang)("mail.codeSms", { code: input.code, minutes: input.minutes, app: input.appName });
}

/**
 * The employee invitation e-mail (issue 5): who invites, to which company, with which company role,
 * and how to accept (sign in with this address, then accept on the profile start page `link`).
 * Names are user input: the plain-text part has them unescaped, the HTML part escaped.
 */
export function inviteMail(input: { to: string; inviter: string; company: string; role: "owner" | "admin" | "member"; link: string; lang: Lang; appName: string }): MailMessage {
  const tr = t(input.lang);
  const role = tr(`mail.inviteRole.${input.role}`);
  const vars = { inviter: input.inviter, company: input.company, role, app: input.appName, email: input.to };
  const plain = { ...vars, interpolation: { escapeValue: false } };
  const subject = tr("mail.inviteSubject", plain);
  const text = [tr("mail.inviteIntro", plain), "", tr("mail.inviteHow", plain), input.link, "", tr("mail.inviteIgnore", plain)].join("\n");
  const href = input.link.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const html = `<!doctype html><html lang="${input.lang}"><body style="font-family:sans-serif;line-height:1.5">
<p>${tr("mail.inviteIntro", vars)}</p>
<p>${tr("mail.inviteHow", vars)}</p>
<p><a href="${href}">${tr("mail.inviteButton", vars)}</a></p>
<p style="color:#666">${tr("mail.inviteIgnore", vars)}</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}
