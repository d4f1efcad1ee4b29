import type { InfoComplementaire } from "#contract/schemas/complements";
import { dateFr, dateHeureFr } from "~/utils/dates";
import { Tableau } from "~/components/tableau";

/** Labels of the event kinds of spec §3 (`infoType`), as staff read them. */
const LIBELLES_INFO: Record<string, string> = {
  annulation: "Annulation",
  ANNULATION: "Annulation",
  refus: "Refus",
  complement: "Demande de pièces complémentaires",
  complement_completude: "Demande de complément pour complétude",
  edition: "Retour en édition",
  rejet_tacite: "Rejet tacite",
  accord_tacite: "Accord tacite",
};

/** Label of an `infoType`: the types starting with rejet_tacite all read "Rejet tacite". */
export function libelleInfo(infoType: string): string {
  if (infoType.toLowerCase().startsWith("rejet_tacite")) return "Rejet tacite";
  return LIBELLES_INFO[infoType] ?? infoType;
}

/**
 * "Informations complémentaires" (spec §3): requests sent to the applicant
 * (completeness, complement, edition) and events (cancellation, refusal,
 * tacit outcomes), each with its reason, date, deadline, answer date and
 * whether the deadline passed, as a DSFR table, newest first.
 */
export function SectionInfosComplementaires({ infos }: { infos: InfoComplementaire[] }) {
  const triees = [...infos].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  return (
    <section id="infos" aria-labelledby="infos-titre" className="fr-mb-6w">
      <h2 id="infos-titre" className="fr-h3">
        Informations complémentaires
      </h2>
      {triees.length === 0 ? (
        <p>Aucune information complémentaire.</p>
      ) : (
        <Tableau id="infos-tableau" legende="Informations complémentaires">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Date</th>
              <th scope="col">Motif</th>
              <th scope="col">Échéance</th>
              <th scope="col">Réponse</th>
            </tr>
          </thead>
          <tbody>
            {triees.map((info) => (
              <tr key={info.id}>
                <td className="fr-cell--multiline">{libelleInfo(info.infoType)}</td>
                <td>
                  <time dateTime={info.date}>{dateHeureFr(info.date)}</time>
                </td>
                <td className="fr-cell--multiline portail-pre-line">{info.raison ?? ""}</td>
                <td>
                  {info.dateEcheance ? dateFr(info.dateEcheance) : ""}
                  {info.delaiDepasse ? (
                    <p className="fr-badge fr-badge--sm fr-badge--warning fr-mt-1v">
                      Délai dépassé
                    </p>
                  ) : null}
                </td>
                <td>
                  {info.dateReponse ? (
                    <time dateTime={info.dateReponse}>{dateHeureFr(info.dateReponse)}</time>
                  ) : (
                    ""
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Tableau>
      )}
    </section>
  );
}
