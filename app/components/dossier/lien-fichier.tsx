import { afficherTaille, afficherTypeFichier } from "#contract/pieces-jointes";
import type { PieceJointe } from "#contract/schemas/demande";
import { AnalyseAntivirus } from "./analyse-antivirus";

/**
 * A download link to one attachment (`/piece-jointe/{id}`, spec §7 Files)
 * with its type and size (spec §9 display), in the DSFR download markup.
 */
export function LienFichier({
  piece,
}: {
  piece: Pick<PieceJointe, "id" | "nom" | "mimeType" | "size" | "etatAntivirus">;
}) {
  return (
    <div className="fr-download fr-mb-1w">
      <p className="fr-mb-0">
        <AnalyseAntivirus piece={piece}>
          <a href={`/piece-jointe/${piece.id}`} download={piece.nom} className="fr-download__link">
            {piece.nom}
            <span className="fr-download__detail">
              {afficherTypeFichier(piece.mimeType)} – {afficherTaille(piece.size)}
            </span>
          </a>
        </AnalyseAntivirus>
      </p>
    </div>
  );
}
