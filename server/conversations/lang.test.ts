import { describe, expect, test } from "vitest";
import { messageLang } from "./lang.ts";

describe("messageLang", () => {
  test("tells the script with the most letters", () => {
    expect(messageLang("Добрый день, нужна цена на трубы", "en")).toBe("ru");
    expect(messageLang("Hello, we need a price for 20 t", "ru")).toBe("en");
    expect(messageLang("您好，请报价 ABC-200 型号", "ru")).toBe("zh");
  });
  test("falls back to the sender's language without letters", () => {
    expect(messageLang("100 / 200 / 300", "zh")).toBe("zh");
  });
});
