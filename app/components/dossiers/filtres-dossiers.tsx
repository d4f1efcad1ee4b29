import { Link } from "@remix-run/react";
import { ETATS_DEMANDE, estBrouillon, TYPES_CHANGEMENT_NOTABLE } from "#contract/etats";
import { LIBELLES_ETAT_DEMANDE } from "#contract/libelles";
import type { FiltresDemandes } from "#contract/schemas/listes";
import { ETAPES_INSTRUCTION } from "#contract/statuts";
import { CheckboxGroup } from "~/components/forms";
import {
  ChampRecherche,
  FormulaireFiltres,
  SelectFiltre,
  libelleOption,
  type OptionFiltre,
} from "~/components/listes/filtres";
import { libelleEtape } from "./badges";
import { lienFiltres, type OngletDossiers } from "./liste-params";

/** The choices of the filter form that come from the API. */
export interface OptionsFiltres {
  instructeurs: OptionFiltre[];
  services: OptionFiltre[];
  departements: OptionFiltre[];
  regions: OptionFiltre[];
  qualites: OptionFiltre[];
}

/** The choices of one filter as a loader sends them: values and labels side by side. */
export interface ChoixCompacts {
  valeurs: string[];
  libelles: string[];
}

/**
 * {@link OptionsFiltres} as the list loaders send them (ADR 0029). The
 * ≈ 250 choices (109 départements, the services…) are
 * rendered in the page's `<select>`s and sent again in the hydration data;
 * one object per choice cost each one its two keys there, ≈ 30 bytes of
 * HTML. Side by side, the data of the list page shrinks by a third.
 */
export type OptionsFiltresCompactes = Record<keyof OptionsFiltres, ChoixCompacts>;

/** The choices of `options` side by side ({@link OptionsFiltresCompactes}), in the same order. */
export function compacterOptions(options: OptionsFiltres): OptionsFiltresCompactes {
  const compacter = (choix: readonly OptionFiltre[]): ChoixCompacts => ({
    valeurs: choix.map((option) => option.valeur),
    libelles: choix.map((option) => option.libelle),
  });
  return {
    instructeurs: compacter(options.instructeurs),
    services: compacter(options.services),
    departements: compacter(options.departements),
    regions: compacter(options.regions),
    qualites: compacter(options.qualites),
  };
}

/** The choices of {@link compacterOptions} as {@link OptionsFiltres} again. */
export function deplierOptions(compactes: OptionsFiltresCompactes): OptionsFiltres {
  const deplier = ({ valeurs, libelles }: ChoixCompacts): OptionFiltre[] =>
    valeurs.map((valeur, index) => ({ valeur, libelle: libelles[index] }));
  return {
    instructeurs: deplier(compactes.instructeurs),
    services: deplier(compactes.services),
    departements: deplier(compactes.departements),
    regions: deplier(compactes.regions),
    qualites: deplier(compactes.qualites),
  };
}

/** French label of a notable-change type. */
export const LIBELLES_TYPE_CHANGEMENT: Record<(typeof TYPES_CHANGEMENT_NOTABLE)[number], string> = {
  extension_perimetre: "Extension du périmètre d'intervention",
};

/** `instructeur[]` value the API reads as "not assigned yet". */
const INSTRUCTEUR_AUCUN = "aucun";

/** The lists' default order (spec §9), left out of the URL. */
const TRI_DOSSIERS_DEFAUT: FiltresDemandes["order"] = { field: "dateDepot", direction: "desc" };

/** Choices of the state select: staff never see drafts (DESIGN §4), no filter on them. */
const CHOIX_ETATS: OptionFiltre[] = ETATS_DEMANDE.filter((etat) => !estBrouillon(etat)).map(
  (etat) => ({ valeur: etat, libelle: LIBELLES_ETAT_DEMANDE[etat] }),
);

/** Choices of the notable-change type select. */
const CHOIX_TYPES_CHANGEMENT: OptionFiltre[] = TYPES_CHANGEMENT_NOTABLE.map((type) => ({
  valeur: type,
  libelle: LIBELLES_TYPE_CHANGEMENT[type],
}));

/**
 * The active filters of a staff list as short labels (search, state, step,
 * instructor, service, quality, département, région, change type, the two
 * deadline filters), for the tags of the folded form's summary. An id the
 * options do not name shows as given.
 */
export function etiquettesFiltresDossiers(
  filtres: FiltresDemandes,
  options: OptionsFiltres,
): string[] {
  return [
    ...(filtres.query ? [`« ${filtres.query} »`] : []),
    ...filtres.etat.map((etat) => LIBELLES_ETAT_DEMANDE[etat]),
    ...filtres.etape.map((etape) => libelleEtape(etape)),
    ...filtres.instructeur.map((id) =>
      id === INSTRUCTEUR_AUCUN ? "Non affecté" : libelleOption(options.instructeurs, id),
    ),
    ...filtres.servicesInstructeur.map((id) => libelleOption(options.services, String(id))),
    ...filtres.quality.map((code) => libelleOption(options.qualites, code)),
    ...filtres.departement.map((code) => libelleOption(options.departements, code)),
    ...filtres.region.map((code) => libelleOption(options.regions, code)),
    ...filtres.type.map(
      (type) => LIBELLES_TYPE_CHANGEMENT[type as keyof typeof LIBELLES_TYPE_CHANGEMENT] ?? type,
    ),
    ...(filtres.reputesRejetes ? ["Réputés rejetés"] : []),
    ...(filtres.expireBientot ? ["Expirent bientôt"] : []),
  ];
}

/** Props of {@link FiltresDossiers}. */
export interface FiltresDossiersProps {
  onglet: OngletDossiers;
  filtres: FiltresDemandes;
  options: OptionsFiltres;
  /** This page's path, without query: where "Réinitialiser" leads. */
  chemin: string;
}

/**
 * The filter form of a staff list (spec §3 Instruction
 * dashboard filters): a plain GET form, so it works without JavaScript;
 * search (file number, company name, SIREN), state, instruction step,
 * instructor, service, quality, head office's département and région,
 * notable-change type on that tab, and the two deadline filters. The
 * current sort travels in a hidden field; the page goes back to 1.
 * "Réinitialiser" is a link to the bare page. The form is folded
 * ({@link FormulaireFiltres}: the table starts in the first screen, the
 * summary shows the active filters as tags).
 */
export function FiltresDossiers({ onglet, filtres, options, chemin }: FiltresDossiersProps) {
  const prefixe = `filtres-${onglet.segment}`;
  const select = (
    nom: keyof FiltresDemandes,
    label: string,
    tous: string,
    choix: readonly OptionFiltre[],
    valeur: string | undefined,
  ) => (
    <SelectFiltre
      id={`${prefixe}-${nom}`}
      name={`${nom}[]`}
      label={label}
      tous={tous}
      choix={choix}
      valeur={valeur}
      colonne="fr-col-12 fr-col-md-6 fr-col-lg-4"
    />
  );
  return (
    <FormulaireFiltres
      id={prefixe}
      titre="Filtrer les dossiers"
      etiquettes={etiquettesFiltresDossiers(filtres, options)}
      cle={lienFiltres(filtres)}
      chemin={chemin}
      tri={{ ordre: filtres.order, parDefaut: TRI_DOSSIERS_DEFAUT }}
      espaceBoutons={false}
    >
      <div className="fr-grid-row fr-grid-row--gutters">
        <ChampRecherche
          id={`${prefixe}-query`}
          label="Rechercher (n° de dossier, raison sociale, SIREN)"
          valeur={filtres.query}
        />
        {select("etat", "État", "Tous les états", CHOIX_ETATS, filtres.etat[0])}
        {select(
          "instructeur",
          "Instructeur",
          "Tous les instructeurs",
          [{ valeur: INSTRUCTEUR_AUCUN, libelle: "Non affecté" }, ...options.instructeurs],
          filtres.instructeur[0],
        )}
        {select(
          "servicesInstructeur",
          "Service instructeur",
          "Tous les services",
          options.services,
          filtres.servicesInstructeur[0]?.toString(),
        )}
        {select(
          "quality",
          "Qualité de la structure",
          "Toutes les qualités",
          options.qualites,
          filtres.quality[0],
        )}
        {select(
          "departement",
          "Département du siège",
          "Tous les départements",
          options.departements,
          filtres.departement[0],
        )}
        {select(
          "region",
          "Région du siège",
          "Toutes les régions",
          options.regions,
          filtres.region[0],
        )}
        {onglet.kind === "changement-notable"
          ? select(
              "type",
              "Type de changement",
              "Tous les types",
              CHOIX_TYPES_CHANGEMENT,
              filtres.type[0],
            )
          : null}
      </div>
      <FiltresEtapeEtDelai prefixe={prefixe} filtres={filtres} />
    </FormulaireFiltres>
  );
}

/**
 * The second row of a staff list's filters: the instruction steps and the
 * two deadline filters as checkboxes (ids under `prefixe`).
 */
function FiltresEtapeEtDelai({ prefixe, filtres }: { prefixe: string; filtres: FiltresDemandes }) {
  const etapes = new Set<string>(filtres.etape);
  return (
    <div className="fr-grid-row fr-grid-row--gutters">
      <div className="fr-col-12 fr-col-md-6">
        <CheckboxGroup
          id={`${prefixe}-etape`}
          legend="Étape d'instruction"
          options={ETAPES_INSTRUCTION.map((etape) => ({
            props: {
              id: `${prefixe}-etape-${etape}`,
              name: "etape[]",
              value: etape,
              defaultChecked: etapes.has(etape),
            },
            label: libelleEtape(etape),
          }))}
        />
      </div>
      <div className="fr-col-12 fr-col-md-6">
        <CheckboxGroup
          id={`${prefixe}-delai`}
          legend="Délai d'instruction"
          options={[
            {
              props: {
                id: `${prefixe}-reputesRejetes`,
                name: "reputesRejetes",
                value: "true",
                defaultChecked: filtres.reputesRejetes,
              },
              label: "Réputés rejetés uniquement",
            },
            {
              props: {
                id: `${prefixe}-expireBientot`,
                name: "expireBientot",
                value: "true",
                defaultChecked: filtres.expireBientot,
              },
              label: "Expirant bientôt uniquement",
            },
          ]}
        />
      </div>
    </div>
  );
}

/**
 * The quick filters of a staff list ("Réputés rejetés", "Expirent bientôt"):
 * links toggling one deadline filter, beside the number of results so that
 * they take no line of their own (the table in the first screen).
 */
export function FiltresRapides({ filtres }: { filtres: FiltresDemandes }) {
  return (
    <ul className="fr-tags-group fr-mb-0" aria-label="Filtres rapides">
      <li>
        <FiltreRapide
          libelle="Réputés rejetés"
          actif={filtres.reputesRejetes}
          to={lienFiltres(filtres, { reputesRejetes: !filtres.reputesRejetes, page: 1 })}
        />
      </li>
      <li>
        <FiltreRapide
          libelle="Expirent bientôt"
          actif={filtres.expireBientot}
          to={lienFiltres(filtres, { expireBientot: !filtres.expireBientot, page: 1 })}
        />
      </li>
    </ul>
  );
}

/** A quick filter: a tag link that switches one deadline filter on or off. */
function FiltreRapide({ libelle, actif, to }: { libelle: string; actif: boolean; to: string }) {
  return (
    <Link
      to={to}
      className={actif ? "fr-tag fr-tag--icon-left fr-icon-check-line" : "fr-tag"}
      aria-current={actif ? "true" : undefined}
    >
      {libelle}
      {actif ? <span className="fr-sr-only"> (filtre actif, le retirer)</span> : null}
    </Link>
  );
}
