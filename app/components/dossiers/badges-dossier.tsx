import type { DemandeResume } from "#contract/schemas/demande";
import { classeBadge } from "~/components/demande/statut-badge";
import { badgeEtat, libelleEtape, marqueursDelai } from "./badges";

/** The state badge of a file in a staff list (spec §4 colours). */
export function BadgeEtat({ dossier }: { dossier: Pick<DemandeResume, "etat" | "etatNormalise"> }) {
  const badge = badgeEtat(dossier.etat, dossier.etatNormalise);
  return (
    <p className={`fr-badge fr-badge--sm fr-badge--no-icon ${classeBadge(badge)}`}>
      {badge.libelle}
    </p>
  );
}

/** The instruction-step badge of a file (DESIGN §3), neutral grey. */
export function BadgeEtape({ dossier }: { dossier: Pick<DemandeResume, "etapeInstruction"> }) {
  return <p className="fr-badge fr-badge--sm">{libelleEtape(dossier.etapeInstruction)}</p>;
}

/**
 * The markers of the instruction clock of a file (DESIGN §5): "Réputé
 * rejeté", "Expire bientôt", "Suspendu"; nothing when none applies.
 */
export function MarqueursDelai({
  dossier,
}: {
  dossier: Pick<DemandeResume, "reputeRejete" | "expireBientot" | "delaiSuspendu">;
}) {
  const marqueurs = marqueursDelai(dossier);
  if (marqueurs.length === 0) return null;
  return (
    <ul className="fr-badges-group fr-mt-1v">
      {marqueurs.map((marqueur) => (
        <li key={marqueur.libelle}>
          <p className={`fr-badge fr-badge--sm fr-badge--${marqueur.severity}`}>
            {marqueur.libelle}
          </p>
        </li>
      ))}
    </ul>
  );
}
