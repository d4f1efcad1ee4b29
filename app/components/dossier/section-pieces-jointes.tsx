import type { TypeDossier } from "#contract/etats";
import type { PieceJointe, ProcedureDemande, RubriqueProcedure } from "#contract/schemas/demande";
import { urlDossier } from "./actions";
import { LienFichier } from "./lien-fichier";
import { PiecesParRubrique } from "./pieces-par-rubrique";

/** `/dossier/{kind}/{id}/pieces-jointes.zip`: every attachment of the file in one ZIP. */
export function urlZipPiecesJointes(kind: TypeDossier, id: string): string {
  return `${urlDossier(kind, id)}/pieces-jointes.zip`;
}

/** `/dossier/{kind}/{id}/archive.zip`: the whole file, named by its number and date. */
export function urlArchiveDossier(kind: TypeDossier, id: string): string {
  return `${urlDossier(kind, id)}/archive.zip`;
}

/**
 * "Pièces jointes" of the detail page (spec §7 Files): the
 * applicant's supporting documents by rubric, each with its download link,
 * the decision document once there is one, the recap and synthesis the
 * portal produced at the latest deposit, and the two archives
 * (`download-all-pj` ZIP and the file archive).
 */
export function SectionPiecesJointes({
  kind,
  id,
  rubriques,
  documentsDepot,
  decision,
}: {
  kind: TypeDossier;
  id: string;
  /** Rubrics of `GET /api/demande/{id}/procedure`; null when the kind has none. */
  rubriques: RubriqueProcedure[] | null;
  /** `documentsDepot` of the same procedure: the portal's recap and synthesis. */
  documentsDepot: ProcedureDemande["documentsDepot"];
  decision: PieceJointe | null;
}) {
  return (
    <section id="pieces-jointes" aria-labelledby="pieces-jointes-titre" className="fr-mb-6w">
      <h2 id="pieces-jointes-titre" className="fr-h3">
        Pièces jointes
      </h2>
      <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--icon-left">
        <li>
          <a
            className="fr-btn fr-btn--secondary fr-icon-download-line"
            href={urlZipPiecesJointes(kind, id)}
            download
          >
            Télécharger toutes les pièces (ZIP)
          </a>
        </li>
        <li>
          <a
            className="fr-btn fr-btn--secondary fr-icon-archive-line"
            href={urlArchiveDossier(kind, id)}
            download
          >
            Télécharger le dossier (archive)
          </a>
        </li>
      </ul>
      {decision ? (
        <>
          <h3 className="fr-h6 fr-mb-1w">Décision</h3>
          <LienFichier piece={decision} />
        </>
      ) : null}
      {documentsDepot.map((document) => (
        <div key={document.id} className="fr-mb-3w">
          <h3 className="fr-h6 fr-mb-1w">{document.libelle}</h3>
          <LienFichier piece={document} />
        </div>
      ))}
      {rubriques === null ? (
        <p>Ce type de dossier n'a pas de pièces justificatives par rubrique.</p>
      ) : (
        <PiecesParRubrique rubriques={rubriques} />
      )}
    </section>
  );
}
