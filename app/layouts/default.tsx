/**
 * Default layout: header, the page, footer. Its loader reads the app data (`/app/data`: top
 * categories with product counts and the catalogue's size, from the API's per-minute caches) for
 * the footer's catalogue links. A failed load is only logged (spec §8) and the footer goes without.
 * It reloads only when the language changes, not on every navigation.
 */
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/default";
import { SiteFooter, SiteHeader } from "../components/site-chrome.tsx";
import * as appDataApi from "#contract/app-data.ts";
import { apiContext, servicesContext } from "../context.ts";
import { pageLang, splitLocalePath } from "../lib/i18n.ts";
import { sharedRead } from "../lib/shared-reads.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const lang = pageLang(request);
  try {
    // The same for every visitor of a language: one API read serves the process's requests for a second (ADR 060).
    const api = context.get(apiContext);
    const data = await sharedRead(`app-data:${lang}`, () => api.send(appDataApi.getAppData, { query: { lang } }).then((r) => r.data));
    return { topCategories: data.topCategories, catalogue: data.catalogue };
  } catch (error) {
    context.get(servicesContext).logger.warn({ err: error }, "app data not loaded");
    return { topCategories: [], catalogue: null };
  }
}

export type LayoutData = Awaited<ReturnType<typeof loader>>;

export default function DefaultLayout() {
  return (
    <>
      <SiteHeader />
      <Outlet />
      <SiteFooter />
    </>
  );
}
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (splitLocalePath(currentUrl.pathname).lang !== splitLocalePath(nextUrl.pathname).lang) return defaultShouldRevalidate;
  return false;
}
