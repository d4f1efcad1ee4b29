/**
 * What the API answers for a request (spec §3 Demande; contract/schemas/
 * demande.ts DemandeResume, DemandeDetail): derived statuses, the actions
 * this user may take, the unread-message flag, and for the detail the form's
 * content with display labels.
 */
import { eq, inArray } from "drizzle-orm";
import type { EtatComplement, EtatDemande } from "../../../contract/etats.ts";
import type {
  DemandeDetail,
  DemandeResume,
  Etape1,
  Etape2,
} from "../../../contract/schemas/demande.ts";
import {
  etapeInstruction,
  etatNormalise,
  statutSimplifie,
  type ContexteEtat,
} from "../../../contract/statuts.ts";
import type { Database } from "../../db/client.ts";
import {
  communes,
  departements,
  epcis,
  formesJuridiques,
  regions,
  servicesInstructeur,
  utilisateurs,
} from "../../db/schema.ts";
import type { UtilisateurConnecte } from "../../http/auth.ts";
import { coteDe, type DemandeRow } from "../acces.ts";
import { ressourcesAvecNouveauMessage } from "../lectures.ts";
import { actionsDisponibles, ETATS_BROUILLON_DEMANDE } from "../workflow.ts";
import { estExpireBientot, estReputeRejete } from "./delais.ts";
import { messagerieFermee } from "../messagerie.ts";

/** The step contents stored in `demande.contenu`. */
export interface ContenuDemande {
  etape1?: Etape1;
  etape2?: Etape2;
}

/** Reads `demande.contenu` as its two steps. */
export function contenuDe(demande: Pick<DemandeRow, "contenu">): ContenuDemande {
  return (demande.contenu ?? {}) as ContenuDemande;
}

/**
 * What `etatNormalise` needs besides the state (spec §4). The ongoing
 * withdrawal procedure and the completeness flag come with issue 4; until
 * then a request has neither.
 */
function contexteEtat(demande: DemandeRow): ContexteEtat {
  return {
    etat: demande.etat as EtatDemande,
    procedureEnCours: null,
    complement: (demande.complement as EtatComplement | null) ?? null,
  };
}

/** Everything a list needs computed once per call (one query for messages). */
interface ContexteLecture {
  utilisateur: UtilisateurConnecte;
  maintenant: Date;
  avecNouveauMessage: Set<string>;
  /** Names of the instructors and services the rows mention. */
  instructeurs: Map<string, { id: string; prenom: string; nom: string }>;
  services: Map<number, { id: number; nom: string }>;
}

async function contexteLecture(
  database: Database,
  utilisateur: UtilisateurConnecte,
  rows: DemandeRow[],
  maintenant: Date,
): Promise<ContexteLecture> {
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
  for (const groupe of groupes.values()) {
    const ids = await ressourcesAvecNouveauMessage(
      database,
      { utilisateurId: utilisateur.row.id, cote: groupe.cote },
      groupe.kind,
      groupe.ids,
    );
    for (const id of ids) avecNouveauMessage.add(id);
  }
  const idsInstructeurs = [...new Set(rows.flatMap((row) => row.instructeurId ?? []))];
  const idsServices = [...new Set(rows.flatMap((row) => row.serviceInstructeurId ?? []))];
  const instructeurs = new Map(
    (idsInstructeurs.length
      ? await database.db
          .select({ id: utilisateurs.id, prenom: utilisateurs.prenom, nom: utilisateurs.nom })
          .from(utilisateurs)
          .where(inArray(utilisateurs.id, idsInstructeurs))
      : []
    ).map((row) => [row.id, row]),
  );
  const services = new Map(
    (idsServices.length
      ? await database.db
          .select({ id: servicesInstructeur.id, nom: servicesInstructeur.nom })
          .from(servicesInstructeur)
          .where(inArray(servicesInstructeur.id, idsServices))
      : []
    ).map((row) => [row.id, row]),
  );
  return { utilisateur, maintenant, avecNouveauMessage, instructeurs, services };
}

function resume(row: DemandeRow, contexte: ContexteLecture): DemandeResume {
  const normalise = etatNormalise(contexteEtat(row));
  return {
    id: row.id,
    kind: row.kind,
    numeroDossier: row.numeroDossier,
    etat: row.etat as EtatDemande,
    etatNormalise: normalise,
    statutSimplifie: statutSimplifie(normalise),
    version: row.version,
    raisonSociale: row.raisonSociale,
    dateCreation: row.dateCreation.toISOString(),
    dateModification: row.dateModification.toISOString(),
    dateDepot: row.dateDepot?.toISOString() ?? null,
    dateAgrement: row.dateAgrement?.toISOString() ?? null,
    dateEcheance: row.dateEcheance,
    motifAnnulation: row.motifAnnulation,
    actionsDisponibles: actionsDisponibles(row, contexte.utilisateur, {
      reputeRejete: estReputeRejete(row, contexte.maintenant),
    }).map((action) => ({ action })),
    nouveauMessage: contexte.avecNouveauMessage.has(row.id),
    messagerie: { closed: messagerieFermee(row) },
    unreadNotifications: { note: 0 },
    demandeur: { id: row.demandeurId },
    decision: null,
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
  rows: DemandeRow[],
  maintenant: Date,
): Promise<DemandeResume[]> {
  const contexte = await contexteLecture(database, utilisateur, rows, maintenant);
  return rows.map((row) => resume(row, contexte));
}

async function noms<T extends { code: string; nom: string }>(
  charger: (codes: string[]) => Promise<T[]>,
  codes: readonly string[] | undefined,
): Promise<{ code: string; nom: string }[]> {
  if (!codes?.length) return [];
  const trouves = new Map((await charger([...codes])).map((row) => [row.code, row.nom]));
  return codes.map((code) => ({ code, nom: trouves.get(code) ?? code }));
}

/**
 * `DemandeDetail` of `row` for `utilisateur` at `maintenant`: the summary,
 * both steps, the names of the commune, legal form and perimeter, the SIREN
 * and the service instructeur.
 */
export async function versDetail(
  database: Database,
  utilisateur: UtilisateurConnecte,
  row: DemandeRow,
  maintenant: Date,
): Promise<DemandeDetail> {
  const { db } = database;
  const [base] = await versResumes(database, utilisateur, [row], maintenant);
  const { etape1, etape2 } = contenuDe(row);
  const [commune] = etape1?.commune
    ? await db.select({ nom: communes.nom }).from(communes).where(eq(communes.code, etape1.commune))
    : [];
  const [formeJuridique] = etape1?.formeJuridique
    ? await db
        .select({ libelle: formesJuridiques.libelle })
        .from(formesJuridiques)
        .where(eq(formesJuridiques.code, etape1.formeJuridique))
    : [];
  return {
    ...base,
    etape1: etape1 ?? null,
    etape2: etape2 ?? null,
    libelles: {
      commune: commune?.nom ?? null,
      formeJuridique: formeJuridique?.libelle ?? null,
      regions: await noms(
        (codes) => db.select().from(regions).where(inArray(regions.code, codes)),
        etape2?.regions,
      ),
      departements: await noms(
        (codes) =>
          db
            .select({ code: departements.code, nom: departements.nom })
            .from(departements)
            .where(inArray(departements.code, codes)),
        etape2?.departements,
      ),
      epcis: await noms(
        (codes) =>
          db
            .select({ code: epcis.code, nom: epcis.nom })
            .from(epcis)
            .where(inArray(epcis.code, codes)),
        etape2?.epcis,
      ),
      communes: await noms(
        (codes) =>
          db
            .select({ code: communes.code, nom: communes.nom })
            .from(communes)
            .where(inArray(communes.code, codes)),
        etape2?.communes,
      ),
    },
    avis: [],
    infosComplementaires: [],
    pjAdditionnelles: [],
    agrement: null,
  };
}
