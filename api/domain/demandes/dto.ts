/**
 * What the API answers for a request (spec §3 Demande; contract/schemas/
 * demande.ts DemandeResume, DemandeDetail): derived statuses, the actions
 * this user may take, the unread-message flag, and for the detail the form's
 * content with display labels.
 */
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import type {
  EtatComplement,
  EtatDemande,
  TypeAvis,
  TypeProcedureAgrement,
  ValeurAvis,
} from "../../../contract/etats.ts";
import type {
  DemandeDetail,
  DemandeResume,
  PieceJointe,
} from "../../../contract/schemas/demande.ts";
import type { Agrement } from "../../../contract/schemas/agrement.ts";
import type { Avis } from "../../../contract/schemas/avis.ts";
import type {
  InfoComplementaire,
  PjAdditionnelles,
} from "../../../contract/schemas/complements.ts";
import {
  etapeInstruction,
  etatNormalise,
  statutSimplifie,
  type ContexteEtat,
} from "../../../contract/statuts.ts";
import type { Database } from "../../db/client.ts";
import {
  agrements,
  avis,
  communes,
  demandes,
  formesJuridiques,
  historique,
  infosComplementaires,
  piecesJointes,
  proceduresAgrement,
  servicesInstructeur,
  utilisateurs,
} from "../../db/schema.ts";
import { versPieceJointe } from "../pieces-jointes.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { coteDe, type DemandeRow } from "../acces.ts";
import { versAgrement } from "../agrements.ts";
import { ressourcesAvecNouveauMessage } from "../lectures.ts";
import { notesNonLues } from "../notes.ts";
import { deLaRessource, parmiLesIds, requetePreparee } from "../requetes-preparees.ts";
import { actionsDisponibles, ETATS_BROUILLON_DEMANDE } from "../workflow.ts";
import { estExpireBientot, estReputeRejete } from "./delais.ts";
import { contenuDe } from "../../db/contenu-demande.ts";
import { contenuExtensionDe, perimetreDemandeDe } from "../changements-notables/contenu.ts";
import { messagerieFermee } from "../messagerie.ts";
import { nommerPerimetre } from "./perimetre.ts";

/**
 * Columns of `demande` a summary never reads: the form's content (JSON)
 * and the search texts. A list does not load them.
 */
const HORS_RESUME = [
  "contenu",
  "etapesEnregistrees",
  "numeroDossierRecherche",
  "raisonSocialeRecherche",
] as const;
type HorsResume = (typeof HORS_RESUME)[number];

/** What {@link versResumes} reads of a request: every column but {@link HORS_RESUME}. */
export type LigneResume = Omit<DemandeRow, HorsResume>;

/** The columns of a {@link LigneResume}, for `select(COLONNES_RESUME)`. */
export const COLONNES_RESUME = Object.fromEntries(
  Object.entries(getTableColumns(demandes)).filter(
    ([cle]) => !(HORS_RESUME as readonly string[]).includes(cle),
  ),
) as Omit<(typeof demandes)["_"]["columns"], HorsResume>;

/**
 * What `etatNormalise` needs besides the state (spec §4): the type of the
 * approval's ongoing withdrawal procedure (read once per list) and the
 * answer flag of the latest completeness or supplement request.
 */
function contexteEtat(
  demande: LigneResume,
  procedures: Map<string, TypeProcedureAgrement>,
): ContexteEtat {
  const type = demande.agrementId ? procedures.get(demande.agrementId) : undefined;
  return {
    etat: demande.etat as EtatDemande,
    procedureEnCours: type ? { type } : null,
    complement: (demande.complement as EtatComplement | null) ?? null,
  };
}

/**
 * Everything a list needs, computed once per call with one query per kind
 * of data (never one per row).
 */
interface ContexteLecture {
  utilisateur: UtilisateurConnecte;
  maintenant: Date;
  avecNouveauMessage: Set<string>;
  /** Names of the instructors and services the rows mention. */
  instructeurs: Map<string, { id: string; prenom: string; nom: string }>;
  services: Map<number, { id: number; nom: string }>;
  /** Decision documents of the rows, by attachment id. */
  decisions: Map<string, PieceJointe>;
  /** Type of the ongoing withdrawal procedure, by approval id. */
  procedures: Map<string, TypeProcedureAgrement>;
  /** Notes written by others since the reader last read them (staff only), by request id. */
  notesNonLues: Map<string, number>;
  /** Suspension and withdrawal dates of the procedures opened on each request, by request id. */
  datesProcedures: Map<string, DatesProcedures>;
}

/** What the procedures opened on one request tell its summary (spec §3 Demande). */
interface DatesProcedures {
  dateNotificationSuspension: string | null;
  dateDecisionRetrait: string | null;
}

// The fixed reads of a summary and of the detail, prepared (ADR 0035). A list of ids
// is one array parameter (`= any`), so that the SQL is the same for any number of rows.

/** The procedures opened on the requests of `ids`, oldest first. */
const proceduresDesDemandes = requetePreparee("resume_procedures_des_demandes", (db, nom) =>
  db
    .select({
      demandeId: proceduresAgrement.demandeId,
      type: proceduresAgrement.type,
      decision: proceduresAgrement.decision,
      dateNotification: proceduresAgrement.dateNotification,
      dateDecision: proceduresAgrement.dateDecision,
    })
    .from(proceduresAgrement)
    .where(parmiLesIds(proceduresAgrement.demandeId))
    .orderBy(asc(proceduresAgrement.id))
    .prepare(nom),
);

/** Names of the users of `ids`. */
const nomsUtilisateurs = requetePreparee("resume_noms_utilisateurs", (db, nom) =>
  db
    .select({ id: utilisateurs.id, prenom: utilisateurs.prenom, nom: utilisateurs.nom })
    .from(utilisateurs)
    .where(parmiLesIds(utilisateurs.id))
    .prepare(nom),
);

/** Names of the services of `ids`. */
const nomsServices = requetePreparee("resume_noms_services", (db, nom) =>
  db
    .select({ id: servicesInstructeur.id, nom: servicesInstructeur.nom })
    .from(servicesInstructeur)
    .where(parmiLesIds(servicesInstructeur.id))
    .prepare(nom),
);

/** The attachments of `ids`. */
const piecesJointesParId = requetePreparee("resume_pieces_jointes", (db, nom) =>
  db.select().from(piecesJointes).where(parmiLesIds(piecesJointes.id)).prepare(nom),
);

/** The type of the procedure under way on each approval of `ids`. */
const proceduresEnCoursDe = requetePreparee("resume_procedures_en_cours", (db, nom) =>
  db
    .select({ agrementId: proceduresAgrement.agrementId, type: proceduresAgrement.type })
    .from(proceduresAgrement)
    .where(and(parmiLesIds(proceduresAgrement.agrementId), eq(proceduresAgrement.etat, "en_cours")))
    .prepare(nom),
);

/** The name of commune `code`. */
const nomCommune = requetePreparee("detail_nom_commune", (db, nom) =>
  db
    .select({ nom: communes.nom })
    .from(communes)
    .where(eq(communes.code, sql.placeholder("code")))
    .prepare(nom),
);

/** The label of legal form `code`. */
const libelleFormeJuridique = requetePreparee("detail_forme_juridique", (db, nom) =>
  db
    .select({ libelle: formesJuridiques.libelle })
    .from(formesJuridiques)
    .where(eq(formesJuridiques.code, sql.placeholder("code")))
    .prepare(nom),
);

/** The opinions on a resource with author and file, oldest first; `decideurSeul`: only avis_decideur. */
const avisDeRessource = (decideurSeul: boolean) =>
  requetePreparee(decideurSeul ? "detail_avis_decideur" : "detail_avis", (db, nom) =>
    db
      .select({ avis, prenom: utilisateurs.prenom, nom: utilisateurs.nom, piece: piecesJointes })
      .from(avis)
      .leftJoin(utilisateurs, eq(utilisateurs.id, avis.auteurId))
      .leftJoin(piecesJointes, eq(piecesJointes.id, avis.pieceJointeId))
      .where(
        and(deLaRessource(avis), decideurSeul ? eq(avis.typeAvis, "avis_decideur") : undefined),
      )
      .orderBy(asc(avis.dateAvis), asc(avis.id))
      .prepare(nom),
  );
const tousLesAvis = avisDeRessource(false);
const avisDuDecideur = avisDeRessource(true);

/** The complementary information of a resource, oldest first. */
const infosDeRessource = requetePreparee("detail_infos_complementaires", (db, nom) =>
  db
    .select()
    .from(infosComplementaires)
    .where(deLaRessource(infosComplementaires))
    .orderBy(asc(infosComplementaires.date), asc(infosComplementaires.id))
    .prepare(nom),
);

/** The files brought by the DONNER_COMPLEMENT of a resource, in the order given. */
const complementsDeRessource = requetePreparee("detail_pj_additionnelles", (db, nom) =>
  db
    .select({ historiqueId: historique.id, date: historique.date, piece: piecesJointes })
    .from(historique)
    .innerJoin(piecesJointes, eq(piecesJointes.historiqueId, historique.id))
    .where(and(deLaRessource(historique), eq(historique.action, "DONNER_COMPLEMENT")))
    .orderBy(asc(historique.date), asc(historique.id), asc(piecesJointes.dateCreation))
    .prepare(nom),
);

/** Approval `id`. */
const agrementParId = requetePreparee("detail_agrement", (db, nom) =>
  db
    .select()
    .from(agrements)
    .where(eq(agrements.id, sql.placeholder("id")))
    .prepare(nom),
);

/**
 * Suspension and withdrawal dates of the withdrawal procedures opened on
 * `rows` (procedure_agrement.demande_id), in one query: the notification
 * date of the latest procedure with suspension, and the decision date of
 * the procedure that withdrew the approval. Only rows carrying an approval
 * can have procedures.
 */
async function datesProceduresDe(
  database: Database,
  rows: LigneResume[],
): Promise<Map<string, DatesProcedures>> {
  const ids = rows.flatMap((row) => (row.agrementId ? [row.id] : []));
  const dates = new Map<string, DatesProcedures>();
  if (!ids.length) return dates;
  const lignes = await proceduresDesDemandes(database.db).execute({ ids });
  for (const ligne of lignes) {
    if (!ligne.demandeId) continue;
    const courant = dates.get(ligne.demandeId) ?? {
      dateNotificationSuspension: null,
      dateDecisionRetrait: null,
    };
    // Oldest first: a later procedure overrides an earlier one's dates.
    if (ligne.type === "retrait_avec_suspension" && ligne.dateNotification)
      courant.dateNotificationSuspension = ligne.dateNotification;
    if (ligne.decision === "agrement_retire" && ligne.dateDecision)
      courant.dateDecisionRetrait = ligne.dateDecision;
    dates.set(ligne.demandeId, courant);
  }
  return dates;
}

async function contexteLecture(
  database: Database,
  utilisateur: UtilisateurConnecte,
  rows: LigneResume[],
  maintenant: Date,
): Promise<ContexteLecture> {
  const { db } = database;
  const avecNouveauMessage = new Set<string>();
  // A reader stands on one side per request; group the ids by side and kind.
  const groupes = new Map<
    string,
    { cote: "demandeur" | "instruction"; kind: DemandeRow["kind"]; ids: string[] }
  >();
  for (const row of rows) {
    if (ETATS_BROUILLON_DEMANDE.includes(row.etat as EtatDemande)) continue;
    const cote = coteDe(utilisateur, row);
    if (cote === "lecture") continue;
    const cle = `${cote}:${row.kind}`;
    const groupe = groupes.get(cle) ?? { cote, kind: row.kind, ids: [] };
    groupe.ids.push(row.id);
    groupes.set(cle, groupe);
  }
  const notesNonLuesParId = new Map<string, number>();
  const lireGroupe = async (groupe: {
    cote: "demandeur" | "instruction";
    kind: DemandeRow["kind"];
    ids: string[];
  }) => {
    const [ids, nonLues] = await Promise.all([
      ressourcesAvecNouveauMessage(
        database,
        { utilisateurId: utilisateur.row.id, cote: groupe.cote },
        groupe.kind,
        groupe.ids,
      ),
      // Notes are internal to the instruction: the applicant's side never counts them.
      groupe.cote === "instruction"
        ? notesNonLues(database, utilisateur.row.id, groupe.kind, groupe.ids)
        : new Map<string, number>(),
    ]);
    for (const id of ids) avecNouveauMessage.add(id);
    for (const [id, nombre] of nonLues) notesNonLuesParId.set(id, nombre);
  };
  const idsInstructeurs = [...new Set(rows.flatMap((row) => row.instructeurId ?? []))];
  const idsServices = [...new Set(rows.flatMap((row) => row.serviceInstructeurId ?? []))];
  const idsDecisions = [...new Set(rows.flatMap((row) => row.decisionPieceJointeId ?? []))];
  // Independent reads: on PostgreSQL they run at once on the pool's connections.
  const [, lignesInstructeurs, lignesServices, lignesDecisions, procedures, datesProcedures] =
    await Promise.all([
      Promise.all([...groupes.values()].map(lireGroupe)),
      idsInstructeurs.length ? nomsUtilisateurs(db).execute({ ids: idsInstructeurs }) : [],
      idsServices.length ? nomsServices(db).execute({ ids: idsServices }) : [],
      idsDecisions.length ? piecesJointesParId(db).execute({ ids: idsDecisions }) : [],
      proceduresEnCours(database, rows),
      datesProceduresDe(database, rows),
    ]);
  return {
    utilisateur,
    maintenant,
    avecNouveauMessage,
    instructeurs: new Map(lignesInstructeurs.map((row) => [row.id, row])),
    services: new Map(lignesServices.map((row) => [row.id, row])),
    decisions: new Map(lignesDecisions.map((row) => [row.id, versPieceJointe(row)])),
    procedures,
    notesNonLues: notesNonLuesParId,
    datesProcedures,
  };
}

function resume(row: LigneResume, contexte: ContexteLecture): DemandeResume {
  const normalise = etatNormalise(contexteEtat(row, contexte.procedures));
  return {
    id: row.id,
    kind: row.kind,
    numeroDossier: row.numeroDossier,
    // The request's own deposit number (contract DemandeResume.numeroDemande).
    numeroDemande: row.numeroDossier,
    etat: row.etat as EtatDemande,
    etatNormalise: normalise,
    statutSimplifie: statutSimplifie(normalise),
    version: row.version,
    raisonSociale: row.raisonSociale,
    dateCreation: row.dateCreation.toISOString(),
    dateModification: row.dateModification.toISOString(),
    dateDepot: row.dateDepot?.toISOString() ?? null,
    dateAgrement: row.dateAgrement?.toISOString() ?? null,
    dateOctroi: row.dateOctroi?.toISOString() ?? null,
    dateNotificationSuspension:
      contexte.datesProcedures.get(row.id)?.dateNotificationSuspension ?? null,
    dateDecisionRetrait: contexte.datesProcedures.get(row.id)?.dateDecisionRetrait ?? null,
    // No change type the portal offers removes documents of the approval.
    impactChangement: row.kind === "changement-notable" ? { pjSupprimees: [] } : null,
    dateEcheance: row.dateEcheance,
    motifAnnulation: row.motifAnnulation,
    actionsDisponibles: actionsDisponibles(row, contexte.utilisateur, {
      reputeRejete: estReputeRejete(row, contexte.maintenant),
    }).map((action) => ({ action })),
    nouveauMessage: contexte.avecNouveauMessage.has(row.id),
    messagerie: { closed: messagerieFermee(row) },
    unreadNotifications: { note: contexte.notesNonLues.get(row.id) ?? 0 },
    demandeur: { id: row.demandeurId },
    decision: row.decisionPieceJointeId
      ? (contexte.decisions.get(row.decisionPieceJointeId) ?? null)
      : null,
    etapeInstruction: etapeInstruction(row.etat as EtatDemande),
    dateLimiteInstruction: row.dateLimiteInstruction,
    delaiSuspendu: row.suspenduDepuis !== null,
    expireBientot: estExpireBientot(row, contexte.maintenant),
    reputeRejete: estReputeRejete(row, contexte.maintenant),
    siren: row.siren,
    qualite: row.qualite,
    codeDepartement: row.codeDepartement,
    codeRegion: row.codeRegion,
    serviceInstructeur:
      row.serviceInstructeurId === null
        ? null
        : (contexte.services.get(row.serviceInstructeurId) ?? null),
    instructeur:
      row.instructeurId === null ? null : (contexte.instructeurs.get(row.instructeurId) ?? null),
    typeChangement: row.typeChangement,
    dateAvisDecideur: row.dateAvisDecideur?.toISOString() ?? null,
  };
}

/**
 * `DemandeResume` of each row as `utilisateur` sees it at `maintenant`
 * (horloge), in the given order. The caller has checked he may see them.
 */
export async function versResumes(
  database: Database,
  utilisateur: UtilisateurConnecte,
  rows: LigneResume[],
  maintenant: Date,
): Promise<DemandeResume[]> {
  const contexte = await contexteLecture(database, utilisateur, rows, maintenant);
  return rows.map((row) => resume(row, contexte));
}

/** The author's name of an opinion, null for a deleted account. */
function auteur(prenom: string | null, nom: string | null) {
  return prenom !== null && nom !== null ? { prenom, nom } : null;
}

/**
 * Opinions on `row` (spec §3 Opinion), oldest first: every type for the
 * instruction side and central staff, only the decision (avis_decideur)
 * for the applicant; with author and attached file.
 */
async function avisDe(
  database: Database,
  utilisateur: UtilisateurConnecte,
  row: DemandeRow,
): Promise<Avis[]> {
  const requete = coteDe(utilisateur, row) === "demandeur" ? avisDuDecideur : tousLesAvis;
  const lignes = await requete(database.db).execute({ kind: row.kind, id: row.id });
  return lignes.map((ligne) => ({
    id: ligne.avis.id,
    typeAvis: ligne.avis.typeAvis as TypeAvis,
    valeur: ligne.avis.valeur as ValeurAvis,
    commentaire: ligne.avis.commentaire,
    dateAvis: ligne.avis.dateAvis.toISOString(),
    dateEcheance: ligne.avis.dateEcheance,
    revision: ligne.avis.revision,
    auteur: auteur(ligne.prenom, ligne.nom),
    pieceJointe: ligne.piece ? versPieceJointe(ligne.piece) : null,
  }));
}

/** Complementary information of `row` (spec §3), oldest first. */
async function infosDe(database: Database, row: DemandeRow): Promise<InfoComplementaire[]> {
  const lignes = await infosDeRessource(database.db).execute({ kind: row.kind, id: row.id });
  return lignes.map((ligne) => ({
    id: ligne.id,
    infoType: ligne.infoType,
    raison: ligne.raison,
    date: ligne.date.toISOString(),
    dateEcheance: ligne.dateEcheance,
    dateReponse: ligne.dateReponse?.toISOString() ?? null,
    delaiDepasse: ligne.delaiDepasse,
  }));
}

/**
 * The applicant's answers to completeness and supplement requests (spec §3
 * `pjAdditionnelles`, §9): one group per DONNER_COMPLEMENT that brought
 * files, numbered 1… in the order given, returned highest first (the file
 * detail and GET /api/{kind}/{id}/pieces-jointes-additionnelles).
 */
export async function pjAdditionnellesDe(
  database: Database,
  row: DemandeRow,
): Promise<PjAdditionnelles[]> {
  const lignes = await complementsDeRessource(database.db).execute({ kind: row.kind, id: row.id });
  const groupes = new Map<number, PjAdditionnelles>();
  for (const ligne of lignes) {
    const groupe = groupes.get(ligne.historiqueId) ?? {
      increment: groupes.size + 1,
      etat: "complement_demande_depose" as const,
      date: ligne.date.toISOString(),
      piecesJointes: [],
    };
    groupe.piecesJointes.push(versPieceJointe(ligne.piece));
    groupes.set(ligne.historiqueId, groupe);
  }
  return [...groupes.values()].sort((a, b) => b.increment - a.increment);
}

/** The approval granted on `row`, if any. */
async function agrementDe(database: Database, row: DemandeRow): Promise<Agrement | null> {
  if (!row.agrementId) return null;
  const [agrement] = await agrementParId(database.db).execute({ id: row.agrementId });
  return agrement ? versAgrement(database, agrement) : null;
}

/**
 * `DemandeDetail` of `row` for `utilisateur` at `maintenant`: the summary,
 * both steps, the names of the commune, legal form and perimeter, the
 * opinions (the applicant sees only the decision), the complementary
 * information, the applicant's additional files and the approval granted.
 */
export async function versDetail(
  database: Database,
  utilisateur: UtilisateurConnecte,
  row: DemandeRow,
  maintenant: Date,
): Promise<DemandeDetail> {
  const { db } = database;
  const { etape1, etape2 } = contenuDe(row);
  // Independent reads: on PostgreSQL they run at once on the pool's connections.
  const [
    [base],
    [commune],
    [formeJuridique],
    perimetre,
    avisLus,
    infos,
    pjAdditionnelles,
    agrement,
  ] = await Promise.all([
    versResumes(database, utilisateur, [row], maintenant),
    etape1?.commune ? nomCommune(db).execute({ code: etape1.commune }) : [],
    etape1?.formeJuridique
      ? libelleFormeJuridique(db).execute({ code: etape1.formeJuridique })
      : [],
    // A perimeter extension names the perimeter it adds (ADR 0020).
    nommerPerimetre(database, etape2 ?? perimetreDemandeDe(row)),
    avisDe(database, utilisateur, row),
    infosDe(database, row),
    pjAdditionnellesDe(database, row),
    agrementDe(database, row),
  ]);
  return {
    ...base,
    etape1: etape1 ?? null,
    etape2: etape2 ?? null,
    libelles: {
      commune: commune?.nom ?? null,
      formeJuridique: formeJuridique?.libelle ?? null,
      ...perimetre,
    },
    avis: avisLus,
    infosComplementaires: infos,
    pjAdditionnelles,
    agrement,
    ...(row.kind === "changement-notable"
      ? { contenu: { extension: contenuExtensionDe(row) } }
      : {}),
  };
}

/**
 * The type of the procedure under way on the approval of each request of
 * `rows` in agrement_procedure_en_cours (spec §4: only such a request reads
 * its procedure, for `etatNormalise`), by approval id, in one query; the
 * other requests are not looked up.
 */
export async function proceduresEnCours(
  database: Database,
  rows: readonly { etat: string; agrementId: string | null }[],
): Promise<Map<string, TypeProcedureAgrement>> {
  const idsAgrements = [
    ...new Set(
      rows.flatMap((row) =>
        row.etat === "agrement_procedure_en_cours" && row.agrementId ? [row.agrementId] : [],
      ),
    ),
  ];
  if (idsAgrements.length === 0) return new Map();
  const lignes = await proceduresEnCoursDe(database.db).execute({ ids: idsAgrements });
  return new Map(lignes.map((ligne) => [ligne.agrementId, ligne.type as TypeProcedureAgrement]));
}
