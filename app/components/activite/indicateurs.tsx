import type { IndicateursActivite } from "#contract/schemas/activites";
import { nombreFr as nombre } from "~/utils/nombres";

/** Props of {@link Indicateurs}. */
export interface IndicateursProps {
  indicateurs: IndicateursActivite;
}

/**
 * The headline figures of spec §9 as a grid of tiles (a list, each a label
 * and its value; the breakdowns below give the details): accounts created,
 * files deposited, approvals validated and refused, approvals granted with
 * their states, average processing days and deemed-rejected files.
 */
export function Indicateurs({ indicateurs: i }: IndicateursProps) {
  const a = i.agrementsAccordes;
  const tuiles: { id: string; libelle: string; valeur: string; detail?: string }[] = [
    { id: "comptes", libelle: "Comptes créés", valeur: nombre(i.nbCreatedUsers) },
    {
      id: "deposes",
      libelle: "Dossiers déposés",
      valeur: nombre(i.nbDemandesDeposees.total),
      detail: `dont ${nombre(i.nbDemandesDeposees.parEtape.terminated)} terminés`,
    },
    { id: "valides", libelle: "Agréments validés", valeur: nombre(i.nbDemandesValidees) },
    { id: "refuses", libelle: "Agréments refusés", valeur: nombre(i.nbDemandesRefusees) },
    {
      id: "accordes",
      libelle: "Agréments accordés",
      valeur: nombre(a.total),
      detail:
        `${nombre(a.actifs)} actifs (dont ${nombre(a.procedureEnCours)} en procédure sans suspension), ` +
        `${nombre(a.suspendus)} suspendus, ${nombre(a.retires)} retirés`,
    },
    {
      id: "delai",
      libelle: "Délai moyen de traitement",
      valeur:
        i.nbJoursTraitement.moyenne === null ? "–" : `${nombre(i.nbJoursTraitement.moyenne)} jours`,
      detail: `sur ${nombre(i.nbJoursTraitement.nbDecisions)} décisions`,
    },
    { id: "reputes", libelle: "Dossiers réputés rejetés", valeur: nombre(i.nbReputesRejetes) },
    {
      id: "services",
      libelle: "Services instructeurs concernés",
      valeur: nombre(i.nbDossiersInstructeurs.length),
    },
  ];
  return (
    <ul className="fr-grid-row fr-grid-row--gutters fr-raw-list" aria-label="Indicateurs">
      {tuiles.map((tuile) => (
        <li key={tuile.id} className="fr-col-6 fr-col-lg-3">
          <div className="fr-tile fr-tile--sm" id={`indicateur-${tuile.id}`}>
            <div className="fr-tile__body">
              <div className="fr-tile__content">
                <p className="fr-tile__title">{tuile.libelle}</p>
                <p className="fr-h3 fr-mb-0">{tuile.valeur}</p>
                {tuile.detail ? <p className="fr-tile__detail">{tuile.detail}</p> : null}
              </div>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
