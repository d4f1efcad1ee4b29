import { Link } from "@remix-run/react";
import { LIBELLES_ETP_EXTENSION } from "#contract/schemas/changement-notable";
import type { Manquant, ProcedureDemande } from "#contract/schemas/demande";
import { afficherDecimal } from "#contract/validation";
import { TerritoiresParNiveau } from "~/components/agrement/perimetre-agrement";
import { FORMULAIRE_EXTENSION, type EtapeExtension } from "./extension";
import { LienModifierEtape, PiecesParRubrique } from "~/components/dossier/pieces-par-rubrique";

/** The perimeter to add with names, by level (the recap loader resolves them). */
export interface PerimetreNomme {
  regions: { code: string; nom: string }[];
  departements: { code: string; nom: string }[];
  epcis: { code: string; nom: string }[];
  communes: { code: string; nom: string }[];
  precisions: string | null;
}

/** Props of {@link RecapitulatifExtension}. */
export interface RecapitulatifExtensionProps {
  id: string;
  perimetre: PerimetreNomme | null;
  effectifs: { nbEtpPerimetre: number; nbEtpAccompagnementPerimetre: number } | null;
  procedure: ProcedureDemande;
  /** The draft may still be edited: each section links to its step. */
  modifiable: boolean;
}

/** A section's heading, with its "Modifier" link while the draft may be edited. */
function EnteteSection({
  id,
  etape,
  modifiable,
}: {
  id: string;
  etape: EtapeExtension;
  modifiable: boolean;
}) {
  return (
    <div className="fr-grid-row fr-grid-row--middle fr-mb-2w">
      <h2 id={`recap-etape-${etape}`} className="fr-h4 fr-mb-0 fr-mr-2w">
        {FORMULAIRE_EXTENSION.etapes[etape]}
      </h2>
      {modifiable ? (
        <LienModifierEtape
          href={FORMULAIRE_EXTENSION.url(id, etape)}
          titre={FORMULAIRE_EXTENSION.etapes[etape]}
        />
      ) : null}
    </div>
  );
}

/**
 * The content of a perimeter extension (spec §2 recap): the territories to
 * add by level with the communes' précisions, the ETP on the new
 * perimeter, and the files of each rubric with their download links; for a
 * draft, a "Modifier" link per section.
 */
export function RecapitulatifExtension({
  id,
  perimetre,
  effectifs,
  procedure,
  modifiable,
}: RecapitulatifExtensionProps) {
  return (
    <>
      <section className="fr-mb-6w" aria-labelledby="recap-etape-1">
        <EnteteSection id={id} etape={1} modifiable={modifiable} />
        {perimetre ? (
          <TerritoiresParNiveau perimetre={perimetre} className="fr-mt-2w" />
        ) : (
          <p>Non renseigné.</p>
        )}
        {perimetre?.precisions ? (
          <p className="portail-pre-line">
            <strong>Précisions sur les communes :</strong> {perimetre.precisions}
          </p>
        ) : null}
      </section>
      <section className="fr-mb-6w" aria-labelledby="recap-etape-2">
        <EnteteSection id={id} etape={2} modifiable={modifiable} />
        {effectifs ? (
          <dl className="fr-mt-2w">
            <dt className="fr-text--sm fr-mb-0">{LIBELLES_ETP_EXTENSION.nb_etp_perimetre}</dt>
            <dd className="fr-ml-0 fr-text--bold fr-mb-2w">
              {afficherDecimal(effectifs.nbEtpPerimetre)} ETP
            </dd>
            <dt className="fr-text--sm fr-mb-0">
              {LIBELLES_ETP_EXTENSION.nb_etp_accomp_perimetre}
            </dt>
            <dd className="fr-ml-0 fr-text--bold">
              {afficherDecimal(effectifs.nbEtpAccompagnementPerimetre)} ETP
            </dd>
          </dl>
        ) : (
          <p>Non renseigné.</p>
        )}
      </section>
      <section className="fr-mb-6w" aria-labelledby="recap-etape-3">
        <EnteteSection id={id} etape={3} modifiable={modifiable} />
        <PiecesParRubrique rubriques={procedure.rubriques} />
      </section>
    </>
  );
}

/**
 * What still prevents the deposit (spec §5 Deposit: missing documents are
 * listed at the recap with links to their steps): a DSFR warning alert
 * listing each item with a link to its step.
 */
export function ManquantsExtension({ id, manquants }: { id: string; manquants: Manquant[] }) {
  if (!manquants.length) return null;
  return (
    <div className="fr-alert fr-alert--warning fr-mb-4w" id="manquants" tabIndex={-1}>
      <h2 className="fr-alert__title">Votre demande ne peut pas encore être déposée</h2>
      <p>Complétez les éléments suivants :</p>
      <ul>
        {manquants.map((manquant) => (
          <li key={`${manquant.etape}-${manquant.message}`}>
            <Link to={FORMULAIRE_EXTENSION.url(id, manquant.etape)}>
              {`Étape ${manquant.etape} : ${manquant.message}`}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
