/**
 * Prices in the visitor's currency (issue 15): the chooser in the header (a plain POST form to
 * `/_currency`, so it works without JavaScript), "≈ amount" beside a price in another currency, and
 * the note naming the Bank of Russia rate's date (and that it is stale when older than 3 days).
 * The chosen currency and the latest rates come from the root loader (`money`); conversion is
 * contract/money.ts `convert` (exact decimals through roubles).
 */
import { useLocation, useRouteLoaderData } from "react-router";
import { CURRENCIES, convert, type RatesView } from "#contract/money.ts";
import type { Currency } from "#contract/common.ts";
import type { Lang } from "#app/lib/i18n.ts";
import { useLang } from "#app/lib/use-lang.ts";
import { useT } from "#app/lib/use-t.ts";
import type { RootData } from "#app/root.tsx";
import { dateTimeFormat } from "#contract/format.ts";
import { formatMoney } from "../catalog/format.ts";

/** What the root loader passes: the display currency and the latest rates (null when none are stored or the API failed). */
export interface MoneyData {
  currency: Currency;
  rates: RatesView | null;
}

export function useMoney(): MoneyData | null {
  return useRouteLoaderData<RootData>("root")?.money ?? null;
}

const DATE_FORMATS: Record<Lang, Intl.DateTimeFormatOptions & { locale: string }> = {
  ru: { locale: "ru-RU", day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" },
  en: { locale: "en-GB", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" },
  zh: { locale: "zh-CN", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" },
};

/** "15.10.2024" / "15 Oct 2024" / "2024年10月15日" — a rate's date (YYYY-MM-DD) in the page's language. */
export function formatRateDate(date: string, lang: Lang): string {
  const { locale, ...options } = DATE_FORMATS[lang];
  return dateTimeFormat(locale, options).format(new Date(`${date}T00:00:00Z`));
}

function rubPerUnitOf(rates: RatesView): Record<string, string> {
  return { RUB: "1", ...Object.fromEntries(rates.rates.map((r) => [r.currency, r.perUnit])) };
}

/** `amount` of `currency` in the visitor's currency, or null when it is the same currency or no rate is known. */
export function useConverted(amount: string | null, currency: string | null): { amount: string; currency: Currency } | null {
  const money = useMoney();
  if (!money?.rates || amount === null || currency === null || currency === money.currency) return null;
  const converted = convert(amount, currency, money.currency, rubPerUnitOf(money.rates));
  return converted === null ? null : { amount: converted, currency: money.currency };
}

/** "≈ 67 494 ₽" after a price in another currency; nothing when the currencies are the same. */
export function Converted({ amount, currency }: { amount: string | null; currency: string | null }) {
  const t = useT();
  const lang = useLang();
  const money = useMoney();
  const converted = useConverted(amount, currency);
  if (!converted || !money?.rates?.date) return null;
  return (
    <span className="price-converted" title={t("money.rateNote", { date: formatRateDate(money.rates.date, lang) })}>
      {t("money.approx", { amount: formatMoney(converted.amount, converted.currency, lang) })}
    </span>
  );
}

/**
 * "≈ at the Bank of Russia rate of 15 Oct 2024" (and "the rate is more than 3 days old"), shown once
 * under a block of prices when any of them is converted (`show`).
 */
export function RateNote({ show = true }: { show?: boolean }) {
  const t = useT();
  const lang = useLang();
  const money = useMoney();
  if (!show || !money?.rates?.date) return null;
  return (
    <p className="rate-note muted">
      {t("money.rateNote", { date: formatRateDate(money.rates.date, lang) })}
      {money.rates.stale ? <strong className="rate-stale"> {t("money.stale")}</strong> : null}
    </p>
  );
}

const SYMBOLS: Record<Currency, string> = { RUB: "₽", CNY: "¥", USD: "$" };

/** The display currency chooser: POST `/_currency` (currency, to) → cookie and a redirect back here. */
export function CurrencyChooser() {
  const t = useT();
  const money = useMoney();
  const location = useLocation();
  if (!money) return null;
  return (
    <form method="post" action="/_currency" className="currency-chooser">
      <input type="hidden" name="to" value={`${location.pathname}${location.search}`} />
      <select name="currency" defaultValue={money.currency} aria-label={t("money.chooser")} key={money.currency}>
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {SYMBOLS[c]} {c}
          </option>
        ))}
      </select>
      <button type="submit" className="currency-submit">
        {t("money.choose")}
      </button>
    </form>
  );
}
