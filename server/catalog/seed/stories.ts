/**
 * Press-centre stories: templates from data/stories.ts filled with real border crossings, ports,
 * fairs, regions and categories of goods. Russian for every story, English and Chinese for most.
 */
import type { Localized } from "#server/db/schema.ts";
import { CHINESE_REGIONS, regionByCode } from "../regions.ts";
import { RU_REGION_WEIGHTS } from "./data/companies.ts";
import { CROSSINGS, PORTS } from "./data/services.ts";
import { FAIRS, STORY_TEMPLATES, TAGS } from "./data/stories.ts";
import type { SubPlan } from "./plan.ts";
import { Rng } from "./random.ts";
import { fillL3, lowerFirst, pick, slugify } from "./text.ts";
import type { L3 } from "./types.ts";

export interface StoryDraft {
  slug: string;
  title: Localized;
  lead: Localized;
  body: Localized;
  publishedAt: Date;
  tags: string[];
  /** Index into TAGS of the tag whose cover the story uses. */
  cover: number;
}

const DAY = 86_400_000;
const PROVINCES = ["CN-21", "CN-23", "CN-22", "CN-37", "CN-13", "CN-32", "CN-33", "CN-44", "CN-35", "CN-41"];

/** At least 40 stories, more for bigger catalogues. */
export function storyCount(companies: number): number {
  return Math.max(40, Math.min(120, Math.round(companies / 6)));
}

export function generateStories(seed: number, count: number, now: number, subs: SubPlan[]): StoryDraft[] {
  const ruRegions = Object.keys(RU_REGION_WEIGHTS).map((code) => regionByCode(code)!);
  const provinces = PROVINCES.map((code) => CHINESE_REGIONS.find((r) => r.code === code)!);
  const stories: StoryDraft[] = [];
  const slugs = new Set<string>();
  for (let i = 0; i < count; i++) {
    const rng = new Rng(seed, "story", i);
    const template = STORY_TEMPLATES[i % STORY_TEMPLATES.length]!;
    const goods = rng.pick(subs).def.name;
    const region = rng.pick(ruRegions);
    const province = rng.pick(provinces);
    const fair = rng.pick(FAIRS);
    const vars: Record<string, L3 | string> = {
      goods: { ru: lowerFirst(goods.ru), en: lowerFirst(goods.en), zh: goods.zh },
      Goods: goods,
      crossing: rng.pick(CROSSINGS),
      port: rng.pick(PORTS),
      fair: fair.name,
      fairCity: fair.city,
      region: region.name,
      city: region.capital.name,
      province: { ru: province.name.ru.replace(/^Провинция /, ""), en: province.name.en.replace(/ Province$/, ""), zh: province.name.zh },
      pct: String(rng.int(8, 46)),
      n: String(rng.int(5, 40)),
      days: String(rng.int(3, 21)),
    };
    const langs: Array<"ru" | "en" | "zh"> = ["ru"];
    if (rng.chance(0.85)) langs.push("en");
    if (rng.chance(0.7)) langs.push("zh");
    const title = fillL3(template.title, vars);
    let slug = slugify(title.ru, 70);
    for (let n = 2; slugs.has(slug); n++) slug = `${slugify(title.ru, 64)}-${n}`;
    slugs.add(slug);
    const tags = [...template.tags];
    if (rng.chance(0.3)) {
      const extra = rng.pick(TAGS).slug;
      if (!tags.includes(extra)) tags.push(extra);
    }
    stories.push({
      slug,
      title: pick(title, langs),
      lead: pick(fillL3(template.lead, vars), langs),
      body: pick(fillL3(template.body, vars), langs),
      publishedAt: new Date(now - rng.int(0, 545) * DAY - rng.int(6, 20) * 3_600_000),
      tags,
      cover: TAGS.findIndex((t) => t.slug === tags[0]),
    });
  }
  return stories;
}
