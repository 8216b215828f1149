/**
 * The visitor's display currency from a request's cookies (issue 15): the `currency` cookie set by
 * the chooser (routes/resources/set-currency.ts), else by language — ru → RUB, zh → CNY, en → USD. Used by the
 * root loader (prices' "≈") and by the catalogue loaders (price bounds typed in that currency).
 */
import { parse } from "cookie";
import { CURRENCY_COOKIE, DEFAULT_DISPLAY_CURRENCY, isCurrency } from "#contract/money.ts";
import type { Currency } from "#contract/common.ts";
import type { Lang } from "#app/lib/i18n.ts";

export function displayCurrency(request: Request, lang: Lang): Currency {
  const header = request.headers.get("cookie");
  const chosen = header ? parse(header)[CURRENCY_COOKIE] : undefined;
  return isCurrency(chosen) ? chosen : DEFAULT_DISPLAY_CURRENCY[lang];
}
