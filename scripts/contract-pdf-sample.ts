/**
 * A long sample contract for `renderOrderContractPdf` (server/orders/contract-pdf.ts), used by its
 * test and, run directly, a manual check of how the PDF looks:
 *
 *   node scripts/contract-pdf-sample.ts [outDir]        (through `npx`/`npm run` for Node 24)
 *
 * writes contract-ru-zh.pdf and contract-ru-en.pdf to outDir (default /tmp/contract-pdf-sample) and,
 * when poppler's `pdftoppm` is installed, one PNG per page at 80 dpi beside them. Open the PNGs to
 * see that Cyrillic and Chinese render (no tofu boxes).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ContractPdfInput, ContractSecondLanguage } from "#server/orders/contract-pdf.ts";

const ITEMS: Array<{ ru: string; zh: string; en: string; tnved: string }> = [
  { ru: "Насос центробежный консольный", zh: "卧式离心泵", en: "End-suction centrifugal pump", tnved: "8413703000" },
  { ru: "Электродвигатель асинхронный 7,5 кВт", zh: "异步电动机 7.5千瓦", en: "Induction motor 7.5 kW", tnved: "8501524000" },
  { ru: "Подшипник шариковый радиальный 6205", zh: "深沟球轴承 6205", en: "Deep groove ball bearing 6205", tnved: "8482101009" },
  { ru: "Кабель силовой медный", zh: "铜芯电力电缆", en: "Copper power cable", tnved: "8544499108" },
  { ru: "Светильник светодиодный промышленный", zh: "工业LED灯具", en: "Industrial LED luminaire", tnved: "9405490009" },
];

/**
 * A contract with `lineCount` lines (enough to take three pages by default), a Russian buyer and a
 * Chinese supplier, every optional term filled, and long free text that must wrap.
 */
export function sampleContract(second: ContractSecondLanguage, lineCount = 60): ContractPdfInput {
  const lines = Array.from({ length: lineCount }, (_, i) => {
    const item = ITEMS[i % ITEMS.length]!;
    const quantity = String(10 * (i + 1));
    const unitPrice = (12.5 + i).toFixed(2);
    return {
      // Names as the supplier entered them: the Chinese line names also carry the Russian one.
      name: `${item.ru} / ${second === "zh" ? item.zh : item.en}, модель PV-${100 + i}`,
      tnved: item.tnved,
      quantity,
      unit: { okei: "796", ru: "шт", zh: "个", en: "pcs" },
      unitPrice,
      currency: "CNY",
      total: (Number(quantity) * Number(unitPrice)).toFixed(2),
    };
  });
  const amount = lines.reduce((sum, l) => sum + Number(l.total), 0).toFixed(2);
  return {
    orderNumber: "P-2026-000123",
    version: 3,
    agreedAt: "2026-11-28T09:41:00Z",
    languages: ["ru", second],
    buyer: {
      name: "Ромашка",
      country: "RU",
      legalEntity: {
        name: "ООО «Ромашка-Импорт»",
        inn: "7707083893",
        kpp: "770701001",
        ogrn: "1027700132195",
        address: "115035, г. Москва, ул. Садовническая, д. 82, стр. 2, офис 315",
      },
      signedBy: { name: "Иванова Мария Сергеевна", email: "m.ivanova@romashka.example", at: "2026-11-28T09:41:00Z" },
    },
    supplier: {
      name: second === "zh" ? "宁波华兴泵业" : "Ningbo Huaxing Pumps",
      country: "CN",
      legalEntity: {
        name: second === "zh" ? "宁波华兴泵业有限公司" : "Ningbo Huaxing Pump Industry Co., Ltd.",
        uscc: "91330200MA2GXXXX1K",
        address:
          second === "zh"
            ? "浙江省宁波市北仑区新碶街道明州路 188 号"
            : "No. 188 Mingzhou Road, Xinqi Street, Beilun District, Ningbo, Zhejiang, China",
      },
      signedBy: { name: second === "zh" ? "王伟" : "Wang Wei", email: "wang.wei@huaxing.example", at: "2026-11-27T15:02:00Z" },
    },
    lines,
    totals: { amount, currency: "CNY", approxRub: (Number(amount) * 11.0523).toFixed(2), rateDate: "2026-11-28" },
    terms: {
      incoterms: "FOB",
      incotermsPlace: second === "zh" ? "宁波港 Ningbo" : "Ningbo",
      leadTimeDays: 45,
      payment: { prepaymentPercent: 30, balance: "against_documents", letterOfCredit: false },
      paymentRoute: "CNY → Bank of China (Ningbo Branch), SWIFT BKCHCNBJ92A, через платёжного агента «Восток-Платёж»",
      packing:
        second === "zh"
          ? "出口木箱包装，每箱附装箱单；Экспортная деревянная тара, упаковочный лист в каждом ящике"
          : "Export wooden cases, a packing list in every case",
      inspection: { who: "SGS Ningbo", when: second === "zh" ? "装运前 5 天" : "5 days before shipment" },
      documents: ["commercial_invoice", "packing_list", "certificate_of_origin", "eac_declaration", "Паспорт изделия на русском языке"],
      conditions: Array.from(
        { length: 6 },
        (_, i) =>
          `${i + 1}. Поставщик обязуется маркировать каждую единицу товара на русском языке в соответствии с ТР ТС 004/2011 и ТР ТС 010/2011; ` +
          (second === "zh"
            ? "供方应按照海关联盟技术法规对每件货物进行俄文标识，并提供符合性声明所需的全部技术文件。"
            : "the supplier labels every unit in Russian per the Customs Union technical regulations and supplies every document the declaration of conformity needs."),
      ).join("\n"),
    },
  };
}

/** Writes both sample PDFs (and PNGs when pdftoppm is present) to `outDir`. */
async function main(outDir: string): Promise<void> {
  const { renderOrderContractPdf } = await import("#server/orders/contract-pdf.ts");
  mkdirSync(outDir, { recursive: true });
  for (const second of ["zh", "en"] as const) {
    const file = join(outDir, `contract-ru-${second}.pdf`);
    const started = performance.now();
    const bytes = await renderOrderContractPdf(sampleContract(second));
    writeFileSync(file, bytes);
    console.log(`${file}: ${bytes.byteLength} bytes in ${Math.round(performance.now() - started)} ms`);
    try {
      execFileSync("pdftoppm", ["-png", "-r", "80", file, join(outDir, `contract-ru-${second}`)]);
    } catch {
      console.log("pdftoppm not found: install poppler-utils to render PNGs");
    }
  }
}

if (import.meta.main) await main(process.argv[2] ?? "/tmp/contract-pdf-sample");
