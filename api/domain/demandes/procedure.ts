/**
 * Completeness of an approval request before deposit (spec §5 Deposit, §7
 * procedure, procedure-etp, canBe/depose): the step-3 rubrics with their
 * limits and files, the ETP indicators asked, and what is still missing.
 */
import { eq, sql } from "drizzle-orm";
import { anneeParis } from "../../../contract/delais.ts";
import { titreEtapeDemande } from "../../../contract/libelles.ts";
import { MESSAGES_VALIDATION } from "../../../contract/messages/index.ts";
import { perimetreVide } from "../../../contract/perimetre.ts";
import {
  ETP_MAX,
  INDICATEURS_ETP,
  LIBELLES_ETP,
  PART_ACTIVITE_MAX,
  type Manquant,
  type ProcedureDemande,
  type ProcedureEtp,
} from "../../../contract/schemas/demande.ts";
import type { ApiConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { arretes } from "../../db/schema.ts";
import type { DemandeRow } from "../acces.ts";
import { rubriquesDuDossier } from "../dossiers/rubriques.ts";
import { requetePreparee } from "../requetes-preparees.ts";
import { contenuDe } from "../../db/contenu-demande.ts";

/** Whether arrêté `id` is the one in force (ADR 0035). */
const arreteCourant = requetePreparee("procedure_arrete_courant", (db, nom) =>
  db
    .select({ current: arretes.current })
    .from(arretes)
    .where(eq(arretes.id, sql.placeholder("id")))
    .prepare(nom),
);

/** Indicators about the past year; the others are forecasts for the current year. */
const INDICATEURS_ANNEE_PASSEE = new Set(["nb_etp_struct", "nb_etp_accomp"]);

export const MESSAGES_MANQUANTS = {
  etape1: `L'étape 1 « ${titreEtapeDemande(1)} » n'a pas été enregistrée.`,
  etape2: `L'étape 2 « ${titreEtapeDemande(2)} » n'a pas été enregistrée.`,
  perimetre: MESSAGES_VALIDATION.perimetre,
  etp: "Les effectifs de la structure (ETP) doivent être renseignés.",
} as const;

/**
 * Whether the ETP figures are required for `demande`: under the arrêté in
 * force (amended version, spec §9 new regulation), yes; a draft started
 * under a superseded arrêté was not asked for them.
 */
export async function etpRequis(database: Database, demande: DemandeRow): Promise<boolean> {
  if (demande.arreteId === null) return true;
  const [arrete] = await arreteCourant(database.db).execute({ id: demande.arreteId });
  return arrete?.current ?? true;
}

/**
 * GET /api/demande/{id}/procedure-etp: ETP required under the current
 * arrêté, the optional-missions question asked, and the indicators with the
 * year each is about: the past year (N-1) for the structure's actual
 * staffing, the current year N (Europe/Paris, API clock) for the forecasts.
 */
export async function procedureEtp(
  database: Database,
  demande: DemandeRow,
  maintenant: Date,
): Promise<ProcedureEtp> {
  const annee = anneeParis(maintenant);
  const codes = [...INDICATEURS_ETP, "part_activite_previsionnelle"] as const;
  return {
    required: await etpRequis(database, demande),
    missionsFacultatives: true,
    etps: codes.map((code) => ({
      code,
      libelle: LIBELLES_ETP[code],
      annee: INDICATEURS_ANNEE_PASSEE.has(code) ? annee - 1 : annee,
      max: code === "part_activite_previsionnelle" ? PART_ACTIVITE_MAX : ETP_MAX,
    })),
  };
}

/**
 * GET /api/demande/{id}/procedure: the step-3 rubrics (limits from the
 * configuration, files of this request), which steps are complete, and
 * what still prevents the deposit, in French, step by step.
 */
export async function procedureDemande(
  database: Database,
  config: Pick<ApiConfig, "uploadMaxMo" | "uploadMaxFichiers">,
  demande: DemandeRow,
): Promise<ProcedureDemande> {
  const {
    rubriques,
    manquants: piecesManquantes,
    documentsDepot,
  } = await rubriquesDuDossier(database, config, "demande", demande);
  const manquants: Manquant[] = [];
  const { etape1, etape2 } = contenuDe(demande);
  if (!etape1 || !demande.etapesEnregistrees.includes(1))
    manquants.push({ etape: 1, message: MESSAGES_MANQUANTS.etape1 });
  if (!etape2 || !demande.etapesEnregistrees.includes(2)) {
    manquants.push({ etape: 2, message: MESSAGES_MANQUANTS.etape2 });
  } else {
    if (perimetreVide(etape2)) manquants.push({ etape: 2, message: MESSAGES_MANQUANTS.perimetre });
    const etpManquant = INDICATEURS_ETP.some((code) => etape2[code] === undefined);
    if (etpManquant && (await etpRequis(database, demande)))
      manquants.push({ etape: 2, message: MESSAGES_MANQUANTS.etp });
  }
  manquants.push(...piecesManquantes);
  const complete = (etape: 1 | 2 | 3) => !manquants.some((manquant) => manquant.etape === etape);
  return {
    rubriques,
    documentsDepot,
    etapesCompletes: { 1: complete(1), 2: complete(2), 3: complete(3) },
    manquants,
  };
}
