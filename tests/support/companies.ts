/**
 * Suppliers of the hand-made test catalogues (tests/api/catalog*.test.ts), written straight to the
 * database as the company form leaves them: the catalogue reads a company's activities from
 * `company_okved_codes`, not from `companies.okved_main`, so a row inserted without them would be
 * missed by the OKVED filter and shown without activities.
 */
import { companies, companyOkvedCodes } from "#server/db/schema.ts";
import type { TestApi } from "./api.ts";

/** A `companies` row to insert, with the extra OKVED codes (besides `okvedMain`) the company also works in. */
export type TestCompany = typeof companies.$inferInsert & { okvedExtra?: string[] };

/**
 * Inserts `rows` into `companies` and each one's activities into `company_okved_codes`: `okvedMain`
 * with `is_main` set and every `okvedExtra` code without it, as server/profile/company.ts writes
 * them. Returns the inserted company rows in the order of `rows`. The codes must exist in
 * `okved_codes` (the test database has the imported classifier); a missing one, or a row breaking a
 * constraint, rejects with the database's error.
 */
export async function insertCompanies(api: TestApi, rows: TestCompany[]): Promise<(typeof companies.$inferSelect)[]> {
  const inserted = await api.db
    .insert(companies)
    .values(rows.map(({ okvedExtra: _extra, ...row }) => row))
    .returning();
  const activities = inserted.flatMap((company, i) => [
    ...(company.okvedMain ? [{ companyId: company.id, okvedCode: company.okvedMain, isMain: true }] : []),
    ...(rows[i]!.okvedExtra ?? []).map((code) => ({ companyId: company.id, okvedCode: code, isMain: false })),
  ]);
  if (activities.length > 0) await api.db.insert(companyOkvedCodes).values(activities);
  return inserted;
}
