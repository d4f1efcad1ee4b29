/**
 * Perimeter extension payloads (notable change `extension_perimetre`; spec
 * §3 File types, §4 Perimeter-extension actions, §5 Perimeter and Numbers;
 * ADR 0020). The step schemas are used as they are by the form
 * (conform, client and server) and by the API, so a rule lives once. Field
 * names are flat, as for step 2 of the approval request, so that a plain
 * HTML form posts them unchanged: `regions[]`, `departements[]`, `epcis[]`,
 * `communes[]`, `precisions` (step 1), `nb_etp_perimetre`,
 * `nb_etp_accomp_perimetre` (step 2). Stored in `demande.contenu.extension`.
 */
import { z } from "zod";
import type { Rubrique } from "../pieces-jointes.ts";
import { MESSAGES_VALIDATION } from "../messages/validation.ts";
import { MESSAGES, lireDecimal, texteOptionnel, verifierPlafonds } from "../validation.ts";
import {
  ETP_MAX,
  champsPerimetre,
  refuserPerimetreVide,
  sansPrecisionsOrphelines,
  type DemandeDetail,
} from "./demande.ts";

/** The one type of notable change the portal offers (spec §2: `type=extension perimetre`). */
export const TYPE_EXTENSION_PERIMETRE = "extension_perimetre" as const;

/** Titles of the three steps of the extension form, in order (steps 1–3). */
export const TITRES_ETAPES_EXTENSION = {
  1: "Périmètre d'intervention à ajouter",
  2: "Effectifs sur le nouveau périmètre",
  3: "Pièces justificatives",
} as const;

/** The French messages of the extension's own rules (the shared ones are contract/validation.ts MESSAGES). */
export const MESSAGES_EXTENSION = {
  perimetre: MESSAGES.perimetre,
  regionDejaCouverte: MESSAGES_VALIDATION.regionDejaDansPerimetre,
  departementDejaCouvert: MESSAGES_VALIDATION.departementDejaDansPerimetre,
  etpAccompagnement:
    "Le nombre d'ETP dédiés à l'accompagnement ne peut pas dépasser le nombre d'ETP affectés au nouveau périmètre.",
  etape: "Veuillez préciser l'étape à enregistrer (1 ou 2).",
  etapeAbsente: (etape: 1 | 2) =>
    `L'étape ${etape} « ${TITRES_ETAPES_EXTENSION[etape]} » n'a pas été enregistrée.`,
  nonValidee: "Veuillez d'abord valider votre demande (étape 3) avant de la déposer.",
} as const;

/** Labels of the staffing figures of step 2. */
export const LIBELLES_ETP_EXTENSION = {
  nb_etp_perimetre: "Nombre d'ETP affectés au nouveau périmètre",
  nb_etp_accomp_perimetre: "Dont ETP dédiés à l'accompagnement sur le nouveau périmètre",
} as const;

/**
 * Rubrics of step 3 (GET /api/changement-notable/procedure?type=extension_perimetre),
 * in display order. Their codes are attachment type codes of spec §3 already
 * accepted by POST /api/{kind}/{id}/pj (ADR 0020): the staff and means
 * assigned to the new perimeter (required), and any other document (optional).
 */
export const RUBRIQUES_EXTENSION_PERIMETRE: readonly Rubrique[] = [
  {
    code: "cond_competence",
    libelle: "Moyens humains et matériels sur le nouveau périmètre",
    description:
      "Organisation prévue sur le nouveau périmètre : personnes affectées (CV, diplômes, attestations de formation), implantations et moyens matériels.",
    minPj: 1,
  },
  {
    code: "pj_compl",
    libelle: "Pièces complémentaires",
    description: "Tout autre document utile à l'instruction de l'extension (facultatif).",
    minPj: 0,
  },
];

/**
 * A required decimal typed the French way (spec §5 Numbers: "7,5", two
 * decimals at most, at most `max`); JSON numbers follow the same rules.
 * Empty → "Ce champ est requis".
 */
const decimalRequis = (max: number) =>
  z.unknown().transform((value, context): number => {
    const saisi = typeof value === "string" ? value.trim() : value;
    if (saisi === undefined || saisi === null || saisi === "") {
      context.addIssue({ code: "custom", message: MESSAGES.requis });
      return z.NEVER;
    }
    if (typeof saisi !== "string" && typeof saisi !== "number") {
      context.addIssue({ code: "custom", message: MESSAGES.decimal });
      return z.NEVER;
    }
    const lu = lireDecimal(String(saisi), max);
    if (typeof lu === "string") {
      context.addIssue({ code: "custom", message: lu });
      return z.NEVER;
    }
    return lu;
  });

/**
 * Step 1: the perimeter to add (spec §3 Perimeter form), codes as lists.
 * Rules here: not empty (on `regions`, "Le périmètre d'intervention est
 * requis"); precisions only with communes. The API checks the geography
 * (api/domain/demandes/etapes.ts `verifierEtape2`) and refuses a région or
 * département already in the approval's perimeter.
 */
export const schemaEtapeExtension1 = z
  .object({ ...champsPerimetre, precisions: texteOptionnel(2000) })
  .superRefine(refuserPerimetreVide)
  .transform(sansPrecisionsOrphelines);
export type EtapeExtension1 = z.output<typeof schemaEtapeExtension1>;

/**
 * Step 2: the staffing of the new perimeter (spec §5 Numbers: each ≤ 999,
 * two decimals, decimal comma); both required, the accompaniment ETP not
 * above the perimeter's.
 */
export const schemaEtapeExtension2 = z
  .object({
    nb_etp_perimetre: decimalRequis(ETP_MAX),
    nb_etp_accomp_perimetre: decimalRequis(ETP_MAX),
  })
  .superRefine((value, context) =>
    verifierPlafonds(
      value,
      [["nb_etp_accomp_perimetre", "nb_etp_perimetre", MESSAGES_EXTENSION.etpAccompagnement]],
      context,
    ),
  );
export type EtapeExtension2 = z.output<typeof schemaEtapeExtension2>;

/** `etape` of an ENREGISTRER_BROUILLON (1 or 2, as a form or JSON sends it). */
export const schemaEtapeEnregistree = z.object({
  etape: z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    z.enum(["1", "2"], { errorMap: () => ({ message: MESSAGES_EXTENSION.etape }) }),
  ),
});

// ── Stored content (`demande.contenu.extension`) ─────────────────────────────

/** The perimeter to add, as stored: codes by level, precisions with the communes. */
export const schemaPerimetreExtension = z.object({
  regions: z.array(z.string()),
  departements: z.array(z.string()),
  epcis: z.array(z.string()),
  communes: z.array(z.string()),
  precisions: z.string().optional(),
});
export type PerimetreExtension = z.output<typeof schemaPerimetreExtension>;

/** The staffing of the new perimeter, as stored (ETP, numbers). */
export const schemaEffectifsExtension = z.object({
  nbEtpPerimetre: z.number(),
  nbEtpAccompagnementPerimetre: z.number(),
});
export type EffectifsExtension = z.output<typeof schemaEffectifsExtension>;

/** `contenu.extension` of a perimeter extension: each step once saved. */
export const schemaContenuExtension = z.object({
  perimetre: schemaPerimetreExtension.optional(),
  effectifs: schemaEffectifsExtension.optional(),
});
export type ContenuExtension = z.output<typeof schemaContenuExtension>;

/** `contenu` of a notable change as `GET /api/changement-notable/{id}` returns it. */
export interface ContenuChangementNotable {
  extension: ContenuExtension;
}

// The detail's `contenu` (demande.ts, written out there) must not drift from this one.
type Egaux<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contenuConforme: Egaux<
  ContenuChangementNotable,
  NonNullable<DemandeDetail["contenu"]>
> = true;
void contenuConforme;
