/**
 * The legal entities of the caller's company (issue 5; spec §7 Profile
 * `/api/profile/company/legal-entities*`): the Russian organisations (ООО, АО…) and sole proprietors
 * (ИП) it trades through, by INN, KPP and OGRN/OGRNIP. Every employee reads them; an owner or admin
 * adds, changes and deletes them (ADR 009).
 *
 * The form checks the identifiers by their official rules (contract/identifiers.ts gives the
 * sources); the API adds what only the database knows: one this company has already is 409
 * `inn_exists`; for a PUBLISHED company (its edits apply without review) an INN another published
 * company lists is 409 `inn_taken` (each with an issue on `inn`; other companies' INNs are otherwise
 * accepted and checked by the moderator, ADR 034 — a draft never learns or blocks anything), at most
 * 20 entities (`too_many_legal_entities`), and a published Russian company keeps at least one
 * (`legal_entity_required`).
 */
import { z } from "zod";
import { validateInn, validateKpp, validateOgrn } from "../identifiers.ts";
import { DeletedIdSchema, defineRoute } from "../route.ts";
import { EDIT_ERRORS, form, MEMBER_ERRORS, nullable, optionalText, PathIdParams, text, typeError } from "./fields.ts";

export const LEGAL_ENTITY_KINDS = ["legal", "individual"] as const;
export type LegalEntityKind = (typeof LEGAL_ENTITY_KINDS)[number];

/** Digits of an identifier as people type them: spaces and dashes dropped, letters (of a KPP) upper case. */
const digits = (max: number) =>
  z
    .string({ error: typeError })
    .transform((value) => value.replace(/[\s-]+/g, "").toUpperCase())
    .pipe(z.string().max(max, { error: "too_long" }));

export const LegalEntityFields = form({
  kind: z.enum(LEGAL_ENTITY_KINDS, { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") }),
  /** ИНН: 10 digits (legal entity) or 12 (sole proprietor). */
  inn: digits(12).pipe(z.string().min(1, { error: "required" })),
  /** КПП: 9 characters; legal entities only. */
  kpp: nullable(digits(9)),
  /** ОГРН (13 digits) or ОГРНИП (15 digits). */
  ogrn: nullable(digits(15)),
  nameFull: text(500),
  nameShort: optionalText(200),
  address: optionalText(500),
});

/**
 * The legal-entity form. The INN length follows the kind and its check digits must match
 * (`inn_format`, `inn_checksum`); a KPP is a legal entity's only (`kpp_individual`) and has the
 * NNNNPPNNN form (`kpp_format`); the OGRN has 13 digits for a legal entity and the OGRNIP 15 for a
 * sole proprietor, with their check digit (`ogrn_format`, `ogrn_checksum`).
 */
export const LegalEntitySchema = LegalEntityFields.superRefine((value, ctx) => {
  const inn = validateInn(value.inn, value.kind);
  if (inn) ctx.addIssue({ code: "custom", message: `inn_${inn}`, path: ["inn"] });
  if (value.kpp) {
    if (value.kind === "individual") ctx.addIssue({ code: "custom", message: "kpp_individual", path: ["kpp"] });
    else if (validateKpp(value.kpp)) ctx.addIssue({ code: "custom", message: "kpp_format", path: ["kpp"] });
  }
  if (value.ogrn) {
    const ogrn = validateOgrn(value.ogrn, value.kind);
    if (ogrn) ctx.addIssue({ code: "custom", message: `ogrn_${ogrn}`, path: ["ogrn"] });
  }
});
export type LegalEntityInput = z.output<typeof LegalEntitySchema>;
/** PATCH: any subset (merged with the stored entity, then checked by LegalEntitySchema). */
export const LegalEntityPatchSchema = LegalEntityFields.partial();

/** A legal entity as stored. */
export const LegalEntityViewSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(LEGAL_ENTITY_KINDS),
    inn: z.string().meta({ description: "INN: 10 digits (legal entity) or 12 (sole proprietor)" }),
    kpp: z.string().nullable().meta({ description: "KPP (legal entities only)" }),
    ogrn: z.string().nullable().meta({ description: "OGRN (13 digits) or OGRNIP (15 digits)" }),
    nameFull: z.string(),
    nameShort: z.string().nullable(),
    address: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "ProfileLegalEntity" });
export type LegalEntityView = z.infer<typeof LegalEntityViewSchema>;

const TAG = "Profile: legal entities";
const INN_CONFLICTS = ["inn_taken", "inn_exists"] as const;

export const listLegalEntities = defineRoute({
  method: "GET",
  path: "/api/profile/company/legal-entities",
  operationId: "listProfileLegalEntities",
  tag: TAG,
  summary: "Legal entities, oldest first",
  description: "Access: any employee.",
  auth: "user",
  data: z.array(LegalEntityViewSchema),
  errors: MEMBER_ERRORS,
});

export const createLegalEntity = defineRoute({
  method: "POST",
  path: "/api/profile/company/legal-entities",
  operationId: "createProfileLegalEntity",
  tag: TAG,
  summary: "Add a legal entity",
  description: "INN, KPP, OGRN/OGRNIP validated by their official check digits. At most 20. Access: owner or admin.",
  auth: "user",
  body: LegalEntitySchema,
  data: LegalEntityViewSchema,
  status: 201,
  errors: [...EDIT_ERRORS, ...INN_CONFLICTS, "too_many_legal_entities"],
});

export const getLegalEntity = defineRoute({
  method: "GET",
  path: "/api/profile/company/legal-entities/{id}",
  operationId: "getProfileLegalEntity",
  tag: TAG,
  summary: "One legal entity",
  description: "Access: any employee.",
  auth: "user",
  params: PathIdParams,
  data: LegalEntityViewSchema,
  errors: [...MEMBER_ERRORS, "not_found"],
});

export const updateLegalEntity = defineRoute({
  method: "PATCH",
  path: "/api/profile/company/legal-entities/{id}",
  operationId: "updateProfileLegalEntity",
  tag: TAG,
  summary: "Change a legal entity",
  description: "Fields left out stay; the merged entity must pass the legal-entity form. Access: owner or admin.",
  auth: "user",
  params: PathIdParams,
  body: LegalEntityPatchSchema,
  data: LegalEntityViewSchema,
  errors: [...EDIT_ERRORS, ...INN_CONFLICTS, "not_found"],
});

export const deleteLegalEntity = defineRoute({
  method: "DELETE",
  path: "/api/profile/company/legal-entities/{id}",
  operationId: "deleteProfileLegalEntity",
  tag: TAG,
  summary: "Delete a legal entity",
  description: "Access: owner or admin.",
  auth: "user",
  params: PathIdParams,
  data: DeletedIdSchema,
  errors: [...EDIT_ERRORS, "not_found", "legal_entity_required"],
});
