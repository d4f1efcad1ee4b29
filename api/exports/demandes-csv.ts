/**
 * CSV exports of the instruction lists (spec §7 `GET /api/demandes/export`,
 * `GET /api/changement-notable/export`): the rows the list shows for the
 * same filters, all pages, streamed batch by batch from the database.
 */
import type { Response } from "express";
import { Readable } from "node:stream";
import { libelleEtat, LIBELLES_ETAPE_INSTRUCTION } from "../../contract/libelles.ts";
import type { EtatDemande, TypeDossier } from "../../contract/etats.ts";
import { libelleQualite } from "../../contract/qualites.ts";
import type { FiltresDemandes } from "../../contract/schemas/listes.ts";
import { etapeInstruction } from "../../contract/statuts.ts";
import { afficherDate, aujourdhuiParis } from "../../contract/validation.ts";
import type { Logger } from "pino";
import type { Database } from "../db/client.ts";
import { estReputeRejete } from "../domain/demandes/delais.ts";
import { lotsDemandes, type LigneExport } from "../domain/listes/parcours.ts";
import type { UtilisateurConnecte } from "../domain/utilisateur-connecte.ts";
import { ecrivainCsvParLots, entetesCsv, ouiNon, type ColonneCsv } from "./csv.ts";
import { envoyerFlux } from "./flux.ts";

/** "Nom (code)", the code alone when the name is unknown, empty without a code. */
const nomEtCode = (nom: string | null, code: string | null) =>
  code ? (nom ? `${nom} (${code})` : code) : "";

/** Columns of the export, in order; `maintenant` dates the deemed-rejected flag. */
export function colonnesDemandes(maintenant: Date): ColonneCsv<LigneExport>[] {
  return [
    { entete: "Numéro de dossier", valeur: ({ demande }) => demande.numeroDossier },
    { entete: "Raison sociale", valeur: ({ demande }) => demande.raisonSociale },
    { entete: "SIREN", valeur: ({ demande }) => demande.siren },
    {
      entete: "Qualité",
      valeur: ({ demande }) => (demande.qualite ? libelleQualite(demande.qualite) : ""),
    },
    { entete: "État", valeur: ({ demande }) => libelleEtat(demande.etat) },
    {
      entete: "Étape d'instruction",
      valeur: ({ demande }) =>
        LIBELLES_ETAPE_INSTRUCTION[etapeInstruction(demande.etat as EtatDemande)],
    },
    {
      entete: "Département",
      valeur: ({ demande, departement }) => nomEtCode(departement, demande.codeDepartement),
    },
    { entete: "Région", valeur: ({ demande, region }) => nomEtCode(region, demande.codeRegion) },
    { entete: "Service instructeur", valeur: ({ service }) => service },
    {
      entete: "Instructeur",
      valeur: ({ instructeur }) =>
        instructeur ? `${instructeur.prenom} ${instructeur.nom}`.trim() : "",
    },
    {
      entete: "Date de dépôt",
      valeur: ({ jourDepot }) => afficherDate(jourDepot),
    },
    {
      entete: "Date limite d'instruction",
      valeur: ({ demande }) => afficherDate(demande.dateLimiteInstruction),
    },
    {
      entete: "Réputé rejeté",
      valeur: ({ demande }) => ouiNon(estReputeRejete(demande, maintenant)),
    },
  ];
}

/** File name of an export: "demandes-AAAA-MM-JJ.csv" / "changements-notables-AAAA-MM-JJ.csv". */
export function nomExport(kind: TypeDossier, maintenant: Date): string {
  const prefixe = kind === "demande" ? "demandes" : "changements-notables";
  return `${prefixe}-${aujourdhuiParis(maintenant)}.csv`;
}

/**
 * Answers the CSV export of `kind` for `utilisateur` and `filtres`. The
 * first batch is read before any header is sent, so that a refusal or a
 * database failure still answers as JSON; the rest streams with
 * backpressure, never the whole list in memory.
 */
export async function envoyerExportDemandes(
  res: Response,
  contexte: {
    database: Database;
    logger: Logger;
    utilisateur: UtilisateurConnecte;
    kind: TypeDossier;
    filtres: FiltresDemandes;
    maintenant: Date;
  },
): Promise<void> {
  const { database, logger, utilisateur, kind, filtres, maintenant } = contexte;
  const ecrire = ecrivainCsvParLots(colonnesDemandes(maintenant));
  const lots = lotsDemandes(database, utilisateur, kind, filtres, maintenant);
  const premier = await lots.next();
  // One chunk of bytes per batch (header and BOM with the first, alone for an empty list).
  async function* morceaux() {
    yield ecrire(premier.done ? [] : premier.value);
    for await (const lot of lots) yield ecrire(lot);
  }
  entetesCsv(res, nomExport(kind, maintenant));
  // Byte mode: the stream holds at most one batch ahead of the response.
  await envoyerFlux(res, logger, Readable.from(morceaux(), { objectMode: false }));
}
