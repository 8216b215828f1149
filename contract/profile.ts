/**
 * The signed-in person's own data (spec §7 Profile, §3 roles): the profile with their company, the
 * name and interface language, and the favourite products.
 *
 * `GET /api/profile` answers 200 for everyone: an anonymous caller (no token, or a token refused) is
 * `{ role: "ANONIM" }` (spec §3), so the web tier asks once per page without a 401 to handle.
 */
import { z } from "zod";
import { LANGS, LangSchema } from "./lang-schemas.ts";
import { NameField } from "./auth.ts";
import { ProductCardSchema } from "./product-card.ts";
import { IdParams, PageMetaSchema, PagingSchema, defineRoute } from "./route.ts";

export const USER_ROLES = ["USER", "MODERATOR", "ADMIN"] as const;

/**
 * The person's company; `memberId` is their own employee row (leaving the company deletes it).
 * `name` is in the person's stored language (else the company's own); `names` holds every language
 * the company wrote it in, so a page can show the name in the language it is rendered in.
 */
export const OrganizationSchema = z
  .object({
    id: z.number().int(),
    memberId: z.number().int(),
    name: z.string(),
    names: z.object({ ru: z.string().optional(), en: z.string().optional(), zh: z.string().optional() }),
    sourceLang: z.enum(LANGS),
    role: z.string().meta({ description: "Company role: owner, admin, sales or member (ADR 009)" }),
    status: z.string().meta({ description: "The company's status: draft, moderation, published, rejected, blocked" }),
    employeeStatus: z.string().meta({ description: "The person's membership: invited, active or blocked" }),
  })
  .meta({ id: "Organization" });

export const ProfileSchema = z
  .object({
    id: z.number().int(),
    role: z.enum(USER_ROLES),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable().meta({ description: "E.164" }),
    locale: z.enum(LANGS),
    organization: OrganizationSchema.nullable(),
  })
  .meta({ id: "Profile" });
export type Profile = z.infer<typeof ProfileSchema>;

/** An open invitation to the person's e-mail address (a company's employee list invited them). */
export const ProfileInvitationSchema = z
  .object({
    id: z.number().int(),
    company: z.object({ id: z.number().int(), name: z.record(z.string(), z.string()), status: z.string() }),
    // The company roles of contract/profile/fields.ts MEMBER_ROLES, written out: this module is read by
    // every page and must not pull in the profile forms' field rules.
    role: z.enum(["owner", "admin", "sales", "member"]),
    position: z.string().nullable(),
    invitedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
    invitedAt: z.string().meta({ description: "ISO 8601" }),
    expiresAt: z.string().meta({ description: "ISO 8601" }),
  })
  .meta({ id: "ProfileInvitation" });
export type ProfileInvitation = z.infer<typeof ProfileInvitationSchema>;

/** The profile page's view: open invitations while the person has no company (else none). */
export const OwnProfileSchema = ProfileSchema.extend({ invitations: z.array(ProfileInvitationSchema) }).meta({ id: "OwnProfile" });
export type OwnProfile = z.infer<typeof OwnProfileSchema>;

export const AnonymousSchema = z.object({ role: z.literal("ANONIM") }).meta({ id: "Anonymous" });
export const ProfileOrAnonymousSchema = z.union([OwnProfileSchema, AnonymousSchema]);
export type ProfileOrAnonymous = z.infer<typeof ProfileOrAnonymousSchema>;

/** Name and interface language; what is left out stays. */
export const ProfilePatchBody = z
  .object({ firstName: NameField, lastName: NameField, locale: z.enum(LANGS, { error: "invalid_option" }) })
  .partial()
  .strict()
  .meta({ id: "ProfilePatch" });

/* ─── the web tier's forms of the settings page ─── */

/** First and last name (PATCH /api/profile). */
export const NameSchema = z.object({ firstName: NameField, lastName: NameField });
/** The interface language (PATCH /api/profile `locale`). */
export const LanguageSchema = z.object({
  locale: z.enum(LANGS, { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") }),
});

/* ─── favourites ─── */

/** The cards come a page at a time (`page`, `perPage` ≤ 100, default 20); `view=ids` answers every id. */
export const FavouritesQuery = PagingSchema.extend({
  lang: LangSchema,
  view: z
    .enum(["cards", "ids"])
    .default("cards")
    .meta({ description: "`ids`: only the ids (every page load needs them), without loading the cards" }),
});

export const FavouriteStateSchema = z.object({ id: z.number().int(), favourite: z.boolean() }).meta({ id: "FavouriteState" });

/* ─── operations ─── */

export const getProfile = defineRoute({
  method: "GET",
  path: "/api/profile",
  operationId: "getProfile",
  tag: "Profile",
  summary: 'The caller\'s profile, or `{ role: "ANONIM" }`',
  description: "Anonymous callers get 200 with the anonymous role (spec §3), not 401.",
  auth: "public",
  data: ProfileOrAnonymousSchema,
});

export const updateProfile = defineRoute({
  method: "PATCH",
  path: "/api/profile",
  operationId: "updateProfile",
  tag: "Profile",
  summary: "Change name or interface language",
  auth: "user",
  body: ProfilePatchBody,
  data: ProfileSchema,
});

export const listFavourites = defineRoute({
  method: "GET",
  path: "/api/profile/favourites",
  operationId: "listFavourites",
  tag: "Profile",
  summary: "Favourite products, newest first (published ones only)",
  description:
    "The product cards a page at a time (`page`, `perPage`); `meta.total` counts every favourite (at most 1000). " +
    "With `view=ids` the answer is `[{ id }]` of every favourite on one page (`page` and `perPage` ignored).",
  auth: "user",
  query: FavouritesQuery,
  data: z.union([z.array(ProductCardSchema), z.array(z.object({ id: z.number().int() }))]),
  meta: PageMetaSchema,
});

export const addFavourite = defineRoute({
  method: "POST",
  path: "/api/products/{id}/favourite",
  operationId: "addFavourite",
  tag: "Profile",
  summary: "Mark a published product as a favourite",
  auth: "user",
  params: IdParams,
  status: 201,
  data: FavouriteStateSchema,
  errors: ["not_found"],
});

export const removeFavourite = defineRoute({
  method: "DELETE",
  path: "/api/products/{id}/favourite",
  operationId: "removeFavourite",
  tag: "Profile",
  summary: "Remove a product from the favourites",
  auth: "user",
  params: IdParams,
  data: FavouriteStateSchema,
});
