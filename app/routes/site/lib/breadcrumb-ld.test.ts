/**
 * The BreadcrumbList JSON-LD of a breadcrumb trail: positions from 1, plain-text names read from the
 * crumbs' labels (strings, catalogue `<Text>` elements, nested elements), the current page without
 * a URL, empty crumbs left out.
 */
import { createElement } from "react";
import { describe, expect, test } from "vitest";
import { breadcrumbList, crumbText } from "./breadcrumb-ld.ts";

function Text(_: { value: { text: string; lang: string } }) {
  return null;
}

describe("breadcrumb JSON-LD", () => {
  test("names come from strings, <Text value> elements and element children", () => {
    expect(crumbText("Каталог")).toBe("Каталог");
    expect(crumbText(createElement(Text, { value: { text: "Трубы", lang: "ru" } }))).toBe("Трубы");
    expect(crumbText(createElement("span", null, "OKVED ", createElement("b", null, "24.20")))).toBe("OKVED 24.20");
    expect(crumbText(null)).toBe("");
  });

  test("a trail becomes ListItems with positions; the current page has no item URL", () => {
    expect(
      breadcrumbList([
        { name: "Главная", url: "https://postavka.test/" },
        { name: "  ", url: "https://postavka.test/empty" },
        { name: "Каталог", url: "https://postavka.test/catalog" },
        { name: "Трубы" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Главная", item: "https://postavka.test/" },
        { "@type": "ListItem", position: 2, name: "Каталог", item: "https://postavka.test/catalog" },
        { "@type": "ListItem", position: 3, name: "Трубы" },
      ],
    });
  });
});
