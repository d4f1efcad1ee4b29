/**
 * Establishments of an approved company (spec §3 Etablissement, §5 SIRET,
 * Phone, ETP, Perimeter; §7 Establishments): the payloads the API
 * answers (`Etablissement`, `EtablissementDetail`, `EtablissementRegistre`)
 * and the forms shared by the page (conform, client and server) and the API
 * (`schemaReferencementEtablissement`, `schemaPerimetreEtablissement`).
 * Field names are flat so that a plain HTML form posts them unchanged;
 * perimeter lists come as repeated `regions[]`, `departements[]`…
 */
import { z } from "zod";
import {
  MESSAGES,
  cleLuhnValide,
  codePostal,
  decimalOptionnel,
  email,
  sansChiffres,
  telephone,
  telephoneValide,
  texte,
  texteNormalise,
  texteOptionnel,
} from "../validation.ts";
import { ETP_MAX, champsPerimetre, refuserPerimetreVide } from "./demande.ts";

// ── Answers of the API ───────────────────────────────────────────────────────

const codeNom = z.object({ code: z.string(), nom: z.string() });

/** A perimeter with the names of its places, level by level (codes sorted as stored). */
export const perimetreNommeSchema = z.object({
  regions: z.array(codeNom),
  departements: z.array(codeNom),
  epcis: z.array(codeNom),
  communes: z.array(codeNom),
});
export type PerimetreNomme = z.infer<typeof perimetreNommeSchema>;

/** Civilities of a referent (spec §3 Etablissement referent.civilite). */
export const CIVILITES = ["M.", "Mme"] as const;
export type Civilite = (typeof CIVILITES)[number];

/** The person households and Anah contact about an establishment. */
export const referentSchema = z.object({
  civilite: z.enum(CIVILITES),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  tel: z.string(),
});
export type Referent = z.infer<typeof referentSchema>;

/**
 * An establishment referenced under an approval (spec §3 Etablissement), as
 * GET /api/agrement/{id}/etablissements and …/etablissement/{id} answer it.
 * Dates are ISO 8601 instants; `etp` in full-time equivalents (two decimals).
 */
export const etablissementSchema = z.object({
  id: z.string(),
  agrementId: z.string(),
  numeroAgrement: z.string(),
  /** `ETB-` and 7 digits, unique within the approval. */
  reference: z.string(),
  raisonSociale: z.string(),
  nom: z.string(),
  nomInsee: z.string().nullable(),
  nomMar: z.string().nullable(),
  /** 14 digits (SIREN + NIC). */
  siret: z.string(),
  adresse1: z.string(),
  adresse2: z.string().nullable(),
  codePostal: z.string(),
  ville: z.string(),
  codeCommune: z.string().nullable(),
  tel: z.string().nullable(),
  email: z.string().nullable(),
  siteInternet: z.string().nullable(),
  etp: z.number().nullable(),
  perimetre: perimetreNommeSchema,
  referent: referentSchema.nullable(),
  referencee: z.boolean(),
  dateCreation: z.string(),
  dateDereferencement: z.string().nullable(),
});
export type Etablissement = z.infer<typeof etablissementSchema>;

/** One line of an establishment's history (referencing, perimeter update, dereferencing…). */
export const historiqueEtablissementSchema = z.object({
  /** ISO 8601 instant. */
  date: z.string(),
  /** REFERENCER_ETABLISSEMENT, MODIFIER_PERIMETRE_ETABLISSEMENT, DEREFERENCER_ETABLISSEMENT… */
  action: z.string(),
  /** French label of the action. */
  libelle: z.string(),
  /** Why (French sentence), when known. */
  commentaire: z.string().nullable(),
  /** "Prénom Nom" of the actor, "Système" for a job, null when the account is gone. */
  auteur: z.string().nullable(),
});
export type HistoriqueEtablissement = z.infer<typeof historiqueEtablissementSchema>;

/** An establishment with its history, oldest line first (GET /api/agrement/{id}/etablissement/{id}). */
export const etablissementDetailSchema = etablissementSchema.extend({
  historique: z.array(historiqueEtablissementSchema),
});
export type EtablissementDetail = z.infer<typeof etablissementDetailSchema>;

/**
 * An establishment of the company registry (INSEE Sirene, or the embedded
 * registry) that may be referenced: GET /api/agrement/{id}/etablissements-a-referencer.
 */
export const etablissementRegistreSchema = z.object({
  siret: z.string(),
  /** Name as registered by INSEE (sign, else the company's denomination). */
  nomInsee: z.string(),
  /** Head office of the company. */
  siege: z.boolean(),
  adresse1: z.string(),
  adresse2: z.string().nullable(),
  codePostal: z.string(),
  ville: z.string(),
  /** INSEE code of the commune; null when the registry gives none. */
  codeCommune: z.string().nullable(),
});
export type EtablissementRegistre = z.infer<typeof etablissementRegistreSchema>;

/** Libellés of the history actions of an establishment (spec §8 vocabulary). */
export const LIBELLES_ACTIONS_ETABLISSEMENT: Record<string, string> = {
  REFERENCER_ETABLISSEMENT: "Établissement référencé",
  MODIFIER_PERIMETRE_ETABLISSEMENT: "Périmètre d'intervention modifié",
  DEREFERENCER_ETABLISSEMENT: "Établissement déréférencé",
  MASQUER_ETABLISSEMENT: "Établissement masqué (agrément suspendu)",
  REAFFICHER_ETABLISSEMENT: "Établissement de nouveau affiché (fin de suspension)",
};

// ── Field rules ──────────────────────────────────────────────────────────────

/** "832 915 474 00015" → "83291547400015"; null when not 14 digits with a valid INSEE (Luhn) key. */
export function normaliserSiret(value: string): string | null {
  const chiffres = value.replace(/\s+/g, "");
  return /^\d{14}$/.test(chiffres) && cleLuhnValide(chiffres) ? chiffres : null;
}

/** SIRET field (spec §5: 14 digits, INSEE key): spaces accepted, 14 digits out. */
export const siret = () => texteNormalise(normaliserSiret, MESSAGES.format);

/** Website: optional; "exemple.fr" or "https://exemple.fr/…", no spaces. */
const siteInternet = () =>
  texteOptionnel(255).refine(
    (value) =>
      value === undefined ||
      /^(?:https?:\/\/)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?::\d+)?(?:[/?#]\S*)?$/i.test(
        value,
      ),
    MESSAGES.format,
  );

/** Optional trimmed text (empty → undefined), for the fields whose requirement depends on the approval. */
const optionnel = (max: number) => texteOptionnel(max);

/** Referent fields of the form, in display order. */
export const CHAMPS_REFERENT = [
  "referentCivilite",
  "referentNom",
  "referentPrenom",
  "referentEmail",
  "referentTel",
] as const;

/**
 * The referencing form (POST /api/agrement/{id}/etablissement; page
 * /referencement/nouveau), 4 sections: identity (siret, nom, nomMar),
 * contact and address (adresse1, adresse2, codePostal, codeCommune, tel,
 * email, siteInternet), intervention perimeter (regions[], departements[],
 * epcis[], communes[]), referent and ETP (etp, referent*).
 *
 * `etpRequired` (GET /api/agrement/{id}/etablissement-etp-required): etp
 * and every referent field are required; otherwise they are optional, but a
 * referent partly filled must be complete ('Ce champ est requis' on the
 * missing ones). Rules checked here (spec §5): SIRET 14 digits with its
 * INSEE key ('Le champ n'est pas au bon format'), phones (message quoting
 * the value), e-mails, postal code, ETP ≤ 999 with two decimals, perimeter
 * not empty (on `regions`). Rules that need the database (SIRET among the
 * company's registry establishments and not already referenced, perimeter
 * inside the approval's) are checked by the API, on the same fields.
 */
export function schemaReferencementEtablissement({ etpRequired }: { etpRequired: boolean }) {
  const champs = z
    .object({
      siret: siret(),
      nom: texte(255),
      nomMar: texteOptionnel(255),
      adresse1: texte(255),
      adresse2: texteOptionnel(255),
      codePostal: codePostal(),
      /** INSEE code of the commune chosen among those of the postal code. */
      codeCommune: texte(5),
      tel: telephone(),
      email: email(),
      siteInternet: siteInternet(),
      ...champsPerimetre,
      // ETP typed the French way ("7,5"): ≤ 999, two decimals at most, not negative (spec §5 ETP).
      etp: decimalOptionnel(ETP_MAX, 0),
      referentCivilite: z.preprocess(
        (value) => (value === "" ? undefined : value),
        z.enum(CIVILITES, { errorMap: () => ({ message: MESSAGES.requis }) }).optional(),
      ),
      referentNom: sansChiffres(optionnel(100), "referentNom"),
      referentPrenom: sansChiffres(optionnel(100), "referentPrenom"),
      referentEmail: optionnel(254).refine(
        (value) => value === undefined || z.string().email().safeParse(value).success,
        MESSAGES.email,
      ),
      referentTel: optionnel(30).superRefine((value, context) => {
        if (value !== undefined && !telephoneValide(value))
          context.addIssue({ code: "custom", message: MESSAGES.telephone(value) });
      }),
    })
    .transform((value) => ({
      ...value,
      referentEmail: value.referentEmail?.toLowerCase(),
    }));
  // The rules between fields read the form as sent, apart from the fields'
  // own checks: an object's refinement only runs once all its fields are
  // valid, and the applicant would discover an empty perimeter or a missing
  // referent on a second submission. Their output is empty, so the
  // intersection's output is the fields' output.
  const present = (value: unknown) =>
    value !== undefined && value !== null && String(value).trim() !== "";
  const entreChamps = z
    .object({
      ...champsPerimetre,
      etp: z.unknown(),
      ...Object.fromEntries(CHAMPS_REFERENT.map((champ) => [champ, z.unknown()])),
    })
    .superRefine((value, context) => {
      refuserPerimetreVide(value, context);
      if (etpRequired && !present(value.etp))
        context.addIssue({ code: "custom", path: ["etp"], message: MESSAGES.requis });
      const saisis = value as Record<string, unknown>;
      const unReferent = CHAMPS_REFERENT.some((champ) => present(saisis[champ]));
      if (etpRequired || unReferent)
        for (const champ of CHAMPS_REFERENT)
          if (!present(saisis[champ]))
            context.addIssue({ code: "custom", path: [champ], message: MESSAGES.requis });
    })
    .transform(() => ({}));
  return champs.and(entreChamps);
}
export type ReferencementEtablissement = z.output<
  ReturnType<typeof schemaReferencementEtablissement>
>;

/**
 * Perimeter update of a referenced establishment (POST
 * /api/etablissement/{id}/update-perimetre; the only data that may change
 * after referencing, spec §5): not empty ('Le périmètre d'intervention est
 * requis' on `regions`); inside the approval's perimeter (checked by the API).
 */
export const schemaPerimetreEtablissement = z
  .object(champsPerimetre)
  .superRefine(refuserPerimetreVide);
export type PerimetreEtablissementForm = z.output<typeof schemaPerimetreEtablissement>;

/** Query of GET /api/etablissements/check: one field (only `siret` today) and its value. */
export const schemaVerificationEtablissement = z.object({
  field: z.literal("siret", { errorMap: () => ({ message: MESSAGES.format }) }),
  value: siret(),
});
