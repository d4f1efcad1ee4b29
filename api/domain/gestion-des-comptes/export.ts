/**
 * gestionComptes.csv (spec §7 GET /api/user/accounts/export): the
 * applicant accounts the list finds with the same search and sort, read in
 * batches so that the export streams.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { libelleCourtQualite } from "../../../contract/qualites.ts";
import type { CompteTri } from "../../../contract/schemas/comptes.ts";
import type { Database } from "../../db/client.ts";
import { demandes, societes, utilisateurs } from "../../db/schema.ts";
import { fluxCsvParLots, TYPE_CSV, type ColonneCsv } from "../../exports/csv.ts";
import type { FichierEnFlux } from "../../exports/fichier.ts";

/** One exported account. */
export interface LigneExportCompte {
  raisonSociale: string | null;
  siren: string | null;
  prenom: string;
  nom: string;
  email: string;
  telephone: string | null;
  qualites: string[];
  statut: "actif" | "en_attente";
  dateCreation: Date;
  nbDemandes: number;
}

/** Columns of gestionComptes.csv, one row per applicant account. */
export const COLONNES_EXPORT_COMPTES: readonly ColonneCsv<LigneExportCompte>[] = [
  { entete: "Raison sociale", valeur: (ligne) => ligne.raisonSociale },
  { entete: "SIREN", valeur: (ligne) => ligne.siren },
  { entete: "Prénom du représentant", valeur: (ligne) => ligne.prenom },
  { entete: "Nom du représentant", valeur: (ligne) => ligne.nom },
  { entete: "Adresse électronique", valeur: (ligne) => ligne.email },
  { entete: "Téléphone", valeur: (ligne) => ligne.telephone },
  { entete: "Qualités", valeur: (ligne) => ligne.qualites.map(libelleCourtQualite).join(", ") },
  {
    entete: "Statut",
    valeur: (ligne) => (ligne.statut === "en_attente" ? "En attente de confirmation" : "Actif"),
  },
  {
    entete: "Date de création",
    valeur: (ligne) =>
      new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeZone: "Europe/Paris" }).format(
        ligne.dateCreation,
      ),
  },
  { entete: "Nombre de demandes", valeur: (ligne) => String(ligne.nbDemandes) },
];

/** Search and sort of the accounts list, which the export follows. */
interface RechercheComptes {
  query?: string;
  orderField: CompteTri;
  orderDirection: "asc" | "desc";
}

/** Accounts per batch. */
export const TAILLE_LOT_COMPTES = 500;

const COLONNES_TRI = {
  dateCreation: utilisateurs.dateCreation,
  raisonSociale: societes.raisonSociale,
  email: utilisateurs.email,
  siren: societes.siren,
} as const;

/**
 * The condition of the list's search (api/http/routes/comptes.ts): applicant
 * accounts whose company name, e-mail or full name contains `query`
 * (case-insensitive), or whose SIREN starts with its digits.
 */
export function conditionComptes(query: string | undefined): SQL {
  const conditions: SQL[] = [sql`'demandeur' = any(${utilisateurs.roles})`];
  if (query) {
    const like = `%${query.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const digits = query.replace(/\s/g, "");
    conditions.push(
      or(
        ilike(societes.raisonSociale, like),
        ilike(utilisateurs.email, like),
        ilike(sql`${utilisateurs.prenom} || ' ' || ${utilisateurs.nom}`, like),
        /^\d+$/.test(digits) ? ilike(societes.siren, `${digits}%`) : undefined,
      )!,
    );
  }
  return and(...conditions)!;
}

/**
 * The order of the accounts list and of its export: `orderField`
 * `orderDirection`, then id so that pages do not overlap.
 */
export function ordreComptes(params: Omit<RechercheComptes, "query">): SQL[] {
  const colonne = COLONNES_TRI[params.orderField];
  return [params.orderDirection === "asc" ? asc(colonne) : desc(colonne), asc(utilisateurs.id)];
}

/**
 * Batches of {@link TAILLE_LOT_COMPTES} exported accounts matching `query`,
 * sorted by `orderField` `orderDirection` then id (as the list), with the
 * number of requests of each company.
 */
export async function* lotsComptes(
  database: Database,
  params: RechercheComptes,
): AsyncGenerator<LigneExportCompte[]> {
  const { db } = database;
  const where = conditionComptes(params.query);
  for (let offset = 0; ; offset += TAILLE_LOT_COMPTES) {
    const lignes = await db
      .select({ utilisateur: utilisateurs, societe: societes })
      .from(utilisateurs)
      .leftJoin(societes, eq(societes.id, utilisateurs.societeId))
      .where(where)
      .orderBy(...ordreComptes(params))
      .limit(TAILLE_LOT_COMPTES)
      .offset(offset);
    if (!lignes.length) return;
    const societeIds = lignes.flatMap(({ societe }) => (societe ? [societe.id] : []));
    const nombres = new Map<string, number>();
    if (societeIds.length)
      for (const { societeId, n } of await db
        .select({ societeId: demandes.societeId, n: count() })
        .from(demandes)
        .where(inArray(demandes.societeId, societeIds))
        .groupBy(demandes.societeId))
        nombres.set(societeId, Number(n));
    yield lignes.map(({ utilisateur, societe }) => ({
      raisonSociale: societe?.raisonSociale ?? null,
      siren: societe?.siren ?? null,
      prenom: utilisateur.prenom,
      nom: utilisateur.nom,
      email: utilisateur.email,
      telephone: utilisateur.telephone,
      qualites: societe?.qualites ?? [],
      statut: utilisateur.statut,
      dateCreation: utilisateur.dateCreation,
      nbDemandes: societe ? (nombres.get(societe.id) ?? 0) : 0,
    }));
    if (lignes.length < TAILLE_LOT_COMPTES) return;
  }
}

/**
 * The file of `GET /api/user/accounts/export` for `params` (search and
 * sort of the list, every page): gestionComptes.csv as a byte stream, its
 * first batch already read so that a database failure rejects here.
 */
export async function fichierExportComptes(
  database: Database,
  params: RechercheComptes,
): Promise<FichierEnFlux> {
  return {
    nomFichier: "gestionComptes.csv",
    typeMime: TYPE_CSV,
    contenu: await fluxCsvParLots(COLONNES_EXPORT_COMPTES, lotsComptes(database, params)),
  };
}
