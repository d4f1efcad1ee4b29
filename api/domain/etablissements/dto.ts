/**
 * Rows of table etablissement as the API answers them (contract
 * `Etablissement`, `EtablissementDetail`; spec §3 Etablissement): perimeter
 * codes with their names, ISO dates, the approval's number, and the
 * history of the establishment with its French labels.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  LIBELLES_ACTIONS_ETABLISSEMENT,
  type Etablissement,
  type HistoriqueEtablissement,
} from "../../../contract/schemas/etablissement.ts";
import type { Database, Db } from "../../db/client.ts";
import { agrements, etablissements, historique, utilisateurs } from "../../db/schema.ts";
import { nommerPerimetre } from "../demandes/perimetre.ts";

/** A row of table etablissement. */
export type EtablissementRow = typeof etablissements.$inferSelect;

/** The handle's query builder (a Database or a transaction). */
function dbDe(handle: Database | Db): Db {
  return "exec" in handle ? handle.db : handle;
}

/**
 * The contract `Etablissement` of `row`, under the approval numbered
 * `numeroAgrement` (read from the database when not given).
 */
export async function versEtablissement(
  handle: Database | Db,
  row: EtablissementRow,
  numeroAgrement?: string,
): Promise<Etablissement> {
  const db = dbDe(handle);
  let numero = numeroAgrement;
  if (numero === undefined) {
    const [agrement] = await db
      .select({ numero: agrements.numeroAgrement })
      .from(agrements)
      .where(eq(agrements.id, row.agrementId));
    numero = agrement?.numero ?? "";
  }
  return {
    id: row.id,
    agrementId: row.agrementId,
    numeroAgrement: numero,
    reference: row.reference,
    raisonSociale: row.raisonSociale,
    nom: row.nom,
    nomInsee: row.nomInsee,
    nomMar: row.nomMar,
    siret: row.siret,
    adresse1: row.adresse1,
    adresse2: row.adresse2,
    codePostal: row.codePostal,
    ville: row.ville,
    codeCommune: row.codeCommune,
    tel: row.tel,
    email: row.email,
    siteInternet: row.siteInternet,
    etp: row.etp === null ? null : Number(row.etp),
    perimetre: await nommerPerimetre(db, row.perimetre),
    referent: row.referent,
    referencee: row.referencee,
    dateCreation: row.dateCreation.toISOString(),
    dateDereferencement: row.dateDereferencement?.toISOString() ?? null,
  };
}

/**
 * The history of establishment `id`, oldest first: date, action, its
 * French label, why, and who ("Prénom Nom", "Système" for a job, null when
 * the account is gone).
 */
export async function historiqueEtablissement(
  handle: Database | Db,
  id: string,
): Promise<HistoriqueEtablissement[]> {
  const db = dbDe(handle);
  const lignes = await db
    .select({
      date: historique.date,
      action: historique.action,
      commentaire: historique.commentaire,
      acteurRole: historique.acteurRole,
      prenom: utilisateurs.prenom,
      nom: utilisateurs.nom,
    })
    .from(historique)
    .leftJoin(utilisateurs, eq(utilisateurs.id, historique.acteurId))
    .where(and(eq(historique.ressourceType, "etablissement"), eq(historique.ressourceId, id)))
    .orderBy(asc(historique.date), asc(historique.id));
  return lignes.map((ligne) => ({
    date: ligne.date.toISOString(),
    action: ligne.action,
    libelle: LIBELLES_ACTIONS_ETABLISSEMENT[ligne.action] ?? ligne.action,
    commentaire: ligne.commentaire,
    auteur:
      ligne.acteurRole === "systeme"
        ? "Système"
        : ligne.nom !== null
          ? `${ligne.prenom ?? ""} ${ligne.nom}`.trim()
          : null,
  }));
}

/** The contract `Etablissement` of several rows of one approval, in their order. */
export async function versEtablissements(
  handle: Database | Db,
  rows: EtablissementRow[],
): Promise<Etablissement[]> {
  if (rows.length === 0) return [];
  const db = dbDe(handle);
  const numeros = new Map(
    (
      await db
        .select({ id: agrements.id, numero: agrements.numeroAgrement })
        .from(agrements)
        .where(inArray(agrements.id, [...new Set(rows.map((row) => row.agrementId))]))
    ).map((ligne) => [ligne.id, ligne.numero]),
  );
  return Promise.all(rows.map((row) => versEtablissement(db, row, numeros.get(row.agrementId))));
}
