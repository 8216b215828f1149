/** The states and sides of a conversation (contract/conversations.ts), shared with the database schema's types. */
export const CONVERSATION_STATUSES = ["new", "answered", "closed"] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export const CONVERSATION_SIDES = ["buyer", "supplier"] as const;
export type ConversationSide = (typeof CONVERSATION_SIDES)[number];
