/**
 * The CSV of referenced establishments (spec §9 `EtablissementsReferences.csv`):
 * its columns, and the export of the staff list
 * (`GET /api/etablissements/export`) streamed batch by batch with the
 * portal's CSV conventions (api/exports/csv.ts: `;`, BOM, header row).
 */
import type { Readable } from "node:stream";
import type { FiltresEtablissements } from "../../../contract/schemas/etablissements-liste.ts";
import { afficherDecimal } from "../../../contract/validation.ts";
import type { Database } from "../../db/client.ts";
import { fluxCsvParLots, TYPE_CSV, type ColonneCsv } from "../../exports/csv.ts";
import type { FichierEnFlux } from "../../exports/fichier.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import {
  conditionEtablissements,
  lotsEtablissements,
  type LigneEtablissementExport,
} from "./liste.ts";
import type { SQL } from "drizzle-orm";

/** File name of the list export and of the CSV inside the download ZIP (spec §9). */
export const NOM_CSV_ETABLISSEMENTS = "EtablissementsReferences.csv";

const codes = (valeurs: readonly string[]) => valeurs.join(", ");

/** Columns of the CSV, in order: identity, address, contact, staffing, perimeter (codes), referent, approval. */
export const COLONNES_ETABLISSEMENTS: readonly ColonneCsv<LigneEtablissementExport>[] = [
  { entete: "Référence", valeur: (l) => l.reference },
  { entete: "Raison sociale", valeur: (l) => l.raisonSociale },
  { entete: "Nom", valeur: (l) => l.nom },
  { entete: "Nom INSEE", valeur: (l) => l.nomInsee },
  { entete: "Nom Mon Accompagnateur Rénov'", valeur: (l) => l.nomMar },
  { entete: "SIRET", valeur: (l) => l.siret },
  { entete: "Adresse", valeur: (l) => l.adresse1 },
  { entete: "Complément d'adresse", valeur: (l) => l.adresse2 },
  { entete: "Code postal", valeur: (l) => l.codePostal },
  { entete: "Ville", valeur: (l) => l.ville },
  { entete: "Téléphone", valeur: (l) => l.tel },
  { entete: "E-mail", valeur: (l) => l.email },
  { entete: "Site internet", valeur: (l) => l.siteInternet },
  { entete: "ETP", valeur: (l) => (l.etp === null ? "" : afficherDecimal(Number(l.etp))) },
  { entete: "Régions", valeur: (l) => codes(l.perimetre.regions) },
  { entete: "Départements", valeur: (l) => codes(l.perimetre.departements) },
  { entete: "EPCI", valeur: (l) => codes(l.perimetre.epcis) },
  { entete: "Communes", valeur: (l) => codes(l.perimetre.communes) },
  {
    entete: "Référent",
    valeur: (l) =>
      l.referent ? `${l.referent.civilite} ${l.referent.prenom} ${l.referent.nom}` : "",
  },
  { entete: "E-mail du référent", valeur: (l) => l.referent?.email },
  { entete: "Téléphone du référent", valeur: (l) => l.referent?.tel },
  { entete: "Numéro d'agrément", valeur: (l) => l.numeroAgrement },
  { entete: "Date de référencement", valeur: (l) => l.jourReference },
];

/**
 * The CSV bytes of the establishments matching `where`, newest referencing
 * first, as a byte stream: the first batch is read before the stream is
 * returned, so that a database failure still answers as JSON; the rest is
 * read as the consumer pulls (at most one batch ahead).
 */
export function fluxCsvEtablissements(database: Database, where: SQL): Promise<Readable> {
  return fluxCsvParLots(COLONNES_ETABLISSEMENTS, lotsEtablissements(database, where));
}

/**
 * The file of `GET /api/etablissements/export`: every row of the list of
 * `utilisateur` for `filtres` (page and sort ignored: newest referencing
 * first) as `EtablissementsReferences.csv`, a byte stream whose first batch
 * is already read (a database failure rejects here).
 */
export async function fichierExportEtablissements(contexte: {
  database: Database;
  utilisateur: UtilisateurConnecte;
  filtres: FiltresEtablissements;
}): Promise<FichierEnFlux> {
  const { database, utilisateur, filtres } = contexte;
  const where = await conditionEtablissements(database, utilisateur, filtres);
  return {
    nomFichier: NOM_CSV_ETABLISSEMENTS,
    typeMime: TYPE_CSV,
    contenu: await fluxCsvEtablissements(database, where),
  };
}
