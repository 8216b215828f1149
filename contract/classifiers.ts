/**
 * The two official classifiers (spec §7): OKVED2 (OK 029-2014, economic activities) and TN VED EAEU
 * (customs goods codes, 2022 edition plus the provisional codes of the 2017 edition), as trees and
 * by ranked search. Names are localized for `lang`; where a name is missing in that language the
 * Russian official text is given and `nameLang` says so.
 */
import { z } from "zod";
import { LANGS, LangSchema } from "./lang-schemas.ts";
import { SearchMetaSchema } from "./common.ts";
import { PagingSchema, defineRoute } from "./route.ts";

export const CLASSIFIERS = ["okved", "tnved"] as const;
export type Classifier = (typeof CLASSIFIERS)[number];

export const ClassifierNodeSchema = z
  .object({
    code: z.string().meta({ description: "Stored form: OKVED `62.01`, section `J`; TN VED `8471300000`, section `XVI`" }),
    displayCode: z.string().meta({ description: "TN VED codes spaced as in the tariff (`8471 30 000 0`); OKVED as is" }),
    level: z.number().int().min(1),
    levelName: z
      .string()
      .meta({ description: "OKVED: section, class, subclass, group, subgroup, type; TN VED: section, chapter, heading, subheading, item" }),
    parentCode: z.string().nullable(),
    section: z.string(),
    isLeaf: z.boolean(),
    childCount: z.number().int().min(0),
    name: z.string(),
    nameLang: z.enum(LANGS).meta({ description: "Language of `name`; Russian when the asked one is missing" }),
    provisional: z
      .boolean()
      .meta({ description: "TN VED only: from the 2017-edition supplement, not verified against the current edition" }),
    abolished: z.boolean(),
  })
  .meta({ id: "ClassifierNode" });
export type ClassifierNode = z.infer<typeof ClassifierNodeSchema>;

/** Notes of a TN VED section or chapter (Russian official text). */
export const NotesBlockSchema = z
  .object({ code: z.string(), name: z.string(), nameLang: z.enum(LANGS), text: z.string() })
  .meta({ id: "NotesBlock" });
export type NotesBlock = z.infer<typeof NotesBlockSchema>;

export const ClassifierNodeDetailSchema = ClassifierNodeSchema.extend({
  nameRu: z.string().meta({ description: "The official Russian name" }),
  nameRuFull: z.string().nullable().meta({ description: "TN VED: the full Russian description path of a subheading or item" }),
  edition: z.string().nullable(),
  validFrom: z.string().nullable(),
  path: z.array(ClassifierNodeSchema).meta({ description: "Ancestors, from the section down" }),
  children: z.array(ClassifierNodeSchema),
  notes: z
    .object({ text: z.string().nullable(), includes: z.array(z.string()), excludes: z.array(z.string()), lang: z.literal("ru") })
    .nullable()
    .meta({ description: "Explanatory notes (Russian official text)" }),
  citedCodes: z.array(z.string()).meta({ description: "Codes cited in the notes that exist in the classifier" }),
  sectionNotes: NotesBlockSchema.nullable(),
  chapterNotes: NotesBlockSchema.nullable(),
}).meta({ id: "ClassifierNodeDetail" });
export type ClassifierNodeDetail = z.infer<typeof ClassifierNodeDetailSchema>;

export const SearchHitSchema = ClassifierNodeSchema.extend({
  highlights: z
    .array(z.tuple([z.number().int(), z.number().int()]))
    .meta({ description: "[start, end) character ranges of `name` that matched" }),
  codeMatch: z.number().int().min(0).meta({ description: "Leading digits of the code that matched a code query (0 for words)" }),
  context: z.string().nullable().meta({ description: "TN VED: the full Russian description path of a short name" }),
}).meta({ id: "SearchHit" });
export type SearchHit = z.infer<typeof SearchHitSchema>;

/** A code as a person types it (any spacing or dots: `8471 30`, `62.01`, `xvi`). */
const CodeInput = z.string().trim().min(1).max(40);

export const TreeQuery = z.object({
  lang: LangSchema,
  parent: CodeInput.optional().meta({ description: "List this code's children" }),
  code: CodeInput.optional().meta({ description: "Answer this code's detail instead of a list" }),
});

export const ClassifierSearchQuery = PagingSchema.extend({
  lang: LangSchema,
  q: z.string().trim().max(200).default("").meta({ description: "A code or code prefix in any spelling, or words" }),
});

/** A tree answer: a level of the tree (no `code`), or one code's detail (with `code`). */
export const TreeDataSchema = z.union([z.array(ClassifierNodeSchema), ClassifierNodeDetailSchema]);

const TREE_DESCRIPTION =
  "No parameters: the sections; `parent`: that code's children (a list of ClassifierNode); `code`: that code's ClassifierNodeDetail (path, children, notes and cited codes). A `code` or `parent` that is not a code of the classifier is a 400 `invalid_code`; an unknown one a 404.";

const SEARCH_DESCRIPTION =
  "`q` is a code or code prefix in any spelling, or words: Russian and English morphology, prefixes while typing, Chinese by substring, everyday words through synonyms; spelling mistakes are corrected when nothing matches as typed (`meta.correctedQuery`).";

/** What differs between the two classifiers' operations: names, paths and what a TN VED code adds. */
const ROUTE_NAMES = {
  okved: { name: "OKVED2", id: "Okved", tree: "/api/okved/tree", search: "/dev/okved2", detail: "" },
  tnved: {
    name: "TN VED EAEU",
    id: "Tnved",
    tree: "/api/tnved/tree",
    search: "/dev/ved",
    detail: " A code's detail adds its section and chapter notes.",
  },
} as const;

/** A classifier's tree operation: both classifiers answer the same shapes. */
function classifierTree(kind: keyof typeof ROUTE_NAMES) {
  const classifier = ROUTE_NAMES[kind];
  return defineRoute({
    method: "GET",
    path: classifier.tree,
    operationId: `${kind}Tree`,
    tag: "Classifiers",
    summary: `${classifier.name} tree`,
    description: `${TREE_DESCRIPTION}${classifier.detail}`,
    auth: "public",
    scopes: ["catalog:read"],
    query: TreeQuery,
    data: TreeDataSchema,
    errors: ["invalid_code", "not_found"],
  });
}

/** A classifier's search operation. */
function classifierSearch(kind: keyof typeof ROUTE_NAMES) {
  const classifier = ROUTE_NAMES[kind];
  return defineRoute({
    method: "GET",
    path: classifier.search,
    operationId: `search${classifier.id}`,
    tag: "Classifiers",
    summary: `Search ${classifier.name}`,
    description: SEARCH_DESCRIPTION,
    auth: "public",
    scopes: ["catalog:read"],
    query: ClassifierSearchQuery,
    data: z.array(SearchHitSchema),
    meta: SearchMetaSchema,
  });
}

export const okvedTree = classifierTree("okved");
export const tnvedTree = classifierTree("tnved");
export const searchOkved = classifierSearch("okved");
export const searchTnved = classifierSearch("tnved");

/** The operations of each classifier, for code that serves both. */
export const treeRoute = { okved: okvedTree, tnved: tnvedTree } as const;
export const searchRoute = { okved: searchOkved, tnved: searchTnved } as const;
