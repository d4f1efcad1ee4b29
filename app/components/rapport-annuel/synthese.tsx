import { afficherTaille } from "#contract/pieces-jointes";
import {
  LIBELLES_ETAT_RAPPORT_ANNUEL,
  type ProcedureRapportAnnuel,
  type RapportAnnuel,
} from "#contract/schemas/rapport-annuel";
import { afficherDecimal } from "#contract/validation";
import { dateFr, dateHeureFr } from "~/utils/dates";
import { AnalyseAntivirus } from "~/components/dossier/analyse-antivirus";

/** DSFR badge class of each filing state (spec §4). */
export const CLASSES_ETAT_RAPPORT: Record<RapportAnnuel["etat"], string> = {
  nonDepose: "fr-badge--new",
  depose: "fr-badge--success",
  nonApplicable: "",
};

const ouiNon = (valeur: boolean | undefined) =>
  valeur === undefined ? "Non renseigné" : valeur ? "Oui" : "Non";
const nombre = (valeur: number | undefined) =>
  valeur === undefined ? "Non renseigné" : String(valeur);

/** One section of the synthesis: a titled description list. */
function Section({ titre, lignes }: { titre: string; lignes: [string, string][] }) {
  return (
    <section className="fr-mb-4w">
      <h2 className="fr-h4">{titre}</h2>
      <dl className="fr-pl-0">
        {lignes.map(([terme, valeur]) => (
          <div key={terme} className="fr-mb-1w">
            <dt className="fr-text--bold fr-mb-0">{terme}</dt>
            <dd className="fr-ml-0 fr-pl-0">{valeur}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The read-only synthesis of a report (spec §2 `/{annee}/synthese`): state
 * and deposit date, then every answer of the three steps and the documents
 * of each attachment group with their download links.
 */
export function SyntheseRapport({
  rapport,
  procedure,
}: {
  rapport: RapportAnnuel;
  procedure: ProcedureRapportAnnuel;
}) {
  const { annee, contenu } = rapport;
  const effectifs = contenu.effectifs;
  const activite = contenu.activite;
  const changements = contenu.changements;
  const nomDepartement = new Map(rapport.departements.map((d) => [d.code, d.nom]));
  return (
    <>
      <p className="fr-mb-4w">
        <span className={`fr-badge ${CLASSES_ETAT_RAPPORT[rapport.etat]}`}>
          {LIBELLES_ETAT_RAPPORT_ANNUEL[rapport.etat]}
        </span>
        {rapport.dateDepot ? <> Déposé le {dateHeureFr(rapport.dateDepot)}.</> : null} Structure :{" "}
        {rapport.raisonSociale}, agrément n° {rapport.numeroAgrement}.
      </p>
      <Section
        titre="Effectifs"
        lignes={[
          [
            `Nombre d'ETP de la structure au 31 décembre ${annee}`,
            effectifs ? afficherDecimal(effectifs.etpStructure) : "Non renseigné",
          ],
          [
            "Nombre d'ETP dédiés à l'accompagnement",
            effectifs ? afficherDecimal(effectifs.etpAccompagnement) : "Non renseigné",
          ],
          ...(effectifs?.departements ?? []).map((ligne): [string, string] => [
            `${nomDepartement.get(ligne.code) ?? ligne.code} (${ligne.code})`,
            `${afficherDecimal(ligne.realise)} ETP réalisés en ${annee}, ${afficherDecimal(ligne.previsionnel)} ETP prévisionnels en ${annee + 1}`,
          ]),
        ]}
      />
      <Section
        titre="Activité"
        lignes={[
          ["Nombre de contrats signés", nombre(activite?.nbContratsSignes)],
          ["Nombre de contrats abandonnés", nombre(activite?.nbContratsAbandonnes)],
          ["Nombre de dossiers déposés", nombre(activite?.nbDossiersDeposes)],
          [
            `Nombre d'accompagnements prévisionnels en ${annee + 1}`,
            nombre(activite?.nbAccompagnementsPrevisionnels),
          ],
          ["Sous-traitance", ouiNon(activite?.sousTraitance)],
          ...(activite?.sousTraitance
            ? ([
                ["Audits sous-traités", nombre(activite.nbSousTraitanceAudits)],
                [
                  "Prestations renforcées sous-traitées",
                  nombre(activite.nbSousTraitancePrestationsRenforcees),
                ],
                [
                  "Missions obligatoires complètes sous-traitées",
                  nombre(activite.nbSousTraitanceMissionComplete),
                ],
              ] as [string, string][])
            : []),
        ]}
      />
      <section className="fr-mb-4w">
        <h2 className="fr-h4">Changements et documents</h2>
        {procedure.groupes.map((groupe) => {
          const pieces = rapport.piecesJointes.filter((piece) =>
            groupe.values.some((valeur) => valeur.code === piece.codeTypePJ),
          );
          const reponse = changements?.[groupe.question as keyof typeof changements];
          return (
            <div key={groupe.code} className="fr-mb-2w">
              <p className="fr-text--bold fr-mb-0">{groupe.libelle}</p>
              <p className="fr-mb-1w">{ouiNon(reponse)}</p>
              {pieces.length ? (
                <ul>
                  {pieces.map((piece) => (
                    <li key={piece.id}>
                      <AnalyseAntivirus piece={piece}>
                        <a href={`/piece-jointe/${piece.id}`} className="fr-link">
                          {piece.nom}
                        </a>
                      </AnalyseAntivirus>{" "}
                      ({afficherTaille(piece.size)}, ajouté le {dateFr(piece.dateCreation)})
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          );
        })}
      </section>
    </>
  );
}
