/**
 * A generated SME register archive in the official format (issue 30 measure): `generateRegister(file,
 * entries)` writes a ZIP of `VO_RRMSPSV_…xml` files of 900 documents each (format 4.04, the samples'
 * structure: `ОргВклМСП`/`ИПВклМСП` with checksum-valid INN and OGRN/OGRNIP, `СведМН` with a region
 * of the regions list and a city, main and 0–8 extra OKVED codes with their names as the real sample
 * files give them), 40 % legal entities, 60 % sole traders, streaming (archiver) so the generator's
 * memory stays flat too. Deterministic: the same `entries` give the same bytes.
 */
import { createWriteStream, readFileSync } from "node:fs";
import path from "node:path";
import archiver from "archiver";
import JSZip from "jszip";
import { innCheckDigits, ogrnCheckDigit } from "#contract/identifiers.ts";
import { RUSSIAN_REGIONS } from "#server/catalog/regions.ts";
import { classifierDataDir } from "#tests/support/databases.ts";

const DOCS_PER_FILE = 900;
const SURNAMES = ["ИВАНОВ", "СМИРНОВ", "КУЗНЕЦОВ", "ПОПОВ", "ВАСИЛЬЕВ", "ПЕТРОВ", "СОКОЛОВ", "МИХАЙЛОВ", "НОВИКОВ", "ФЕДОРОВ"];
const NAMES = ["АЛЕКСАНДР", "ДМИТРИЙ", "МАКСИМ", "СЕРГЕЙ", "АНДРЕЙ", "АЛЕКСЕЙ", "АРТЁМ", "ИЛЬЯ"];
const WORDS = ["СТРОЙ", "ТЕХНО", "ПРОМ", "АГРО", "МЕТАЛЛ", "ЛЕС", "ТОРГ", "СНАБ", "ЭНЕРГО", "ПЛАСТ", "ХИМ", "МАШ"];

/** (code, name) pairs of OKVED2 codes the real sample files cite. */
async function sampleOkved(): Promise<[string, string][]> {
  const zip = await JSZip.loadAsync(readFileSync(path.join(classifierDataDir(), "companies", "original", "data-test-sme-1.zip")));
  const pairs = new Map<string, string>();
  for (const file of Object.values(zip.files)) {
    const xml = await file.async("string");
    for (const m of xml.matchAll(/КодОКВЭД="([\d.]+)" НаимОКВЭД="([^"]*)" ВерсОКВЭД="2014"/g)) pairs.set(m[1]!, m[2]!);
  }
  return [...pairs].sort((a, b) => a[0].localeCompare(b[0]));
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** One document of entry `i`. */
function documentXml(i: number, okved: [string, string][]): string {
  const region = RUSSIAN_REGIONS[i % RUSSIAN_REGIONS.length]!;
  const code = region.code;
  const legal = i % 5 < 2;
  const main = okved[(i * 7) % okved.length]!;
  const extras = Array.from({ length: i % 9 }, (_, k) => okved[(i * 13 + k * 31) % okved.length]!).filter((e) => e[0] !== main[0]);
  const okvedXml =
    `<СвОКВЭДОсн КодОКВЭД="${main[0]}" НаимОКВЭД="${main[1]}" ВерсОКВЭД="2014"/>` +
    [...new Map(extras).entries()].map(([c, n]) => `<СвОКВЭДДоп КодОКВЭД="${c}" НаимОКВЭД="${n}" ВерсОКВЭД="2014"/>`).join("");
  let subject: string;
  if (legal) {
    const body = `${code}${pad(i % 10_000_000, 7)}`;
    const inn = body + innCheckDigits(body);
    const ogrnBody = `1${pad(10 + (i % 14), 2)}${code}${pad(i % 10_000_000, 7)}`;
    const name = `${WORDS[i % WORDS.length]}${WORDS[(i >> 4) % WORDS.length]}-${i}`;
    subject = `<ОргВклМСП НаимОрг="ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ &quot;${name}&quot;" НаимОргСокр="ООО &quot;${name}&quot;" ИННЮЛ="${inn}" ОГРН="${ogrnBody}${ogrnCheckDigit(ogrnBody)}"/>`;
  } else {
    const body = `${code}${pad(i % 100_000_000, 8)}`;
    const inn = body + innCheckDigits(body);
    const ogrnBody = `3${pad(10 + (i % 14), 2)}${code}${pad(i % 1_000_000_000, 9)}`;
    subject = `<ИПВклМСП ИННФЛ="${inn}" ОГРНИП="${ogrnBody}${ogrnCheckDigit(ogrnBody)}"><ФИОИП Фамилия="${SURNAMES[i % SURNAMES.length]}" Имя="${NAMES[(i >> 3) % NAMES.length]}" Отчество="СЕРГЕЕВИЧ"/></ИПВклМСП>`;
  }
  return (
    `<Документ ИдДок="00000000-0000-4000-8000-${pad(i, 12)}" ДатаСост="10.05.2023" ДатаВклМСП="10.0${1 + (i % 9)}.2020" ВидСубМСП="${legal ? 1 : 2}" КатСубМСП="${1 + (i % 3 === 0 ? 1 : 0)}" ПризНовМСП="2" СведСоцПред="2">` +
    subject +
    `<СведМН КодРегион="${code}"><Регион Тип="ОБЛ." Наим="${region.name.ru.toUpperCase()}"/><Город Тип="Г." Наим="${region.capital.name.ru.toUpperCase()}"/></СведМН>` +
    `<СвОКВЭД>${okvedXml}</СвОКВЭД></Документ>`
  );
}

/** Writes the archive (see the module's comment); returns its size in bytes. */
export async function generateRegister(file: string, entries: number): Promise<number> {
  const okved = await sampleOkved();
  const zip = archiver("zip", { zlib: { level: 6 } });
  const out = createWriteStream(file);
  const closed = new Promise<void>((resolve, reject) => {
    out.on("close", resolve);
    zip.on("error", reject);
  });
  zip.pipe(out);
  for (let start = 0, n = 0; start < entries; start += DOCS_PER_FILE, n++) {
    const count = Math.min(DOCS_PER_FILE, entries - start);
    const docs: string[] = [];
    for (let i = start; i < start + count; i++) docs.push(documentXml(i, okved));
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?><Файл ИдФайл="VO_RRMSPSV_0000_9965_20230511_${pad(n, 8)}" ВерсФорм="4.04" ТипИнф="РЕЕСТРМСП" КолДок="${count}">` +
      `<ИдОтпр><ФИООтв Фамилия="-" Имя="-"/></ИдОтпр>${docs.join("")}</Файл>`;
    // One file at a time: the next is built once archiver has written this one (flat memory).
    const written = new Promise<void>((resolve) => zip.once("entry", () => resolve()));
    zip.append(Buffer.from(xml), { name: `VO_RRMSPSV_0000_9965_20230511_${pad(n, 8)}.xml` });
    await written;
  }
  await zip.finalize();
  await closed;
  return zip.pointer();
}
