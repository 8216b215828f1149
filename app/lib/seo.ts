/**
 * Page metadata (DESIGN §5): title `{page title} | {app name}`, description, the canonical URL
 * (Russian pages canonical unprefixed) and hreflang alternates for ru, en, zh and x-default.
 */
import type { MetaDescriptor } from "react-router";
import { LANGS, localePath, splitLocalePath, type Lang } from "./i18n.ts";

export interface SeoInput {
  title: string;
  appName: string;
  description?: string;
  /** Absolute origin, e.g. https://postavka.example. */
  origin: string;
  /** Current URL path (with its language prefix) and search. */
  pathname: string;
  search?: string;
  lang: Lang;
}

export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const { rest } = splitLocalePath(input.pathname);
  const search = input.search ?? "";
  const href = (lang: Lang) => `${input.origin}${localePath(lang, rest)}${search}`;
  const tags: MetaDescriptor[] = [
    { title: `${input.title} | ${input.appName}` },
    { tagName: "link", rel: "canonical", href: href(input.lang) },
    ...LANGS.map((lang) => ({ tagName: "link", rel: "alternate", hrefLang: lang, href: href(lang) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: href("ru") },
    { property: "og:title", content: input.title },
    { property: "og:site_name", content: input.appName },
    { property: "og:url", content: href(input.lang) },
  ];
  if (input.description) {
    tags.push({ name: "description", content: input.description }, { property: "og:description", content: input.description });
  }
  return tags;
}
