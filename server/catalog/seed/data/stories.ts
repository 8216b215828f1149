/**
 * Press-centre tags and story templates (stories.json). A story is one template filled with real places (border
 * crossings, ports, fairs, regions) and a category of goods; the numbers are illustrative.
 *
 * Placeholders: {goods} (a subcategory name, lower case), {Goods} (capitalised), {crossing}, {port},
 * {fair}, {fairCity}, {region}, {city}, {province}, {pct}, {n}, {days}, {year}.
 */
import type { L3 } from "../types.ts";
import { readSeedData } from "./load.ts";

export interface StoryTemplate {
  tags: string[];
  title: L3;
  lead: L3;
  body: L3;
}

/** The shape of stories.json. */
interface StoryVocabulary {
  /** The press centre's tags. */
  TAGS: Array<{ slug: string; name: L3 }>;
  /** Trade fairs a story may mention, with their city. */
  FAIRS: Array<{ name: L3; city: L3 }>;
  STORY_TEMPLATES: StoryTemplate[];
}

export const { TAGS, FAIRS, STORY_TEMPLATES } = readSeedData<StoryVocabulary>("stories");
