import { Link } from "@remix-run/react";
import type { RubriqueProcedure } from "#contract/schemas/demande";
import { LienFichier } from "./lien-fichier";

/**
 * The files of each step-3 rubric (spec §3 rubrics), under the rubric's
 * heading (`h3`, or `h4` under a section of level 3), each a download link
 * with its type and size; "Aucun fichier." for an empty rubric. One list
 * for the file page and the recaps of every type of case file.
 */
export function PiecesParRubrique({
  rubriques,
  niveauTitre = 3,
}: {
  rubriques: readonly RubriqueProcedure[];
  niveauTitre?: 3 | 4;
}) {
  const Titre = niveauTitre === 3 ? "h3" : "h4";
  return rubriques.map((rubrique) => (
    <div key={rubrique.code} className="fr-mb-3w">
      <Titre className="fr-h6 fr-mb-1w">{rubrique.libelle}</Titre>
      {rubrique.piecesJointes.length ? (
        rubrique.piecesJointes.map((piece) => <LienFichier key={piece.id} piece={piece} />)
      ) : (
        <p className="fr-text--sm">Aucun fichier.</p>
      )}
    </div>
  ));
}

/**
 * The "Modifier" link of a recap's section to its step of the form; a
 * screen reader hears which step ("Modifier l'étape « Pièces justificatives »").
 */
export function LienModifierEtape({ href, titre }: { href: string; titre: string }) {
  return (
    <Link
      className="fr-btn fr-btn--sm fr-btn--tertiary fr-icon-edit-line fr-btn--icon-left"
      to={href}
    >
      Modifier<span className="fr-sr-only"> l'étape « {titre} »</span>
    </Link>
  );
}
