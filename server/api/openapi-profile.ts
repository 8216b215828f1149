/**
 * OpenAPI operations of the company profile (issue 5), merged into the
 * document by openapi.ts. Request bodies are generated from the same zod schemas the endpoints
 * validate with (server/profile/schemas.ts), so the document cannot drift from what is accepted.
 * `access` names who may call (ADR 009): every operation of the company profile also answers
 * 401 `unauthorized`, 403 `no_company` / `member_blocked` / `forbidden_role`.
 */
import { z } from "zod";
import { AttachFileSchema, CompanyPatchSchema, CompanySchema, EmployeePatchSchema, EmployeeStatusSchema, FactsSchema, InviteEmployeeSchema, LegalEntityPatchSchema, LegalEntitySchema, PriceTiersSchema, ProductCompanySchema, ProductFilePatchSchema, ProductPatchSchema, ProductSchema, StatusActionSchema, VariantsSchema } from "../profile/schemas.ts";
import { ProfileProductListQuery } from "./profile-products.ts";

type Method = "get" | "post" | "put" | "patch" | "delete";

export interface WriteOperation {
  method: Method;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Who may call: "signed in", "any employee", "owner or admin", … */
  access: "anyone" | "signed in" | "any employee" | "owner or admin" | "signed in, no company";
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A multipart upload (field `file` and these extra fields) — alternatively JSON `{ fileId }` when `attach`. */
  multipart?: { fields: Record<string, string>; attach?: boolean };
  returns: string;
  status?: 200 | 201;
  /** Extra error responses: status → description (codes). */
  errors?: Record<string, string>;
}

const P = "/api/profile/company";
const read = "any employee" as const;
const admin = "owner or admin" as const;
const uploadErrors = {
  "413": "`file_too_large` (images 10 MB, documents 20 MB)",
  "415": "`svg_not_allowed`, `html_not_allowed`, `executable_not_allowed`, `archive_not_allowed`, `macros_not_allowed`, `image_format_not_allowed`, `file_type_not_allowed`, `polyglot_not_allowed`, `file_kind_mismatch`",
  "422": "`image_corrupt` (damaged or truncated), `image_too_large` (over 40 megapixels)",
};
const fileFields = { "title.ru": "title in Russian", "title.en": "title in English", "title.zh": "title in Chinese", kind: "image | document (optional check)" };

export const profileOperations: WriteOperation[] = [
  { method: "get", path: P, tag: "Profile: company", summary: "The caller's company", access: read, returns: "CompanyView (all languages as stored, logo, status, moderationNote, role, missing[], completeness, productCounts)" },
  { method: "post", path: P, tag: "Profile: company", summary: "Create a company; the caller becomes its owner", access: "signed in, no company", body: CompanySchema, returns: "CompanyView", status: 201, errors: { "409": "`already_member`" } },
  { method: "patch", path: P, tag: "Profile: company", summary: "Change the company card", description: "Fields left out stay; `null` or `\"\"` clears an optional field.", access: admin, body: CompanyPatchSchema, returns: "CompanyView", errors: { "409": "`under_moderation`" } },
  { method: "get", path: `${P}/facts`, tag: "Profile: company", summary: "Company facts", access: read, returns: "LocalizedFact[]" },
  { method: "put", path: `${P}/facts`, tag: "Profile: company", summary: "Replace the company facts", access: admin, body: FactsSchema, returns: "LocalizedFact[]" },
  { method: "put", path: `${P}/logo`, tag: "Profile: company", summary: "Set the logo", description: "Multipart `file`, or JSON `{ fileId }` of a temporary upload. Re-encoded to WebP with a thumbnail.", access: admin, multipart: { fields: {}, attach: true }, returns: "CompanyView", errors: { ...uploadErrors, "404": "`file_not_found`" } },
  { method: "delete", path: `${P}/logo`, tag: "Profile: company", summary: "Remove the logo", access: admin, returns: "CompanyView" },
  { method: "get", path: `${P}/files`, tag: "Profile: company", summary: "Company files", access: read, returns: "CompanyFileView[] (FileView with title and position)" },
  { method: "post", path: `${P}/files`, tag: "Profile: company", summary: "Add a company file (image or document)", access: admin, multipart: { fields: fileFields, attach: true }, returns: "CompanyFileView", status: 201, errors: { ...uploadErrors, "404": "`file_not_found`", "409": "`too_many_files`" } },
  { method: "delete", path: `${P}/files/{fileId}`, tag: "Profile: company", summary: "Delete a company file", access: admin, returns: "{ id, deleted }", errors: { "404": "`not_found`" } },
  { method: "patch", path: `${P}/status`, tag: "Profile: company", summary: "Submit the company for moderation or withdraw it", description: "draft/rejected → moderation (submit); moderation/published/rejected → draft (withdraw).", access: admin, body: StatusActionSchema, returns: "CompanyView", errors: { "409": "`invalid_transition`", "422": "`incomplete` (issues name the missing parts)" } },
  { method: "get", path: `${P}/product-company`, tag: "Profile: company", summary: "Dealer and distributor links, both sides", access: read, returns: "{ supplied: Link[], suppliedBy: Link[] }" },
  { method: "post", path: `${P}/product-company`, tag: "Profile: company", summary: "Declare that the company also supplies another company's published product", access: admin, body: ProductCompanySchema, returns: "{ productId, kind, createdAt }", status: 201, errors: { "404": "`not_found` (no such published product)", "409": "`own_product`" } },
  { method: "delete", path: `${P}/product-company/{productId}`, tag: "Profile: company", summary: "Remove the company's link to a product", access: admin, returns: "{ productId, deleted }", errors: { "404": "`not_found`" } },

  { method: "get", path: `${P}/legal-entities`, tag: "Profile: legal entities", summary: "Legal entities", access: read, returns: "LegalEntityView[]" },
  { method: "post", path: `${P}/legal-entities`, tag: "Profile: legal entities", summary: "Add a legal entity", description: "INN, KPP, OGRN/OGRNIP validated by their official check digits.", access: admin, body: LegalEntitySchema, returns: "LegalEntityView", status: 201, errors: { "409": "`inn_taken` (another company), `inn_exists` (this company), `too_many_legal_entities`, `under_moderation`" } },
  { method: "get", path: `${P}/legal-entities/{id}`, tag: "Profile: legal entities", summary: "One legal entity", access: read, returns: "LegalEntityView", errors: { "404": "`not_found`" } },
  { method: "patch", path: `${P}/legal-entities/{id}`, tag: "Profile: legal entities", summary: "Change a legal entity", access: admin, body: LegalEntityPatchSchema, returns: "LegalEntityView", errors: { "404": "`not_found`", "409": "`inn_taken`, `inn_exists`" } },
  { method: "delete", path: `${P}/legal-entities/{id}`, tag: "Profile: legal entities", summary: "Delete a legal entity", access: admin, returns: "{ id, deleted }", errors: { "404": "`not_found`", "409": "`legal_entity_required`" } },

  { method: "get", path: `${P}/employees`, tag: "Profile: employees", summary: "Employees and open invitations", access: read, returns: "EmployeeView[]" },
  { method: "post", path: `${P}/employees`, tag: "Profile: employees", summary: "Invite by e-mail", description: "201 for a new invitation, 200 when an open one to the same address is renewed (e-mail sent again). Only an owner invites an owner.", access: admin, body: InviteEmployeeSchema, returns: "EmployeeView & { mailSent }", status: 201, errors: { "409": "`already_employee`, `already_invited`, `too_many_invitations`" } },
  { method: "get", path: `${P}/employees/{id}`, tag: "Profile: employees", summary: "One employee", access: read, returns: "EmployeeView", errors: { "404": "`not_found`" } },
  { method: "patch", path: `${P}/employees/{id}`, tag: "Profile: employees", summary: "Change role or position", access: admin, body: EmployeePatchSchema, returns: "EmployeeView", errors: { "404": "`not_found`", "409": "`last_owner`" } },
  { method: "delete", path: `${P}/employees/{id}`, tag: "Profile: employees", summary: "Remove an employee, revoke an invitation, or leave (own id)", access: admin, returns: "{ id, deleted }", errors: { "404": "`not_found`", "409": "`last_owner`" } },
  { method: "patch", path: `${P}/employees/{id}/status`, tag: "Profile: employees", summary: "Block or unblock an employee", description: "A blocked employee loses access on their next request.", access: admin, body: EmployeeStatusSchema, returns: "EmployeeView", errors: { "404": "`not_found`", "409": "`not_joined`, `cannot_block_self`, `last_owner`" } },
  { method: "get", path: "/api/profile/invitations", tag: "Profile: employees", summary: "Open invitations to the caller's e-mail", access: "signed in", returns: "InvitationView[]" },
  { method: "post", path: "/api/profile/invitations/{id}/accept", tag: "Profile: employees", summary: "Accept an invitation: join the company", access: "signed in", returns: "{ companyId, role }", errors: { "404": "`not_found`", "409": "`already_member`", "410": "`invitation_expired`" } },
  { method: "delete", path: "/api/profile/invitations/{id}", tag: "Profile: employees", summary: "Decline an invitation", access: "signed in", returns: "{ id, declined }", errors: { "404": "`not_found`" } },

  { method: "get", path: `${P}/products`, tag: "Profile: products", summary: "The company's products", description: "`status` filters; `q` matches the name in any language or the id.", access: read, query: ProfileProductListQuery, returns: "ProductView[] (paged)" },
  { method: "post", path: `${P}/products`, tag: "Profile: products", summary: "Create a product (a draft)", access: read, body: ProductSchema, returns: "ProductView", status: 201 },
  { method: "get", path: `${P}/products/{id}`, tag: "Profile: products", summary: "One product: the working copy with its parts", access: read, returns: "ProductView & { facts, prices, variants, files }", errors: { "404": "`not_found`" } },
  { method: "patch", path: `${P}/products/{id}`, tag: "Profile: products", summary: "Change the product card", description: "For a published product the change waits in `pending` for a moderator; the published version stays public.", access: read, body: ProductPatchSchema, returns: "ProductView", errors: { "404": "`not_found`", "409": "`under_moderation`", "403": "`product_blocked`" } },
  { method: "delete", path: `${P}/products/{id}`, tag: "Profile: products", summary: "Delete a product", access: admin, returns: "{ id, deleted }", errors: { "404": "`not_found`" } },
  { method: "patch", path: `${P}/products/{id}/status`, tag: "Profile: products", summary: "Submit for moderation or withdraw", access: read, body: StatusActionSchema, returns: "ProductView", errors: { "404": "`not_found`", "409": "`invalid_transition`" } },
  { method: "get", path: `${P}/products/{id}/prices`, tag: "Profile: products", summary: "Price tiers", access: read, returns: "Tier[] ({ minQuantity, price, currency, unit }, decimals as strings)", errors: { "404": "`not_found`" } },
  { method: "put", path: `${P}/products/{id}/prices`, tag: "Profile: products", summary: "Replace the price tiers", access: read, body: PriceTiersSchema, returns: "Tier[]", errors: { "404": "`not_found`", "409": "`under_moderation`" } },
  { method: "get", path: `${P}/products/{id}/facts`, tag: "Profile: products", summary: "Product facts (specifications)", access: read, returns: "LocalizedFact[]", errors: { "404": "`not_found`" } },
  { method: "put", path: `${P}/products/{id}/facts`, tag: "Profile: products", summary: "Replace the product facts", access: read, body: FactsSchema, returns: "LocalizedFact[]", errors: { "404": "`not_found`", "409": "`under_moderation`" } },
  { method: "get", path: `${P}/products/{id}/variants`, tag: "Profile: products", summary: "Variants", access: read, returns: "Variant[]", errors: { "404": "`not_found`" } },
  { method: "put", path: `${P}/products/{id}/variants`, tag: "Profile: products", summary: "Replace the variants", access: read, body: VariantsSchema, returns: "Variant[]", errors: { "404": "`not_found`", "409": "`under_moderation`" } },
  { method: "get", path: `${P}/products/{id}/files`, tag: "Profile: products", summary: "Images and documents", access: read, returns: "ProductFileView[] (images first)", errors: { "404": "`not_found`" } },
  { method: "post", path: `${P}/products/{id}/files`, tag: "Profile: products", summary: "Add an image or a document", access: read, multipart: { fields: fileFields, attach: true }, returns: "ProductFileView", status: 201, errors: { ...uploadErrors, "404": "`not_found`, `file_not_found`", "409": "`too_many_files`, `under_moderation`" } },
  { method: "patch", path: `${P}/products/{id}/files/{fileId}`, tag: "Profile: products", summary: "Move a file (position among its kind; 0 = the main image) or change its title", access: read, body: ProductFilePatchSchema, returns: "ProductFileView[] (the whole list, reordered)", errors: { "404": "`not_found`", "409": "`under_moderation`", "403": "`product_blocked`" } },
  { method: "delete", path: `${P}/products/{id}/files/{fileId}`, tag: "Profile: products", summary: "Remove an image or a document", access: read, returns: "{ id, deleted }", errors: { "404": "`not_found`" } },

];

function jsonSchema(schema: z.ZodType) {
  const out = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

const error = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });

/** The OpenAPI operation object of `op`. */
export function profileOperation(op: WriteOperation) {
  const parameters: Record<string, unknown>[] = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "integer", minimum: 1 } }));
  if (op.query) {
    const schema = jsonSchema(op.query) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) parameters.push({ name, in: "query", required: schema.required?.includes(name) ?? false, schema: property });
  }
  let requestBody: Record<string, unknown> | undefined;
  if (op.body) requestBody = { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } };
  if (op.multipart) {
    const properties: Record<string, unknown> = { file: { type: "string", format: "binary", description: "JPEG, PNG, WebP, GIF, AVIF (≤ 10 MB) or PDF, DOCX, XLSX (≤ 20 MB), checked by content" } };
    for (const [name, description] of Object.entries(op.multipart.fields)) properties[name] = { type: "string", description };
    requestBody = {
      required: true,
      content: {
        "multipart/form-data": { schema: { type: "object", required: ["file"], properties } },
        ...(op.multipart.attach ? { "application/json": { schema: jsonSchema(AttachFileSchema) } } : {}),
      },
    };
  }
  const company = op.access === read || op.access === admin;
  const responses: Record<string, unknown> = {
    [String(op.status ?? 200)]: { description: `\`{ data }\` — data: ${op.returns}`, content: { "application/json": { schema: { $ref: "#/components/schemas/Envelope" } } } },
    ...(requestBody || op.query ? { "400": error("`invalid_body` / `invalid_query` with `issues[]` whose messages are validation codes (locale keys `validation.*`)") } : {}),
    ...(op.access === "anyone" ? {} : { "401": error("`unauthorized`: no valid access token") }),
    ...(company ? { "403": error("`no_company`, `member_blocked`, `forbidden_role`, `company_blocked`") } : {}),
  };
  for (const [status, description] of Object.entries(op.errors ?? {})) responses[status] = error(status === "403" && company ? `\`no_company\`, \`member_blocked\`, \`forbidden_role\`, ${description}` : description);
  return {
    tags: [op.tag],
    summary: op.summary,
    description: [`Access: ${op.access}.`, op.description].filter(Boolean).join(" "),
    ...(op.access === "anyone" ? {} : { security: [{ bearer: [] }] }),
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}
