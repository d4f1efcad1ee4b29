/**
 * Archives of a file (spec §7 Requests): its attachments as a ZIP, and the
 * whole file (attachments, historique.csv, recap PDF). Whoever may see the
 * request may download them (DESIGN §4); any other id answers 404.
 */
import { ParametresKind, archiveZip, dossierIntrouvable } from "./composants.ts";
import { defineReads } from "./endpoint.ts";

const tags = ["Demandes"] as const;

const archiveDossier = defineReads({ tags, access: "authenticated", params: ParametresKind });
const reponses = { 200: archiveZip, 404: dossierIntrouvable };

export const telechargerPiecesJointes = archiveDossier(
  "/:kind/:id/download-all-pj",
  "Archive ZIP des pièces jointes que l'appelant peut voir",
  reponses,
  "« dossier.zip » (nom par défaut de la spécification), un dossier par rubrique.",
);

export const telechargerDossier = archiveDossier(
  "/:kind/:id/dossier",
  "Archive ZIP du dossier : pièces jointes, historique.csv et récapitulatif PDF",
  reponses,
  "« <numeroDossier>_<AAAA-MM-JJ>.zip » (date du jour à Paris).",
);

/** Every endpoint of this file. */
export const pointsArchives = [telechargerPiecesJointes, telechargerDossier] as const;
