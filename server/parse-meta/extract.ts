/**
 * Reads a page's metadata from its HTML with htmlparser2 (a streaming, forgiving HTML tokenizer;
 * `<script>`, `<style>`, `<title>` and `<textarea>` are raw text to it, as to a browser).
 *
 * What comes from where, first found wins (Open Graph protocol, ogp.me; Twitter/X cards; HTML
 * Standard §4.2 for `<title>`, `<base>`, `<meta name>`, `<link rel=icon>`):
 * - title: `og:title`, `twitter:title`, then the document's `<title>` (not an SVG's);
 * - description: `og:description`, `<meta name=description>`, `twitter:description`;
 * - siteName: `og:site_name`, `<meta name=application-name>`;
 * - image: `og:image:secure_url`, `og:image` / `og:image:url`, `twitter:image` / `twitter:image:src`;
 * - icon: the best `<link rel~=icon>` (an SVG or `sizes=any` first, else the largest declared
 *   size), else `apple-touch-icon`; null when the page declares none;
 * - lang: `<html lang>`, `og:locale`, `<meta http-equiv=content-language>`, the Content-Language
 *   header; as a canonical BCP 47 tag (`ru-RU`, `zh-CN`) or null.
 *
 * Relative URLs resolve against `<base href>` (itself against the page URL) or the page URL.
 * Image and icon URLs must be http(s) and pass the same URL checks as the page (no local names
 * or private IP literals): a page cannot make the site show its visitors an intranet address.
 * Texts are whitespace-collapsed and cut to TEXT_LIMITS.
 */
import { Parser } from "htmlparser2";
import { checkUrl } from "./address-policy.ts";

export interface PageMeta {
  title: string | null;
  description: string | null;
  siteName: string | null;
  /** Absolute http(s) URL of the preview image. */
  image: string | null;
  /** Absolute http(s) URL of the site icon. */
  icon: string | null;
  /** BCP 47 language tag of the page. */
  lang: string | null;
}

/** Longest texts returned (characters); longer ones are cut with an ellipsis. */
export const TEXT_LIMITS = { title: 300, description: 1000, siteName: 200 } as const;

interface IconLink {
  href: string;
  apple: boolean;
  /** Largest declared edge in px; Infinity for `any` or SVG; 0 when not declared. */
  size: number;
  order: number;
}

/** Extracts `PageMeta` from `html`, the page at `pageUrl` (after redirects). */
export function extractMeta(html: string, pageUrl: string, hints: { contentLanguage?: string | null } = {}): PageMeta {
  const meta = new Map<string, string>();
  const icons: IconLink[] = [];
  let title: string | null = null;
  let titleText: string[] | null = null;
  let svgDepth = 0;
  let baseHref: string | null = null;
  let htmlLang: string | null = null;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        switch (name) {
          case "html":
            htmlLang ??= attributes.lang ?? attributes["xml:lang"] ?? null;
            break;
          case "svg":
            svgDepth += 1;
            break;
          case "title":
            if (svgDepth === 0 && title === null && titleText === null) titleText = [];
            break;
          case "base":
            if (baseHref === null && attributes.href) baseHref = attributes.href;
            break;
          case "meta": {
            const key = (attributes.property ?? attributes.name ?? attributes["http-equiv"] ?? attributes.itemprop ?? "")
              .trim()
              .toLowerCase();
            const content = attributes.content;
            if (key && content !== undefined && content.trim() !== "" && !meta.has(key)) meta.set(key, content);
            break;
          }
          case "link": {
            const rel = (attributes.rel ?? "").toLowerCase().split(/\s+/);
            const href = attributes.href?.trim();
            if (!href) break;
            const apple = rel.includes("apple-touch-icon") || rel.includes("apple-touch-icon-precomposed");
            if (!apple && !rel.includes("icon")) break;
            icons.push({ href, apple, size: iconSize(attributes.sizes, attributes.type, href), order: icons.length });
            break;
          }
        }
      },
      ontext(text) {
        if (titleText) titleText.push(text);
      },
      onclosetag(name) {
        if (name === "svg" && svgDepth > 0) svgDepth -= 1;
        if (name === "title" && titleText) {
          title = titleText.join("");
          titleText = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);

  const base = resolveUrl(baseHref, pageUrl) ?? pageUrl;
  const pick = (...keys: string[]) => keys.map((key) => meta.get(key)).find((value) => value !== undefined && value.trim() !== "");
  const imageRef = pick("og:image:secure_url", "og:image", "og:image:url", "twitter:image", "twitter:image:src");
  return {
    title: clean(pick("og:title", "twitter:title") ?? title, TEXT_LIMITS.title),
    description: clean(pick("og:description", "description", "twitter:description"), TEXT_LIMITS.description),
    siteName: clean(pick("og:site_name", "application-name"), TEXT_LIMITS.siteName),
    image: safeResource(imageRef, base),
    icon: bestIcon(icons, base),
    lang:
      languageTag(htmlLang) ??
      languageTag(pick("og:locale")) ??
      languageTag(pick("content-language")) ??
      languageTag(hints.contentLanguage),
  };
}

/** Whitespace collapsed and trimmed; null when empty; cut to `max` characters. */
function clean(value: string | null | undefined, max: number): string | null {
  if (value == null) return null;
  const text = value.replace(/\s+/g, " ").trim();
  if (text === "") return null;
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

function resolveUrl(href: string | null | undefined, base: string): string | null {
  if (!href) return null;
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return null;
  }
}

/** `href` resolved against `base`, if it is an http(s) URL the address policy accepts. */
function safeResource(href: string | null | undefined, base: string): string | null {
  const absolute = resolveUrl(href, base);
  if (!absolute) return null;
  try {
    return checkUrl(absolute).href;
  } catch {
    return null;
  }
}

function iconSize(sizes: string | undefined, type: string | undefined, href: string): number {
  const tokens = (sizes ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  if (tokens.includes("any") || type?.toLowerCase() === "image/svg+xml" || /\.svg(\?|#|$)/i.test(href)) return Number.POSITIVE_INFINITY;
  let largest = 0;
  for (const token of tokens) {
    const match = /^(\d+)x(\d+)$/.exec(token);
    if (match) largest = Math.max(largest, Number(match[1]), Number(match[2]));
  }
  return largest;
}

function bestIcon(icons: IconLink[], base: string): string | null {
  const ranked = [...icons].sort((a, b) => Number(a.apple) - Number(b.apple) || b.size - a.size || a.order - b.order);
  for (const icon of ranked) {
    const url = safeResource(icon.href, base);
    if (url) return url;
  }
  return null;
}

/** A canonical BCP 47 tag (`ru_RU` → `ru-RU`), or null when `value` is not one. */
export function languageTag(value: string | null | undefined): string | null {
  const first = value?.split(",")[0]?.trim().replace(/_/g, "-");
  if (!first) return null;
  try {
    return Intl.getCanonicalLocales(first)[0] ?? null;
  } catch {
    return null;
  }
}
