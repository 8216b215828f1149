/** The price line of a supplier's service offer, on the offers list and on the offer's own page. */
import type { ComponentProps } from "react";
import { formatMoney } from "#app/components/catalog/format.ts";
import { Text } from "#app/components/catalog/text.tsx";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";

/** "from 5 000 ₽ / hour": the offer's lowest price and, when it names one, the unit it is per. */
export function ServicePriceFrom({
  offer,
}: {
  offer: { priceFrom: string | null; currency: string | null; priceUnit: ComponentProps<typeof Text>["value"] };
}) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      {t("catalog.priceFrom", { price: formatMoney(offer.priceFrom, offer.currency, lang) })}
      {offer.priceUnit ? (
        <>
          {" "}
          / <Text value={offer.priceUnit} />
        </>
      ) : null}
    </>
  );
}
