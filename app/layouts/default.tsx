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

export async function loader({ context, request }: Route.LoaderArgs) {
  const lang = pageLang(request);
  try {
    const { data } = await context.get(apiContext).send(appDataApi.getAppData, { query: { lang } });
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
