/**
 * Regions as reference data (issue 5): a fresh database that only went through the classifier
 * import (no demo catalogue) offers every Russian federal subject and Chinese province with names
 * in ru, en and zh, so the company form has real choices and a company can be placed in one; a
 * second import changes nothing and repairs tampered names. Runs on a database of its own (a fresh
 * PGlite folder or PostgreSQL database) with the real OKVED2 and TN VED files cut down to their
 * sections, so the import stays quick.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { runImport } from "#server/classifiers/import/run.ts";
import { createApiApp } from "#server/api/app.ts";
import { createAuthService } from "#server/auth/index.ts";
import { signAccessToken } from "#server/auth/tokens.ts";
import type { RegionChoice } from "#server/catalog/regions.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { regions, users } from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { createPostgresDatabase, dropPostgresDatabase, makeTempDataDir, removeDir } from "../support/databases.ts";

let database: Database;
let dataDir: string;
let app: ReturnType<typeof createApiApp>;
let auth: ReturnType<typeof createAuthService>;
let pgName: string | null = null;
const importLog: string[] = [];

/** The real classifier files cut down to their top level (sections), in the importer's formats. */
function sectionsOnly(source: string, target: string) {
  mkdirSync(path.join(target, "okved2"), { recursive: true });
  mkdirSync(path.join(target, "tnved"), { recursive: true });
  const okved = JSON.parse(readFileSync(path.join(source, "okved2", "okved2_full.json"), "utf8"));
  okved.items = okved.items.filter((item: { level: number }) => item.level === 1).map((item: object) => ({ ...item, is_leaf: true }));
  writeFileSync(path.join(target, "okved2", "okved2_full.json"), JSON.stringify(okved));
  const [header, ...lines] = readFileSync(path.join(source, "tnved", "tnved_eaeu.csv"), "utf8").split("\n");
  const level = header!.split(",").indexOf("level");
  // Section rows come first and have no quoted commas before the level column.
  const sections = lines.filter((line) => line.split(",")[level] === "1");
  writeFileSync(path.join(target, "tnved", "tnved_eaeu.csv"), [header, ...sections].join("\n"));
  const supplement = readFileSync(path.join(source, "tnved", "tnved_eaeu_10digit_supplement_2017ed.csv"), "utf8").split("\n")[0];
  writeFileSync(path.join(target, "tnved", "tnved_eaeu_10digit_supplement_2017ed.csv"), `${supplement}\n`);
  writeFileSync(
    path.join(target, "tnved", "tnved_eaeu_sections_chapters_notes.json"),
    readFileSync(path.join(source, "tnved", "tnved_eaeu_sections_chapters_notes.json")),
  );
}

beforeAll(async () => {
  dataDir = makeTempDataDir("postavka-regions-");
  const source = path.join(dataDir, "reference");
  sectionsOnly(inject("classifierDataDir"), source);
  if (inject("dbEngine") === "postgres") {
    const created = await createPostgresDatabase("regions");
    pgName = created.name;
    database = await openDatabase({ databaseUrl: created.url, dataDir: "unused", poolMax: 2 });
  } else {
    database = await openDatabase({ dataDir });
  }
  await runImport(database.db, source, (line) => importLog.push(line));
  const logger = createLogger({ level: "silent" });
  auth = createAuthService({ db: database.db, pool: database.pool, logger, dataDir, publicUrl: () => "http://localhost" });
  app = createApiApp({ db: database.db, logger, auth });
});

afterAll(async () => {
  await database?.close();
  if (pgName) await dropPostgresDatabase(pgName);
  removeDir(dataDir);
});

describe("regions after the classifier import", () => {
  test("every Russian federal subject and Chinese province is there, named in three languages", async () => {
    const rows = await database.db.select().from(regions);
    expect(rows.filter((r) => r.country === "RU")).toHaveLength(89);
    expect(rows.filter((r) => r.country === "CN")).toHaveLength(31);
    expect(rows.every((r) => r.name.ru && r.name.en && r.name.zh)).toBe(true);
    const byCode = new Map(rows.map((r) => [r.code, r.name]));
    expect(byCode.get("66")).toEqual({
      ru: "Свердловская область",
      en: "Sverdlovsk Oblast",
      zh: expect.stringContaining("斯维尔德洛夫斯克"),
    });
    expect(byCode.get("77")?.ru).toBe("Москва");
    expect(byCode.get("CN-44")?.en).toContain("Guangdong");
    expect(importLog.some((line) => line.startsWith("Regions: 120"))).toBe(true);
  });

  test("GET /api/regions lists them for the company form in the asked language and country", async () => {
    const zh = (await (await app.request("/api/regions?lang=zh&country=CN")).json()) as { data: RegionChoice[] };
    expect(zh.data).toHaveLength(31);
    expect(zh.data.every((r) => r.country === "CN" && r.code.startsWith("CN-"))).toBe(true);
    expect(zh.data.find((r) => r.code === "CN-21")?.name).toContain("辽宁");
    const ru = (await (await app.request("/api/regions?country=RU")).json()) as { data: RegionChoice[] };
    expect(ru.data[0]).toEqual({ code: "01", country: "RU", name: "Республика Адыгея" });
    expect(ru.data).toHaveLength(89);
    const bad = await app.request("/api/regions?country=US");
    expect(bad.status).toBe(400);
  });

  test("a company created on this database can be placed in a region", async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: `regions-${Date.now()}@example.test`, firstName: "Иван", lastName: "Регионов", acceptedTermsAt: new Date() })
      .returning();
    const token = await signAccessToken(auth.keys, { userId: user!.id, role: "USER" }, new Date());
    const create = (regionCode: string, country: string) =>
      app.request("/api/profile/company", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ name: { ru: "ООО «Регион»" }, country, regionCode }),
      });
    const wrongCountry = await create("CN-44", "RU");
    expect(wrongCountry.status).toBe(400);
    expect(((await wrongCountry.json()) as { error: { issues: { path: string; message: string }[] } }).error.issues).toContainEqual({
      path: "regionCode",
      message: "unknown_region",
    });
    const placed = await create("66", "RU");
    expect(placed.status).toBe(201);
    expect(((await placed.json()) as { data: { regionCode: string } }).data.regionCode).toBe("66");
  });

  test("importing again writes the same rows and repairs a tampered name", async () => {
    await database.db
      .update(regions)
      .set({ name: { ru: "испорчено" } })
      .where(eq(regions.code, "CN-21"));
    await database.db.execute(sql`delete from regions where code = 'CN-65'`);
    await runImport(database.db, path.join(dataDir, "reference"), () => {});
    const [count] = await database.db.select({ n: sql<number>`count(*)::int` }).from(regions);
    expect(count!.n).toBe(120);
    const [liaoning] = await database.db.select().from(regions).where(eq(regions.code, "CN-21"));
    expect(liaoning!.name).toEqual({ ru: "Провинция Ляонин", en: "Liaoning Province", zh: "辽宁省" });
  });
});
