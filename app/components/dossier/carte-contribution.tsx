import type { ReactNode } from "react";
import type { PieceJointe } from "#contract/schemas/demande";
import { LienFichier } from "./lien-fichier";

/**
 * One contribution to a file (an opinion, an internal note) as a small grey
 * DSFR card: `titre`, then `texte` keeping its line breaks (left out when
 * null), the `detail` line (who, when), and the attached file's download
 * link when there is one.
 */
export function CarteContribution({
  titre,
  texte,
  detail,
  pieceJointe,
}: {
  titre: ReactNode;
  texte: string | null;
  detail: ReactNode;
  pieceJointe: PieceJointe | null;
}) {
  return (
    <article className="fr-card fr-card--sm fr-card--no-arrow fr-card--grey">
      <div className="fr-card__body">
        <div className="fr-card__content">
          <h3 className="fr-card__title">{titre}</h3>
          {texte === null ? null : <p className="fr-card__desc portail-pre-line">{texte}</p>}
          <div className="fr-card__start">
            <p className="fr-card__detail">{detail}</p>
          </div>
          {pieceJointe ? (
            <div className="fr-card__end">
              <LienFichier piece={pieceJointe} />
            </div>
          ) : null}
        </div>
      </div>
    </article>
  );
}
