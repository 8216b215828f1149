/**
 * The honeypot of public forms (DESIGN §6), from remix-utils: a hidden field bots fill and people
 * never see. The "valid from" timestamp is off, so no shared secret is needed across processes.
 */
import { Honeypot } from "remix-utils/honeypot/server";

export const honeypot = new Honeypot({ nameFieldName: "website__confirm", validFromFieldName: null });
