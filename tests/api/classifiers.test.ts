/**
 * The classifier API as a user meets it, on the real OKVED2 and TN VED data, against the engine of
 * the current project (PGlite or PostgreSQL). The import runs once in tests/support/global-setup.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import type { ClassifierNode, ClassifierNodeDetail, SearchHit } from "#server/classifiers/repository.ts";
import { classifierSynonyms } from "#server/classifiers/synonyms.ts";
import { runImport } from "#server/classifiers/import/run.ts";
import type { PageMeta } from "#contract/route.ts";
import { openTestApi, type Envelope, type ErrorEnvelope, type TestApi } from "../support/api.ts";

type SearchMeta = PageMeta & { q: string; correctedQuery: string | null };
type Search = Envelope<SearchHit[], SearchMeta>;

let api: TestApi;

beforeAll(async () => {
  api = await openTestApi();
});

afterAll(async () => {
  await api?.close();
});

async function get<T>(path: string, status = 200): Promise<T> {
  const response = await api.getJson<T>(path);
  expect(response.status, `GET ${path}: ${JSON.stringify(response.body).slice(0, 300)}`).toBe(status);
  return response.body;
}

const search = (endpoint: "okved2" | "ved", q: string, extra = "") => get<Search>(`/dev/${endpoint}?q=${encodeURIComponent(q)}${extra}`);

const OKVED_SECTIONS = "ABCDEFGHIJKLMNOPQRSTU".split("");
const ROMAN = [
  "I",
  "II",
  "III",
  "IV",
  "V",
  "VI",
  "VII",
  "VIII",
  "IX",
  "X",
  "XI",
  "XII",
  "XIII",
  "XIV",
  "XV",
  "XVI",
  "XVII",
  "XVIII",
  "XIX",
  "XX",
  "XXI",
];

describe("GET /app/data", () => {
  test("reports the imported code counts", async () => {
    const { data } = await get<
      Envelope<{
        appName: string;
        classifiers: { okved: { count: number; edition: string | null }; tnved: { count: number; provisionalCount: number } };
      }>
    >("/app/data");
    expect(data.appName).toBe("Postavka");
    expect(data.classifiers.okved.count).toBe(3043);
    expect(data.classifiers.tnved.count).toBe(20206);
    expect(data.classifiers.tnved.provisionalCount).toBe(534);
    expect(data.classifiers.okved.edition).toBeTruthy();
  });
});

describe("tree", () => {
  test("OKVED top level is sections A..U in order", async () => {
    const { data } = await get<Envelope<ClassifierNode[]>>("/api/okved/tree");
    expect(data.map((n) => n.code)).toEqual(OKVED_SECTIONS);
    expect(data.every((n) => n.level === 1 && n.levelName === "section" && n.parentCode === null)).toBe(true);
    expect(data[0]!.childCount).toBe(3); // A: 01, 02, 03
  });

  test("TN VED top level is sections I..XXI in order", async () => {
    const { data } = await get<Envelope<ClassifierNode[]>>("/api/tnved/tree");
    expect(data.map((n) => n.code)).toEqual(ROMAN);
    expect(data.every((n) => n.childCount > 0)).toBe(true);
  });

  test("sections have localized names, falling back to Russian only where no translation exists", async () => {
    for (const lang of ["en", "zh"] as const) {
      for (const tree of ["okved", "tnved"]) {
        const { data } = await get<Envelope<ClassifierNode[]>>(`/api/${tree}/tree?lang=${lang}`);
        expect(
          data.every((n) => n.nameLang === lang),
          `${tree} ${lang}`,
        ).toBe(true);
      }
    }
    const { data } = await get<Envelope<ClassifierNode[]>>("/api/tnved/tree?lang=zh");
    expect(data[0]!.name).toBe("活动物；动物产品");
  });

  test("parent= lists children in official order", async () => {
    const okved = await get<Envelope<ClassifierNode[]>>("/api/okved/tree?parent=A");
    expect(okved.data.map((n) => n.code)).toEqual(["01", "02", "03"]);
    const dotted = await get<Envelope<ClassifierNode[]>>("/api/okved/tree?parent=01.1");
    expect(dotted.data.map((n) => n.code)).toContain("01.11");
    expect(dotted.data.every((n) => n.parentCode === "01.1")).toBe(true);
    // Same parent typed without dots.
    const undotted = await get<Envelope<ClassifierNode[]>>("/api/okved/tree?parent=011");
    expect(undotted.data).toEqual(dotted.data);

    const chapters = await get<Envelope<ClassifierNode[]>>("/api/tnved/tree?parent=XVI");
    expect(chapters.data.map((n) => n.code)).toEqual(["84", "85"]);
    const subheadings = await get<Envelope<ClassifierNode[]>>("/api/tnved/tree?parent=8471");
    expect(subheadings.data.map((n) => n.code)).toContain("847130");
    const items = await get<Envelope<ClassifierNode[]>>(`/api/tnved/tree?parent=${encodeURIComponent("8471 30")}`);
    expect(items.data.map((n) => n.code)).toContain("8471300000");
    expect(items.data.find((n) => n.code === "8471300000")!.displayCode).toBe("8471 30 000 0");
  });

  test("parent= of a leaf is an empty list, of an unknown code a 404", async () => {
    const leaf = await get<Envelope<ClassifierNode[]>>("/api/okved/tree?parent=01.11.11");
    expect(leaf.data).toEqual([]);
    const unknown = await get<ErrorEnvelope>("/api/okved/tree?parent=99.99", 404);
    expect(unknown.error.code).toBe("not_found");
  });

  test("code= gives an OKVED code with its path, children, notes and cited codes", async () => {
    const { data } = await get<Envelope<ClassifierNodeDetail>>("/api/okved/tree?code=01.11");
    expect(data.code).toBe("01.11");
    expect(data.levelName).toBe("group");
    expect(data.path.map((n) => n.code)).toEqual(["A", "01", "01.1"]);
    expect(data.children.map((n) => n.code)).toContain("01.11.1");
    expect(data.nameRu).toMatch(/^Выращивание зерновых/);
    expect(data.notes).not.toBeNull();
    expect(data.notes!.includes.some((line) => line.includes("пшеница"))).toBe(true);
    expect(data.notes!.excludes.some((line) => line.includes("01.13"))).toBe(true);
    expect(data.citedCodes).toContain("01.13");
    expect(data.citedCodes).not.toContain("01.11");
    expect(data.sectionNotes).toBeNull();
    expect(data.chapterNotes).toBeNull();
  });

  test("code= accepts the code in any spelling", async () => {
    const a = await get<Envelope<ClassifierNodeDetail>>("/api/okved/tree?code=6201");
    const b = await get<Envelope<ClassifierNodeDetail>>(`/api/okved/tree?code=${encodeURIComponent("62.01")}`);
    expect(a.data.code).toBe("62.01");
    expect(b.data).toEqual(a.data);
    const section = await get<Envelope<ClassifierNodeDetail>>("/api/tnved/tree?code=xvi");
    expect(section.data.code).toBe("XVI");
    expect(section.data.path).toEqual([]);
  });

  test("code= gives a TN VED item in Chinese with section and chapter notes", async () => {
    const { data } = await get<Envelope<ClassifierNodeDetail>>("/api/tnved/tree?code=8471300000&lang=zh");
    expect(data.displayCode).toBe("8471 30 000 0");
    expect(data.levelName).toBe("item");
    expect(data.path.map((n) => n.code)).toEqual(["XVI", "84", "8471", "847130"]);
    expect(data.path[0]!.nameLang).toBe("zh");
    expect(data.path[0]!.name).toMatch(/[\u4e00-\u9fff]/);
    expect(data.path[1]!.name).toBe("核反应堆、锅炉、机器、机械器具及其零件");
    expect(data.sectionNotes?.code).toBe("XVI");
    expect(data.sectionNotes?.text).toMatch(/^1\. В данный раздел не включаются/);
    expect(data.chapterNotes?.code).toBe("84");
    expect(data.chapterNotes?.text.length).toBeGreaterThan(100);
    expect(data.provisional).toBe(false);
  });

  test("a 10-digit TN VED code has no official English and says its name is Russian", async () => {
    const { data } = await get<Envelope<ClassifierNodeDetail>>("/api/tnved/tree?code=8471300000&lang=en");
    expect(data.nameLang).toBe("ru");
    expect(data.name).toBe(data.nameRu);
    expect(data.path[0]!.nameLang).toBe("en");
  });
});

describe("errors are 4xx envelopes, never 500", () => {
  const cases: [string, number, string][] = [
    ["/api/okved/tree?code=99.99", 404, "not_found"],
    ["/api/okved/tree?code=Z", 400, "invalid_code"],
    ["/api/tnved/tree?code=9999999999", 404, "not_found"],
    ["/api/tnved/tree?code=XXX", 400, "invalid_code"],
    ["/api/okved/tree?code=12345678", 400, "invalid_code"],
    ["/api/tnved/tree?code=847", 400, "invalid_code"],
    ["/api/okved/tree?code=" + encodeURIComponent("'); drop table okved_codes; --"), 400, "invalid_code"],
    ["/api/okved/tree?parent=abc", 400, "invalid_code"],
    ["/api/okved/tree?lang=de", 400, "invalid_query"],
    ["/api/tnved/tree?code=8471300000&lang=fr", 400, "invalid_query"],
    ["/api/okved/tree?code=" + "1".repeat(500), 400, "invalid_query"],
    ["/dev/okved2?q=a&perPage=1000", 400, "invalid_query"],
    ["/dev/okved2?q=a&perPage=0", 400, "invalid_query"],
    ["/dev/okved2?q=a&page=0", 400, "invalid_query"],
    ["/dev/okved2?q=a&page=-1", 400, "invalid_query"],
    ["/dev/okved2?q=a&page=abc", 400, "invalid_query"],
    ["/dev/ved?q=" + "а".repeat(500), 400, "invalid_query"],
    ["/dev/ved?lang=xx", 400, "invalid_query"],
    ["/api/nope", 404, "not_found"],
  ];
  test.each(cases)("%s → %i %s", async (path, status, code) => {
    const body = await get<ErrorEnvelope>(path, status);
    expect(body.error.code).toBe(code);
    expect(typeof body.error.message).toBe("string");
  });

  test("invalid_query lists the bad parameters", async () => {
    const body = await get<ErrorEnvelope>("/dev/okved2?perPage=1000&lang=de", 400);
    expect(body.error.issues?.map((i) => i.path).sort()).toEqual(["lang", "perPage"]);
  });

  const hostile = [
    "'); drop table okved_codes; --",
    "a & | ! :*",
    "()",
    "*",
    "!",
    ":*",
    "&&&",
    "'",
    '"',
    "\\",
    "%",
    "_",
    "пшеница | (рожь",
    "<script>alert(1)</script>",
    "a".repeat(200),
    "слово ".repeat(33).trim(),
    "\u0000",
    "😀",
    "  ",
  ];
  test.each(hostile)("search q=%j is answered with 200 on both classifiers", async (q) => {
    for (const endpoint of ["okved2", "ved"] as const) {
      const body = await search(endpoint, q);
      expect(Array.isArray(body.data)).toBe(true);
      expect(body.meta!.total).toBeGreaterThanOrEqual(0);
    }
  });

  test("the tables survive the injection attempt", async () => {
    await search("okved2", "'); drop table okved_codes; --");
    // Counted in the table itself: /app/data's figures are cached for a minute.
    const rows = await api.db.execute<{ n: number }>(sql`select count(*)::int as n from okved_codes where abolished_at is null`);
    expect(rows.rows[0]!.n).toBe(3043);
  });
});

describe("search", () => {
  test("«пшеница» finds 01.11.11 first, with the word highlighted", async () => {
    const { data, meta } = await search("okved2", "пшеница");
    expect(data[0]!.code).toBe("01.11.11");
    expect(data[0]!.name).toBe("Выращивание пшеницы");
    expect(meta!.correctedQuery).toBeNull();
    const [start, end] = data[0]!.highlights[0]!;
    expect(data[0]!.name.slice(start, end).toLowerCase()).toMatch(/^пшениц/);
  });

  test("a typo is corrected: «пшенеца» finds 01.11.11 and reports the correction", async () => {
    const { data, meta } = await search("okved2", "пшенеца");
    expect(data[0]!.code).toBe("01.11.11");
    expect(meta!.correctedQuery).toBeTruthy();
    expect(meta!.correctedQuery).not.toBe("пшенеца");
    expect(meta!.q).toBe("пшенеца");
  });

  test.each(["62.01", "6201", "62 01"])("OKVED code %s finds 62.01 first", async (q) => {
    const { data } = await search("okved2", q);
    expect(data[0]!.code).toBe("62.01");
    expect(data[0]!.codeMatch).toBe(4);
    expect(data.every((hit) => hit.code.replace(/\D/g, "").startsWith("6201"))).toBe(true);
  });

  test("OKVED section letter finds the section", async () => {
    const { data } = await search("okved2", "j");
    expect(data.map((h) => h.code)).toEqual(["J"]);
  });

  test.each(["8471 30", "847130", "8471.30", "ноутбук", "laptop", "笔记本电脑"])("TN VED %s finds 8471300000", async (q) => {
    const { data, meta } = await search("ved", q, "&perPage=100");
    expect(data.map((h) => h.code)).toContain("8471300000");
    expect(meta!.total).toBeGreaterThan(0);
  });

  test("a TN VED code prefix puts the exact code first and formats codes", async () => {
    const { data } = await search("ved", "847130");
    expect(data[0]!.code).toBe("847130");
    expect(data[0]!.displayCode).toBe("8471 30");
    expect(data[0]!.context).toBeTruthy();
  });

  test("Chinese search matches translated names and highlights the match", async () => {
    const { data } = await search("ved", "核反应堆", "&lang=zh");
    expect(data[0]!.code).toBe("84");
    const [start, end] = data[0]!.highlights[0]!;
    expect(data[0]!.name.slice(start, end)).toBe("核反应堆");
  });

  test("English search uses English morphology", async () => {
    const { data } = await search("ved", "boilers", "&lang=en");
    expect(data.length).toBeGreaterThan(0);
    expect(data.some((h) => h.code.startsWith("84"))).toBe(true);
  });

  test("words are found by prefix while typing", async () => {
    const { data } = await search("okved2", "пшени");
    expect(data.map((h) => h.code)).toContain("01.11.11");
  });

  test("nonsense finds nothing and says so without an error", async () => {
    const { data, meta } = await search("okved2", "zzqxjw");
    expect(data).toEqual([]);
    expect(meta).toMatchObject({ total: 0, page: 1, pages: 1 });
  });

  test("every synonym finds at least one code in one of the classifiers", async () => {
    const missing: string[] = [];
    for (const word of Object.keys(classifierSynonyms)) {
      const tnved = await search("ved", word, "&perPage=1");
      if (tnved.meta!.total > 0) continue;
      const okved = await search("okved2", word, "&perPage=1");
      if (okved.meta!.total === 0) missing.push(word);
    }
    expect(missing).toEqual([]);
  });

  test("paging: meta and pages are consistent and pages do not overlap", async () => {
    const first = await search("ved", "8471", "&perPage=5&page=1");
    const second = await search("ved", "8471", "&perPage=5&page=2");
    expect(first.meta).toMatchObject({ page: 1, perPage: 5, q: "8471" });
    expect(first.meta!.total).toBeGreaterThan(10);
    expect(first.meta!.pages).toBe(Math.ceil(first.meta!.total / 5));
    expect(second.meta!.total).toBe(first.meta!.total);
    expect(first.data).toHaveLength(5);
    expect(second.data).toHaveLength(5);
    const overlap = first.data.filter((a) => second.data.some((b) => b.code === a.code));
    expect(overlap).toEqual([]);

    const all = await search("ved", "8471", "&perPage=100");
    expect(all.data.slice(0, 10).map((h) => h.code)).toEqual([...first.data, ...second.data].map((h) => h.code));

    const words1 = await search("okved2", "выращивание", "&perPage=3&page=1");
    const words2 = await search("okved2", "выращивание", "&perPage=3&page=2");
    expect(words1.meta!.total).toBeGreaterThan(6);
    expect(words1.data.map((h) => h.code)).not.toEqual(words2.data.map((h) => h.code));

    const beyond = await search("okved2", "62", `&perPage=100&page=100`);
    expect(beyond.data).toEqual([]);
    expect(beyond.meta!.total).toBe(0);
  });

  test("default paging is page 1 of 20", async () => {
    const { data, meta } = await search("okved2", "01");
    expect(meta).toMatchObject({ page: 1, perPage: 20 });
    expect(data).toHaveLength(20);
  });
});

describe("import", () => {
  test("a second import over the same files changes nothing", async () => {
    const before =
      await get<Envelope<{ classifiers: { okved: { count: number }; tnved: { count: number; provisionalCount: number } } }>>("/app/data");
    const reports = await runImport(api.db, api.dataDir, () => {});
    expect(reports.map((r) => r.classifier)).toEqual(["okved", "tnved"]);
    for (const report of reports) {
      expect(report.unchanged, report.classifier).toBe(true);
      expect(report.firstImport).toBe(false);
      expect(report.written).toBe(0);
      for (const level of Object.values(report.changes)) expect(level).toEqual({ added: 0, renamed: 0, removed: 0 });
    }
    expect(reports[0]!.rows).toBe(3043);
    expect(reports[1]!.rows).toBe(20206);
    const after = await get<typeof before>("/app/data");
    expect(after.data.classifiers.okved.count).toBe(before.data.classifiers.okved.count);
    expect(after.data.classifiers.tnved).toMatchObject({ count: 20206, provisionalCount: 534 });
    // ≈ 20 s alone; several test files share two cores, so the limit leaves room for a loaded machine.
  }, 300_000);
});
