import type { SubmissionResult } from "@conform-to/react";
import type { EtablissementDetail, PerimetreNomme } from "#contract/schemas/etablissement";
import { FormulairePerimetre } from "./formulaire-perimetre";
import type {
  ChoixPerimetreEtablissement,
  OptionsPerimetre,
  RecherchePerimetreEtablissement,
} from "./perimetre-etablissement";

/** What a post that did not update gives back: the form as posted, and the search if any. */
export interface ResultatPerimetre {
  cle: string;
  lastResult: SubmissionResult<string[]>;
  choix: ChoixPerimetreEtablissement;
  recherche: RecherchePerimetreEtablissement | null;
}

/** The codes and names of a perimeter, as the update form starts from them. */
function choixDe(perimetre: PerimetreNomme): ChoixPerimetreEtablissement {
  return {
    regions: perimetre.regions.map((region) => region.code),
    departements: perimetre.departements.map((departement) => departement.code),
    epcis: perimetre.epcis.map((epci) => epci.code),
    communes: perimetre.communes.map((commune) => commune.code),
    noms: {
      epcis: perimetre.epcis,
      communes: perimetre.communes.map((commune) => ({
        code: commune.code,
        nom: commune.nom,
      })),
    },
  };
}

/**
 * "Modifier le périmètre d'intervention" of an establishment (spec §5, the
 * only referencing data editable afterwards): the update form, from the
 * last post that did not update (`resultat`) or from the establishment's
 * perimeter, when `options` are given (referenced establishment, approval
 * en_cours); otherwise why it cannot be changed.
 */
export function ModificationPerimetre({
  etablissement,
  suspendu,
  options,
  resultat,
}: {
  etablissement: Pick<EtablissementDetail, "referencee" | "perimetre">;
  suspendu: boolean;
  options: OptionsPerimetre | null;
  resultat: ResultatPerimetre | null;
}) {
  return (
    <section className="fr-mb-6w" aria-labelledby="modification-perimetre-titre">
      <h2 id="modification-perimetre-titre" className="fr-h4">
        Modifier le périmètre d'intervention
      </h2>
      {options ? (
        <FormulairePerimetre
          key={resultat?.cle ?? "chargement"}
          options={options}
          choix={resultat?.choix ?? choixDe(etablissement.perimetre)}
          recherche={resultat?.recherche ?? null}
          lastResult={resultat?.lastResult ?? null}
        />
      ) : (
        <p>
          {!etablissement.referencee
            ? "Cet établissement n'est plus référencé : son périmètre ne peut plus être modifié."
            : suspendu
              ? "Votre agrément est suspendu : le périmètre ne peut pas être modifié pendant la suspension."
              : null}
        </p>
      )}
    </section>
  );
}
