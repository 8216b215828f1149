/**
 * schema.org BreadcrumbList JSON-LD of a breadcrumb trail (issue 15 §5; Google's "Breadcrumb"
 * structured data): one ListItem per crumb with its 1-based `position`, `name` as plain text and
 * `item` the absolute URL (the current page, last, has none). Used by app/routes/site/components/breadcrumbs.tsx,
 * so every page with breadcrumbs carries it.
 */
import { isValidElement, type ReactNode } from "react";

export interface LdCrumb {
  /** Absolute URL; absent for the current page. */
  url?: string;
  name: string;
}

/**
 * The text a reader sees in a crumb's label: strings and numbers as they are, a catalogue `<Text
 * value={{ text }} />` element by its value, other elements by their children.
 */
export function crumbText(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(crumbText).join("");
  if (isValidElement(node)) {
    const props = node.props as { value?: { text?: unknown }; children?: ReactNode };
    if (props.value && typeof props.value.text === "string") return props.value.text;
    return crumbText(props.children);
  }
  return "";
}

/** The BreadcrumbList object; crumbs without a name are left out. */
export function breadcrumbList(crumbs: LdCrumb[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs
      .filter((c) => c.name.trim() !== "")
      .map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name.trim(), ...(c.url ? { item: c.url } : {}) })),
  };
}
