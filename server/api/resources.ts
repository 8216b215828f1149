/**
 * Every resource built from the contract (server/api/resource.ts), mounted by server/api/app.ts
 * under its own prefix. A resource's prefix is the longest path start all its operations share;
 * two resources may share a prefix only when their paths cannot overlap.
 */
import type { Resource } from "./resource.ts";
import { storyResource, tagResource } from "./stories.ts";
import { ADMIN_RESOURCES } from "./admin/index.ts";
import { pageResource } from "./pages.ts";

export const RESOURCES: Resource[] = [storyResource, tagResource, pageResource, ...ADMIN_RESOURCES];
