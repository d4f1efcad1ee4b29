import { Form, Link } from "@remix-run/react";
import { ETATS_DEMANDE, estBrouillon, TYPES_CHANGEMENT_NOTABLE } from "#contract/etats";
import { LIBELLES_ETAT_DEMANDE } from "#contract/libelles";
import type { FiltresDemandes } from "#contract/schemas/listes";
import { ETAPES_INSTRUCTION } from "#contract/statuts";
import { CheckboxGroup, Field, SelectField } from "~/components/forms";
import { libelleEtape } from "./badges";
import { lienFiltres, type OngletDossiers } from "./liste-params";

/** One choice of a filter select. */
export interface OptionFiltre {
  valeur: string;
  libelle: string;
}

/** The choices of the filter form that come from the API. */
export interface OptionsFiltres {
  instructeurs: OptionFiltre[];
  services: OptionFiltre[];
  departements: OptionFiltre[];
  regions: OptionFiltre[];
  qualites: OptionFiltre[];
}

/** French label of a notable-change type. */
export const LIBELLES_TYPE_CHANGEMENT: Record<(typeof TYPES_CHANGEMENT_NOTABLE)[number], string> = {
  extension_perimetre: "Extension du périmètre d'intervention",
};

/** `instructeur[]` value the API reads as "not assigned yet". */
const INSTRUCTEUR_AUCUN = "aucun";

/** Staff never see drafts (DESIGN §4): no filter on them. */
const ETATS_FILTRABLES = ETATS_DEMANDE.filter((etat) => !estBrouillon(etat));

/** Props of {@link FiltresDossiers}. */
export interface FiltresDossiersProps {
  onglet: OngletDossiers;
  filtres: FiltresDemandes;
  options: OptionsFiltres;
  /** This page's path, without query: where "Réinitialiser" leads. */
  chemin: string;
}

/**
 * The filter form of a staff list (issue 4 "Lists"; spec §3 Instruction
 * dashboard filters): a plain GET form, so it works without JavaScript;
 * search (file number, company name, SIREN), state, instruction step,
 * instructor, service, quality, head office's département and région,
 * notable-change type on that tab, and the two deadline filters. The
 * current sort travels in a hidden field; the page goes back to 1.
 * "Réinitialiser" is a link to the bare page. Quick filters ("Réputés
 * rejetés", "Expirent bientôt") are links toggling one parameter.
 */
export function FiltresDossiers({ onglet, filtres, options, chemin }: FiltresDossiersProps) {
  const prefixe = `filtres-${onglet.segment}`;
  const triParDefaut = filtres.order.field === "dateDepot" && filtres.order.direction === "desc";
  const select = (
    nom: keyof FiltresDemandes,
    label: string,
    tous: string,
    choix: readonly OptionFiltre[],
    valeur: string | undefined,
  ) => (
    <div className="fr-col-12 fr-col-md-6 fr-col-lg-4">
      <SelectField
        id={`${prefixe}-${nom}`}
        label={label}
        placeholder={tous}
        options={choix.map((option) => ({ value: option.valeur, label: option.libelle }))}
        selectProps={{ name: `${nom}[]`, defaultValue: valeur ?? "" }}
      />
    </div>
  );
  const etapes = new Set<string>(filtres.etape);
  return (
    <section aria-labelledby={`${prefixe}-titre`} className="fr-mb-4w">
      <h2 className="fr-h5" id={`${prefixe}-titre`}>
        Filtrer les dossiers
      </h2>
      <ul className="fr-tags-group" aria-label="Filtres rapides">
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
      {/* Remounted on each new query so that its fields show the filters of the URL. */}
      <Form
        method="get"
        action={chemin}
        key={lienFiltres(filtres)}
        aria-labelledby={`${prefixe}-titre`}
      >
        <div className="fr-grid-row fr-grid-row--gutters">
          <div className="fr-col-12">
            <Field
              id={`${prefixe}-query`}
              label="Rechercher (n° de dossier, raison sociale, SIREN)"
            >
              <input type="search" name="query" defaultValue={filtres.query ?? ""} />
            </Field>
          </div>
          {select(
            "etat",
            "État",
            "Tous les états",
            ETATS_FILTRABLES.map((etat) => ({
              valeur: etat,
              libelle: LIBELLES_ETAT_DEMANDE[etat],
            })),
            filtres.etat[0],
          )}
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
                TYPES_CHANGEMENT_NOTABLE.map((type) => ({
                  valeur: type,
                  libelle: LIBELLES_TYPE_CHANGEMENT[type],
                })),
                filtres.type[0],
              )
            : null}
        </div>
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
        {triParDefaut ? null : (
          <input
            type="hidden"
            name={`order[${filtres.order.field}]`}
            value={filtres.order.direction}
          />
        )}
        <ul className="fr-btns-group fr-btns-group--inline-md">
          <li>
            <button type="submit" className="fr-btn">
              Filtrer
            </button>
          </li>
          <li>
            <Link to={chemin} className="fr-btn fr-btn--secondary">
              Réinitialiser
            </Link>
          </li>
        </ul>
      </Form>
    </section>
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
