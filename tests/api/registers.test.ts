/**
 * The FNS register import (issue 30 §1) on both engines: every real sample archive in
 * ../shared/data/companies/original (discovered at run time) imports with the counts its decoded
 * CSVs give; a second import changes nothing; a later snapshot updates changed facts with their
 * history and marks the missing taxpayers left with its date; an unknown format version, a truncated
 * archive and a zip bomb fail cleanly; a crash mid-import resumes where it stopped; the monthly job
 * fetches the archive its open-data passport names.
 */
import { readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RegisterFormatError } from "#server/registers/format.ts";
import { importRegisterFile, SimulatedCrash } from "#server/registers/import.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { makeTempDataDir, removeDir } from "../support/databases.ts";

let api: TestApi;
let tmp: string;
const companiesDir = () => path.join(api.dataDir, "companies");
const originals = () => readdirSync(path.join(companiesDir(), "original")).filter((f) => f.endsWith(".zip"));
const original = (name: string) => path.join(companiesDir(), "original", name);

/** Rows of a decoded CSV of ../shared/data/companies, by column name. */
function csvRows(file: string): Record<string, string>[] {
  return parse(readFileSync(path.join(companiesDir(), file), "utf8"), { columns: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
}

async function clearRegisters() {
  await api.db.execute(sql`delete from companies where origin = 'register'`);
  await api.db.execute(sql`delete from register_changes`);
  await api.db.execute(sql`delete from register_entries`);
  await api.db.execute(sql`delete from register_runs`);
}

/** The `<Документ>` elements of the first XML of a sample archive, as text. */
async function sampleDocuments(archive: string): Promise<{ header: string; docs: string[] }> {
  const zip = await JSZip.loadAsync(readFileSync(original(archive)));
  const first = Object.values(zip.files).find((f) => f.name.endsWith(".xml"))!;
  const xml = await first.async("string");
  return { header: xml.slice(0, xml.indexOf("<Документ ")), docs: xml.match(/<Документ [\s\S]*?<\/Документ>/g)! };
}

/** A register archive of one XML file holding `docs` under `header` (КолДок set to their count). */
async function archive(name: string, header: string, docs: string[]): Promise<string> {
  const zip = new JSZip();
  zip.file("VO_TEST.xml", `${header.replace(/КолДок="\d+"/, `КолДок="${docs.length}"`)}${docs.join("")}</Файл>`);
  const file = path.join(tmp, name);
  await writeFile(file, await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" }));
  return file;
}

const count = async (query: ReturnType<typeof sql>) => Number((await api.db.execute<{ n: string }>(query)).rows[0]!.n);

beforeAll(async () => {
  api = await openTestApi();
  tmp = makeTempDataDir("postavka-registers-");
  await clearRegisters();
});

afterAll(async () => {
  await clearRegisters();
  removeDir(tmp);
  await api.close();
});

describe("the real sample registers", () => {
  test("every sample archive imports with the counts of its decoded CSV, and a second import changes nothing", async () => {
    const files = originals();
    expect(files.length).toBeGreaterThanOrEqual(4);
    const legal = csvRows("rsmp_legal_entities.csv");
    const employees = csvRows("fns_employees_2023.csv");
    const finance = csvRows("fns_income_expenses_2023.csv");
    for (const file of files) {
      const report = await importRegisterFile(api.db, original(file), { partial: true });
      expect(report.outcome, file).toBe("imported");
      expect(report.refused, file).toBe(0);
      expect(report.added, file).toBe(report.entries);
      if (report.dataSet === "headcount") expect(report.entries, file).toBe(employees.length);
      if (report.dataSet === "finance") expect(report.entries, file).toBe(finance.length);
      if (report.dataSet === "sme") {
        // The CSV decodes the legal entities of the SME samples: each is a company with its legal entity and main OKVED.
        const ofThisFile = legal.filter((r) => report.formatVersion === r["format_version"]);
        const legalAdded = await count(
          sql`select count(*) as n from register_entries e join legal_entities le on le.company_id = e.company_id and le.inn = e.inn
               where e.sme_run_id = ${report.runId} and e.kind = 'legal'`,
        );
        expect(legalAdded, file).toBe(ofThisFile.length);
      }
    }
    // The facts as the CSV decodes them: a legal entity's card, a headcount, revenue and expenses.
    const sample = legal.find((r) => r["okved_main_code"] === "41.20" && r["city_name"] === "САЛЕХАРД")!;
    const card = (
      await api.db.execute<{
        name: { ru: string };
        region_code: string;
        city: { ru: string };
        okved_main: string;
        status: string;
        origin: string;
        main: string[];
      }>(
        sql`select c.name, c.region_code, c.city, c.okved_main, c.status, c.origin,
                   array(select okved_code from company_okved_codes k where k.company_id = c.id order by okved_code) as main
              from companies c join legal_entities le on le.company_id = c.id where le.inn = ${sample["inn"]}`,
      )
    ).rows[0]!;
    expect(card).toMatchObject({ region_code: sample["region_code"], okved_main: "41.20", status: "published", origin: "register" });
    expect(card.name.ru).toBe(sample["name_short"]);
    expect(card.city.ru).toBe("Салехард");
    expect(card.main).toEqual(["41.20", ...sample["okved_additional_codes"]!.split(";")].sort());
    const worker = employees[0]!;
    const entry = (
      await api.db.execute<{ headcount: number; headcount_as_of: string }>(
        sql`select headcount, headcount_as_of::text from register_entries where inn = ${worker["inn"]}`,
      )
    ).rows[0]!;
    expect(entry).toEqual({ headcount: Number(worker["employees_avg"]), headcount_as_of: "2023-12-31" });
    const money = finance[2]!;
    const sums = (
      await api.db.execute<{ revenue: string; expenses: string }>(
        sql`select revenue::text, expenses::text from register_entries where inn = ${money["inn"]}`,
      )
    ).rows[0]!;
    expect(sums).toEqual({ revenue: money["income_rub"], expenses: money["expense_rub"] });

    // Again: the same bytes are recognised and skipped; forced, they are read and nothing is written.
    const before = await count(sql`select count(*) as n from register_entries where updated_at > created_at`);
    const companiesBefore = await count(sql`select count(*) as n from companies where origin = 'register'`);
    for (const file of files) {
      expect((await importRegisterFile(api.db, original(file), { partial: true })).outcome).toBe("skipped");
      const forced = await importRegisterFile(api.db, original(file), { partial: true, force: true });
      expect({ added: forced.added, changed: forced.changed, left: forced.left }, file).toEqual({ added: 0, changed: 0, left: 0 });
      expect(forced.unchanged, file).toBe(forced.entries);
    }
    expect(await count(sql`select count(*) as n from register_entries where updated_at > created_at`)).toBe(before);
    expect(await count(sql`select count(*) as n from companies where origin = 'register'`)).toBe(companiesBefore);
    expect(await count(sql`select count(*) as n from register_changes`)).toBe(0);
  }, 300_000); // twelve imports of 2,700 entries: minutes on PGlite on a busy machine
});

describe("monthly snapshots as changes", () => {
  beforeAll(clearRegisters);

  test("a later snapshot updates a changed fact with its history and marks a missing company left with its date", async () => {
    const { header, docs } = await sampleDocuments("data-test-sme-2.zip");
    const may = docs.slice(0, 10);
    const first = await importRegisterFile(api.db, await archive("may.zip", header, may));
    expect(first).toMatchObject({ added: 10, left: 0, asOf: "2023-05-10" });
    const innOf = (doc: string) => /ИННФЛ="(\d+)"/.exec(doc)![1]!;
    // June: the same register a month later; the second sole trader became small (category 2), the tenth is gone.
    const june = may.slice(0, 9).map((d) => d.replace('ДатаСост="10.05.2023"', 'ДатаСост="10.06.2023"'));
    june[1] = june[1]!.replace('КатСубМСП="1"', 'КатСубМСП="2"');
    const second = await importRegisterFile(api.db, await archive("june.zip", header, june));
    expect(second).toMatchObject({ added: 0, changed: 1, unchanged: 8, left: 1, asOf: "2023-06-10" });
    const changed = innOf(may[1]!);
    const gone = innOf(may[9]!);
    const rows = await api.db.execute<{ inn: string; sme_category: number; left_register_at: string | null; sme_run_id: number }>(
      sql`select inn, sme_category, left_register_at::text, sme_run_id from register_entries where inn in (${changed}, ${gone})`,
    );
    const byInn = new Map(rows.rows.map((r) => [r.inn, r]));
    expect(byInn.get(changed)).toMatchObject({ sme_category: 2, left_register_at: null, sme_run_id: second.runId });
    expect(byInn.get(gone)).toMatchObject({ left_register_at: "2023-06-10", sme_run_id: first.runId });
    const history = await api.db.execute<{
      inn: string;
      kind: string;
      fields: Record<string, unknown>;
      run_id: number;
      previous_run_id: number;
    }>(sql`select inn, kind, fields, run_id, previous_run_id from register_changes order by id`);
    expect(history.rows).toEqual([
      { inn: changed, kind: "changed", fields: { sme_category: [1, 2] }, run_id: second.runId, previous_run_id: first.runId },
      { inn: gone, kind: "left", fields: { left_register_at: [null, "2023-06-10"] }, run_id: second.runId, previous_run_id: first.runId },
    ]);
    // The company that left keeps its page and facts; an older snapshot imported late changes nothing.
    expect(
      await count(
        sql`select count(*) as n from companies c join register_entries e on e.company_id = c.id where e.inn = ${gone} and c.status = 'published'`,
      ),
    ).toBe(1);
    const late = await importRegisterFile(
      api.db,
      await archive(
        "april.zip",
        header,
        may.map((d) => d.replace('ДатаСост="10.05.2023"', 'ДатаСост="10.04.2023"')),
      ),
    );
    expect(late).toMatchObject({ added: 0, changed: 0, left: 0 });
    expect(
      (await api.db.execute<{ c: number }>(sql`select sme_category as c from register_entries where inn = ${changed}`)).rows[0]!.c,
    ).toBe(2);
  });

  test("a crash in the middle of an import resumes after the last committed batch", async () => {
    await clearRegisters();
    const file = original("data-test-sme-1.zip");
    await expect(importRegisterFile(api.db, file, { partial: true, batchSize: 500, crashAfterBatches: 2 })).rejects.toBeInstanceOf(
      SimulatedCrash,
    );
    expect(await count(sql`select count(*) as n from register_entries`)).toBe(1000);
    expect(await count(sql`select entries_done as n from register_runs where status = 'running'`)).toBe(1000);
    const resumed = await importRegisterFile(api.db, file, { partial: true, batchSize: 500 });
    expect(resumed).toMatchObject({ outcome: "resumed", entries: 2700, added: 2700, refused: 0 });
    expect(await count(sql`select count(*) as n from register_entries`)).toBe(2700);
    expect(await count(sql`select count(*) as n from companies where origin = 'register'`)).toBe(2700);
    expect(await count(sql`select count(*) as n from register_runs`)).toBe(1);
  }, 120_000);
});

describe("files the importer refuses", () => {
  const expectRefusal = async (file: string, code: string, message: RegExp) => {
    const error = await importRegisterFile(api.db, file).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RegisterFormatError);
    expect((error as RegisterFormatError).code).toBe(code);
    expect((error as Error).message).toMatch(message);
  };

  test("an unknown format version is refused with a message naming it and the supported ones", async () => {
    const { header, docs } = await sampleDocuments("data-test-sme-2.zip");
    const file = await archive("v5.zip", header.replace('ВерсФорм="4.04"', 'ВерсФорм="5.00"'), docs.slice(0, 3));
    await expectRefusal(
      file,
      "version_unsupported",
      /format version 5\.00 of the sme register is not supported \(supported: 4\.01, 4\.04\)/,
    );
    const failed = await api.db.execute<{ status: string; error: string }>(
      sql`select status, error from register_runs order by id desc limit 1`,
    );
    expect(failed.rows[0]).toMatchObject({ status: "failed", error: expect.stringContaining("5.00") });
  });

  test("a truncated archive fails cleanly", async () => {
    const bytes = readFileSync(original("data-test-sme-2.zip"));
    const file = path.join(tmp, "truncated.zip");
    await writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expectRefusal(file, "archive_broken", /cannot be read/);
  });

  test("a zip bomb is refused before it is inflated, and an entry over the size limit is not read", async () => {
    const zip = new JSZip();
    zip.file(
      "bomb.xml",
      `<?xml version="1.0" encoding="UTF-8"?><Файл ВерсФорм="4.04" ТипИнф="РЕЕСТРМСП">${" ".repeat(20 * 1024 * 1024)}</Файл>`,
    );
    const file = path.join(tmp, "bomb.zip");
    await writeFile(file, await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE", compressionOptions: { level: 9 } }));
    await expectRefusal(file, "archive_limits", /at most 200:1/);
    const limited = await importRegisterFile(api.db, original("data-test-sme-1.zip"), {
      force: true,
      limits: { maxEntries: 10, maxEntryBytes: 1024 * 1024, maxRatio: 200 },
    }).then(
      () => null,
      (e: unknown) => e as RegisterFormatError,
    );
    expect(limited?.code).toBe("archive_limits");
  }, 120_000);
});

describe("the monthly job", () => {
  beforeAll(clearRegisters);

  test("fetches the archive an open-data passport names, imports it, and skips it the next month when unchanged", async () => {
    const zip = readFileSync(original("data-test-sme-2.zip"));
    let base = "";
    const server = http.createServer((req, res) => {
      if (req.url === "/opendata/7707329152-rsmp/meta.csv")
        res
          .writeHead(200, { "content-type": "text/csv" })
          .end(
            `property,value\nidentifier,7707329152-rsmp\ndata-20230510-structure-20220310,${base}/opendata/7707329152-rsmp/data-20230510.zip\n`,
          );
      else if (req.url === "/opendata/7707329152-rsmp/data-20230510.zip")
        res.writeHead(200, { "content-type": "application/zip" }).end(zip);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const passport = `${base}/opendata/7707329152-rsmp/meta.csv`;
      await api.jobs.send("import-registers", { urls: [passport], partial: true });
      expect(await api.jobs.runDue("import-registers")).toBe(1);
      const runs = await api.db.execute<{ source: string; status: string; added: number; data_set: string }>(
        sql`select source, status, added, data_set from register_runs order by id`,
      );
      expect(runs.rows).toEqual([
        { source: `${base}/opendata/7707329152-rsmp/data-20230510.zip`, status: "done", added: 2700, data_set: "sme" },
      ]);
      expect(await count(sql`select count(*) as n from companies where origin = 'register'`)).toBe(2700);
      await api.jobs.send("import-registers", { urls: [passport], partial: true });
      expect(await api.jobs.runDue("import-registers")).toBe(1);
      expect(await count(sql`select count(*) as n from register_runs`)).toBe(1);
    } finally {
      server.close();
    }
  }, 120_000);
});
