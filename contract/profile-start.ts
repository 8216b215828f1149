/**
 * `GET /dev/profile/start` (spec §7): what the profile start page (`/profile/start`, spec §2) needs
 * for the signed-in person in one call — where they stand with a company and the invitations they
 * may accept. `next` tells the page what to offer:
 * - `start`: no company yet — create one or accept an invitation (`invitations`);
 * - `profile`: an active employee — the company profile is open, the start page is not needed;
 * - `blocked`: the company blocked the person's membership — nothing to start.
 */
import { z } from "zod";
import { OrganizationSchema, ProfileInvitationSchema } from "./profile.ts";
import { defineRoute } from "./route.ts";

export const ProfileStartSchema = z
  .object({
    next: z.enum(["start", "profile", "blocked"]),
    organization: OrganizationSchema.nullable(),
    invitations: z.array(ProfileInvitationSchema).meta({ description: "Open invitations (only while the person has no company)" }),
  })
  .meta({ id: "ProfileStart" });
export type ProfileStart = z.infer<typeof ProfileStartSchema>;

export const getProfileStart = defineRoute({
  method: "GET",
  path: "/dev/profile/start",
  operationId: "getProfileStart",
  tag: "Profile",
  summary: "The profile start page: company state and open invitations",
  auth: "user",
  data: ProfileStartSchema,
  errors: ["unauthorized"],
});
