import type { Attestation } from "#contract/schemas/agrement";
import { descriptionFichier } from "~/components/demande/decision-demande";
import { dateFr } from "~/utils/dates";

/** The current certificate first, then the others newest first. */
export function ordonnerAttestations(attestations: readonly Attestation[]): Attestation[] {
  return [...attestations].sort(
    (a, b) => Number(b.isCurrent) - Number(a.isCurrent) || b.date.localeCompare(a.date),
  );
}

/**
 * The certificates of an approval (spec §3 attestations): the current one
 * first, marked "En vigueur", each with its date and a download link
 * (`/piece-jointe/{id}`) that tells its type and size.
 */
export function AttestationsAgrement({ attestations }: { attestations: readonly Attestation[] }) {
  return (
    <section className="fr-mb-6w" aria-labelledby="agrement-attestations">
      <h2 id="agrement-attestations" className="fr-h4">
        Attestations
      </h2>
      {attestations.length === 0 ? <p>Aucune attestation n'est disponible.</p> : null}
      <ul className="fr-raw-list">
        {ordonnerAttestations(attestations).map((attestation) => (
          <li key={attestation.id} className="fr-mb-2w">
            <a
              className="fr-link fr-icon-download-line fr-link--icon-left"
              href={`/piece-jointe/${attestation.pieceJointe.id}`}
              download={attestation.pieceJointe.nom}
            >
              {/* A perimeter extension's certificate is named so (ADR 0021). */}
              {attestation.pieceJointe.nom.startsWith("attestation-modificative")
                ? "Attestation modificative d'agrément"
                : "Attestation d'agrément"}{" "}
              du {dateFr(attestation.date)}
              <span className="fr-sr-only">{descriptionFichier(attestation.pieceJointe)}</span>
            </a>
            {attestation.isCurrent ? (
              <span className="fr-badge fr-badge--success fr-badge--sm fr-ml-1w">En vigueur</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
