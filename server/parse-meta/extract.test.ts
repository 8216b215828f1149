/**
 * Reading a page's metadata from HTML (extract.ts) and decoding its bytes (index.ts `decodeHtml`):
 * what wins when a page declares the same thing twice, what is ignored (SVG titles, markup in
 * scripts, unsafe image URLs), how relative URLs resolve, and the charsets Russian and Chinese sites
 * still use.
 */
import { describe, expect, test } from "vitest";
import { extractMeta, languageTag } from "./extract.ts";
import { decodeHtml } from "./index.ts";

const PAGE = "https://www.romashka.ru/about/company.html";

describe("extractMeta", () => {
  test("reads the title, description, language and icon of a plain page", () => {
    const html = `<!doctype html><html lang="ru"><head>
      <title>
        ООО «Ромашка» &amp; партнёры —
        поставки из Китая
      </title>
      <meta name="description" content="  Оптовые поставки   чая из провинции Фуцзянь. ">
      <link rel="icon" href="/favicon.ico">
    </head><body><h1>Hi</h1></body></html>`;
    expect(extractMeta(html, PAGE)).toEqual({
      title: "ООО «Ромашка» & партнёры — поставки из Китая",
      description: "Оптовые поставки чая из провинции Фуцзянь.",
      siteName: null,
      image: null,
      icon: "https://www.romashka.ru/favicon.ico",
      lang: "ru",
    });
  });

  test("Open Graph wins over the title and description; Twitter cards fill the gaps", () => {
    const html = `<html><head><title>Home</title>
      <meta name="description" content="Plain description">
      <meta property="og:title" content="Romashka Tea">
      <meta property="og:description" content="Tea from Fujian, wholesale">
      <meta property="og:site_name" content="Romashka">
      <meta property="og:locale" content="en_GB">
      <meta name="twitter:image" content="https://cdn.romashka.ru/card.jpg">
    </head></html>`;
    expect(extractMeta(html, PAGE)).toMatchObject({
      title: "Romashka Tea",
      description: "Tea from Fujian, wholesale",
      siteName: "Romashka",
      image: "https://cdn.romashka.ru/card.jpg",
      lang: "en-GB",
    });
  });

  test("og:image relative to the page; secure_url preferred", () => {
    expect(extractMeta(`<meta property="og:image" content="../img/cover.png">`, PAGE).image).toBe("https://www.romashka.ru/img/cover.png");
    expect(
      extractMeta(
        `<meta property="og:image" content="http://x.ru/a.png"><meta property="og:image:secure_url" content="https://x.ru/a.png">`,
        PAGE,
      ).image,
    ).toBe("https://x.ru/a.png");
  });

  test("relative URLs follow <base href>", () => {
    const html = `<head><base href="/static/"><link rel="icon" href="i/fav.png"><meta property="og:image" content="cover.jpg"></head>`;
    expect(extractMeta(html, PAGE)).toMatchObject({
      icon: "https://www.romashka.ru/static/i/fav.png",
      image: "https://www.romashka.ru/static/cover.jpg",
    });
  });

  test("the best icon: SVG or `any`, else the largest, apple-touch-icon only as a fallback", () => {
    const icons = `<link rel="apple-touch-icon" href="/apple.png" sizes="180x180">
      <link rel="shortcut icon" href="/16.ico">
      <link rel="icon" href="/32.png" sizes="32x32">
      <link rel="icon" href="/192.png" sizes="192x192">`;
    expect(extractMeta(icons, PAGE).icon).toBe("https://www.romashka.ru/192.png");
    expect(extractMeta(`${icons}<link rel="icon" type="image/svg+xml" href="/logo.svg">`, PAGE).icon).toBe(
      "https://www.romashka.ru/logo.svg",
    );
    expect(extractMeta(`<link rel="apple-touch-icon" href="/apple.png">`, PAGE).icon).toBe("https://www.romashka.ru/apple.png");
    expect(extractMeta(`<link rel="stylesheet" href="/a.css">`, PAGE).icon).toBeNull();
  });

  test("ignores an SVG's <title>, markup inside scripts and comments", () => {
    const html = `<html><head>
      <script>document.write("<title>Injected</title><meta name='description' content='no'>")</script>
      <!-- <title>Commented</title> -->
      </head><body><svg><title>Logo</title></svg><title>Real title</title></body></html>`;
    expect(extractMeta(html, PAGE)).toMatchObject({ title: "Real title", description: null });
  });

  test("image and icon URLs that point into a local network, or are not http(s), are dropped", () => {
    const html = `<meta property="og:image" content="http://127.0.0.1:8080/secret.png">
      <link rel="icon" href="javascript:alert(1)"><link rel="icon" href="data:image/png;base64,AAAA">
      <link rel="icon" href="http://192.168.0.1/fav.ico"><link rel="icon" href="http://localhost/x.png">`;
    expect(extractMeta(html, PAGE)).toMatchObject({ image: null, icon: null });
    expect(extractMeta(`<link rel="icon" href="http://10.0.0.1/a.png"><link rel="icon" href="/ok.png">`, PAGE).icon).toBe(
      "https://www.romashka.ru/ok.png",
    );
  });

  test("long texts are cut with an ellipsis; empty ones are null", () => {
    const long = "Чай ".repeat(400);
    const meta = extractMeta(`<title>${long}</title><meta name="description" content="   ">`, PAGE);
    expect(Array.from(meta.title!).length).toBe(300);
    expect(meta.title!.endsWith("…")).toBe(true);
    expect(meta.description).toBeNull();
  });

  test("the language from <html lang>, og:locale, http-equiv or the header", () => {
    expect(extractMeta(`<html lang="zh-cn">`, PAGE).lang).toBe("zh-CN");
    expect(extractMeta(`<meta http-equiv="Content-Language" content="ru-RU">`, PAGE).lang).toBe("ru-RU");
    expect(extractMeta(`<p>`, PAGE, { contentLanguage: "en-US, ru" }).lang).toBe("en-US");
    expect(extractMeta(`<html lang="not a language!">`, PAGE).lang).toBeNull();
    expect(languageTag("zh_Hans_CN")).toBe("zh-Hans-CN");
  });
});

/** Windows-1251 bytes of Cyrillic text (А–я → C0–FF, Ё A8, ё B8; ASCII as is). */
function cp1251(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (ch) => {
      const code = ch.codePointAt(0)!;
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (code === 0x401) return 0xa8;
      if (code === 0x451) return 0xb8;
      throw new Error(`no cp1251 byte for ${ch}`);
    }),
  );
}

// "供应商" (supplier) and "中国" (China) in GB2312: B9A9 D3A6 C9CC, D6D0 B9FA.
const GB_SUPPLIER_CHINA = Buffer.from([0xb9, 0xa9, 0xd3, 0xa6, 0xc9, 0xcc, 0xd6, 0xd0, 0xb9, 0xfa]);

describe("decodeHtml", () => {
  test("the Content-Type charset: windows-1251", () => {
    expect(decodeHtml(cp1251("<title>Поставщик чая, Ёлки</title>"), "windows-1251")).toBe("<title>Поставщик чая, Ёлки</title>");
    expect(decodeHtml(cp1251("<title>Чай</title>"), "cp1251")).toBe("<title>Чай</title>");
  });

  test("a <meta charset> when the header has none: gb2312 (read as GBK)", () => {
    const body = Buffer.concat([Buffer.from('<meta charset="gb2312"><title>'), GB_SUPPLIER_CHINA, Buffer.from("</title>")]);
    expect(decodeHtml(body, null)).toBe('<meta charset="gb2312"><title>供应商中国</title>');
  });

  test("<meta http-equiv=Content-Type> with a charset", () => {
    const body = Buffer.concat([
      Buffer.from('<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=windows-1251">'),
      cp1251("<title>Ромашка</title>"),
    ]);
    expect(decodeHtml(body, null)).toContain("<title>Ромашка</title>");
  });

  test("the header wins over <meta>; a byte-order mark wins over both", () => {
    expect(decodeHtml(cp1251('<meta charset="utf-8"><p>Да'), "windows-1251")).toContain("Да");
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("<p>Привет")]);
    expect(decodeHtml(bom, "windows-1251")).toBe("<p>Привет");
  });

  test("without any declaration: UTF-8 when the bytes are UTF-8, windows-1252 otherwise", () => {
    expect(decodeHtml(Buffer.from("<title>供应商 Поставщик</title>"), null)).toBe("<title>供应商 Поставщик</title>");
    expect(decodeHtml(Buffer.from([0x3c, 0x70, 0x3e, 0xe9]), null)).toBe("<p>é");
  });

  test("an unknown charset label is ignored", () => {
    expect(decodeHtml(Buffer.from("<p>Привет"), "x-nonsense")).toBe("<p>Привет");
  });
});
