/**
 * The admin area's calls to the API tier (issue 7), through the request's one API client
 * (app/lib/api-client.server.ts, ADR 001): typed wrappers of `/app/admin/*` and `/api/pages/*`,
 * plus `rawRequest` for the two answers that are not JSON envelopes in or out — the CSV export
 * (streamed back to the browser as it comes) and multipart uploads (a story's cover).
 */
import type { ApiClient, Envelope, Lang, Query } from "./api-client.server.ts";
import { ApiClientError } from "./api-client.server.ts";
import type { PageMeta } from "../../server/api/http.ts";
import type { AuditRow } from "../../server/admin/audit.ts";
import type { QueueEntry, QueueItemDetail } from "../../server/admin/queue.ts";
import type { AdminUserView } from "../../server/admin/users.ts";
import type { AdminCompanyView } from "../../server/admin/companies.ts";
import type { AdminCategory, AdminServiceType } from "../../server/admin/catalogue.ts";
import type { AdminStory, AdminTag } from "../../server/admin/press.ts";
import type { AdminPage, PublicPage } from "../../server/admin/pages.ts";
import type { FacetValue, FilterKind } from "../../server/admin/filters.ts";
import type { AdminPermission, StaffRole } from "../../server/admin/access.ts";
import type { ModerationResult } from "../../server/profile/moderation.ts";

export type { AuditRow, QueueEntry, QueueItemDetail, AdminUserView, AdminCompanyView, AdminCategory, AdminServiceType, AdminStory, AdminTag, AdminPage, PublicPage, FacetValue, FilterKind, AdminPermission, StaffRole };

export interface StaffMe {
  userId: number;
  label: string;
  role: StaffRole;
  permissions: AdminPermission[];
}

export interface AdminSummary {
  queue: { company: number; product: number };
  companies: Record<string, number>;
  users: { total: number; blocked: number; staff: number };
  recentActions: AuditRow[];
}

export type FilterRow = Record<string, unknown>;

/** Calls without the JSON envelope: same headers as the API client, the Response as it comes. */
export async function rawRequest(api: ApiClient, method: string, path: string, init: { query?: Query; body?: BodyInit } = {}): Promise<Response> {
  const url = new URL(path, api.options.baseUrl);
  for (const [key, value] of Object.entries(init.query ?? {})) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
  }
  const headers = new Headers();
  if (api.options.accessToken) headers.set("authorization", `Bearer ${api.options.accessToken}`);
  if (api.options.requestId) headers.set("x-request-id", api.options.requestId);
  if (api.options.clientIp) headers.set("x-client-ip", api.options.clientIp);
  if (api.options.userAgent) headers.set("user-agent", api.options.userAgent);
  const request = new Request(url, { method, headers, body: init.body });
  return (api.options.transport ?? fetch)(request);
}

/** Query parameters of a filter page as the API takes them (lists repeated). */
export function filterQuery(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of search) if (value !== "" && key !== "_data" && !key.startsWith("_")) out.append(key, value);
  return out;
}

export function adminApi(api: ApiClient) {
  const get = <T, M = Record<string, unknown>>(path: string, query?: Query) => api.request<T, M>("GET", path, { query });
  const send = <T>(method: string, path: string, body?: unknown) => api.request<T>(method, path, { body }).then((r) => r.data);
  return {
    me: () => get<StaffMe>("/app/admin/me").then((r) => r.data),
    summary: () => get<AdminSummary>("/app/admin/summary").then((r) => r.data),
    queue: (query: { kind?: string; q?: string; page?: number; limit?: number; lang: Lang }) => get<QueueEntry[], PageMeta & { counts: Record<string, number> }>("/app/admin/moderation", query),
    queueItem: (kind: string, id: string, lang: Lang) => get<QueueItemDetail>(`/app/admin/moderation/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`, { lang }).then((r) => r.data),
    approve: (kind: string, id: string) => send<ModerationResult & { mailed: number }>("POST", `/app/admin/moderation/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/approve`),
    reject: (kind: string, id: string, body: { reason: string; lang: Lang }) => send<ModerationResult & { mailed: number }>("POST", `/app/admin/moderation/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/reject`, body),
    audit: (query: Query) => get<AuditRow[], PageMeta & { actors: { label: string; count: number }[] }>("/app/admin/audit", query),
    /** A filter page; `search` is passed through (the API validates it and answers 400 when it is bad). */
    filter: async (path: string, search: URLSearchParams): Promise<Envelope<{ items: FilterRow[]; facets: Record<string, FacetValue[]> }, PageMeta & { limit: number; sort: string; order: string }>> => {
      const response = await rawRequest(api, "GET", `/app/admin/filter/${path}?${search}`);
      const body = (await response.json().catch(() => null)) as { data?: unknown; meta?: unknown; error?: { code: string; message: string; issues?: { path: string; message: string }[] } } | null;
      if (!response.ok) throw new ApiClientError(response.status, body?.error?.code ?? "http_error", body?.error?.message ?? `HTTP ${response.status}`, body?.error?.issues);
      return body as Envelope<{ items: FilterRow[]; facets: Record<string, FacetValue[]> }, PageMeta & { limit: number; sort: string; order: string }>;
    },
    user: (id: string) => get<AdminUserView>(`/app/admin/users/${encodeURIComponent(id)}`).then((r) => r.data),
    setRole: (id: string, role: string) => send<AdminUserView>("PATCH", `/app/admin/users/${encodeURIComponent(id)}/role`, { role }),
    blockUser: (id: string, reason: string) => send<AdminUserView>("POST", `/app/admin/users/${encodeURIComponent(id)}/block`, { reason }),
    unblockUser: (id: string) => send<AdminUserView>("POST", `/app/admin/users/${encodeURIComponent(id)}/unblock`),
    signOutUser: (id: string) => send<AdminUserView & { sessionsEnded: number }>("POST", `/app/admin/users/${encodeURIComponent(id)}/sign-out`),
    company: (id: string) => get<AdminCompanyView>(`/app/admin/companies/${encodeURIComponent(id)}`).then((r) => r.data),
    setVerification: (id: string, body: unknown) => send<AdminCompanyView>("PUT", `/app/admin/companies/${encodeURIComponent(id)}/verification`, body),
    blockCompany: (id: string, body: { reason: string; lang: Lang }) => send<AdminCompanyView>("POST", `/app/admin/companies/${encodeURIComponent(id)}/block`, body),
    unblockCompany: (id: string) => send<AdminCompanyView>("POST", `/app/admin/companies/${encodeURIComponent(id)}/unblock`),
    categories: () => get<AdminCategory[]>("/app/admin/categories").then((r) => r.data),
    saveCategory: (id: string | null, body: unknown) => send<AdminCategory>(id ? "PUT" : "POST", id ? `/app/admin/categories/${encodeURIComponent(id)}` : "/app/admin/categories", body),
    deleteCategory: (id: string) => send<{ id: number }>("DELETE", `/app/admin/categories/${encodeURIComponent(id)}`),
    serviceTypes: () => get<AdminServiceType[]>("/app/admin/service-types").then((r) => r.data),
    saveServiceType: (id: string | null, body: unknown) => send<AdminServiceType>(id ? "PUT" : "POST", id ? `/app/admin/service-types/${encodeURIComponent(id)}` : "/app/admin/service-types", body),
    deleteServiceType: (id: string) => send<{ id: number }>("DELETE", `/app/admin/service-types/${encodeURIComponent(id)}`),
    stories: (query: Query) => get<AdminStory[], PageMeta>("/app/admin/stories", query),
    story: (id: string) => get<AdminStory & { history: AuditRow[] }>(`/app/admin/stories/${encodeURIComponent(id)}`).then((r) => r.data),
    saveStory: (id: string | null, body: unknown) => send<AdminStory>(id ? "PUT" : "POST", id ? `/app/admin/stories/${encodeURIComponent(id)}` : "/app/admin/stories", body),
    deleteStory: (id: string) => send<{ id: number }>("DELETE", `/app/admin/stories/${encodeURIComponent(id)}`),
    removeCover: (id: string) => send<AdminStory>("DELETE", `/app/admin/stories/${encodeURIComponent(id)}/cover`),
    /** Uploads a cover image (multipart); throws ApiClientError with the upload check's code. */
    uploadCover: async (id: string, file: File) => {
      const form = new FormData();
      form.set("file", file);
      const response = await rawRequest(api, "PUT", `/app/admin/stories/${encodeURIComponent(id)}/cover`, { body: form });
      const body = (await response.json().catch(() => null)) as { data?: AdminStory; error?: { code: string; message: string } } | null;
      if (!response.ok) throw new ApiClientError(response.status, body?.error?.code ?? "http_error", body?.error?.message ?? `HTTP ${response.status}`);
      return body!.data!;
    },
    tags: () => get<AdminTag[]>("/app/admin/tags").then((r) => r.data),
    saveTag: (id: string | null, body: unknown) => send<AdminTag>(id ? "PUT" : "POST", id ? `/app/admin/tags/${encodeURIComponent(id)}` : "/app/admin/tags", body),
    deleteTag: (id: string) => send<{ id: number }>("DELETE", `/app/admin/tags/${encodeURIComponent(id)}`),
    pages: () => get<AdminPage[]>("/app/admin/pages").then((r) => r.data),
    page: (slug: string) => get<AdminPage>(`/app/admin/pages/${encodeURIComponent(slug)}`).then((r) => r.data),
    savePage: (slug: string, body: unknown) => send<AdminPage>("PUT", `/app/admin/pages/${encodeURIComponent(slug)}`, body),
    publicPage: (slug: string, lang: Lang, page = 1) => get<PublicPage>(`/api/pages/${encodeURIComponent(slug)}`, { lang, page }).then((r) => r.data),
    regions: () => get<{ code: string; country: "RU" | "CN"; name: Record<string, string> }[]>("/app/admin/regions").then((r) => r.data),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
