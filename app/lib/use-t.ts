/**
 * `useT()`: the translate function of the page's i18next instance, for components rendered many
 * times per page (cards, localized names, prices) and the layout.
 *
 * Why not react-i18next's `useTranslation`: it copies the whole i18next instance
 * (`Object.getOwnPropertyDescriptors`) the first time each component instance renders — on the
 * server, every render. On a product page under load that was 11 % of the server's CPU
 * (`npm run bench`, docs/benchmarks.md). Pages change language only through a full document load
 * (`/_locale`), so no component has to re-render on a language change, and reading the instance
 * from context is enough.
 */
import type { TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext, getI18n } from "react-i18next";

export function useT(): TFunction {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  return i18n.t.bind(i18n) as TFunction;
}
