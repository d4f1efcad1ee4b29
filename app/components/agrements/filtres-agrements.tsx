import {
  ETATS_AGREMENT,
  FILTRES_RAPPORT_ANNUEL,
  LIBELLES_ETAT_AGREMENT,
  LIBELLES_FILTRE_RAPPORT_ANNUEL,
  TRI_AGREMENTS_DEFAUT,
  type FiltresAgrements,
} from "#contract/schemas/agrements-liste";
import {
  CasesFiltre,
  ChampRecherche,
  FormulaireFiltres,
  SelectsFiltres,
} from "~/components/listes/filtres";
import { choixFiltre, libelleOption, type OptionFiltre } from "~/components/listes/options";
import { lienAgrements } from "./liste-params";

/** Props of {@link FiltresAgrementsForm}. */
export interface FiltresAgrementsProps {
  filtres: FiltresAgrements;
  services: readonly OptionFiltre[];
  qualites: readonly OptionFiltre[];
}

/** Choices of the state checkboxes and of the annual report select. */
const CHOIX_ETATS = choixFiltre(ETATS_AGREMENT, LIBELLES_ETAT_AGREMENT);
const CHOIX_RAPPORT_ANNUEL = choixFiltre(FILTRES_RAPPORT_ANNUEL, LIBELLES_FILTRE_RAPPORT_ANNUEL);

/** Labels of the `hasEtablissement` choices. */
const CHOIX_ETABLISSEMENT = [
  { valeur: "true", libelle: "Avec au moins un établissement référencé" },
  { valeur: "false", libelle: "Sans établissement référencé" },
];

/**
 * The active filters as short labels, for the summary of the folded form
 * (so that the table starts in the first screen).
 */
export function etiquettesFiltres(
  filtres: FiltresAgrements,
  services: readonly OptionFiltre[],
  qualites: readonly OptionFiltre[],
): string[] {
  return [
    ...(filtres.query ? [`« ${filtres.query} »`] : []),
    ...filtres.etat.map((etat) => LIBELLES_ETAT_AGREMENT[etat]),
    ...filtres.quality.map((code) => libelleOption(qualites, code)),
    ...filtres.servicesInstructeur.map((id) => libelleOption(services, String(id))),
    ...filtres.rapportAnnuelActivites.map((valeur) => LIBELLES_FILTRE_RAPPORT_ANNUEL[valeur]),
    ...(filtres.hasEtablissement === undefined
      ? []
      : [filtres.hasEtablissement ? "Avec établissement" : "Sans établissement"]),
  ];
}

/**
 * The filter form of the approvals list (spec §3 "Agrement list criteria"):
 * a plain GET form, so it works without JavaScript,
 * folded into a `<details>` (DSFR accordion look) whose summary lists the
 * active filters as tags, folded so that the table starts in the first
 * screen. Search (number, company,
 * SIREN), states (checkboxes), quality, service, annual report of the last
 * elapsed year, establishments. The sort travels in a hidden field; the
 * page goes back to 1. "Réinitialiser" is a link to the bare page.
 */
export function FiltresAgrementsForm({ filtres, services, qualites }: FiltresAgrementsProps) {
  return (
    <FormulaireFiltres
      id="filtres-agrements"
      titre="Rechercher et filtrer les agréments"
      etiquettes={etiquettesFiltres(filtres, services, qualites)}
      cle={lienAgrements(filtres)}
      tri={{ ordre: filtres.order, parDefaut: TRI_AGREMENTS_DEFAUT }}
    >
      <div className="fr-grid-row fr-grid-row--gutters">
        <ChampRecherche
          id="filtres-agrements-query"
          label="Rechercher (n° d'agrément, raison sociale, SIREN)"
          valeur={filtres.query}
        />
        <CasesFiltre
          prefixe="filtres-agrements"
          cle="etat"
          legend="État de l'agrément"
          choix={CHOIX_ETATS}
          valeurs={filtres.etat}
          colonne="fr-col-12"
          inline
        />
        <SelectsFiltres
          prefixe="filtres-agrements"
          colonne="fr-col-12 fr-col-md-6"
          filtres={filtres}
          selects={[
            ["quality", "Qualité de la structure", "Toutes les qualités", qualites],
            ["servicesInstructeur", "Service instructeur", "Tous les services", services],
            ["rapportAnnuelActivites", "Rapport annuel d'activité", "Tous", CHOIX_RAPPORT_ANNUEL],
            ["hasEtablissement", "Établissements", "Tous", CHOIX_ETABLISSEMENT],
          ]}
        />
      </div>
    </FormulaireFiltres>
  );
}
