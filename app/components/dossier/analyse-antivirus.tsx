import type { ReactNode } from "react";
import { libelleEtatAntivirus } from "#contract/antivirus";
import type { PieceJointe } from "#contract/schemas/demande";

/**
 * The download link of an attachment (`children`) once it may be opened;
 * until then its name and why there is no link (ADR 0030):
 * « Analyse antivirus en cours » while clamd has not found it clean, or
 * « Fichier bloqué : un virus a été détecté ». Every list of uploaded files
 * wraps its link in it; the API refuses the download anyway (409).
 */
export function AnalyseAntivirus({
  piece,
  children,
}: {
  piece: Pick<PieceJointe, "nom" | "etatAntivirus">;
  children: ReactNode;
}) {
  const etat = piece.etatAntivirus;
  if (!etat) return <>{children}</>;
  return (
    <span className="fr-mb-0">
      {piece.nom}{" "}
      <span
        className={`fr-badge fr-badge--sm fr-badge--no-icon ${etat === "infecte" ? "fr-badge--error" : "fr-badge--info"}`}
      >
        {libelleEtatAntivirus(etat)}
      </span>
    </span>
  );
}
