import { Link } from "@remix-run/react";
import { LIBELLES_ETP_EXTENSION } from "#contract/schemas/changement-notable";
import { afficherTaille, afficherTypeFichier } from "#contract/pieces-jointes";
import type { Manquant, ProcedureDemande } from "#contract/schemas/demande";
import { afficherDecimal } from "#contract/validation";
import { urlEtapeExtension, type EtapeExtension } from "./extension";
import { AnalyseAntivirus } from "~/components/dossier/analyse-antivirus";

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

const NIVEAUX = [
  ["regions", "Régions"],
  ["departements", "Départements"],
  ["epcis", "EPCI"],
  ["communes", "Communes"],
] as const;

/** "Modifier" link of a section, to its step. */
function LienModifier({ id, etape }: { id: string; etape: EtapeExtension }) {
  return (
    <Link
      className="fr-link fr-icon-edit-line fr-link--icon-left fr-text--sm"
      to={urlEtapeExtension(id, etape)}
    >
      Modifier<span className="fr-sr-only"> l'étape {etape}</span>
    </Link>
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
      <section className="fr-mb-6w" aria-labelledby="recap-perimetre">
        <h2 id="recap-perimetre" className="fr-h4">
          Périmètre d'intervention à ajouter
        </h2>
        {modifiable ? <LienModifier id={id} etape={1} /> : null}
        {!perimetre ? <p>Non renseigné.</p> : null}
        {perimetre
          ? NIVEAUX.filter(([cle]) => perimetre[cle].length > 0).map(([cle, libelle]) => (
              <div key={cle} className="fr-mt-2w">
                <h3 className="fr-h6 fr-mb-1w">{libelle}</h3>
                <ul>
                  {perimetre[cle].map((territoire) => (
                    <li key={territoire.code}>
                      {territoire.nom}
                      {territoire.nom !== territoire.code ? ` (${territoire.code})` : ""}
                    </li>
                  ))}
                </ul>
              </div>
            ))
          : null}
        {perimetre?.precisions ? (
          <p className="portail-pre-line">
            <strong>Précisions sur les communes :</strong> {perimetre.precisions}
          </p>
        ) : null}
      </section>
      <section className="fr-mb-6w" aria-labelledby="recap-effectifs">
        <h2 id="recap-effectifs" className="fr-h4">
          Effectifs sur le nouveau périmètre
        </h2>
        {modifiable ? <LienModifier id={id} etape={2} /> : null}
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
      <section className="fr-mb-6w" aria-labelledby="recap-pieces">
        <h2 id="recap-pieces" className="fr-h4">
          Pièces justificatives
        </h2>
        {modifiable ? <LienModifier id={id} etape={3} /> : null}
        {procedure.rubriques.map((rubrique) => (
          <div key={rubrique.code} className="fr-mt-2w">
            <h3 className="fr-h6 fr-mb-1w">{rubrique.libelle}</h3>
            {rubrique.piecesJointes.length ? (
              <ul>
                {rubrique.piecesJointes.map((piece) => (
                  <li key={piece.id}>
                    <AnalyseAntivirus piece={piece}>
                      <a href={`/piece-jointe/${piece.id}`} download={piece.nom}>
                        {piece.nom}
                      </a>
                    </AnalyseAntivirus>{" "}
                    <span className="fr-text--sm">
                      ({afficherTypeFichier(piece.mimeType)}, {afficherTaille(piece.size)})
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="fr-text--sm">Aucun fichier déposé.</p>
            )}
          </div>
        ))}
      </section>
    </>
  );
}

/**
 * What still prevents the deposit (spec §5 Deposit; issue 14 "missing
 * documents → listed at the recap with links to their steps"): a DSFR
 * warning alert listing each item with a link to its step.
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
            <Link to={urlEtapeExtension(id, manquant.etape)}>
              {`Étape ${manquant.etape} : ${manquant.message}`}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
