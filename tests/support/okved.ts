/**
 * "An OKVED code or any code under it" as the classifier's tree says (okved_codes.parent_code, walked
 * recursively), not as the pattern the server uses (okvedSubtreePattern, ADR 073): tests compare the
 * server's answers with this independent reading of the rule.
 */
import { sql, type SQL } from "drizzle-orm";

/** SQL of the codes of `code`'s subtree (`code` itself included) as rows of one column `code`. */
export function okvedSubtreeSql(code: string): SQL {
  return sql`(with recursive sub(code) as (select ${code}::text
    union all select k.code from okved_codes k join sub on k.parent_code = sub.code) select code from sub)`;
}
