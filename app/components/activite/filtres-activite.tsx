import { Form } from "@remix-run/react";
import {
  activiteFiltree,
  versParamsActivite,
  type ErreursPeriode,
  type FiltresActivite,
} from "#contract/schemas/activites";
import { BoutonsFiltres, FiltresPliables } from "~/components/filtres-pliables/filtres-pliables";
import { Checkbox, Field, SelectField } from "~/components/forms";

/** One choice of a filter select. */
export interface OptionFiltre {
  valeur: string;
  libelle: string;
}

/** Props of {@link FiltresActiviteForm}. */
export interface FiltresActiviteProps {
  filtres: FiltresActivite;
  /** The period as typed, kept when it is refused. */
  saisie: { dateDebut: string; dateFin: string };
  erreurs: ErreursPeriode;
  qualites: readonly OptionFiltre[];
  services: readonly OptionFiltre[];
  regions: readonly OptionFiltre[];
  departements: readonly OptionFiltre[];
}

/**
 * The activity filters of spec §9 as a plain GET form (works without
 * JavaScript): period start and end (date fields, the end not before the
 * start, error on the end field as spec §5 says), structure quality,
 * instructing service, head-office région and département, and "deemed
 * rejected only". Folded ({@link FiltresPliables}, open while a filter is
 * set or an error shown) with the active filters as tags in its summary, so
 * that the figures start in the first screen. "Réinitialiser" is a link to the bare page.
 */
export function FiltresActiviteForm({
  filtres,
  saisie,
  erreurs,
  qualites,
  services,
  regions,
  departements,
}: FiltresActiviteProps) {
  const prefixe = "filtres-activite";
  const actifs = resumeFiltres(filtres, { qualites, services, regions, departements });
  const ouvert = activiteFiltree(filtres) || Object.keys(erreurs).length > 0;
  return (
    <FiltresPliables
      id={prefixe}
      titre="Filtrer l'activité"
      etiquettes={actifs}
      ouvert={ouvert}
      cle={versParamsActivite(filtres).toString()}
    >
      <Form method="get" action="/activite" aria-labelledby={`${prefixe}-titre`}>
        <div className="fr-grid-row fr-grid-row--gutters">
          <div className="fr-col-12 fr-col-md-6 fr-col-lg-3">
            <Field
              id={`${prefixe}-debut`}
              label="Début de période"
              hint="Format attendu : JJ/MM/AAAA"
              errors={erreurs.dateDebut}
            >
              <input type="date" name="dateDebut" defaultValue={saisie.dateDebut} />
            </Field>
          </div>
          <div className="fr-col-12 fr-col-md-6 fr-col-lg-3">
            <Field
              id={`${prefixe}-fin`}
              label="Fin de période"
              hint="Format attendu : JJ/MM/AAAA"
              errors={erreurs.dateFin}
            >
              <input type="date" name="dateFin" defaultValue={saisie.dateFin} />
            </Field>
          </div>
          <div className="fr-col-12 fr-col-md-6 fr-col-lg-3">
            <SelectField
              id={`${prefixe}-qualite`}
              label="Qualité de la structure"
              placeholder="Toutes les qualités"
              options={qualites.map((o) => ({ value: o.valeur, label: o.libelle }))}
              selectProps={{ name: "quality[]", defaultValue: filtres.quality[0] ?? "" }}
            />
          </div>
          <div className="fr-col-12 fr-col-md-6 fr-col-lg-3">
            <SelectField
              id={`${prefixe}-service`}
              label="Service instructeur"
              placeholder="Tous les services"
              options={services.map((o) => ({ value: o.valeur, label: o.libelle }))}
              selectProps={{
                name: "servicesInstructeur[]",
                defaultValue: String(filtres.servicesInstructeur[0] ?? ""),
              }}
            />
          </div>
          <div className="fr-col-12 fr-col-md-6 fr-col-lg-3">
            <SelectField
              id={`${prefixe}-region`}
              label="Région du siège"
              placeholder="Toutes les régions"
              options={regions.map((o) => ({ value: o.valeur, label: o.libelle }))}
              selectProps={{ name: "region[]", defaultValue: filtres.region[0] ?? "" }}
            />
          </div>
          <div className="fr-col-12 fr-col-md-6 fr-col-lg-3">
            <SelectField
              id={`${prefixe}-departement`}
              label="Département du siège"
              placeholder="Tous les départements"
              options={departements.map((o) => ({ value: o.valeur, label: o.libelle }))}
              selectProps={{ name: "departement[]", defaultValue: filtres.departement[0] ?? "" }}
            />
          </div>
          <div className="fr-col-12 fr-col-lg-6">
            <Checkbox
              id={`${prefixe}-reputes`}
              name="reputesRejetes"
              value="true"
              label="Dossiers réputés rejetés seulement"
              defaultChecked={filtres.reputesRejetes}
            />
          </div>
        </div>
        <BoutonsFiltres chemin="/activite" />
      </Form>
    </FiltresPliables>
  );
}

/** The active filters in words, for the summary of the fold. */
function resumeFiltres(
  filtres: FiltresActivite,
  choix: Pick<FiltresActiviteProps, "qualites" | "services" | "regions" | "departements">,
): string[] {
  const jma = (iso: string) => iso.split("-").reverse().join("/");
  const libelle = (options: readonly OptionFiltre[], valeur: string) =>
    options.find((o) => o.valeur === valeur)?.libelle ?? valeur;
  const resume: string[] = [];
  if (filtres.dateDebut) resume.push(`Depuis le ${jma(filtres.dateDebut)}`);
  if (filtres.dateFin) resume.push(`Jusqu'au ${jma(filtres.dateFin)}`);
  for (const q of filtres.quality) resume.push(libelle(choix.qualites, q));
  for (const s of filtres.servicesInstructeur) resume.push(libelle(choix.services, String(s)));
  for (const r of filtres.region) resume.push(libelle(choix.regions, r));
  for (const d of filtres.departement) resume.push(libelle(choix.departements, d));
  if (filtres.reputesRejetes) resume.push("Réputés rejetés seulement");
  return resume;
}
