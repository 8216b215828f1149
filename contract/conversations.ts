/**
 * Conversations (issue 14 §1; ADR 028): what an inquiry opens between a buyer and a supplier
 * company — messages in order with who wrote them (person and company), the language each is in,
 * attachments, read state per side and the status new → answered → closed (either side may close;
 * a new message reopens: a supplier's message makes it `answered`, a buyer's `new` again).
 *
 * Who sees what: the buyer sees their own conversations (`box=buyer`); every active employee of the
 * supplier company sees the company's (`box=company`), and those with the `answerBuyers` permission
 * (owner, admin, sales; ADR 009, ADR 028) answer them — a `member` writing, closing or reopening gets
 * 403 `forbidden_role`, and `canReply` tells the page. Anything else is a 404 `not_found`, exactly
 * like a conversation that does not exist.
 *
 * Staff: any message may be reported (`report`); the admin list shows open reports, staff hide a
 * message (shown to neither side) or dismiss the report; both are written to the audit log.
 */
import { z } from "zod";
import { defineRoute, OkSchema, PageMetaSchema, PagingSchema } from "./route.ts";
import { form, Id, LangField, PathIdParams, text, optionalText } from "./profile/fields.ts";
import { LANGS } from "./lang-schemas.ts";
import { MAX_MESSAGE_FILES, MAX_MESSAGE_LENGTH } from "./inquiries.ts";
import { CONVERSATION_SIDES, CONVERSATION_STATUSES } from "./conversation-states.ts";

export { CONVERSATION_SIDES, CONVERSATION_STATUSES } from "./conversation-states.ts";
export type { ConversationSide, ConversationStatus } from "./conversation-states.ts";

const LocalizedName = z.object({ ru: z.string().optional(), en: z.string().optional(), zh: z.string().optional() });

export const MessageFileSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  name: z.string().nullable(),
  mime: z.string(),
  size: z.number().int(),
});

export const MessageSchema = z
  .object({
    id: z.number().int(),
    side: z.enum(CONVERSATION_SIDES),
    /** The author's name ("First Last"); null when the account is gone. */
    author: z.string().nullable(),
    /** The author's company, when they write for one. */
    company: LocalizedName.nullable(),
    /** Empty when staff hid the message. */
    body: z.string(),
    lang: z.enum(LANGS),
    files: z.array(MessageFileSchema),
    hidden: z.boolean(),
    /** Written by the caller's side. */
    own: z.boolean(),
    createdAt: z.string(),
    /** The stored machine translation into the `lang` asked for (getConversation `?lang=`), if one was made. */
    translation: z
      .object({ text: z.string(), sourceLang: z.enum(LANGS), targetLang: z.enum(LANGS) })
      .nullable()
      .optional(),
  })
  .meta({ id: "ConversationMessage" });
export type Message = z.infer<typeof MessageSchema>;

export const ConversationSummarySchema = z
  .object({
    id: z.number().int(),
    status: z.enum(CONVERSATION_STATUSES),
    /** The caller's side in this conversation. */
    side: z.enum(CONVERSATION_SIDES),
    supplier: z.object({ id: z.number().int(), name: LocalizedName }),
    buyer: z.object({ name: z.string(), company: LocalizedName.nullable() }),
    products: z.array(z.object({ id: z.number().int(), name: LocalizedName })),
    belowMoq: z.boolean(),
    /** Messages of the other side the caller's side has not read. */
    unread: z.number().int(),
    lastMessage: z.string(),
    lastMessageAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "ConversationSummary" });
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationSchema = ConversationSummarySchema.extend({
  quantity: z.string().nullable(),
  unit: z.string().nullable(),
  targetPrice: z.string().nullable(),
  currency: z.string().nullable(),
  incoterm: z.string().nullable(),
  destinationCountry: z.string().nullable(),
  destinationCity: z.string().nullable(),
  wantedBy: z.string().nullable(),
  messages: z.array(MessageSchema),
  canReply: z.boolean().meta({
    description:
      "The caller may write, close and reopen: the buyer, or an employee whose company role answers buyers (owner, admin, sales); false for a member",
  }),
  /** A machine translation provider is configured: messages may be translated (translateConversationMessage). */
  canTranslate: z.boolean(),
}).meta({ id: "Conversation" });
export type Conversation = z.infer<typeof ConversationSchema>;

export const CONVERSATION_BOXES = ["buyer", "company"] as const;
export type ConversationBox = (typeof CONVERSATION_BOXES)[number];

export const ConversationListQuery = PagingSchema.extend({
  box: z.enum(CONVERSATION_BOXES).default("buyer"),
  status: z.enum(CONVERSATION_STATUSES).optional().catch(undefined),
  unread: z
    .enum(["1", "true"])
    .optional()
    .catch(undefined)
    .transform((v) => v !== undefined),
  product: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
});

export const ConversationListMetaSchema = PageMetaSchema.extend({
  /** Conversations of this box with unread messages (any filter aside). */
  unreadConversations: z.number().int(),
  /** Per status, in this box. */
  counts: z.object({ new: z.number().int(), answered: z.number().int(), closed: z.number().int() }),
  /** Products named by the box's conversations (the product filter's options). */
  products: z.array(z.object({ id: z.number().int(), name: LocalizedName })),
});

export const ReplyFields = form({
  message: text(MAX_MESSAGE_LENGTH),
  fileIds: z
    .array(Id, { error: "invalid_type" })
    .max(MAX_MESSAGE_FILES, { error: "too_many" })
    .transform((ids) => [...new Set(ids)])
    .default([]),
  lang: LangField.optional(),
});
export const ReplySchema = ReplyFields;
export type ReplyInput = z.output<typeof ReplySchema>;

export const StatusActionSchema = form({
  action: z.enum(["close", "reopen"], { error: (issue) => (issue.input === undefined ? "required" : "invalid_option") }),
});

export const ReportSchema = form({ reason: optionalText(1000) });

export const UnreadSchema = z.object({ buyer: z.number().int(), company: z.number().int() }).meta({ id: "ConversationUnread" });

const TAG = "Conversations";
const ERRORS = ["unauthorized", "not_found"] as const;
const ANSWERERS =
  "Access: the buyer; for the supplier, an employee who answers buyers (owner, admin, sales) — a member gets 403 `forbidden_role`.";

export const listConversations = defineRoute({
  method: "GET",
  path: "/api/conversations",
  operationId: "listConversations",
  tag: TAG,
  summary: "The caller's inquiries (box=buyer) or their company's inbox (box=company), latest activity first",
  auth: "user",
  scopes: ["conversations:read"],
  query: ConversationListQuery,
  data: z.array(ConversationSummarySchema),
  meta: ConversationListMetaSchema,
  errors: ["unauthorized", "no_company", "member_blocked", "forbidden_role"],
});

export const unreadConversations = defineRoute({
  method: "GET",
  path: "/api/conversations/unread",
  operationId: "countUnreadConversations",
  tag: TAG,
  summary: "How many conversations have unread messages, as buyer and for the caller's company",
  auth: "user",
  data: UnreadSchema,
  errors: ["unauthorized"],
});

/** The reader's language: messages carry their stored machine translations into it. */
export const ReaderLangQuery = z.object({ lang: z.enum(LANGS).optional() });

export const getConversation = defineRoute({
  method: "GET",
  path: "/api/conversations/{id}",
  operationId: "getConversation",
  tag: TAG,
  summary: "One conversation with its messages, oldest first",
  auth: "user",
  scopes: ["conversations:read"],
  params: PathIdParams,
  query: ReaderLangQuery,
  data: ConversationSchema,
  errors: ERRORS,
});

export const markConversationRead = defineRoute({
  method: "POST",
  path: "/api/conversations/{id}/read",
  operationId: "markConversationRead",
  tag: TAG,
  summary: "Mark the conversation read for the caller's side",
  auth: "user",
  params: PathIdParams,
  data: OkSchema,
  errors: ERRORS,
});

export const replyToConversation = defineRoute({
  method: "POST",
  path: "/api/conversations/{id}/messages",
  operationId: "replyToConversation",
  tag: TAG,
  summary: "Write a message (a supplier's answers the inquiry; any message reopens a closed conversation)",
  description: ANSWERERS,
  auth: "user",
  params: PathIdParams,
  body: ReplySchema,
  data: MessageSchema,
  status: 201,
  errors: [...ERRORS, "rate_limited", "file_not_found", "user_blocked", "forbidden_role", "company_blocked"],
});

export const changeConversationStatus = defineRoute({
  method: "POST",
  path: "/api/conversations/{id}/status",
  operationId: "changeConversationStatus",
  tag: TAG,
  summary: "Close or reopen a conversation (either side)",
  description: ANSWERERS,
  auth: "user",
  params: PathIdParams,
  body: StatusActionSchema,
  data: z.object({ id: z.number().int(), status: z.enum(CONVERSATION_STATUSES) }),
  errors: [...ERRORS, "invalid_transition", "forbidden_role", "company_blocked", "rate_limited"],
});

export const reportMessage = defineRoute({
  method: "POST",
  path: "/api/conversations/messages/{id}/report",
  operationId: "reportConversationMessage",
  tag: TAG,
  summary: "Report a message of a conversation one takes part in to the site staff",
  auth: "user",
  params: PathIdParams,
  body: ReportSchema,
  data: OkSchema,
  errors: ERRORS,
});

export const MessageTranslationSchema = z
  .object({
    text: z.string(),
    sourceLang: z.enum(LANGS).meta({ description: "The message's language" }),
    targetLang: z.enum(LANGS),
  })
  .meta({ id: "MessageTranslation" });
export type MessageTranslation = z.infer<typeof MessageTranslationSchema>;

export const translateMessage = defineRoute({
  method: "POST",
  path: "/api/conversations/messages/{id}/translate",
  operationId: "translateConversationMessage",
  tag: TAG,
  summary: "Machine-translate a message of a conversation one takes part in into `lang` (default: the caller's language)",
  description:
    "Made once per message and language, then stored (ADR 033). A message already in `lang` answers its own text. 503 `translation_unavailable` when no provider is configured, `translation_failed` when it fails.",
  auth: "user",
  params: PathIdParams,
  query: ReaderLangQuery,
  body: z.object({}).optional(),
  data: MessageTranslationSchema,
  errors: [...ERRORS, "translation_unavailable", "translation_failed"],
});

/* ─── Admin (staff) ─────────────────────────────────────────────────────────────────────────── */

export const MessageReportSchema = z
  .object({
    id: z.number().int(),
    messageId: z.number().int(),
    conversationId: z.number().int(),
    body: z.string(),
    hidden: z.boolean(),
    author: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
    reporter: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
    reason: z.string().nullable(),
    createdAt: z.string(),
    /** The reported message among its neighbours (up to 2 before, 1 after), oldest first, for judging it. */
    context: z.array(
      z.object({
        id: z.number().int(),
        side: z.enum(["buyer", "supplier"]),
        author: z.string().nullable(),
        body: z.string(),
        hidden: z.boolean(),
        reported: z.boolean().meta({ description: "This is the reported message" }),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: "MessageReport" });

export const listMessageReports = defineRoute({
  method: "GET",
  path: "/app/admin/message-reports",
  operationId: "adminListMessageReports",
  tag: "Admin: message reports",
  summary: "Open reports of conversation messages, oldest first",
  auth: "staff",
  query: PagingSchema,
  data: z.array(MessageReportSchema),
  meta: PageMetaSchema,
  errors: ["unauthorized", "forbidden"],
});

export const resolveMessageReport = defineRoute({
  method: "POST",
  path: "/app/admin/message-reports/{id}",
  operationId: "adminResolveMessageReport",
  tag: "Admin: message reports",
  summary: "Hide the reported message (and close its reports) or dismiss the report; audited",
  auth: "staff",
  params: PathIdParams,
  body: form({ action: z.enum(["hide", "dismiss"], { error: "invalid_option" }) }),
  data: OkSchema,
  errors: ["unauthorized", "forbidden", "not_found"],
});
