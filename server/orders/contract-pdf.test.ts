/**
 * The contract PDF read back as a reader would: pdfjs-dist extracts each page's text, so the test
 * sees what a PDF viewer shows (Russian and Chinese through the embedded fonts' ToUnicode maps), the
 * per-page header/footer and the lines table's header repeated on every page it spans.
 * How the pages look is checked by rendering them to PNG: `scripts/contract-pdf-sample.ts`.
 */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { sampleContract } from "#scripts/contract-pdf-sample.ts";
import { ORDER_DOCUMENTS } from "#contract/orders.ts";
import { resources } from "#locales/index.ts";
import { groupDigits, renderOrderContractPdf } from "./contract-pdf.ts";

/** Text of each page, items joined by spaces (pdfjs splits lines into items). */
async function pagesText(bytes: Uint8Array): Promise<string[]> {
  const task = getDocument({ data: bytes.slice(), useSystemFonts: false, verbosity: 0 });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str : ""))
        .join(" ")
        .replace(/\s+/g, " "),
    );
  }
  await task.destroy();
  return pages;
}

/** The raw PDF as latin1 text, to look at its font dictionaries. */
const raw = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

describe("renderOrderContractPdf", () => {
  it("prints a long Russian + Chinese contract on several A4 pages, every page numbered and headed", async () => {
    const input = sampleContract("zh", 40);
    const bytes = await renderOrderContractPdf(input);
    expect(raw(bytes).startsWith("%PDF-")).toBe(true);
    // A4 in points.
    expect(raw(bytes)).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);

    const pages = await pagesText(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((text, i) => {
      expect(text).toContain("Договор № P-2026-000123, версия 3");
      expect(text).toContain("合同编号 P-2026-000123，第 3 版");
      expect(text).toContain(`Стр. ${i + 1} из ${pages.length}`);
      expect(text).toContain(`第 ${i + 1} 页，共 ${pages.length} 页`);
    });
    const all = pages.join("\n");
    // Headings and labels in both languages.
    for (const label of ["Договор поставки", "供货合同", "Покупатель", "买方", "Поставщик", "供方", "Условия поставки", "交货条件"]) {
      expect(all).toContain(label);
    }
    // The parties' legal data and free text as entered.
    for (const entered of [
      "ООО «Ромашка-Импорт»",
      "7707083893",
      "770701001",
      "1027700132195",
      "宁波华兴泵业有限公司",
      "91330200MA2GXXXX1K",
    ]) {
      expect(all).toContain(entered);
    }
    expect(all).toContain("FOB 宁波港 Ningbo (Incoterms® 2020)");
    expect(all).toContain("Предоплата 30 %");
    expect(all).toContain("预付款 30%");
    expect(all).toContain("Сертификат происхождения / 原产地证书");
    expect(all).toContain("Паспорт изделия на русском языке");

    // Every line is there, and each page that holds lines starts them with the table header.
    const linePages = pages.filter((p) => p.includes("PV-1"));
    expect(linePages.length).toBeGreaterThanOrEqual(2);
    for (const p of linePages) expect(p).toMatch(/№ Наименование 品名 Количество 数量/);
    expect(all).toContain("PV-139");
    // Amounts keep their decimals and grouping; the total at the Bank of Russia rate is stated with its date.
    expect(all).toContain(`${groupDigits(input.totals.amount).replace(/\u00a0/g, " ")} CNY`);
    expect(all).toContain("2026-11-28");

    // Subset fonts (a six-letter tag + "+") keep a contract of 40 lines far below the 10 MB face.
    expect(raw(bytes)).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
    expect(bytes.byteLength).toBeLessThan(250_000);
  });

  it("prints Russian + English labels for an English-speaking supplier, with no Chinese label", async () => {
    const pages = await pagesText(await renderOrderContractPdf(sampleContract("en", 8)));
    const all = pages.join("\n");
    expect(all).toContain("Supply contract No. P-2026-000123");
    expect(all).toContain("Договор поставки № P-2026-000123");
    expect(all).toContain("Balance 70% against shipping documents");
    expect(all).toContain("Остаток 70 % — против отгрузочных документов");
    expect(all).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(all).not.toContain("供货合同");
  });

  it("states a deferred balance, a letter of credit and a delivery date in both languages", async () => {
    const input = sampleContract("zh", 2);
    input.terms.deliveryDate = "2027-03-01";
    input.terms.payment = { prepaymentPercent: 0, balance: "deferred", deferredDays: 60, letterOfCredit: true };
    const all = (await pagesText(await renderOrderContractPdf(input))).join("\n");
    expect(all).toContain("2027-03-01");
    expect(all).not.toContain("Предоплата");
    expect(all).toContain("Остаток 100 % — отсрочка 60 дн. после поставки");
    expect(all).toContain("尾款 100% 交货后 60 天内支付");
    expect(all).toContain("跟单信用证");
  });

  it("labels every document code of the terms and the inspector in both languages, and prints other text as entered", async () => {
    const input = sampleContract("zh", 1);
    input.terms.documents = [...ORDER_DOCUMENTS, "Паспорт изделия"];
    input.terms.inspection = { who: "third_party", when: "до отгрузки" };
    const all = (await pagesText(await renderOrderContractPdf(input))).join("\n");
    for (const code of ORDER_DOCUMENTS) {
      const label = `${resources.ru.common.contract.pdf.documents[code]} / ${resources.zh.common.contract.pdf.documents[code]}`;
      expect(all).toContain(label);
    }
    expect(all).toContain("Сертификат качества / 质量证书");
    expect(all).toContain("Страховой полис / 保险单");
    expect(all).toContain("Независимая компания / 第三方");
    expect(all).toContain("Паспорт изделия");
    expect(all).not.toContain("third_party");
  });
});

describe("groupDigits", () => {
  it("groups the integer part by threes and keeps the decimals as given", () => {
    expect(groupDigits("1234567.50")).toBe("1\u00a0234\u00a0567.50");
    expect(groupDigits("999")).toBe("999");
    expect(groupDigits("-1000")).toBe("-1\u00a0000");
    expect(groupDigits("n/a")).toBe("n/a");
  });
});
