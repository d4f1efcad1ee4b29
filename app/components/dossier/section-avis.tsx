import type { Avis } from "#contract/schemas/avis";
import { LIBELLES_AVIS, LIBELLES_TYPE_AVIS } from "#contract/schemas/avis";
import { dateFr, dateHeureFr } from "~/utils/dates";
import { CarteContribution } from "./carte-contribution";
import { severiteAvis } from "./severite-avis";

/**
 * "Avis" of the detail page (spec §3 Opinion): each opinion with its type,
 * value (a badge coloured as spec §4 says), author, date, comment, deadline
 * and attachment, oldest first.
 */
export function SectionAvis({ avis }: { avis: Avis[] }) {
  const tries = [...avis].sort((a, b) => Date.parse(a.dateAvis) - Date.parse(b.dateAvis));
  return (
    <section id="avis" aria-labelledby="avis-titre" className="fr-mb-6w">
      <h2 id="avis-titre" className="fr-h3">
        Avis
      </h2>
      {tries.length === 0 ? (
        <p>Aucun avis n'a encore été rendu sur ce dossier.</p>
      ) : (
        <ul className="fr-raw-list">
          {tries.map((item) => (
            <li key={item.id} className="fr-mb-3w">
              <CarteContribution
                titre={
                  <>
                    {LIBELLES_TYPE_AVIS[item.typeAvis] ?? item.typeAvis} :{" "}
                    <ValeurAvis valeur={item.valeur} />
                  </>
                }
                texte={item.commentaire || null}
                detail={
                  // One span: the detail line is a flex box, which drops the spaces
                  // between its text and the <time> element.
                  <span>
                    {item.auteur ? `${item.auteur.prenom} ${item.auteur.nom}, le ` : "Le "}
                    <time dateTime={item.dateAvis}>{dateHeureFr(item.dateAvis)}</time>
                    {item.dateEcheance ? ` (échéance : ${dateFr(item.dateEcheance)})` : ""}
                  </span>
                }
                pieceJointe={item.pieceJointe}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** An opinion's value: its label, in a badge of the spec §4 colour when it has one. */
function ValeurAvis({ valeur }: { valeur: string }) {
  const libelle = LIBELLES_AVIS[valeur as keyof typeof LIBELLES_AVIS] ?? valeur;
  const severite = severiteAvis(valeur);
  if (!severite) return <>{libelle}</>;
  return (
    <span className={`fr-badge fr-badge--sm fr-badge--no-icon fr-badge--${severite}`}>
      {libelle}
    </span>
  );
}
