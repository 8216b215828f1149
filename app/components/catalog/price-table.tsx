/**
 * A product's price tiers as buyers read them: "from 50 t — 97 560 ₽ / t", one row a tier, in the
 * page's language (Intl formats, unit names from app/lib/units.ts). Used by the public product page
 * and by the supplier's price preview, so the supplier sees exactly what buyers will.
 * `tiers`: `{ minQuantity, price, currency, unit }` with decimal strings as the API sends them.
 */
import { unitLabel } from "#app/lib/units.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import { formatMoney, formatQuantity } from "./format.ts";
import { Converted, RateNote, useMoney } from "../money/money.tsx";
import { TableHead } from "../table-head.tsx";

export interface PriceTier {
  minQuantity: string;
  price: string;
  currency: string;
  unit: string | null;
}

export function PriceTable({ tiers, caption }: { tiers: PriceTier[]; caption?: string }) {
  const t = useT();
  const lang = useLang();
  const money = useMoney();
  const converted = tiers.some((p) => money?.rates && p.currency !== money.currency);
  return (
    <>
      <table className="table price-table">
        {caption ? <caption>{caption}</caption> : null}
        <TableHead columns={[t("product.fromQuantity"), t("product.unitPrice")]} />
        <tbody>
          {tiers.map((p) => (
            <tr key={`${p.currency}-${p.unit}-${p.minQuantity}`}>
              <td>
                {formatQuantity(p.minQuantity, lang)} {unitLabel(p.unit, lang)}
              </td>
              <td>
                {formatMoney(p.price, p.currency, lang)} / {unitLabel(p.unit, lang)} <Converted amount={p.price} currency={p.currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <RateNote show={converted} />
    </>
  );
}
