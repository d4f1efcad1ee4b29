/**
 * The annual activity report (spec §3 "Annual report content", §4 filing
 * states and approval-level actions, §5 ETP and Numbers; ADR
 * 0017): its three steps as zod schemas shared by the pages (conform) and
 * the API, each validated on its own so that the stepper saves one step at
 * a time, and the shapes the API answers.
 *
 * Step 1 "Effectifs": ETP of the structure and ETP dedicated to the
 * accompaniment at 31 December of the year, then per département of the
 * approval's perimeter the accompaniment ETP actually worked in the year
 * and forecast for the next one (fields `etpRealise_<code>`,
 * `etpPrevisionnel_<code>`, both or neither).
 * Step 2 "Activité": contracts signed and abandoned, files filed, forecast
 * accompaniments, subcontracting yes/no with its counts.
 * Step 3 "Changements": capital structure and governance changed yes/no,
 * each "yes" with at least one document of its attachment group.
 */
import { z } from "zod";
import { MESSAGES, lireDecimal, verifierPlafonds } from "../validation.ts";
import type { PieceJointe } from "./piece-jointe.ts";
import { ETP_MAX } from "./demande.ts";

// ── States, actions, steps ───────────────────────────────────────────────────

/** Filing state of a report (spec §4 "Annual report filing state"). */
export const ETATS_RAPPORT_ANNUEL = ["nonDepose", "depose", "nonApplicable"] as const;
export type EtatRapportAnnuel = (typeof ETATS_RAPPORT_ANNUEL)[number];

/** Labels of the filing states. */
export const LIBELLES_ETAT_RAPPORT_ANNUEL: Record<EtatRapportAnnuel, string> = {
  nonDepose: "Non déposé",
  depose: "Déposé",
  nonApplicable: "Non applicable",
};

/** Approval-level actions on the report (spec §4 "Approval-level actions"). */
export const ACTIONS_RAPPORT_ANNUEL = [
  "CREER_RAPPORT_ANNUEL",
  "MODIFIER_RAPPORT_ANNUEL",
  "DEPOSER_RAPPORT_ANNUEL",
] as const;
export type ActionRapportAnnuel = (typeof ACTIONS_RAPPORT_ANNUEL)[number];

/** The three steps of the stepper, in order. */
export const ETAPES_RAPPORT_ANNUEL = [
  { numero: 1, cle: "effectifs", titre: "Effectifs" },
  { numero: 2, cle: "activite", titre: "Activité" },
  { numero: 3, cle: "changements", titre: "Changements et documents" },
] as const;
export type NumeroEtapeRapport = (typeof ETAPES_RAPPORT_ANNUEL)[number]["numero"];
export type CleEtapeRapport = (typeof ETAPES_RAPPORT_ANNUEL)[number]["cle"];

/**
 * Attachment groups of step 3 (GET /api/agrement/procedure-raa, spec §3
 * "Annual report procedure: groups of attachments with code and values"):
 * each group belongs to a yes/no question; its values are the attachment
 * type codes (`codeTypePJ`, also the name of the upload field) it accepts.
 */
export const GROUPES_PJ_RAPPORT_ANNUEL = [
  {
    code: "modification_capital",
    libelle: "Modification de la structure du capital",
    question: "capitalModifie",
    values: [
      {
        code: "raa_capital",
        libelle:
          "Justificatifs de la modification du capital (statuts à jour, procès-verbal, répartition du capital)",
      },
    ],
  },
  {
    code: "modification_gouvernance",
    libelle: "Modification de la gouvernance",
    question: "gouvernanceModifiee",
    values: [
      {
        code: "raa_gouvernance",
        libelle:
          "Justificatifs de la modification de la gouvernance (procès-verbal de nomination, extrait Kbis)",
      },
    ],
  },
] as const;

/** Every attachment type code of the report. */
export const CODES_PJ_RAPPORT_ANNUEL: readonly string[] = GROUPES_PJ_RAPPORT_ANNUEL.flatMap(
  (groupe) => groupe.values.map((valeur) => valeur.code),
);

/** Messages of the report where spec §5 shows none (decided here, once). */
export const MESSAGES_RAPPORT_ANNUEL = {
  /** A "yes" to a changed capital structure or governance without a document. */
  auMoinsUnFichier: "Veuillez joindre au moins un fichier.",
  /** Spec §5 ETP: accompanied count must not exceed structure count. */
  accompagnementSuperieur:
    "Le nombre d'ETP dédiés à l'accompagnement ne peut pas dépasser le nombre d'ETP de la structure.",
  ouiNon: "Veuillez répondre par oui ou par non.",
  etapeInconnue: "Veuillez choisir une étape du rapport (1, 2 ou 3).",
  anneeInvalide: "Veuillez indiquer l'année du rapport (quatre chiffres).",
  actionInconnue:
    "Action inconnue : CREER_RAPPORT_ANNUEL, MODIFIER_RAPPORT_ANNUEL ou DEPOSER_RAPPORT_ANNUEL.",
} as const;

/** Largest count of step 2 (contracts, files, accompaniments). */
export const NOMBRE_MAX_RAPPORT = 999_999;

// ── Field rules ──────────────────────────────────────────────────────────────

const vide = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** An ETP typed the French way ("7,5"): ≤ 999, two decimals at most (spec §5 ETP); optional. */
const etpOptionnel = () =>
  z.preprocess(
    (value) => (vide(value) ? undefined : value),
    z
      .union([z.string(), z.number()])
      .optional()
      .transform((value, context) => {
        if (value === undefined) return undefined;
        const lu = lireDecimal(String(value), ETP_MAX);
        if (typeof lu === "string") {
          context.addIssue({ code: "custom", message: lu });
          return z.NEVER;
        }
        return lu;
      }),
  );

/** A required ETP ({@link etpOptionnel} that must be filled: "Ce champ est requis"). */
const etpRequis = () =>
  etpOptionnel().refine((value) => value !== undefined, { message: MESSAGES.requis });

/** A form's count as typed: blank → undefined, else trimmed. */
const saisieNombre = (value: unknown) =>
  vide(value) ? undefined : typeof value === "string" ? value.trim() : value;

/** A required whole count, 0 to {@link NOMBRE_MAX_RAPPORT} ("Veuillez saisir un nombre entier"). */
const nombreEntier = () => z.preprocess(saisieNombre, entier());

/**
 * An optional whole count: a blank field (a form without JavaScript sends
 * the hidden counts empty) is absent, not "Ce champ est requis".
 */
const nombreEntierOptionnel = () => z.preprocess(saisieNombre, entier().optional());

/** A whole count, 0 to {@link NOMBRE_MAX_RAPPORT}, from a string or a number. */
const entier = () =>
  z
    .union([z.string(), z.number()], { required_error: MESSAGES.requis })
    .transform((value, context) => {
      const texte = String(value).replace(/\s+/g, "");
      if (!/^\d+$/.test(texte)) {
        context.addIssue({ code: "custom", message: MESSAGES.entier });
        return z.NEVER;
      }
      const nombre = Number(texte);
      if (nombre > NOMBRE_MAX_RAPPORT) {
        context.addIssue({ code: "custom", message: MESSAGES.maximum(NOMBRE_MAX_RAPPORT) });
        return z.NEVER;
      }
      return nombre;
    });

/** A required yes/no question: "oui"/"non" from a form, true/false in JSON. */
const ouiNon = () =>
  z.preprocess(
    (value) =>
      value === "oui" || value === true || value === "true"
        ? true
        : value === "non" || value === false || value === "false"
          ? false
          : vide(value)
            ? undefined
            : value,
    z.boolean({
      required_error: MESSAGES.requis,
      invalid_type_error: MESSAGES_RAPPORT_ANNUEL.ouiNon,
    }),
  );

// ── Step 1: staffing ─────────────────────────────────────────────────────────

/** Field of the accompaniment ETP worked in the year in département `code`. */
export const champEtpRealise = (code: string) => `etpRealise_${code}`;
/** Field of the accompaniment ETP forecast for the next year in département `code`. */
export const champEtpPrevisionnel = (code: string) => `etpPrevisionnel_${code}`;

/** One filled line of the per-département table. */
export interface EtpDepartement {
  code: string;
  /** ETP worked in the reported year. */
  realise: number;
  /** ETP forecast for the next year. */
  previsionnel: number;
}

/** Step 1 as stored and answered. */
export interface EtapeEffectifs {
  /** ETP of the whole structure at 31 December of the year. */
  etpStructure: number;
  /** ETP dedicated to the accompaniment (≤ etpStructure). */
  etpAccompagnement: number;
  /** Filled lines only, in the order of the perimeter's départements. */
  departements: EtpDepartement[];
}

/** Spec §5 ETP: the accompaniment ETP may not exceed the structure's. */
const PLAFONDS_EFFECTIFS = [
  ["etpAccompagnement", "etpStructure", MESSAGES_RAPPORT_ANNUEL.accompagnementSuperieur],
] as const;

/**
 * Step 1 for an approval whose perimeter covers `departements` (codes):
 * `etpStructure` and `etpAccompagnement` required, ≤ 999, two decimals at
 * most, accompaniment ≤ structure (spec §5 ETP); each département line
 * both or neither ('Tous les champs doivent être remplis.' on the empty
 * one). Fields of other départements are ignored.
 */
export function schemaEtapeEffectifs(departements: readonly string[]) {
  const lignes: Record<string, ReturnType<typeof etpOptionnel>> = {};
  for (const code of departements) {
    lignes[champEtpRealise(code)] = etpOptionnel();
    lignes[champEtpPrevisionnel(code)] = etpOptionnel();
  }
  return z
    .object({ etpStructure: etpRequis(), etpAccompagnement: etpRequis(), ...lignes })
    .superRefine((value, context) => {
      const lu = value as Record<string, number | undefined>;
      verifierPlafonds(lu, PLAFONDS_EFFECTIFS, context);
      for (const code of departements) {
        const champs = [champEtpRealise(code), champEtpPrevisionnel(code)];
        const remplis = champs.filter((champ) => lu[champ] !== undefined);
        if (remplis.length === 1)
          for (const champ of champs)
            if (lu[champ] === undefined)
              context.addIssue({ code: "custom", path: [champ], message: MESSAGES.tousLesChamps });
      }
    })
    .transform((value): EtapeEffectifs => {
      const lu = value as Record<string, number | undefined>;
      return {
        etpStructure: lu.etpStructure!,
        etpAccompagnement: lu.etpAccompagnement!,
        departements: departements.flatMap((code) => {
          const realise = lu[champEtpRealise(code)];
          const previsionnel = lu[champEtpPrevisionnel(code)];
          return realise !== undefined && previsionnel !== undefined
            ? [{ code, realise, previsionnel }]
            : [];
        }),
      };
    });
}

// ── Step 2: activity ─────────────────────────────────────────────────────────

/** Step 2 as stored and answered; the subcontracting counts only when it is "oui". */
export interface EtapeActivite {
  nbContratsSignes: number;
  nbContratsAbandonnes: number;
  nbDossiersDeposes: number;
  /** Accompaniments forecast for the next year. */
  nbAccompagnementsPrevisionnels: number;
  sousTraitance: boolean;
  nbSousTraitanceAudits?: number;
  nbSousTraitancePrestationsRenforcees?: number;
  nbSousTraitanceMissionComplete?: number;
}

const CHAMPS_SOUS_TRAITANCE = [
  "nbSousTraitanceAudits",
  "nbSousTraitancePrestationsRenforcees",
  "nbSousTraitanceMissionComplete",
] as const;

/**
 * Step 2: every count required, a whole number up to
 * {@link NOMBRE_MAX_RAPPORT}; subcontracting yes/no required, and with
 * "oui" its three counts (audits, reinforced services, whole mandatory
 * mission) required too; with "non" they are dropped.
 */
export const schemaEtapeActivite = z
  .object({
    nbContratsSignes: nombreEntier(),
    nbContratsAbandonnes: nombreEntier(),
    nbDossiersDeposes: nombreEntier(),
    nbAccompagnementsPrevisionnels: nombreEntier(),
    sousTraitance: ouiNon(),
    nbSousTraitanceAudits: nombreEntierOptionnel(),
    nbSousTraitancePrestationsRenforcees: nombreEntierOptionnel(),
    nbSousTraitanceMissionComplete: nombreEntierOptionnel(),
  })
  // Apart from the fields' own checks (an object's refinement only runs
  // once all its fields are valid): the missing counts are named in the
  // same round as the other errors. Outputs {}.
  .and(
    z
      .object({
        sousTraitance: z.unknown(),
        ...Object.fromEntries(CHAMPS_SOUS_TRAITANCE.map((champ) => [champ, z.unknown()])),
      })
      .superRefine((value, context) => {
        if (!ouiNon().safeParse(value.sousTraitance).data) return;
        const saisis = value as Record<string, unknown>;
        for (const champ of CHAMPS_SOUS_TRAITANCE)
          if (vide(saisis[champ]))
            context.addIssue({ code: "custom", path: [champ], message: MESSAGES.requis });
      })
      .transform(() => ({})),
  )
  .transform((value): EtapeActivite =>
    value.sousTraitance
      ? value
      : {
          nbContratsSignes: value.nbContratsSignes,
          nbContratsAbandonnes: value.nbContratsAbandonnes,
          nbDossiersDeposes: value.nbDossiersDeposes,
          nbAccompagnementsPrevisionnels: value.nbAccompagnementsPrevisionnels,
          sousTraitance: false,
        },
  );

// ── Step 3: changes and documents ────────────────────────────────────────────

/** Step 3 as stored and answered (the documents are the report's attachments). */
export interface EtapeChangements {
  capitalModifie: boolean;
  gouvernanceModifiee: boolean;
}

/**
 * Step 3, knowing how many documents each attachment type code will hold
 * once the post is applied (`fichiers`: code → count, files kept plus
 * files sent): both questions required; a "oui" whose group holds no
 * document → 'Veuillez joindre au moins un fichier.' under the group's
 * type code (the upload field).
 */
export function schemaEtapeChangements(fichiers: Readonly<Record<string, number>> = {}) {
  const question = ouiNon();
  // Each question read on its own, so that a missing answer and a missing
  // document are reported together.
  return z
    .object({ capitalModifie: z.unknown(), gouvernanceModifiee: z.unknown() })
    .transform((value, context): EtapeChangements => {
      const lu: Partial<EtapeChangements> = {};
      for (const groupe of GROUPES_PJ_RAPPORT_ANNUEL) {
        const reponse = question.safeParse(value[groupe.question]);
        if (!reponse.success) {
          for (const issue of reponse.error.issues)
            context.addIssue({ code: "custom", path: [groupe.question], message: issue.message });
          continue;
        }
        lu[groupe.question] = reponse.data;
        const nombre = groupe.values.reduce((total, { code }) => total + (fichiers[code] ?? 0), 0);
        if (reponse.data && nombre === 0)
          context.addIssue({
            code: "custom",
            path: [groupe.values[0].code],
            message: MESSAGES_RAPPORT_ANNUEL.auMoinsUnFichier,
          });
      }
      return lu as EtapeChangements;
    });
}

/** What the report holds, step by step (a step is absent until saved). */
export interface ContenuRapportAnnuel {
  effectifs?: EtapeEffectifs;
  activite?: EtapeActivite;
  changements?: EtapeChangements;
}

// ── The action's body ────────────────────────────────────────────────────────

/**
 * What POST /api/agrement/{id}/action reads before the step's own fields:
 * the action, the year (four digits), the step for MODIFIER_RAPPORT_ANNUEL,
 * and optionally the report's version the user saw (409 when stale).
 */
export const schemaCorpsActionRapport = z
  .object({
    action: z.enum(ACTIONS_RAPPORT_ANNUEL, {
      errorMap: (issue) => ({
        message:
          issue.code === "invalid_type" ? MESSAGES.requis : MESSAGES_RAPPORT_ANNUEL.actionInconnue,
      }),
    }),
    annee: z
      .string({ required_error: MESSAGES.requis })
      .trim()
      .regex(/^\d{4}$/, MESSAGES_RAPPORT_ANNUEL.anneeInvalide)
      .transform(Number),
    etape: z
      .enum(["1", "2", "3"], {
        errorMap: () => ({ message: MESSAGES_RAPPORT_ANNUEL.etapeInconnue }),
      })
      .transform((value) => Number(value) as NumeroEtapeRapport)
      .optional(),
    version: z.string().regex(/^\d+$/, MESSAGES.entier).transform(Number).optional(),
  })
  .superRefine((value, context) => {
    if (value.action === "MODIFIER_RAPPORT_ANNUEL" && value.etape === undefined)
      context.addIssue({
        code: "custom",
        path: ["etape"],
        message: MESSAGES_RAPPORT_ANNUEL.etapeInconnue,
      });
  });
export type CorpsActionRapport = z.output<typeof schemaCorpsActionRapport>;

// ── What the API answers ─────────────────────────────────────────────────────

/** One report in the approval's list (spec §3 Agrement `rapportAnnuelActivites`). */
export interface RapportAnnuelResume {
  annee: number;
  etat: EtatRapportAnnuel;
  /** ISO instant of the deposit, null before. */
  dateDepot: string | null;
  /**
   * Marked late for staff by the 1 April job: still
   * `nonDepose` after 31 March of annee + 1. A marker, not a state.
   */
  enRetard: boolean;
  piecesJointes: PieceJointe[];
}

/** One report in full: GET /api/agrement/{id}/rapport-annuel/{annee}, and the action's answer. */
export interface RapportAnnuel extends RapportAnnuelResume {
  /** Null while not created (CREER_RAPPORT_ANNUEL). */
  id: string | null;
  agrementId: string;
  numeroAgrement: string;
  raisonSociale: string;
  dateCreation: string | null;
  dateModification: string | null;
  /** Last day of deposit, "AAAA-MM-JJ" inclusive, Europe/Paris (31 March of annee + 1). */
  dateLimiteDepot: string;
  /** Last day a deposited report may change, "AAAA-MM-JJ" inclusive (RAA_DATE_LIMITE_MODIFICATION). */
  dateLimiteModification: string;
  /** Optimistic concurrency: send it back as `version` (409 when stale); 0 while not created. */
  version: number;
  contenu: ContenuRapportAnnuel;
  /** Steps saved so far (1, 2, 3). */
  etapesEnregistrees: NumeroEtapeRapport[];
  /** Départements of the approval's perimeter, the lines of step 1. */
  departements: { code: string; nom: string }[];
  /** What the caller may do on this report now. */
  actionsDisponibles: ActionRapportAnnuel[];
}

/** GET /api/agrement/procedure-raa. */
export interface ProcedureRapportAnnuel {
  groupes: {
    code: string;
    libelle: string;
    /** The yes/no field of step 3 that asks for this group's documents. */
    question: string;
    values: { code: string; libelle: string }[];
  }[];
  /** Upload limits (DESIGN §7): largest file in bytes, most files per type code, accepted types. */
  tailleMaxOctets: number;
  maxFichiers: number;
  typesAcceptes: string;
}
