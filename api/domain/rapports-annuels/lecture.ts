/**
 * Reading annual activity reports (spec §3 Agrement `rapportAnnuelActivites`,
 * "Annual report content"; ADR 0017): the stored rows of an approval, the
 * years listed with the approval, the départements of its perimeter (the
 * lines of step 1) and the full report the API answers.
 */
import { and, asc, eq, inArray, or } from "drizzle-orm";
import {
  RAA_DATE_LIMITE_MODIFICATION_DEFAUT,
  PREMIERE_ANNEE_RAPPORT_ANNUEL,
  lireJourDuMois,
  type JourDuMois,
} from "../../../contract/delais.ts";
import type {
  ActionRapportAnnuel,
  NumeroEtapeRapport,
  RapportAnnuel,
  RapportAnnuelResume,
} from "../../../contract/schemas/rapport-annuel.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import type { ApiConfig } from "../../config.ts";
import type { Database, Db } from "../../db/client.ts";
import {
  communes,
  departements,
  piecesJointes,
  rapportsAnnuelsActivite,
  retardsRapportAnnuel,
  type agrements,
} from "../../db/schema.ts";
import { versPieceJointe, type PieceJointeRow } from "../pieces-jointes.ts";
import { introuvable } from "../erreurs.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import {
  actionsRapport,
  anneeDuRapportEnCours,
  echeancesRapport,
  etatRapport,
  type SituationRapport,
} from "./regles.ts";

export type RapportRow = typeof rapportsAnnuelsActivite.$inferSelect;
type AgrementRow = typeof agrements.$inferSelect;

/** The setting RAA_DATE_LIMITE_MODIFICATION read (validated at start-up; the default otherwise). */
export function limiteModificationDe(
  config: Pick<ApiConfig, "raaDateLimiteModification">,
): JourDuMois {
  return (
    lireJourDuMois(config.raaDateLimiteModification ?? RAA_DATE_LIMITE_MODIFICATION_DEFAUT) ??
    lireJourDuMois(RAA_DATE_LIMITE_MODIFICATION_DEFAUT)!
  );
}

/** Whether `utilisateur` is an applicant of the company holding `agrement`. */
export function estTitulaire(
  utilisateur: UtilisateurConnecte,
  agrement: Pick<AgrementRow, "societeId">,
): boolean {
  return (
    utilisateur.roles.includes("demandeur") &&
    utilisateur.row.societeId !== null &&
    utilisateur.row.societeId === agrement.societeId
  );
}

/** The stored reports of `agrementId`, by year. */
export async function rapportsDe(handle: Db, agrementId: string): Promise<Map<number, RapportRow>> {
  const lignes = await handle
    .select()
    .from(rapportsAnnuelsActivite)
    .where(eq(rapportsAnnuelsActivite.agrementId, agrementId));
  return new Map(lignes.map((ligne) => [ligne.annee, ligne]));
}

/** The stored report of `agrementId` about `annee`, or null. */
export async function rapportDe(
  handle: Db,
  agrementId: string,
  annee: number,
): Promise<RapportRow | null> {
  const [ligne] = await handle
    .select()
    .from(rapportsAnnuelsActivite)
    .where(
      and(
        eq(rapportsAnnuelsActivite.agrementId, agrementId),
        eq(rapportsAnnuelsActivite.annee, annee),
      ),
    );
  return ligne ?? null;
}

/**
 * The years whose report `agrementId` is marked late (table
 * retard_rapport_annuel, written by the job of rappels.ts on 1 April):
 * `annee` only when given.
 */
export async function anneesEnRetard(
  handle: Db,
  agrementId: string,
  annee?: number,
): Promise<Set<number>> {
  const lignes = await handle
    .select({ annee: retardsRapportAnnuel.annee })
    .from(retardsRapportAnnuel)
    .where(
      and(
        eq(retardsRapportAnnuel.agrementId, agrementId),
        annee === undefined ? undefined : eq(retardsRapportAnnuel.annee, annee),
      ),
    );
  return new Set(lignes.map((ligne) => ligne.annee));
}

/** The documents of report `rapportId`, by type code then date then name. */
export async function piecesDuRapport(handle: Db, rapportId: string): Promise<PieceJointeRow[]> {
  return handle
    .select()
    .from(piecesJointes)
    .where(
      and(
        eq(piecesJointes.ressourceType, "rapport-annuel"),
        eq(piecesJointes.ressourceId, rapportId),
      ),
    )
    .orderBy(asc(piecesJointes.rubrique), asc(piecesJointes.dateCreation), asc(piecesJointes.nom));
}

/**
 * The départements of an approval's perimeter (ADR 0017): those listed,
 * those of its régions, and those of its communes and of its EPCI's
 * communes; by code.
 */
export async function departementsDuPerimetre(
  handle: Db,
  perimetre: AgrementRow["perimetre"],
): Promise<{ code: string; nom: string }[]> {
  const conditions = [
    perimetre.departements.length ? inArray(departements.code, perimetre.departements) : undefined,
    perimetre.regions.length ? inArray(departements.codeRegion, perimetre.regions) : undefined,
    perimetre.communes.length || perimetre.epcis.length
      ? inArray(
          departements.code,
          handle
            .selectDistinct({ code: communes.codeDepartement })
            .from(communes)
            .where(
              or(
                perimetre.communes.length ? inArray(communes.code, perimetre.communes) : undefined,
                perimetre.epcis.length ? inArray(communes.codeEpci, perimetre.epcis) : undefined,
              ),
            ),
        )
      : undefined,
  ].filter((condition) => condition !== undefined);
  if (!conditions.length) return [];
  return handle
    .select({ code: departements.code, nom: departements.nom })
    .from(departements)
    .where(or(...conditions))
    .orderBy(asc(departements.code));
}

/**
 * The years listed with an approval at `aujourdhui` (Paris date): from
 * the first year it owes a report (its grant year, not before 2024) to
 * the year whose report is due now, plus any year holding a stored
 * report; newest first. The year due now is always listed (nonApplicable
 * when the approval was granted after it), once 2024 is over.
 */
export function anneesListees(
  agrement: Pick<AgrementRow, "dateDebut">,
  aujourdhui: string,
  stockees: Iterable<number>,
): number[] {
  const derniere = anneeDuRapportEnCours(aujourdhui);
  const premiere = Math.max(
    PREMIERE_ANNEE_RAPPORT_ANNUEL,
    Math.min(Number(agrement.dateDebut.slice(0, 4)), derniere),
  );
  const annees = new Set<number>(stockees);
  for (let annee = premiere; annee <= derniere; annee += 1) annees.add(annee);
  return [...annees].sort((a, b) => b - a);
}

/** The situation the rules of regles.ts read. */
export function situationDe(
  agrement: AgrementRow,
  annee: number,
  rapport: RapportRow | null,
  contexte: { utilisateur: UtilisateurConnecte; maintenant: Date; limite: JourDuMois },
): SituationRapport {
  return {
    agrement,
    annee,
    rapport,
    titulaire: estTitulaire(contexte.utilisateur, agrement),
    aujourdhui: aujourdhuiParis(contexte.maintenant),
    limiteModification: contexte.limite,
  };
}

/**
 * The approval's `rapportAnnuelActivites` (years of {@link anneesListees},
 * newest first, with their state, deposit instant and documents) and its
 * report actions now: those of the year due now ({@link anneeDuRapportEnCours},
 * the only one a deadline leaves open).
 */
export async function rapportsEtActionsDe(
  database: Database,
  agrement: AgrementRow,
  contexte: { utilisateur: UtilisateurConnecte; maintenant: Date; limite: JourDuMois },
): Promise<{ rapports: RapportAnnuelResume[]; actions: ActionRapportAnnuel[] }> {
  const stockes = await rapportsDe(database.db, agrement.id);
  const aujourdhui = aujourdhuiParis(contexte.maintenant);
  const rapports = await resumesRapports(
    database.db,
    agrement,
    stockes,
    anneesListees(agrement, aujourdhui, stockes.keys()),
  );
  const annee = anneeDuRapportEnCours(aujourdhui);
  const actions = actionsRapport(
    situationDe(agrement, annee, stockes.get(annee) ?? null, contexte),
  );
  return { rapports, actions };
}

/**
 * The approval's reports about `annees` (newest first as given), from its
 * stored rows `stockes`: state, deposit instant, late marker and documents.
 */
export async function resumesRapports(
  handle: Db,
  agrement: AgrementRow,
  stockes: Map<number, RapportRow>,
  annees: readonly number[],
): Promise<RapportAnnuelResume[]> {
  const ids = [...stockes.values()].map((rapport) => rapport.id);
  const pieces = ids.length
    ? await handle
        .select()
        .from(piecesJointes)
        .where(
          and(
            eq(piecesJointes.ressourceType, "rapport-annuel"),
            inArray(piecesJointes.ressourceId, ids),
          ),
        )
        .orderBy(asc(piecesJointes.rubrique), asc(piecesJointes.dateCreation))
    : [];
  const enRetard = await anneesEnRetard(handle, agrement.id);
  return annees.map((annee) => {
    const stocke = stockes.get(annee) ?? null;
    return {
      annee,
      etat: etatRapport(agrement, annee, stocke),
      dateDepot: stocke?.dateDepot?.toISOString() ?? null,
      // The 1 April job's marker (rappels.ts): the state stays nonDepose.
      enRetard: enRetard.has(annee),
      piecesJointes: pieces
        .filter((piece) => stocke !== null && piece.ressourceId === stocke.id)
        .map(versPieceJointe),
    };
  });
}

/**
 * For GET /api/piece-jointe/{id} of a report's document (DESIGN §4): the
 * report `rapportId` belongs to an approval `utilisateur` may see
 * (`chargerAgrement`: chargerAgrementAccessible of api/domain/agrements.ts,
 * passed in to keep this module free of it); 404 otherwise.
 */
export async function verifierAccesRapport(
  database: Database,
  rapportId: string,
  chargerAgrement: (agrementId: string) => Promise<unknown>,
): Promise<void> {
  const [rapport] = await database.db
    .select({ agrementId: rapportsAnnuelsActivite.agrementId })
    .from(rapportsAnnuelsActivite)
    .where(eq(rapportsAnnuelsActivite.id, rapportId));
  if (!rapport) throw introuvable();
  await chargerAgrement(rapport.agrementId);
}

/** The steps saved in `contenu`. */
export function etapesEnregistrees(contenu: RapportRow["contenu"]): NumeroEtapeRapport[] {
  const etapes: NumeroEtapeRapport[] = [];
  if (contenu.effectifs) etapes.push(1);
  if (contenu.activite) etapes.push(2);
  if (contenu.changements) etapes.push(3);
  return etapes;
}

/**
 * The year of the report that `anneeOuId` names for approval `agrementId`
 * (spec §7 `telechargement-raa/{year or id}`): four digits are the year
 * itself; otherwise the id of one of this approval's reports. Throws
 * `introuvable` (404) for an id of no report of this approval, another's
 * included.
 */
export async function anneeDuRapport(
  database: Database,
  agrementId: string,
  anneeOuId: string,
): Promise<number> {
  if (/^\d{4}$/.test(anneeOuId)) return Number(anneeOuId);
  const [rapport] = await database.db
    .select({ annee: rapportsAnnuelsActivite.annee })
    .from(rapportsAnnuelsActivite)
    .where(
      and(
        eq(rapportsAnnuelsActivite.id, anneeOuId),
        eq(rapportsAnnuelsActivite.agrementId, agrementId),
      ),
    );
  if (!rapport) throw introuvable();
  return rapport.annee;
}

/**
 * The report about `annee` of `agrement` as the API answers it (contract
 * `RapportAnnuel`): stored or not (then id null, version 0, empty
 * content), its state, deadlines, documents, the départements of the
 * perimeter and the caller's actions now.
 */
export async function versRapportAnnuel(
  database: Database,
  agrement: AgrementRow,
  annee: number,
  contexte: { utilisateur: UtilisateurConnecte; maintenant: Date; limite: JourDuMois },
): Promise<RapportAnnuel> {
  const { db } = database;
  const rapport = await rapportDe(db, agrement.id, annee);
  const pieces = rapport ? await piecesDuRapport(db, rapport.id) : [];
  return {
    id: rapport?.id ?? null,
    agrementId: agrement.id,
    numeroAgrement: agrement.numeroAgrement,
    raisonSociale: agrement.raisonSociale,
    annee,
    etat: etatRapport(agrement, annee, rapport),
    dateDepot: rapport?.dateDepot?.toISOString() ?? null,
    enRetard: (await anneesEnRetard(db, agrement.id, annee)).has(annee),
    dateCreation: rapport?.dateCreation.toISOString() ?? null,
    dateModification: rapport?.dateModification.toISOString() ?? null,
    ...echeancesRapport(annee, contexte.limite),
    version: rapport?.version ?? 0,
    contenu: rapport?.contenu ?? {},
    etapesEnregistrees: etapesEnregistrees(rapport?.contenu ?? {}),
    departements: await departementsDuPerimetre(db, agrement.perimetre),
    piecesJointes: pieces.map(versPieceJointe),
    actionsDisponibles: actionsRapport(situationDe(agrement, annee, rapport, contexte)),
  };
}
