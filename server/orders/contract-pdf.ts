/**
 * The agreed version of an order as a bilingual contract PDF (issue 28 §1, ADR 050).
 *
 * `renderOrderContractPdf(input)` lays out an A4 document with pdfkit: both parties with their legal
 * entities, the lines (repeated table header on every page), the totals, the terms and both sides'
 * recorded consent. Every heading and term label is printed in Russian and, below it, in the
 * supplier's language (Chinese or English); labels come from `contract.pdf.*` of
 * locales/{ru,en,zh}/common.json. What the parties typed (names, addresses, packing, conditions…) is
 * printed as entered. Each page carries the order number, the version and "page N of M".
 *
 * Fonts: Noto Sans SC (OFL) from the `@expo-google-fonts/noto-sans-sc` package covers Latin,
 * Cyrillic and CJK in one face, so no per-script fallback is needed. The font files are read once
 * per process (`fontBytes`); pdfkit embeds only the glyphs used (a subset), so a contract stays in
 * the tens of kilobytes. The rouble sign (U+20BD) is missing from the face: amounts use ISO 4217
 * codes ("RUB"), never the sign.
 *
 * Errors: throws only on programming errors (an unreadable font file); all strings are accepted.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import i18next, { type TFunction } from "i18next";
import type PDFKitDocument from "pdfkit";
import { resources } from "#locales/index.ts";

/** The supplier's language printed beside Russian. */
export type ContractSecondLanguage = "zh" | "en";

/** A party's legal entity as registered. */
export interface ContractLegalEntity {
  /** Registered name, as entered (e.g. «ООО "Ромашка"», 浙江某某贸易有限公司). */
  name: string;
  /** Russian taxpayer number (10 digits for an organisation, 12 for an individual entrepreneur). */
  inn?: string;
  /** Russian tax registration reason code (9 digits). */
  kpp?: string;
  /** Russian primary state registration number (13 digits; OGRNIP 15). */
  ogrn?: string;
  /** Chinese unified social credit code (统一社会信用代码, 18 characters). */
  uscc?: string;
  address?: string;
}

/** One side of the contract and the person whose consent to this version was recorded. */
export interface ContractParty {
  /** The company's display name on Postavka. */
  name: string;
  /** ISO 3166-1 alpha-2 country code ("RU", "CN", …). */
  country: string;
  legalEntity: ContractLegalEntity;
  /** Who accepted this version from the company's account, and when (ISO 8601 timestamp). */
  signedBy: { name: string; email?: string; at: string };
}

/** One order line; amounts are decimal strings (never floats) in `currency`. */
export interface ContractLine {
  name: string;
  /** TN VED EAEU commodity code (10 digits). */
  tnved?: string;
  /** Decimal string, e.g. "1200" or "12.5". */
  quantity: string;
  /** OKEI unit code and its short name per language (e.g. 796: шт / 个 / pcs). */
  unit: { okei: string; ru: string; zh?: string; en?: string };
  /** Decimal string, per unit. */
  unitPrice: string;
  /** ISO 4217 code. */
  currency: string;
  /** Decimal string: quantity × unitPrice as agreed. */
  total: string;
}

/** How the balance after prepayment is paid. */
export type ContractBalanceKind = "none" | "against_documents" | "on_arrival" | "deferred";

/** The agreed terms of the version. */
export interface ContractTerms {
  /** Incoterms 2020 rule, e.g. "FOB". */
  incoterms: string;
  /** The named place of the rule, e.g. "Shanghai". */
  incotermsPlace: string;
  /** Delivery date (ISO date) — or `leadTimeDays` from confirmation. */
  deliveryDate?: string;
  leadTimeDays?: number;
  payment: {
    /** 0–100. */
    prepaymentPercent: number;
    balance: ContractBalanceKind;
    /** Days after delivery for `balance: "deferred"`. */
    deferredDays?: number;
    /** The balance is paid by a documentary letter of credit. */
    letterOfCredit?: boolean;
  };
  /** The payment route as agreed (bank, agent, currency), free text. */
  paymentRoute?: string;
  packing?: string;
  /**
   * Pre-shipment inspection: who inspects (a code of `contract.pdf.inspectors.*` — `buyer`,
   * `third_party` — printed translated, anything else as entered) and when, free text.
   */
  inspection?: { who: string; when: string };
  /**
   * Documents the buyer needs. A code listed under `contract.pdf.documents.*` in the locales
   * (`certificate_of_origin`, `eac_declaration`, …) is printed translated; anything else as entered.
   */
  documents: string[];
  conditions?: string;
}

/** Everything printed in the contract for one agreed order version. */
export interface ContractPdfInput {
  orderNumber: string;
  version: number;
  /** When the version was accepted by both sides (ISO 8601 timestamp). */
  agreedAt: string;
  /** Russian first, then the supplier's language. */
  languages: readonly ["ru", ContractSecondLanguage];
  buyer: ContractParty;
  supplier: ContractParty;
  lines: ContractLine[];
  /** `approxRub`: the total at the Bank of Russia rate of `rateDate` (ISO date), decimal string. */
  totals: { amount: string; currency: string; approxRub?: string; rateDate?: string };
  terms: ContractTerms;
}

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  bold: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
} as const;

let fontsOnce: Promise<{ regular: Buffer; bold: Buffer }> | undefined;

/** The two font files, read from the package once per process (about 10 MB each). */
function fontBytes(): Promise<{ regular: Buffer; bold: Buffer }> {
  fontsOnce ??= Promise.all([readFile(require.resolve(FONT_FILES.regular)), readFile(require.resolve(FONT_FILES.bold))]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  // A failed read is not cached: the next call tries again.
  fontsOnce.catch(() => {
    fontsOnce = undefined;
  });
  return fontsOnce;
}

const i18n = i18next.createInstance();
void i18n.init({
  resources,
  defaultNS: "common",
  fallbackLng: "ru",
  interpolation: { escapeValue: false },
  initAsync: false,
});

// A4 in PostScript points; 1 mm = 2.835 pt.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 64, bottom: 56, left: 48, right: 48 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const COLOR = { text: "#111111", muted: "#555555", rule: "#999999", fill: "#eeeeee" };
const SIZE = { title: 15, heading: 11.5, body: 9.5, small: 8 };

/** `1234567.5` → `1 234 567.5`: digits grouped by no-break spaces (the face has no thin space), the decimal point kept (no float). */
export function groupDigits(decimal: string): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(decimal.trim());
  if (!m) return decimal;
  return `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0")}${m[3] ?? ""}`;
}

/** ISO timestamp → `2026-11-29 10:15 UTC` (unambiguous in both languages). */
function formatTimestamp(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

/** ISO date or timestamp → `2026-11-29`. */
function formatDate(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : iso;
}

/**
 * Renders the contract for one agreed order version.
 * Returns the PDF bytes (A4, fonts subset-embedded, compressed).
 */
export async function renderOrderContractPdf(input: ContractPdfInput): Promise<Uint8Array> {
  // Loaded on the first contract: pdfkit with fontkit and its brotli decoder is ≈ 6 MB of module
  // source and code that a server holds for nothing until an order is agreed (issue 31 §5, ADR 070).
  const { default: PDFDocument } = await import("pdfkit");
  const fonts = await fontBytes();
  const second = input.languages[1];
  const ru = i18n.getFixedT("ru");
  const tr2 = i18n.getFixedT(second);

  const doc = new PDFDocument({
    size: "A4",
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: true,
    info: {
      Title: `${ru("contract.pdf.title")} № ${input.orderNumber} (v${input.version})`,
      Author: "Postavka",
      Subject: `${tr2("contract.pdf.title")} ${input.orderNumber}`,
    },
    lang: "ru",
    pdfVersion: "1.7",
  });
  doc.registerFont("regular", fonts.regular);
  doc.registerFont("bold", fonts.bold);
  doc.font("regular").fontSize(SIZE.body).fillColor(COLOR.text);

  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });

  const layout = new ContractLayout(doc, ru, tr2, second);
  layout.render(input);
  layout.stampPages(input);
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

type Doc = InstanceType<typeof PDFKitDocument>;

/** Table column of the lines table: share of the content width and alignment. */
interface Column {
  key: "n" | "name" | "qty" | "unit" | "price" | "total";
  width: number;
  align: "left" | "right";
}

/** The drawing steps; one instance per document. */
class ContractLayout {
  private readonly bottom = PAGE.height - MARGIN.bottom;

  private readonly doc: Doc;
  private readonly ru: TFunction;
  private readonly tr2: TFunction;
  private readonly second: ContractSecondLanguage;

  constructor(doc: Doc, ru: TFunction, tr2: TFunction, second: ContractSecondLanguage) {
    this.doc = doc;
    this.ru = ru;
    this.tr2 = tr2;
    this.second = second;
  }

  /** Both languages of one label key, joined for a single line (`Цена / 价格`). */
  private both(key: string, vars?: Record<string, unknown>): string {
    return `${this.ru(key, vars)} / ${this.tr2(key, vars)}`;
  }

  /** `value` as the label `<group>.<value>` in both languages when it is such a code, else as entered. */
  private codeOrText(group: string, value: string): string {
    const key = `${group}.${value}`;
    return /^[a-z_]+$/.test(value) && i18n.exists(key, { lng: "ru" }) ? this.both(key) : value;
  }

  private ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  render(input: ContractPdfInput): void {
    const { doc } = this;
    // Title block: Russian, then the second language.
    doc
      .font("bold")
      .fontSize(SIZE.title)
      .text(`${this.ru("contract.pdf.title")} № ${input.orderNumber}`, {
        align: "center",
      });
    doc
      .font("bold")
      .fontSize(SIZE.heading)
      .text(`${this.tr2("contract.pdf.title")} No. ${input.orderNumber}`, {
        align: "center",
      });
    doc.moveDown(0.3);
    doc
      .font("regular")
      .fontSize(SIZE.body)
      .fillColor(COLOR.muted)
      .text(
        `${this.both("contract.pdf.version")}: ${input.version}   ·   ${this.both("contract.pdf.agreedAt")}: ${formatTimestamp(input.agreedAt)}`,
        { align: "center" },
      );
    doc.fillColor(COLOR.text).moveDown(0.8);

    this.heading("contract.pdf.parties");
    this.party("contract.pdf.buyer", input.buyer);
    this.party("contract.pdf.supplier", input.supplier);

    this.heading("contract.pdf.lines");
    this.linesTable(input.lines);
    this.totals(input.totals);

    this.heading("contract.pdf.terms");
    this.termsRows(input.terms);

    this.heading("contract.pdf.signatures");
    this.signatures(input);
  }

  /** A section heading: Russian in bold, the second language below it. */
  private heading(key: string): void {
    const { doc } = this;
    doc.moveDown(0.6);
    this.ensureSpace(60);
    doc.x = MARGIN.left;
    doc.font("bold").fontSize(SIZE.heading).fillColor(COLOR.text).text(this.ru(key), MARGIN.left, doc.y, {
      width: CONTENT_WIDTH,
    });
    doc.font("regular").fontSize(SIZE.small).fillColor(COLOR.muted).text(this.tr2(key), { width: CONTENT_WIDTH });
    const y = doc.y + 2;
    doc
      .moveTo(MARGIN.left, y)
      .lineTo(PAGE.width - MARGIN.right, y)
      .lineWidth(0.6)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.fillColor(COLOR.text).fontSize(SIZE.body);
    doc.y = y + 5;
  }

  /**
   * A label/value row: the label in both languages on the left (Russian, then the second language
   * smaller), the value lines on the right. Moves to a new page first when the row does not fit.
   */
  private row(labelKey: string, values: string[], vars?: Record<string, unknown>): void {
    const { doc } = this;
    const labelWidth = 170;
    const gap = 10;
    const valueX = MARGIN.left + labelWidth + gap;
    const valueWidth = CONTENT_WIDTH - labelWidth - gap;
    const ruLabel = this.ru(labelKey, vars);
    const secondLabel = this.tr2(labelKey, vars);
    const labelHeight =
      doc.font("regular").fontSize(SIZE.body).heightOfString(ruLabel, { width: labelWidth }) +
      doc.fontSize(SIZE.small).heightOfString(secondLabel, { width: labelWidth });
    doc.font("regular").fontSize(SIZE.body);
    const valueHeight = values.reduce((sum, v) => sum + doc.heightOfString(v || " ", { width: valueWidth }), 0);
    const height = Math.max(labelHeight, valueHeight) + 5;
    if (height <= this.bottom - MARGIN.top) this.ensureSpace(height);
    const top = doc.y;
    doc.fillColor(COLOR.text).fontSize(SIZE.body).text(ruLabel, MARGIN.left, top, { width: labelWidth });
    doc.fillColor(COLOR.muted).fontSize(SIZE.small).text(secondLabel, MARGIN.left, doc.y, { width: labelWidth });
    const afterLabel = doc.y;
    const labelPage = this.currentPage();
    doc.fillColor(COLOR.text).fontSize(SIZE.body);
    doc.y = top;
    for (const v of values) doc.text(v || " ", valueX, doc.y, { width: valueWidth });
    // A value longer than a page flowed onto the next page(s): continue below it there.
    doc.y = this.currentPage() === labelPage ? Math.max(afterLabel, doc.y) + 5 : doc.y + 5;
    doc.x = MARGIN.left;
  }

  private currentPage(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count - 1;
  }

  private party(roleKey: string, party: ContractParty): void {
    const { doc } = this;
    this.ensureSpace(40);
    doc.moveDown(0.2);
    doc
      .font("bold")
      .fontSize(SIZE.body)
      .fillColor(COLOR.text)
      .text(`${this.both(roleKey)}: ${party.legalEntity.name}`, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
    doc.font("regular").moveDown(0.2);
    const le = party.legalEntity;
    if (party.name !== le.name) this.row("contract.pdf.companyName", [party.name]);
    this.row("contract.pdf.country", [countryName(party.country, "ru"), countryName(party.country, this.second)]);
    if (le.inn) this.row("contract.pdf.inn", [le.inn]);
    if (le.kpp) this.row("contract.pdf.kpp", [le.kpp]);
    if (le.ogrn) this.row("contract.pdf.ogrn", [le.ogrn]);
    if (le.uscc) this.row("contract.pdf.uscc", [le.uscc]);
    if (le.address) this.row("contract.pdf.address", [le.address]);
  }

  private columns(): Column[] {
    const w = CONTENT_WIDTH;
    return [
      { key: "n", width: w * 0.05, align: "right" },
      { key: "name", width: w * 0.37, align: "left" },
      { key: "qty", width: w * 0.12, align: "right" },
      { key: "unit", width: w * 0.12, align: "left" },
      { key: "price", width: w * 0.16, align: "right" },
      { key: "total", width: w * 0.18, align: "right" },
    ];
  }

  /** Draws the bilingual header row of the lines table at the current y. */
  private tableHeader(cols: Column[]): void {
    const { doc } = this;
    const pad = 3;
    const cells = cols.map((c) => ({
      c,
      ru: c.key === "n" ? "№" : this.ru(`contract.pdf.col.${c.key}`),
      second: c.key === "n" ? "" : this.tr2(`contract.pdf.col.${c.key}`),
    }));
    const height =
      Math.max(
        ...cells.map(
          ({ c, ru, second }) =>
            doc
              .font("bold")
              .fontSize(SIZE.small)
              .heightOfString(ru, { width: c.width - 2 * pad }) +
            doc
              .font("regular")
              .fontSize(SIZE.small)
              .heightOfString(second || " ", { width: c.width - 2 * pad }),
        ),
      ) +
      2 * pad;
    const top = doc.y;
    doc.rect(MARGIN.left, top, CONTENT_WIDTH, height).fillColor(COLOR.fill).fill();
    let x = MARGIN.left;
    for (const { c, ru, second } of cells) {
      doc
        .fillColor(COLOR.text)
        .font("bold")
        .fontSize(SIZE.small)
        .text(ru, x + pad, top + pad, { width: c.width - 2 * pad, align: c.align });
      if (second) {
        doc
          .fillColor(COLOR.muted)
          .font("regular")
          .text(second, x + pad, doc.y, { width: c.width - 2 * pad, align: c.align });
      }
      x += c.width;
    }
    doc.fillColor(COLOR.text).font("regular").fontSize(SIZE.body);
    doc.y = top + height;
  }

  /** The lines; a row that does not fit starts a new page, where the header is drawn again. */
  private linesTable(lines: ContractLine[]): void {
    const { doc } = this;
    const cols = this.columns();
    const pad = 3;
    this.ensureSpace(70);
    this.tableHeader(cols);
    lines.forEach((line, i) => {
      const unitSecond = line.unit[this.second];
      const texts: Record<Column["key"], string[]> = {
        n: [String(i + 1)],
        name: [line.name, ...(line.tnved ? [`${this.both("contract.pdf.tnved")}: ${line.tnved}`] : [])],
        qty: [groupDigits(line.quantity)],
        unit: [unitSecond && unitSecond !== line.unit.ru ? `${line.unit.ru} / ${unitSecond}` : line.unit.ru],
        price: [`${groupDigits(line.unitPrice)} ${line.currency}`],
        total: [`${groupDigits(line.total)} ${line.currency}`],
      };
      doc.font("regular").fontSize(SIZE.body);
      const height =
        Math.max(
          ...cols.map((c) =>
            texts[c.key].reduce(
              (sum, t, k) => sum + doc.fontSize(k === 0 ? SIZE.body : SIZE.small).heightOfString(t, { width: c.width - 2 * pad }),
              0,
            ),
          ),
        ) +
        2 * pad;
      if (doc.y + height > this.bottom) {
        doc.addPage();
        this.tableHeader(cols);
      }
      const top = doc.y;
      let x = MARGIN.left;
      for (const c of cols) {
        doc.y = top + pad;
        texts[c.key].forEach((t, k) => {
          doc
            .fontSize(k === 0 ? SIZE.body : SIZE.small)
            .fillColor(k === 0 ? COLOR.text : COLOR.muted)
            .text(t, x + pad, doc.y, { width: c.width - 2 * pad, align: c.align });
        });
        x += c.width;
      }
      doc
        .moveTo(MARGIN.left, top + height)
        .lineTo(PAGE.width - MARGIN.right, top + height)
        .lineWidth(0.3)
        .strokeColor(COLOR.rule)
        .stroke();
      doc.fillColor(COLOR.text).fontSize(SIZE.body);
      doc.y = top + height;
    });
    doc.x = MARGIN.left;
  }

  private totals(totals: ContractPdfInput["totals"]): void {
    this.doc.moveDown(0.5);
    this.row("contract.pdf.total", [`${groupDigits(totals.amount)} ${totals.currency}`]);
    if (totals.approxRub) {
      this.row("contract.pdf.approxRub", [`≈ ${groupDigits(totals.approxRub)} RUB`], {
        date: totals.rateDate ? formatDate(totals.rateDate) : "—",
      });
    }
  }

  /** A translated sentence in both languages, as two value lines. */
  private sentence(key: string, vars?: Record<string, unknown>): string[] {
    return [this.ru(key, vars), this.tr2(key, vars)];
  }

  private termsRows(terms: ContractTerms): void {
    this.row("contract.pdf.incoterms", [`${terms.incoterms} ${terms.incotermsPlace} (Incoterms® 2020)`]);
    if (terms.deliveryDate) this.row("contract.pdf.deliveryDate", [formatDate(terms.deliveryDate)]);
    else if (terms.leadTimeDays !== undefined) {
      this.row("contract.pdf.leadTime", this.sentence("contract.pdf.leadTimeDays", { count: terms.leadTimeDays }));
    }
    const p = terms.payment;
    const payment: string[] = [];
    if (p.prepaymentPercent > 0) payment.push(...this.sentence("contract.pdf.prepayment", { pct: p.prepaymentPercent }));
    if (p.balance !== "none" && p.prepaymentPercent < 100) {
      payment.push(
        ...this.sentence(`contract.pdf.balance.${p.balance}`, {
          pct: 100 - p.prepaymentPercent,
          days: p.deferredDays ?? 0,
        }),
      );
    }
    if (p.letterOfCredit) payment.push(...this.sentence("contract.pdf.letterOfCredit"));
    this.row("contract.pdf.payment", payment.length ? payment : ["—"]);
    if (terms.paymentRoute) this.row("contract.pdf.paymentRoute", [terms.paymentRoute]);
    if (terms.packing) this.row("contract.pdf.packing", [terms.packing]);
    if (terms.inspection) {
      this.row("contract.pdf.inspection", [
        `${this.both("contract.pdf.inspectionWho")}: ${this.codeOrText("contract.pdf.inspectors", terms.inspection.who)}`,
        `${this.both("contract.pdf.inspectionWhen")}: ${terms.inspection.when}`,
      ]);
    }
    if (terms.documents.length) {
      this.row(
        "contract.pdf.documentsLabel",
        terms.documents.map((d) => `• ${this.codeOrText("contract.pdf.documents", d)}`),
      );
    }
    if (terms.conditions) this.row("contract.pdf.conditions", [terms.conditions]);
  }

  private signatures(input: ContractPdfInput): void {
    for (const [roleKey, party] of [
      ["contract.pdf.buyer", input.buyer],
      ["contract.pdf.supplier", input.supplier],
    ] as const) {
      this.row(roleKey, [
        party.legalEntity.name,
        `${this.both("contract.pdf.signedBy")}: ${party.signedBy.name}${party.signedBy.email ? ` <${party.signedBy.email}>` : ""}`,
        `${this.both("contract.pdf.signedAt")}: ${formatTimestamp(party.signedBy.at)}`,
      ]);
    }
    this.doc.moveDown(0.5);
    this.doc
      .fontSize(SIZE.small)
      .fillColor(COLOR.muted)
      .text(this.ru("contract.pdf.consentNote"), MARGIN.left, this.doc.y, { width: CONTENT_WIDTH })
      .text(this.tr2("contract.pdf.consentNote"), { width: CONTENT_WIDTH });
    this.doc.fillColor(COLOR.text);
  }

  /** Header (order number, version) and footer (page N of M) on every buffered page. */
  stampPages(input: ContractPdfInput): void {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    const total = range.count;
    for (let i = range.start; i < range.start + total; i++) {
      doc.switchToPage(i);
      // Writing inside the margins must not trigger pdfkit's automatic page break.
      const margins = { ...doc.page.margins };
      doc.page.margins = { top: 0, bottom: 0, left: margins.left, right: margins.right };
      const n = i - range.start + 1;
      doc
        .font("regular")
        .fontSize(SIZE.small)
        .fillColor(COLOR.muted)
        .text(
          `${this.ru("contract.pdf.header", { number: input.orderNumber, version: input.version })}  ·  ${this.tr2("contract.pdf.header", { number: input.orderNumber, version: input.version })}`,
          MARGIN.left,
          28,
          { width: CONTENT_WIDTH, align: "left", lineBreak: false },
        );
      doc
        .moveTo(MARGIN.left, 42)
        .lineTo(PAGE.width - MARGIN.right, 42)
        .lineWidth(0.3)
        .strokeColor(COLOR.rule)
        .stroke();
      doc.text(
        `${this.ru("contract.pdf.page", { n, total })}  ·  ${this.tr2("contract.pdf.page", { n, total })}`,
        MARGIN.left,
        PAGE.height - 36,
        { width: CONTENT_WIDTH, align: "center", lineBreak: false },
      );
      doc.page.margins = margins;
    }
  }
}

/** A country's name in `lang` from the ISO code (Intl.DisplayNames), the code itself when unknown. */
function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
