/** Reference data payloads (spec §7 Configuration). */
import { z } from "zod";
import { CODES_QUALITE } from "../qualites.ts";

/** GET /api/version: "0.1.0@abc1234" (the UI cuts at '@', spec §9). */
export const versionSchema = z.object({ version: z.string() });
export type Version = z.infer<typeof versionSchema>;

/** GET /api/feature-flipping/list: flag name → enabled. */
export const featureFlagsSchema = z.record(z.string(), z.boolean());
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

/** Names of the flags the UI reads (spec §6). */
export const FEATURE_FLAGS = ["creation_extension_perimetre", "creation_demande"] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

const dateIso = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Date attendue au format AAAA-MM-JJ");

/** GET /api/arrete/current: the regulatory text requests are filed under. */
export const arreteSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  libelle: z.string(),
  datePublication: dateIso,
  dateEffet: dateIso,
});
export type Arrete = z.infer<typeof arreteSchema>;

/** GET /api/company/qualities item. */
export const qualiteSchema = z.object({ code: z.enum(CODES_QUALITE), libelle: z.string() });
export type Qualite = z.infer<typeof qualiteSchema>;

/** GET /api/company/forme_juridiques item (INSEE catégorie juridique, niveau III). */
export const formeJuridiqueSchema = z.object({ code: z.string(), libelle: z.string() });
export type FormeJuridique = z.infer<typeof formeJuridiqueSchema>;

/** GET /api/bandeaux-informatifs item (spec §3 Information banner). */
export const bandeauInformatifSchema = z.object({
  id: z.number().int(),
  type: z.enum(["general", "info"]),
  demandeType: z.string().nullable(),
  titre: z.string().nullable(),
  message: z.string(),
  dateDebut: z.string().datetime({ offset: true }).nullable(),
  dateFin: z.string().datetime({ offset: true }).nullable(),
});
export type BandeauInformatif = z.infer<typeof bandeauInformatifSchema>;

/** Query of GET /api/bandeaux-informatifs. */
export const bandeauxQuerySchema = z.object({
  demandeType: z.enum(["demande", "changement-notable"]).optional(),
  demande: z.string().max(100).optional(),
});
