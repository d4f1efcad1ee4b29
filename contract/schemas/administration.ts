/**
 * The functional administrator's settings (spec §3
 * Information banner, §6 feature flags): information banners he creates,
 * schedules and removes, and the feature flags he switches. Shared by the
 * API (rules of contract/api/administration.ts) and the pages
 * (/administration/bandeaux, /administration/fonctionnalites).
 */
import { z } from "zod";
import { MESSAGES_VALIDATION } from "../messages/validation.ts";
import { listeDeCodes } from "./compte-parametres.ts";
import { FEATURE_FLAGS } from "./reference.ts";

/** Europe/Paris: the banners' start and end are typed as Paris wall-clock times (DESIGN §5). */
const FUSEAU = "Europe/Paris";

/** 422 of a window whose end is not after its start. */
export const MESSAGE_FIN_AVANT_DEBUT = "La date de fin doit être postérieure à la date de début.";
/** 422 of a date or time that cannot be read. */
export const MESSAGE_DATE_HEURE =
  "Saisissez une date et une heure, par exemple 01/12/2026 08:00 ou 2026-12-01T08:00.";
/** 422 of an `info` banner without the type of file it is shown on. */
export const MESSAGE_TYPE_DOSSIER = "Choisissez le type de dossier sur lequel afficher le bandeau.";

/** Longest title and message of a banner, in characters. */
export const TITRE_BANDEAU_MAX = 200;
export const MESSAGE_BANDEAU_MAX = 1000;

/** What the administrator sees of a banner: `programme`, `en_cours`, `termine` or `retire`. */
export const STATUTS_BANDEAU = ["programme", "en_cours", "termine", "retire"] as const;
export type StatutBandeau = (typeof STATUTS_BANDEAU)[number];

/** Labels of the statuses (badges of /administration/bandeaux). */
export const LIBELLES_STATUT_BANDEAU: Record<StatutBandeau, string> = {
  programme: "Programmé",
  en_cours: "En cours",
  termine: "Terminé",
  retire: "Retiré",
};

/** Types of file an `info` banner is shown on (spec §3 Information banner: demandeType). */
export const TYPES_DOSSIER_BANDEAU = ["demande", "changement-notable"] as const;
export const LIBELLES_TYPE_DOSSIER_BANDEAU: Record<(typeof TYPES_DOSSIER_BANDEAU)[number], string> =
  {
    demande: "Demandes d'agrément",
    "changement-notable": "Changements notables",
  };

/** Labels of the feature flags (spec §6). */
export const LIBELLES_FONCTIONNALITES: Record<(typeof FEATURE_FLAGS)[number], string> = {
  creation_demande: "Création d'une demande d'agrément",
  creation_extension_perimetre: "Création d'une demande d'extension de périmètre",
};

/** Offset of Europe/Paris from UTC at `instant`, in minutes (60 in winter, 120 in summer). */
function decalageParisMinutes(instant: Date): number {
  const parties = new Intl.DateTimeFormat("en-GB", {
    timeZone: FUSEAU,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(instant);
  const valeur = (type: string) => Number(parties.find((partie) => partie.type === type)?.value);
  const commeUtc = Date.UTC(
    valeur("year"),
    valeur("month") - 1,
    valeur("day"),
    valeur("hour"),
    valeur("minute"),
  );
  return Math.round((commeUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * A Paris wall-clock time typed by the administrator → the instant, or null
 * when unreadable: "AAAA-MM-JJTHH:MM" (the `datetime-local` field),
 * "AAAA-MM-JJ HH:MM", "JJ/MM/AAAA HH:MM" (a browser without that field) or a
 * date alone (midnight). A time the spring change skips reads one hour later.
 */
export function lireDateHeureParis(valeur: string): Date | null {
  const texte = valeur.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/.exec(texte);
  const fr = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2})[:h](\d{2}))?$/.exec(texte);
  const champs = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5]]
    : fr
      ? [fr[3], fr[2], fr[1], fr[4], fr[5]]
      : null;
  if (!champs) return null;
  const [annee, mois, jour, heure, minute] = champs.map((champ) => Number(champ ?? 0));
  if (mois < 1 || mois > 12 || jour < 1 || jour > 31 || heure > 23 || minute > 59) return null;
  const commeUtc = Date.UTC(annee, mois - 1, jour, heure, minute);
  const calendrier = new Date(commeUtc);
  if (calendrier.getUTCDate() !== jour || calendrier.getUTCMonth() !== mois - 1) return null;
  // Two passes: the offset of the guess, then of the instant it gives (around a change of hour).
  const premier = new Date(commeUtc - decalageParisMinutes(calendrier) * 60_000);
  return new Date(commeUtc - decalageParisMinutes(premier) * 60_000);
}

/** An instant → "AAAA-MM-JJTHH:MM" in Europe/Paris (the value of a `datetime-local` field). */
export function dateHeureLocaleParis(instant: Date): string {
  const decale = new Date(instant.getTime() + decalageParisMinutes(instant) * 60_000);
  return decale.toISOString().slice(0, 16);
}

/** An optional Paris date and time: empty → null, unreadable → 422 {@link MESSAGE_DATE_HEURE}. */
const dateHeureFacultative = z
  .string()
  .optional()
  .transform((valeur, context) => {
    if (!valeur?.trim()) return null;
    const instant = lireDateHeureParis(valeur);
    if (!instant) {
      context.addIssue({ code: "custom", message: MESSAGE_DATE_HEURE });
      return z.NEVER;
    }
    return instant;
  });

/**
 * The new banner of POST /api/administration/bandeaux (and of the page's
 * form): `type` general (every page) or info (the pages of `demandeType`'s
 * files, required then); `titre` optional; `message` required; `dateDebut`
 * and `dateFin` optional Paris times (empty: from now, without end), the
 * end strictly after the start (422 {@link MESSAGE_FIN_AVANT_DEBUT} on
 * `dateFin`).
 */
export const schemaNouveauBandeau = z
  .object({
    type: z.enum(["general", "info"], {
      errorMap: () => ({ message: MESSAGES_VALIDATION.required }),
    }),
    demandeType: z
      .string()
      .optional()
      .transform((valeur) => (valeur?.trim() ? valeur.trim() : null)),
    titre: z
      .string()
      .optional()
      .transform((valeur) => (valeur?.trim() ? valeur.trim() : null))
      .refine((valeur) => valeur === null || valeur.length <= TITRE_BANDEAU_MAX, {
        message: `Le titre ne doit pas dépasser ${TITRE_BANDEAU_MAX} caractères.`,
      }),
    message: z
      .string({ required_error: MESSAGES_VALIDATION.required })
      .trim()
      .min(1, MESSAGES_VALIDATION.required)
      .max(
        MESSAGE_BANDEAU_MAX,
        `Le message ne doit pas dépasser ${MESSAGE_BANDEAU_MAX} caractères.`,
      ),
    dateDebut: dateHeureFacultative,
    dateFin: dateHeureFacultative,
  })
  .superRefine((bandeau, context) => {
    if (bandeau.type === "info") {
      if (!TYPES_DOSSIER_BANDEAU.some((type) => type === bandeau.demandeType))
        context.addIssue({ code: "custom", path: ["demandeType"], message: MESSAGE_TYPE_DOSSIER });
    }
    if (bandeau.dateDebut && bandeau.dateFin && bandeau.dateFin <= bandeau.dateDebut)
      context.addIssue({ code: "custom", path: ["dateFin"], message: MESSAGE_FIN_AVANT_DEBUT });
  })
  .transform((bandeau) => ({
    ...bandeau,
    // A general banner shows everywhere: its file type is dropped.
    demandeType: bandeau.type === "info" ? bandeau.demandeType : null,
  }));
export type NouveauBandeau = z.output<typeof schemaNouveauBandeau>;
/** The new banner's fields as typed (strings), for the page's form. */
export type SaisieNouveauBandeau = z.input<typeof schemaNouveauBandeau>;

/** A banner as GET /api/administration/bandeaux lists it. */
export const bandeauAdministreSchema = z.object({
  id: z.number().int(),
  type: z.enum(["general", "info"]),
  demandeType: z.string().nullable(),
  titre: z.string().nullable(),
  message: z.string(),
  actif: z.boolean(),
  dateDebut: z.string().datetime({ offset: true }).nullable(),
  dateFin: z.string().datetime({ offset: true }).nullable(),
  statut: z.enum(STATUTS_BANDEAU),
});
export type BandeauAdministre = z.infer<typeof bandeauAdministreSchema>;

/** A feature flag as GET /api/administration/fonctionnalites lists it. */
export const fonctionnaliteSchema = z.object({
  nom: z.enum(FEATURE_FLAGS),
  libelle: z.string(),
  active: z.boolean(),
});
export type Fonctionnalite = z.infer<typeof fonctionnaliteSchema>;

/** Body of PUT /api/administration/fonctionnalites/{fonctionnalite}: "true" or "false" (form or JSON string). */
export const schemaBasculeFonctionnalite = z.object({
  active: z
    .enum(["true", "false"], {
      errorMap: () => ({ message: "Indiquez « true » pour activer ou « false » pour désactiver." }),
    })
    .transform((valeur) => valeur === "true"),
});

/** Régions and départements (codes), as a perimeter or a bound (ADR 0041). */
const perimetreCodes = z.object({
  regions: z.array(z.string()),
  departements: z.array(z.string()),
});

/** A superviseur as GET /api/administration/superviseurs lists him (ADR 0041). */
export const superviseurResumeSchema = z.object({
  id: z.string().uuid(),
  prenom: z.string(),
  nom: z.string(),
  email: z.string(),
  /** Name of his service, null without one. */
  service: z.string().nullable(),
  /** The perimeter he chose; null if never. */
  perimetre: perimetreCodes.nullable(),
  /** What an admin_fonctionnel opened to him; null = the régions of his service. */
  borneOuverte: perimetreCodes.nullable(),
  /** What he may choose from now: régions, and départements (those of these régions included). */
  borne: perimetreCodes,
  /** Whether his perimeter holds a code outside his bound (set before the bound existed). */
  horsBorne: z.boolean(),
});
export type SuperviseurResume = z.infer<typeof superviseurResumeSchema>;

/** One change of a superviseur's perimeter or bound, from the account's history. */
export const changementSupervisionSchema = z.object({
  date: z.string().datetime({ offset: true }),
  action: z.enum(["MODIFIER_PERIMETRE_SUPERVISION", "MODIFIER_BORNE_SUPERVISION"]),
  /** "Prénom Nom" of whoever made it; null for a deleted account. */
  acteur: z.string().nullable(),
  acteurRole: z.string().nullable(),
  avant: perimetreCodes.nullable(),
  apres: perimetreCodes.nullable(),
});
export type ChangementSupervision = z.infer<typeof changementSupervisionSchema>;

/** GET /api/administration/superviseurs/{id}: the superviseur and his history, newest first. */
export const superviseurDetailSchema = superviseurResumeSchema.extend({
  historique: z.array(changementSupervisionSchema),
});
export type SuperviseurDetail = z.infer<typeof superviseurDetailSchema>;

/**
 * POST /api/administration/superviseurs/{id}/borne: the régions and
 * départements opened to him — none ticked brings back the régions of his
 * service — and the administrator's current password (ADR 0041).
 */
export const schemaBorneSupervision = z.object({
  regions: listeDeCodes,
  departements: listeDeCodes,
  motDePasseActuel: z.string().optional(),
});
export type SaisieBorneSupervision = z.infer<typeof schemaBorneSupervision>;
