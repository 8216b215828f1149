/**
 * The supplier list's counts under an OKVED code from the register's OKVED count groups (ADR 074), on
 * both engines, with the real sample registers of ../shared/data/companies/original imported: the
 * import leaves the groups up to date; a list filtered by a code (a division, a subclass, a group),
 * alone or with the facet filters, has the total and facets the plain filters count — exactly, where
 * the samples it replaced were capped; a statement that changes a register company or its activities
 * makes the groups out of date (a platform company's does not), the lists then count as before and
 * stay exact; a refresh (and the job, when they are out of date) makes them up to date again. The
 * register's search vocabulary refreshed with them (ADR 075): a word being typed finds the same
 * companies written as the register's lexemes, and keeps its prefix while the vocabulary is out of date.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listCompanies, type CompanyFilters } from "#server/catalog/companies.ts";
import { filterSuppliers } from "#server/catalog/browse.ts";
import { clearFacetCache } from "#server/catalog/facets.ts";
import { okvedCountGroups, registerOkvedGroupsFresh } from "#server/catalog/okved-groups.ts";
import { importRegisters } from "#server/registers/index.ts";
import { refreshStaleRegisterOkvedGroups } from "#server/registers/okved-groups.ts";
import { MAX_PREFIX_LEXEMES, registerTsQuery } from "#server/catalog/register-lexemes.ts";
import { companySearchSql, resolveTsQuery, searchCompanies } from "#server/catalog/search.ts";
import { smeCategoryOf } from "#contract/registers.ts";
import { openTestApi, type TestApi } from "../support/api.ts";
import { okvedSubtreeSql } from "../support/okved.ts";

let api: TestApi;
const EMAIL = `okved-groups-${process.pid}@groups.example`;

const rows = async <T>(query: SQL) => (await api.db.execute(query)).rows as T[];

async function clearRegisters() {
  await api.db.execute(sql`delete from companies where origin = 'register' or id in (select company_id from register_entries)`);
  await api.db.execute(sql`delete from register_changes`);
  await api.db.execute(sql`delete from register_entries`);
  await api.db.execute(sql`delete from register_runs`);
}

/** The filters written plainly over the whole directory (companies.ts's rule, without any access path). */
function plainWhere(filters: CompanyFilters): SQL {
  const parts: SQL[] = [sql`c.status = 'published'`];
  if (filters.region) parts.push(sql`c.region_code = ${filters.region}`);
  if (filters.kind === "trader") parts.push(sql`left(c.okved_main, 2) = '46'`);
  if (filters.kind === "manufacturer") parts.push(sql`left(c.okved_main, 2) between '10' and '33'`);
  if (filters.origin) parts.push(sql`c.origin = ${filters.origin}`);
  if (filters.sme) parts.push(sql`c.sme_category is not null and c.sme_category = ${{ micro: 1, small: 2, medium: 3 }[filters.sme]}`);
  if (filters.okved)
    parts.push(
      sql`exists (select 1 from company_okved_codes o where o.company_id = c.id and o.okved_code in ${okvedSubtreeSql(filters.okved)})`,
    );
  return sql.join(parts, sql` and `);
}

/** What a list under `filters` must show: its total, and each facet counted without its own filter. */
async function expected(filters: CompanyFilters) {
  const [total] = await rows<{ n: number }>(sql`select count(*)::int as n from companies c where ${plainWhere(filters)}`);
  const { region: _region, ...noRegion } = filters;
  const regions = await rows<{ value: string; n: number }>(sql`select c.region_code as value, count(*)::int as n from companies c
    where ${plainWhere(noRegion)} and c.region_code is not null group by 1`);
  const { sme: _sme, ...noSme } = filters;
  const sme = await rows<{ value: number; n: number }>(sql`select c.sme_category as value, count(*)::int as n from companies c
    where ${plainWhere(noSme)} and c.sme_category is not null group by 1`);
  const { origin: _origin, ...noOrigin } = filters;
  const origins = await rows<{ value: string; n: number }>(sql`select c.origin as value, count(*)::int as n from companies c
    where ${plainWhere(noOrigin)} group by 1`);
  return {
    total: total!.n,
    regions: Object.fromEntries(regions.map((r) => [r.value, r.n])),
    sme: Object.fromEntries(sme.map((r) => [smeCategoryOf(r.value), r.n])),
    origins: Object.fromEntries(origins.map((r) => [r.value, r.n])),
  };
}

/** The list's total and facets as `/suppliers` computes them, with no cached facet or count of before. */
async function listed(filters: CompanyFilters) {
  clearFacetCache();
  okvedCountGroups.forget(api.db);
  const page = await filterSuppliers(api.db, { filters, lang: "en", page: 1, perPage: 20 });
  const { facets } = page.data;
  const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
  return {
    total: page.meta.total,
    capped: facets.capped,
    regions: Object.fromEntries(facets.regions.map((r) => [r.value, r.count])),
    sme: nonZero(facets.sme),
    origins: nonZero(facets.origins),
  };
}

/** Codes of the imported register companies: the two most common divisions, a subclass and a group under the first. */
let codes: string[] = [];
let region = "";
let registerCompany = 0;
let platformCompany = 0;

beforeAll(async () => {
  api = await openTestApi();
  await clearRegisters();
  const original = path.join(api.dataDir, "companies", "original");
  const files = readdirSync(original).filter((f) => f.endsWith(".zip"));
  files.sort((a, b) => Number(!a.includes("sme")) - Number(!b.includes("sme")) || a.localeCompare(b));
  // As the CLI, the job and the demo import: several archives, then the groups once.
  const results = await importRegisters(
    api.db,
    files.map((file) => path.join(original, file)),
    { partial: true },
  );
  expect(results.every((result) => "report" in result)).toBe(true);
  const divisions = await rows<{ code: string }>(sql`select left(o.okved_code, 2) as code from company_okved_codes o
    join companies c on c.id = o.company_id where c.origin = 'register' group by 1 order by count(*) desc, 1 limit 2`);
  const [subclass] = await rows<{ code: string }>(sql`select left(o.okved_code, 4) as code from company_okved_codes o
    where o.okved_code like ${`${divisions[0]!.code}.%`} and length(o.okved_code) >= 5 group by 1 order by count(*) desc, 1 limit 1`);
  const [group] = await rows<{ code: string }>(sql`select left(o.okved_code, 5) as code from company_okved_codes o
    where o.okved_code like ${`${subclass!.code}%`} and length(o.okved_code) >= 5 group by 1 order by count(*) desc, 1 limit 1`);
  codes = [...divisions.map((d) => d.code), subclass!.code, group!.code];
  const [common] = await rows<{ region_code: string; id: number }>(sql`select c.region_code, min(c.id) as id from companies c
    join company_okved_codes o on o.company_id = c.id and o.okved_code like ${`${subclass!.code}%`}
    where c.origin = 'register' and c.region_code is not null group by 1 order by count(*) desc limit 1`);
  region = common!.region_code;
  registerCompany = common!.id;
  const [platform] = await rows<{ id: number }>(sql`insert into companies (name, source_lang, country, region_code, status, published_at,
      email, okved_main) values ('{"ru": "Платформа ОКВЭД"}', 'ru', 'RU', ${region}, 'published', now(), ${EMAIL}, ${group!.code})
    returning id`);
  platformCompany = platform!.id;
  await api.db.execute(
    sql`insert into company_okved_codes (company_id, okved_code, is_main) values (${platformCompany}, ${group!.code}, true)`,
  );
}, 240_000);

afterAll(async () => {
  if (!api) return;
  await api.db.execute(sql`delete from company_okved_codes where company_id in (select id from companies where email = ${EMAIL})`);
  await api.db.execute(sql`delete from companies where email = ${EMAIL}`);
  await clearRegisters();
  await api.close();
});

describe("the register's OKVED count groups", () => {
  test("the import leaves them up to date; a platform company's change keeps them so", async () => {
    expect(codes).toHaveLength(4);
    expect(await registerOkvedGroupsFresh(api.db)).toBe(true);
    await api.db.execute(sql`update companies set updated_at = now() where id = ${platformCompany}`);
    await api.db.execute(sql`insert into company_okved_codes (company_id, okved_code) select ${platformCompany}, ${codes[0]!}
      on conflict do nothing`);
    expect(await registerOkvedGroupsFresh(api.db)).toBe(true);
    // Every code of the sample's companies is counted, and each company once under a code it has twice below it.
    const [groups] = await rows<{ codes: number; n: number }>(sql`select count(distinct okved_code)::int as codes, sum(n)::int as n
      from register_okved_groups where okved_code = ${codes[0]!}`);
    const [plain] = await rows<{ n: number }>(sql`select count(*)::int as n from companies c
      where c.origin = 'register' and ${plainWhere({ okved: codes[0]! })}`);
    expect(groups!.n).toBe(plain!.n);
  });

  test("a list under a code, alone or with the facet filters, has the plain filters' total and facets, uncapped", async () => {
    for (const code of codes) {
      // Counted from the code's groups, not by the samples (which the small sample registers never cap).
      okvedCountGroups.forget(api.db);
      const groups = await okvedCountGroups(api.db, code);
      expect(groups?.reduce((n, g) => n + g.n, 0)).toBe((await expected({ okved: code })).total);
      const cases: CompanyFilters[] = [
        { okved: code },
        { okved: code, region },
        { okved: code, sme: "micro" },
        { okved: code, origin: "register" },
        { okved: code, region, kind: "manufacturer" },
      ];
      for (const filters of cases) {
        const want = await expected(filters);
        const got = await listed(filters);
        expect({ ...got, filters }).toEqual({ ...want, total: Math.min(want.total, 10_000), capped: false, filters });
        const list = await listCompanies(api.db, filters, "en", 1, 20);
        expect(list.total).toBe(Math.min(want.total, 10_000));
      }
    }
    // The platform's company is counted live beside the register's.
    expect((await listed({ okved: codes[3]!, region })).origins.platform).toBeGreaterThanOrEqual(1);
  });

  test("a register company's change makes them out of date; the lists stay exact; a refresh brings them back", async () => {
    await api.db.execute(sql`update companies set status = 'blocked' where id = ${registerCompany}`);
    expect(await registerOkvedGroupsFresh(api.db)).toBe(false);
    okvedCountGroups.forget(api.db);
    expect(await okvedCountGroups(api.db, codes[2]!)).toBeNull();
    for (const filters of [{ okved: codes[2]! }, { okved: codes[2]!, region }] satisfies CompanyFilters[]) {
      const want = await expected(filters);
      expect((await listed(filters)).total).toBe(Math.min(want.total, 10_000));
      expect((await listCompanies(api.db, filters, "en", 1, 20)).total).toBe(Math.min(want.total, 10_000));
    }
    await refreshStaleRegisterOkvedGroups(api.db);
    expect(await registerOkvedGroupsFresh(api.db)).toBe(true);
    const filters: CompanyFilters = { okved: codes[2]!, region };
    expect(await listed(filters)).toEqual({ ...(await expected(filters)), capped: false });

    // An activity added to a register company (a write outside the importer) makes them out of date too.
    await api.db.execute(sql`insert into company_okved_codes (company_id, okved_code) select ${registerCompany}, code from okved_codes
      where code not in (select okved_code from company_okved_codes where company_id = ${registerCompany}) order by code limit 1`);
    expect(await registerOkvedGroupsFresh(api.db)).toBe(false);
    await api.db.execute(sql`update companies set status = 'published' where id = ${registerCompany}`);
    // The job every five minutes refreshes them when they are out of date.
    await api.jobs.send("register-okved-groups", {});
    expect(await api.jobs.runDue("register-okved-groups")).toBe(1);
    expect(await registerOkvedGroupsFresh(api.db)).toBe(true);
    expect(await listed(filters)).toEqual({ ...(await expected(filters)), capped: false });
  });
});

/**
 * The register's search vocabulary (ADR 075), refreshed with the groups: a word still being typed is
 * searched among the register's companies as the exact lexemes it begins — the same companies as the
 * prefix, alone, with a region and in the facets — and only while no register company changed since.
 */
describe("a word being typed, searched as the register's lexemes", () => {
  /** The published companies (ids) the words `q` match, the prefix read plainly (no expansion, no index path). */
  const plainMatches = async (tsquery: string, filters: CompanyFilters = {}) =>
    (
      await rows<{ id: number }>(sql`select c.id from companies c where ${plainWhere(filters)}
        and c.search_vector @@ ${tsquery}::tsquery order by c.id`)
    ).map((r) => r.id);

  /** Prefixes the search writes as `'p':*` whose register lexemes are 2 … MAX_PREFIX_LEXEMES (and one of a single lexeme). */
  async function typedPrefixes(): Promise<{ q: string; tsquery: string }[]> {
    const candidates = await rows<{ prefix: string; n: number }>(sql`select left(lexeme, 4) as prefix, count(*)::int as n
      from register_lexemes where lexeme ~ '^[а-яё]{5,}$' group by 1 order by sum(documents) desc, 1 limit 40`);
    const out: { q: string; tsquery: string; n: number }[] = [];
    for (const { prefix, n } of candidates) {
      const tsquery = await resolveTsQuery(api.db, prefix);
      if (tsquery?.includes(":*") && n <= MAX_PREFIX_LEXEMES) out.push({ q: prefix, tsquery, n });
    }
    return [...out.filter((p) => p.n > 1).slice(0, 3), ...out.filter((p) => p.n === 1).slice(0, 1)];
  }

  test("every company's OKVED codes are mirrored on its row, after the import and after a change of its activities", async () => {
    const unmirrored = sql`select count(*)::int as n from companies c where c.okved_codes is distinct from
      nullif(array(select o.okved_code from company_okved_codes o where o.company_id = c.id order by o.okved_code collate "C"), '{}')`;
    expect((await rows<{ n: number }>(unmirrored))[0]!.n).toBe(0);
    const [withCodes] = await rows<{ n: number }>(sql`select count(*)::int as n from companies where okved_codes is not null`);
    expect(withCodes!.n).toBeGreaterThan(1000);
    await api.db.execute(sql`insert into company_okved_codes (company_id, okved_code) select ${platformCompany}, code from okved_codes
      where code not in (select okved_code from company_okved_codes where company_id = ${platformCompany}) order by code desc limit 2`);
    await api.db.execute(sql`update company_okved_codes set is_main = false where company_id = ${platformCompany}`);
    await api.db.execute(sql`delete from company_okved_codes where company_id = ${registerCompany}`);
    expect((await rows<{ n: number }>(unmirrored))[0]!.n).toBe(0);
    const [cleared] = await rows<{ codes: string[] | null }>(sql`select okved_codes as codes from companies where id = ${registerCompany}`);
    expect(cleared!.codes).toBeNull();
    await refreshStaleRegisterOkvedGroups(api.db);
  });

  test("the vocabulary holds every lexeme of the register's published companies that starts with a letter, with its count", async () => {
    expect(await registerOkvedGroupsFresh(api.db)).toBe(true);
    const stored = await rows<{ lexeme: string; documents: number }>(sql`select lexeme, documents from register_lexemes order by lexeme`);
    const plain = await rows<{ lexeme: string; documents: number }>(sql`select v.lexeme collate "C" as lexeme, count(*)::int as documents
      from companies c, unnest(c.search_vector) as v(lexeme, positions, weights)
      where c.status = 'published' and c.origin <> 'platform' and v.lexeme ~ '^[a-zа-яё]' group by 1 order by 1`);
    expect(stored.length).toBeGreaterThan(1000);
    expect(stored).toEqual(plain);
  });

  test("a prefix finds the same companies written as its lexemes: the search alone and with a region, the facets", async () => {
    const prefixes = await typedPrefixes();
    expect(prefixes.length).toBe(4);
    for (const { q, tsquery } of prefixes) {
      const expanded = await registerTsQuery(api.db, tsquery);
      expect(expanded).not.toBe(tsquery);
      expect(expanded).not.toContain(":*");
      // The register's companies matched by the lexemes are those the prefix matches.
      expect(await plainMatches(expanded, { origin: "register" })).toEqual(await plainMatches(tsquery, { origin: "register" }));
      const [common] = await rows<{ region_code: string }>(sql`select c.region_code from companies c
        where c.status = 'published' and c.region_code is not null and c.search_vector @@ ${tsquery}::tsquery
        group by 1 order by count(*) desc, 1 limit 1`);
      const [activity] = await rows<{ code: string }>(sql`select left(o.okved_code, 2) as code from company_okved_codes o
        join companies c on c.id = o.company_id where c.status = 'published' and c.search_vector @@ ${tsquery}::tsquery
        group by 1 order by count(*) desc, 1 limit 1`);
      const cases: CompanyFilters[] = [
        {},
        { region: common!.region_code },
        // With an OKVED code: the codes mirrored on the row, in the same GIN index as the words.
        { okved: activity!.code },
        { okved: activity!.code, region: common!.region_code },
      ];
      for (const filters of cases) {
        const want = await plainMatches(tsquery, filters);
        if (!filters.okved || !filters.region) expect(want.length).toBeGreaterThan(0);
        const found = await searchCompanies(api.db, q, "ru", 1, 2000, filters);
        expect({ q, filters, ids: found.items.map((c) => c.id).sort((a, b) => a - b) }).toEqual({ q, filters, ids: want });
        // Ranked as the prefix ranks them: the same page as the search without the expansion.
        const unexpanded = await api.db.execute<{ id: number }>(companySearchSql(tsquery, 1, 20, filters).rows);
        const page = await searchCompanies(api.db, q, "ru", 1, 20, filters);
        expect(page.items.map((c) => c.id)).toEqual(unexpanded.rows.map((r) => r.id));
        clearFacetCache();
        const listed = await filterSuppliers(api.db, { q, filters, lang: "ru", page: 1, perPage: 20 });
        expect(listed.data.facets.total).toBe(want.length);
        expect(listed.data.facets.capped).toBe(false);
      }
    }
  });

  test("after a register company's change the prefix is kept and still finds it; a refresh adds its new word", async () => {
    await api.db.execute(sql`update companies set name = '{"ru": "Зюзякснабкомплект"}'::jsonb where id = ${registerCompany}`);
    expect(await registerOkvedGroupsFresh(api.db)).toBe(false);
    const tsquery = (await resolveTsQuery(api.db, "зюзяк"))!;
    expect(tsquery).toContain(":*");
    expect(await registerTsQuery(api.db, tsquery)).toBe(tsquery);
    expect((await searchCompanies(api.db, "зюзяк", "ru", 1, 20)).items.map((c) => c.id)).toEqual([registerCompany]);
    await refreshStaleRegisterOkvedGroups(api.db);
    const expanded = await registerTsQuery(api.db, tsquery);
    expect(expanded).not.toBe(tsquery);
    expect((await searchCompanies(api.db, "зюзяк", "ru", 1, 20)).items.map((c) => c.id)).toEqual([registerCompany]);
  });
});
