import type { PjAdditionnelles } from "#contract/schemas/complements";
import { dateHeureFr } from "~/utils/dates";
import { LienFichier } from "./lien-fichier";

const LIBELLES_ETAT_COMPLEMENT: Record<PjAdditionnelles["etat"], string> = {
  complement_demande_depose: "Déposé",
  complement_demande_delai_depasse: "Déposé après le délai",
  en_attente: "En attente",
};

/**
 * "Compléments reçus" (spec §3 `pjAdditionnelles`, §9): the applicant's
 * answers to completeness and complement requests, highest increment first,
 * only those with at least one file, each with its date and files.
 */
export function SectionComplements({ complements }: { complements: PjAdditionnelles[] }) {
  const recus = [...complements]
    .filter((complement) => complement.piecesJointes.length > 0)
    .sort((a, b) => b.increment - a.increment);
  return (
    <section id="complements" aria-labelledby="complements-titre" className="fr-mb-6w">
      <h2 id="complements-titre" className="fr-h3">
        Compléments reçus
      </h2>
      {recus.length === 0 ? (
        <p>Aucun complément n'a été transmis par le demandeur.</p>
      ) : (
        recus.map((complement) => (
          <div key={complement.increment} className="fr-mb-3w">
            <h3 className="fr-h6 fr-mb-1w">
              Complément n° {complement.increment}
              {complement.date ? ` du ${dateHeureFr(complement.date)}` : ""}
            </h3>
            <p className="fr-text--sm fr-mb-1w">{LIBELLES_ETAT_COMPLEMENT[complement.etat]}</p>
            {complement.piecesJointes.map((piece) => (
              <LienFichier key={piece.id} piece={piece} />
            ))}
          </div>
        ))
      )}
    </section>
  );
}
