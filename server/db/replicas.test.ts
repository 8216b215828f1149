import { describe, expect, it } from "vitest";
import { formatLsn, isReadOnlyStatement, parseLsn } from "./replicas.ts";

describe("LSNs", () => {
  it("parses PostgreSQL's notation into byte positions and back", () => {
    expect(parseLsn("0/0")).toBe(0n);
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) + 0xb374d848n);
    expect(formatLsn(parseLsn("16/B374D848")!)).toBe("16/B374D848");
    expect(parseLsn("0/80E6350")! > parseLsn("0/80E634F")!).toBe(true);
  });
  it("refuses what is not an LSN (a forged cookie)", () => {
    for (const bad of ["", "abc", "1/2/3", "G/1", "123456789/0", "0/1; drop", undefined, null]) expect(parseLsn(bad)).toBeNull();
  });
});

describe("isReadOnlyStatement", () => {
  it("lets plain reads go to a standby", () => {
    for (const sql of [
      'select "id", "name" from "products" where "status" = $1',
      "  -- comment\n  SELECT 1",
      "/* hint */ with t as (select 1) select * from t",
      "select * from companies where updated_at > now()",
      "explain select 1",
      "values (1)",
    ])
      expect(isReadOnlyStatement(sql), sql).toBe(true);
  });
  it("keeps writes, locks and side effects on the primary", () => {
    for (const sql of [
      'insert into "users" ("email") values ($1)',
      'update "products" set "name" = $1',
      "delete from sessions",
      "with moved as (delete from a returning *) select * from moved",
      "select * from jobs for update skip locked",
      "select * from t for share",
      "select nextval('companies_id_seq')",
      "select pg_try_advisory_lock(1)",
      "select set_config('x', 'y', false)",
      "explain analyze select 1",
      "begin",
      "set statement_timeout = 1000",
      "copy t from stdin",
    ])
      expect(isReadOnlyStatement(sql), sql).toBe(false);
  });
});
