/** UI strings per language (`locales/{en,ru,zh}/*.json`); keys must match across languages (tested). */
import enCommon from "./en/common.json" with { type: "json" };
import ruCommon from "./ru/common.json" with { type: "json" };
import zhCommon from "./zh/common.json" with { type: "json" };

export const resources = {
  ru: { common: ruCommon },
  en: { common: enCommon },
  zh: { common: zhCommon },
};
