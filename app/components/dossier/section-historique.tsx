import { libelleEtat } from "#contract/libelles";
import { ROLE_LABELS, type Role } from "#contract/roles";
import type { EntreeHistorique } from "#contract/schemas/demande";
import { dateHeureFr } from "~/utils/dates";
import { libelleAction } from "./actions";
import { Tableau } from "~/components/tableau";

/**
 * "Historique" (DESIGN §3 "every transition writes one history row", spec
 * §7 historique): one row per transition, newest first as the API sends
 * them: date and time (Europe/Paris), action, state before → after, who
 * acted in which role ("Système" for the deadline jobs) and the comment.
 */
export function SectionHistorique({ historique }: { historique: EntreeHistorique[] }) {
  return (
    <section id="historique" aria-labelledby="historique-titre" className="fr-mb-6w">
      <h2 id="historique-titre" className="fr-h3">
        Historique
      </h2>
      {historique.length === 0 ? (
        <p>Aucune action n'a encore été enregistrée sur ce dossier.</p>
      ) : (
        <TableauHistorique
          id="historique-tableau"
          legende="Historique du dossier"
          historique={historique}
          libelles={{ action: ({ action }) => libelleAction(action), etat: transition }}
          commentaireMultiligne
        />
      )}
    </section>
  );
}

/** Props of {@link TableauHistorique}. */
export interface TableauHistoriqueProps {
  /** Prefix of the caption's id. */
  id: string;
  legende: string;
  historique: readonly EntreeHistorique[];
  /** How the "Action" and "État" columns word an entry. */
  libelles: {
    action: (entree: EntreeHistorique) => string;
    etat: (entree: EntreeHistorique) => string;
  };
  /** The comment keeps its line breaks. */
  commentaireMultiligne?: boolean;
}

/**
 * A history as a table (a file's, an approval procedure's): one row per
 * entry in the order given, with its date and time (Europe/Paris), action,
 * state, who acted in which role ("Système" for the jobs) and comment.
 */
export function TableauHistorique({
  id,
  legende,
  historique,
  libelles,
  commentaireMultiligne,
}: TableauHistoriqueProps) {
  return (
    <Tableau id={id} legende={legende}>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Action</th>
          <th scope="col">État</th>
          <th scope="col">Par</th>
          <th scope="col">Commentaire</th>
        </tr>
      </thead>
      <tbody>
        {historique.map((entree) => (
          <tr key={entree.id}>
            <td>
              <time dateTime={entree.date}>{dateHeureFr(entree.date)}</time>
            </td>
            {/* Long labels wrap: every column stays in view at 1280 px. */}
            <td className="fr-cell--multiline">{libelles.action(entree)}</td>
            <td className="fr-cell--multiline">{libelles.etat(entree)}</td>
            <td className="fr-cell--multiline">{acteur(entree)}</td>
            <td
              className={
                commentaireMultiligne ? "fr-cell--multiline portail-pre-line" : "fr-cell--multiline"
              }
            >
              {entree.commentaire ?? ""}
            </td>
          </tr>
        ))}
      </tbody>
    </Tableau>
  );
}

/** "Déposée → Affectée"; one state alone when it did not change. */
function transition({ etatAvant, etatApres }: EntreeHistorique): string {
  if (!etatAvant && !etatApres) return "";
  if (!etatAvant || etatAvant === etatApres) return libelleEtat(etatApres ?? etatAvant ?? "");
  if (!etatApres) return libelleEtat(etatAvant);
  return `${libelleEtat(etatAvant)} → ${libelleEtat(etatApres)}`;
}

/** "Prénom Nom (Superviseur)"; "Système" for a deadline job. */
function acteur({ acteur }: EntreeHistorique): string {
  if (!acteur) return "Système";
  const role = acteur.role ? ROLE_LABELS[acteur.role as Role] : undefined;
  return `${acteur.prenom} ${acteur.nom}${role ? ` (${role})` : ""}`;
}
