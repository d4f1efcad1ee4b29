/**
 * What the staff pages say about an approval's annual activity reports
 * (ADR 0017), as pure functions of the API's data and a
 * Europe/Paris date: the addresses of the BFF downloads, when the first
 * report is due, the years the yearly export offers, the contents of a
 * report's archive.
 */
import { PREMIERE_ANNEE_RAPPORT_ANNUEL, dateLimiteRapportAnnuel } from "#contract/delais";
import { afficherTaille } from "#contract/pieces-jointes";
import type { Agrement } from "#contract/schemas/agrement";
import { afficherDate } from "#contract/validation";

/** The BFF's CSV export of the reports of a year (`?annee=AAAA`; GET /api/rapport-annuels/export). */
export const URL_EXPORT_RAPPORTS_ANNUELS = "/rapports-annuels/export.csv";

/**
 * Address of the report's ZIP (`fichier` "rapport.zip": GET
 * /api/agrement/{id}/telechargement-raa/{annee}) or synthesis PDF
 * ("synthese.pdf": …/rapport-annuel/{annee}/synthese) of the approval
 * granted on request `demandeId`, for staff.
 */
export function urlFichierRapportStaff(
  demandeId: string,
  annee: number,
  fichier: "rapport.zip" | "synthese.pdf",
): string {
  return `/dossier/demande/${encodeURIComponent(demandeId)}/rapport-annuel/${annee}/${fichier}`;
}

/**
 * The years of the yearly export's select on `aujourdhui` ("AAAA-MM-JJ",
 * Europe/Paris): from the first year reported on (2024, regulation of
 * 1 April 2024) to the previous year, whose report is due now; newest
 * first (the default). Empty before 2025.
 */
export function anneesExportRapports(aujourdhui: string): number[] {
  const annees: number[] = [];
  for (
    let annee = Number(aujourdhui.slice(0, 4)) - 1;
    annee >= PREMIERE_ANNEE_RAPPORT_ANNUEL;
    annee--
  )
    annees.push(annee);
  return annees;
}

/**
 * The year of the approval's first report when it owes none yet (ADR
 * 0017): every listed year is `nonApplicable`, the approval is not
 * withdrawn, and its first year in force (not before 2024) is after the
 * listed ones. Null when a report is already owed, or none ever will be.
 */
export function anneePremierRapport(
  agrement: Pick<Agrement, "etat" | "dateDebut" | "dateFin" | "rapportAnnuelActivites">,
): number | null {
  const rapports = agrement.rapportAnnuelActivites;
  if (agrement.etat === "retire") return null;
  if (rapports.some((rapport) => rapport.etat !== "nonApplicable")) return null;
  const premiere = Math.max(PREMIERE_ANNEE_RAPPORT_ANNUEL, Number(agrement.dateDebut.slice(0, 4)));
  if (agrement.dateFin < `${premiere}-01-01`) return null;
  if (rapports.some((rapport) => rapport.annee >= premiere)) return null;
  return premiere;
}

/**
 * The sentence of the reports' section when none is owed yet: the first
 * one, about year `annee`, is due by 31 March of the next year inclusive
 * (ADR 0017), or, with `annee` null, that the approval owes none.
 */
export function phraseAucunRapportDu(annee: number | null): string {
  if (annee === null) return "Aucun rapport annuel d'activité n'est dû au titre de cet agrément.";
  return (
    "Aucun rapport annuel d'activité n'est encore dû au titre de cet agrément : " +
    `le premier, sur l'activité de ${annee}, sera à déposer au plus tard le ` +
    `${afficherDate(dateLimiteRapportAnnuel(annee))} inclus.`
  );
}

/**
 * What a report's ZIP holds (spec §9 display of sizes): the synthesis PDF
 * and its documents, with their count and total size ("Synthèse PDF et
 * 2 documents joints (1,5 Mo)").
 */
export function contenuArchiveRapport(pieces: readonly { size: number }[]): string {
  if (!pieces.length) return "Synthèse PDF, sans document joint";
  const taille = afficherTaille(pieces.reduce((total, piece) => total + piece.size, 0));
  return pieces.length === 1
    ? `Synthèse PDF et 1 document joint (${taille})`
    : `Synthèse PDF et ${pieces.length} documents joints (${taille})`;
}
