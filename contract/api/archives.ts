/**
 * Archives of a file (spec §7 Requests): its attachments as a ZIP, and the
 * whole file (attachments, historique.csv, recap PDF). Whoever may see the
 * request may download them (DESIGN §4); any other id answers 404.
 */
import { ParametresKind, archiveZip, dossierIntrouvable } from "./composants.ts";
import { defineEndpoint } from "./endpoint.ts";

const tags = ["Demandes"] as const;

export const telechargerPiecesJointes = defineEndpoint({
  method: "get",
  path: "/:kind/:id/download-all-pj",
  summary: "Archive ZIP des pièces jointes que l'appelant peut voir",
  description: "« dossier.zip » (nom par défaut de la spécification), un dossier par rubrique.",
  tags,
  access: "authenticated",
  params: ParametresKind,
  responses: { 200: archiveZip, 404: dossierIntrouvable },
});

export const telechargerDossier = defineEndpoint({
  method: "get",
  path: "/:kind/:id/dossier",
  summary: "Archive ZIP du dossier : pièces jointes, historique.csv et récapitulatif PDF",
  description: "« <numeroDossier>_<AAAA-MM-JJ>.zip » (date du jour à Paris).",
  tags,
  access: "authenticated",
  params: ParametresKind,
  responses: { 200: archiveZip, 404: dossierIntrouvable },
});

/** Every endpoint of this file. */
export const pointsArchives = [telechargerPiecesJointes, telechargerDossier] as const;
