/**
 * The e2e suite's DaData-compatible suggestions service (`node tests/support/fake-dadata-server.ts`,
 * started by playwright.config.ts on E2E_PORT + 3 with token DADATA_TOKEN): the fake of
 * fake-services.ts, whose registry also knows every organisation of the FNS open-data file
 * `companies/fns_employees_2023.csv` of the shared reference data (real INNs and full names; that
 * file has no KPP, OGRN or address, so neither does the answer). The e2e server calls it like the
 * real service, server-side; a browser never sees it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { startFakeDadata, type FakeParty } from "./fake-services.ts";
import { classifierDataDir } from "./databases.ts";

const port = Number(process.env.FAKE_DADATA_PORT ?? 0);
const token = process.env.DADATA_TOKEN ?? "e2e-dadata-token";
const rows = parse(readFileSync(path.join(classifierDataDir(), "companies", "fns_employees_2023.csv")), { columns: true }) as {
  inn: string;
  name_full: string;
}[];
const parties = new Map<string, FakeParty>(
  rows.map((row) => [
    row.inn,
    {
      value: row.name_full,
      data: {
        inn: row.inn,
        kpp: null,
        ogrn: null,
        type: "LEGAL",
        name: { full_with_opf: row.name_full, short_with_opf: null },
        address: null,
        state: { status: "ACTIVE" },
      },
    },
  ]),
);
const fake = await startFakeDadata(token, { port, parties });
console.log(`fake DaData on ${fake.url} (${parties.size} organisations)`);
const stop = () => void fake.close().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
