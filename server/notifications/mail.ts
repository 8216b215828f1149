/**
 * E-mails of notifications (server/notifications/index.ts: inquiries and conversations with texts
 * `inquiries.mail.*`, buying requests with `rfq.mail.*`) and of inquiries to suppliers with
 * nobody on the platform (server/inquiries/jobs.ts), in the recipient's language, from the locale
 * files (`inquiries.mail.*` in locales/{ru,en,zh}/common.json). Plain text and HTML; user input
 * (names, message excerpts) is unescaped in the text part and escaped in the HTML part.
 */
import i18next, { type TFunction } from "i18next";
import { resources } from "#locales/index.ts";
import type { MailMessage } from "../auth/delivery/messages.ts";
import { escapeHtml, htmlMail } from "../auth/delivery/html.ts";
import type { Lang } from "../db/schema.ts";
import { pickLocalized } from "#contract/lang-schemas.ts";
import { countryName, formatDate, formatPrice, formatQuantityUnit, joinPlace, quoteName, quoteText } from "#contract/format.ts";

const instance = i18next.createInstance();
void instance.init({ resources, defaultNS: "common", fallbackLng: "ru", interpolation: { escapeValue: false }, initAsync: false });

const t = (lang: Lang): TFunction => instance.getFixedT(lang);

/** A payload field as text (a name or a code; anything else is empty). */
const str = (value: unknown, fallback = "") => (typeof value === "string" || typeof value === "number" ? String(value) : fallback);

/** The language-neutral `path` as an absolute URL in `lang` (Russian has no prefix, DESIGN §5). */
export function siteUrl(publicUrl: string, lang: Lang, path: string): string {
  return `${publicUrl.replace(/\/$/, "")}${lang === "ru" ? "" : `/${lang}`}${path}`;
}

/** A localized name in `lang`, else any given. */
export function nameIn(name: unknown, lang: Lang): string {
  if (typeof name === "string") return name;
  if (!name || typeof name !== "object") return "";
  const n = name as Record<string, string | undefined>;
  return n[lang] || n.ru || n.en || n.zh || "";
}

/**
 * A company's name as the mail texts take it (`{{company}}`): in Russian inside «», unless the name
 * already carries its own quotes (ООО «Ромашка» is not quoted twice); as it is in English and Chinese.
 */
export function companyVar(name: unknown, lang: Lang): string {
  const text = nameIn(name, lang);
  return lang === "ru" ? quoteName(text, lang) : text;
}

/** A product an inquiry names (the `inquiry.new` payload's `products`). */
export interface InquiryMailProduct {
  id: number;
  name: Partial<Record<Lang, string>>;
  sourceLang: string;
}

/** An inquiry's terms as stored (the `inquiry.new` payload's `terms`): decimal strings, codes, a YYYY-MM-DD day. */
export interface InquiryMailTerms {
  quantity?: string;
  unit?: string;
  targetPrice?: string;
  currency?: string;
  incoterm?: string;
  destinationCountry?: string;
  destinationCity?: string;
  wantedBy?: string;
}

/**
 * The paragraphs of an inquiry's e-mail that say what is asked (issue 26 defect #7): the products
 * by name in the reader's language (contract/lang-schemas.ts `pickLocalized`, the product page's rule) with
 * links to their pages, and every term with its label — quantity with its unit (т / t / 吨), the
 * target price as money of the reader's language, the Incoterms rule, the destination, the date.
 */
export function inquiryDetails(lang: Lang, payload: Record<string, unknown>, publicUrl: string): string[] {
  const tr = t(lang);
  const out: string[] = [];
  const products = Array.isArray(payload.products) ? (payload.products as InquiryMailProduct[]) : [];
  if (products.length) {
    const lines = products.map((p) => {
      const name = pickLocalized(p.name, lang, p.sourceLang as Lang)?.text ?? `#${p.id}`;
      return `• ${name} — ${siteUrl(publicUrl, lang, `/product/${p.id}`)}`;
    });
    out.push(`${tr("inquiries.products")}${lang === "zh" ? "：" : ":"}\n${lines.join("\n")}`);
  }
  const terms = (payload.terms && typeof payload.terms === "object" ? payload.terms : {}) as InquiryMailTerms;
  const rows: [string, string | null][] = [
    ["inquiries.quantity", terms.quantity ? formatQuantityUnit(terms.quantity, terms.unit, lang) : null],
    ["inquiries.targetPrice", terms.targetPrice ? formatPrice(terms.targetPrice, terms.currency ?? null, lang) : null],
    ["inquiries.incoterm", terms.incoterm ?? null],
    ["inquiries.destination", joinPlace([terms.destinationCity, countryName(terms.destinationCountry, lang)], lang) || null],
    ["inquiries.wantedBy", formatDate(terms.wantedBy ?? null, lang)],
  ];
  const termLines = rows
    .filter((r): r is [string, string] => Boolean(r[1]))
    .map(([key, value]) => `${tr(key)}${lang === "zh" ? "：" : ": "}${value}`);
  if (termLines.length) out.push(termLines.join("\n"));
  return out;
}

/** Paragraphs → a message with a text and an HTML part; `link` becomes a button. */
function compose(lang: Lang, to: string, subject: string, paragraphs: string[], link: { href: string; label: string }): MailMessage {
  const text = [...paragraphs.flatMap((p) => [p, ""]), link.href].join("\n");
  const html = htmlMail(
    lang,
    `${paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
  );
  return { to, subject, text, html };
}

const KIND_KEYS: Record<string, string> = {
  "inquiry.new": "newInquiry",
  "conversation.reply": "reply",
  "conversation.status": "status",
};

/**
 * Buying-request events (server/rfq/jobs.ts; ADR 029): texts from `rfq.mail.*`. `subject` and
 * `lines` are keys (the first line is the event's one-line title in the digest); `link` labels the
 * button. Payload: `title` (the request's), plus `quantity`/`unit`/`deadline`/`invited` for
 * `rfq.new` and `company` (a localized name) for `rfq.quote`.
 */
const RFQ_KINDS: Record<string, (payload: Record<string, unknown>) => { subject: string; lines: string[]; link: string }> = {
  "rfq.new": (p) =>
    p.invited === true
      ? { subject: "invitedSubject", lines: ["invitedIntro", "matchDetails"], link: "matchLink" }
      : { subject: "matchSubject", lines: ["matchIntro", "matchDetails"], link: "matchLink" },
  "rfq.quote": () => ({ subject: "quoteSubject", lines: ["quoteIntro"], link: "requestLink" }),
  "rfq.accepted": () => ({ subject: "acceptedSubject", lines: ["acceptedIntro"], link: "quotesLink" }),
  "rfq.declined": () => ({ subject: "declinedSubject", lines: ["declinedIntro", "declinedThanks"], link: "quotesLink" }),
  "rfq.closed": () => ({ subject: "closedSubject", lines: ["closedIntro"], link: "quotesLink" }),
};

/** The interpolation values of a buying-request event in `lang`. */
function rfqVars(lang: Lang, payload: Record<string, unknown>) {
  const tr = t(lang);
  const quantity = Number(str(payload.quantity, "0"));
  return {
    title: str(payload.title),
    quantity: `${quantity} ${payload.unit ? tr(`rfq.units.${str(payload.unit)}`) : ""}`.trim(),
    deadline: str(payload.deadline),
    company: nameIn(payload.company, lang),
  };
}

/**
 * Order events (server/orders/notify.ts; ADR 048): texts from `orders.mail.<kind>.subject|line`,
 * with the other company's name, the version number and the stage's name in the reader's language.
 */
const isOrderKind = (kind: string) => kind.startsWith("order.");
function orderVars(lang: Lang, payload: Record<string, unknown>) {
  const stage = str(payload.stage);
  return {
    orderId: str(payload.orderId),
    company: nameIn(payload.company, lang),
    version: str(payload.version),
    stage: stage ? t(lang)(`orders.stages.${stage}`) : "",
  };
}
const orderKey = (kind: string) => kind.slice("order.".length);

/** The localized title of an event (the subject of its single e-mail), for the inbox and e-mails. */
export function eventTitle(lang: Lang, kind: string, payload: Record<string, unknown>, appName: string): string {
  if (isOrderKind(kind)) return t(lang)(`orders.mail.${orderKey(kind)}.subject`, orderVars(lang, payload));
  const rfq = RFQ_KINDS[kind];
  if (rfq) return t(lang)(`rfq.mail.${rfq(payload).subject}`, rfqVars(lang, payload));
  const vars = { app: appName, buyer: str(payload.buyer), author: str(payload.author), company: companyVar(payload.company, lang) };
  return t(lang)(`inquiries.mail.${KIND_KEYS[kind] ?? "generic"}.subject`, vars);
}

/** One line saying what happened (the digest's entries, and the first paragraph of a single e-mail). */
export function eventLine(lang: Lang, kind: string, payload: Record<string, unknown>): string {
  const tr = t(lang);
  if (isOrderKind(kind)) return tr(`orders.mail.${orderKey(kind)}.line`, orderVars(lang, payload));
  const rfq = RFQ_KINDS[kind];
  if (rfq) return tr(`rfq.mail.${rfq(payload).lines[0]}`, rfqVars(lang, payload));
  const key = KIND_KEYS[kind] ?? "generic";
  const vars = {
    buyer: str(payload.buyer),
    author: str(payload.author),
    company: companyVar(payload.company, lang),
    status: tr(`inquiries.status.${str(payload.status, "new")}`),
  };
  return tr(`inquiries.mail.${key}.line`, vars);
}

/** The e-mail of one notification. */
export function notificationMail(input: {
  to: string;
  lang: Lang;
  kind: string;
  payload: Record<string, unknown>;
  link: string;
  publicUrl: string;
  appName: string;
}): MailMessage {
  const tr = t(input.lang);
  if (isOrderKind(input.kind)) {
    const vars = { ...orderVars(input.lang, input.payload), app: input.appName };
    const key = orderKey(input.kind);
    return compose(
      input.lang,
      input.to,
      tr(`orders.mail.${key}.subject`, vars),
      [tr(`orders.mail.${key}.line`, vars), tr("inquiries.mail.settingsHint", vars)],
      { href: siteUrl(input.publicUrl, input.lang, input.link), label: tr("orders.mail.open") },
    );
  }
  const rfq = RFQ_KINDS[input.kind]?.(input.payload);
  if (rfq) {
    const vars = { ...rfqVars(input.lang, input.payload), app: input.appName };
    return compose(
      input.lang,
      input.to,
      tr(`rfq.mail.${rfq.subject}`, vars),
      [...rfq.lines.map((key) => tr(`rfq.mail.${key}`, vars)), tr("inquiries.mail.settingsHint", vars)],
      { href: siteUrl(input.publicUrl, input.lang, input.link), label: tr(`rfq.mail.${rfq.link}`) },
    );
  }
  const key = KIND_KEYS[input.kind] ?? "generic";
  const vars = {
    app: input.appName,
    buyer: str(input.payload.buyer),
    author: str(input.payload.author),
    company: companyVar(input.payload.company, input.lang),
  };
  const paragraphs = [eventLine(input.lang, input.kind, input.payload)];
  if (input.kind === "inquiry.new") paragraphs.push(...inquiryDetails(input.lang, input.payload, input.publicUrl));
  if (typeof input.payload.excerpt === "string" && input.payload.excerpt) paragraphs.push(quoteText(input.payload.excerpt, input.lang));
  if (input.payload.belowMoq === true) paragraphs.push(tr("inquiries.belowMoqNotice"));
  paragraphs.push(tr("inquiries.mail.settingsHint", vars));
  return compose(input.lang, input.to, tr(`inquiries.mail.${key}.subject`, vars), paragraphs, {
    href: siteUrl(input.publicUrl, input.lang, input.link),
    label: tr("inquiries.mail.open"),
  });
}

/** The daily digest: one line per event, newest last, and a link to the inquiries page. */
export function digestMail(input: {
  to: string;
  lang: Lang;
  events: { kind: string; payload: Record<string, unknown>; link: string }[];
  publicUrl: string;
  appName: string;
}): MailMessage {
  const tr = t(input.lang);
  const lines = input.events.map((e) => `• ${eventLine(input.lang, e.kind, e.payload)} — ${siteUrl(input.publicUrl, input.lang, e.link)}`);
  return compose(
    input.lang,
    input.to,
    tr("inquiries.mail.digest.subject", { count: input.events.length, app: input.appName }),
    [
      tr("inquiries.mail.digest.intro", { count: input.events.length, app: input.appName }),
      lines.join("\n"),
      tr("inquiries.mail.settingsHint", { app: input.appName }),
    ],
    { href: siteUrl(input.publicUrl, input.lang, "/profile/inquiries"), label: tr("inquiries.mail.open") },
  );
}

/**
 * The notice e-mailed to the public address of a company nobody on the platform answers for: a
 * buyer asked it for a price (about which of its products, by their names in the catalogue), and
 * how to read and answer it (sign in with this address and accept the invitation to the company on
 * the profile start page; the conversation waits in the inbox). A fixed text: nothing the buyer
 * wrote — name, terms, message — is in it, so the platform relays no one's words to a third
 * party's address (review N13).
 */
export function unclaimedSupplierMail(input: {
  to: string;
  lang: Lang;
  company: unknown;
  /** The names of the company's products the inquiry is about (the company's own catalogue text). */
  products: unknown[];
  link: string;
  appName: string;
}): MailMessage {
  const tr = t(input.lang);
  const products = input.products
    .map((name) => nameIn(name, input.lang))
    .filter(Boolean)
    .map((name) => (input.lang === "zh" ? `“${name}”` : `«${name}»`))
    .join(", ");
  const vars = { app: input.appName, company: companyVar(input.company, input.lang), email: input.to, products };
  return compose(
    input.lang,
    input.to,
    tr("inquiries.mail.unclaimed.subject", vars),
    [
      tr(products ? "inquiries.mail.unclaimed.introProducts" : "inquiries.mail.unclaimed.intro", vars),
      tr("inquiries.mail.unclaimed.how", vars),
      tr("inquiries.mail.unclaimed.ignore", vars),
    ],
    { href: input.link, label: tr("inquiries.mail.unclaimed.button", vars) },
  );
}

/**
 * The code that proves a claim of a company by e-mail (issue 30 §3, ADR 057): sent to the address
 * at the company's own domain the person gave; a fixed text naming the company (its register name)
 * and the code, with a link to the claim page where the code is typed.
 */
export function claimCodeMail(input: {
  to: string;
  lang: Lang;
  company: unknown;
  code: string;
  link: string;
  appName: string;
}): MailMessage {
  const tr = t(input.lang);
  const vars = { app: input.appName, company: companyVar(input.company, input.lang), code: input.code, email: input.to };
  return compose(
    input.lang,
    input.to,
    tr("registers.mail.subject", vars),
    [tr("registers.mail.code", vars), tr("registers.mail.ignore", vars)],
    {
      href: input.link,
      label: tr("registers.mail.open", vars),
    },
  );
}
