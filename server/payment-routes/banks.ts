/**
 * The Bank of Russia register of credit organisations («Справочник по кредитным организациям»,
 * ../shared/data/companies/cbr_credit_organizations_YYYYMMDD.csv, 1,884 rows of 02.02.2026; see
 * ../shared/data/README.md §5) into `banks`: one row per registration number.
 *
 * The file is UTF-8 CSV with the header `BANK_REGISTER_HEADER`; a different header, or a row without
 * a numeric registration number, a name, a valid date or a known licence status, stops the import
 * with `BankRegisterError` naming the line (nothing is written: the whole file is read first).
 * Rows repeated with the same registration number (the 2026 file lists two banks twice, identically)
 * are read once. Idempotent: a second import of the same file changes nothing and says so.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import type { LicenceStatus } from "#contract/payment-routes.ts";
import type { Db } from "../db/client.ts";
import { banks } from "../db/schema.ts";

/** The columns of the register file, in order. */
export const BANK_REGISTER_HEADER = [
  "cbr_reg_number",
  "ogrn",
  "ogrn_checksum_ok",
  "name",
  "opf",
  "org_type",
  "registration_date",
  "license_status",
  "address",
] as const;

/** The register's licence status texts (empty: a newly registered organisation, not yet stated). */
const STATUSES: Record<string, LicenceStatus> = {
  Действующая: "active",
  Отозванная: "revoked",
  Ликвидация: "liquidation",
  Аннулированная: "annulled",
  "": "unknown",
};

/** A register file that cannot be imported; `line` is the file's line (1 = the header). */
export class BankRegisterError extends Error {
  readonly line: number;
  constructor(message: string, line: number) {
    super(`line ${line}: ${message}`);
    this.name = "BankRegisterError";
    this.line = line;
  }
}

type BankRow = typeof banks.$inferInsert;

/** Reads the register text into rows (see the module comment for what is refused). */
export function parseBankRegister(text: string, sourceFile: string): BankRow[] {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ""), { relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    // csv-parse names the line of a broken quote or delimiter.
    throw new BankRegisterError(`not a readable CSV file: ${(error as Error).message}`, (error as { lines?: number }).lines ?? 0);
  }
  const header = records[0] ?? [];
  if (header.join(",") !== BANK_REGISTER_HEADER.join(",")) {
    throw new BankRegisterError(`unexpected header "${header.join(",")}"; expected "${BANK_REGISTER_HEADER.join(",")}"`, 1);
  }
  const byReg = new Map<string, BankRow>();
  records.slice(1).forEach((record, index) => {
    const line = index + 2;
    if (record.length !== BANK_REGISTER_HEADER.length) {
      throw new BankRegisterError(`${record.length} fields, expected ${BANK_REGISTER_HEADER.length}`, line);
    }
    const [regNumber, ogrn, , name, opf, orgType, registrationDate, status, address] = record.map((v) => v.trim()) as string[];
    if (!/^\d{1,6}(-[A-ZА-Я0-9]{1,4})?$/u.test(regNumber!))
      throw new BankRegisterError(`registration number "${regNumber}" is not a number`, line);
    if (!name) throw new BankRegisterError("the name is empty", line);
    if (ogrn && !/^\d{13}$/.test(ogrn)) throw new BankRegisterError(`OGRN "${ogrn}" is not 13 digits`, line);
    if (registrationDate && !/^\d{4}-\d{2}-\d{2}$/.test(registrationDate))
      throw new BankRegisterError(`date "${registrationDate}" is not YYYY-MM-DD`, line);
    const licenceStatus = STATUSES[status!];
    if (!licenceStatus) throw new BankRegisterError(`unknown licence status "${status}"`, line);
    byReg.set(regNumber!, {
      regNumber: regNumber!,
      ogrn: ogrn || null,
      name: name,
      opf: opf || null,
      orgType: orgType || null,
      registrationDate: registrationDate || null,
      licenceStatus,
      licenceStatusText: status!,
      address: address || null,
      sourceFile,
    });
  });
  if (byReg.size === 0) throw new BankRegisterError("no banks in the file", 2);
  return [...byReg.values()];
}

export interface BankImportReport {
  file: string;
  banks: number;
  added: number;
  changed: number;
  unchanged: number;
  /** Banks whose licence is revoked, annulled or in liquidation. */
  withoutLicence: number;
}

const COMPARED = ["ogrn", "name", "opf", "orgType", "registrationDate", "licenceStatus", "licenceStatusText", "address"] as const;

/** Imports the register file at `file` (see the module comment); the rows are written in one transaction. */
export async function importBanks(db: Db, file: string): Promise<BankImportReport> {
  const rows = parseBankRegister(await readFile(file, "utf8"), path.basename(file));
  const stored = new Map((await db.select().from(banks)).map((b) => [b.regNumber, b]));
  let added = 0;
  let changed = 0;
  const writes: BankRow[] = [];
  for (const row of rows) {
    const before = stored.get(row.regNumber);
    if (!before) added += 1;
    else if (COMPARED.some((key) => (before[key] ?? null) !== (row[key] ?? null))) changed += 1;
    else continue;
    writes.push(row);
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < writes.length; i += 500) {
      await tx
        .insert(banks)
        .values(writes.slice(i, i + 500))
        .onConflictDoUpdate({
          target: banks.regNumber,
          set: {
            ogrn: sql`excluded.ogrn`,
            name: sql`excluded.name`,
            opf: sql`excluded.opf`,
            orgType: sql`excluded.org_type`,
            registrationDate: sql`excluded.registration_date`,
            licenceStatus: sql`excluded.licence_status`,
            licenceStatusText: sql`excluded.licence_status_text`,
            address: sql`excluded.address`,
            sourceFile: sql`excluded.source_file`,
            importedAt: sql`now()`,
          },
        });
    }
  });
  return {
    file: path.basename(file),
    banks: rows.length,
    added,
    changed,
    unchanged: rows.length - added - changed,
    withoutLicence: rows.filter((r) => r.licenceStatus !== "active" && r.licenceStatus !== "unknown").length,
  };
}

/** The newest register file under `dataDir/companies` (`cbr_credit_organizations_*.csv`), or null. */
export async function newestBankRegister(dataDir: string): Promise<string | null> {
  const { readdir } = await import("node:fs/promises");
  const folder = path.join(dataDir, "companies");
  const names = await readdir(folder).catch(() => [] as string[]);
  const found = names.filter((n) => /^cbr_credit_organizations_\d{8}\.csv$/.test(n)).sort();
  return found.length ? path.join(folder, found[found.length - 1]!) : null;
}

/** One line of the import report. */
export function formatBankReport(r: BankImportReport): string {
  return `${r.file}: ${r.banks} credit organisations — ${r.added} added, ${r.changed} changed, ${r.unchanged} unchanged; ${r.withoutLicence} without a licence (revoked, annulled or in liquidation)`;
}
