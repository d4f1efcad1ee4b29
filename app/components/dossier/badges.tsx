import type { DemandeResume } from "#contract/schemas/demande";
import { classeBadge } from "~/components/demande/statut-badge";
import { badgeEtat, libelleEtape, marqueursDelai } from "~/components/dossiers/badges";

/** The raw state of a file as a coloured DSFR badge, as in the staff lists (spec §4 colours). */
export function BadgeEtat({
  demande,
  className,
}: {
  demande: Pick<DemandeResume, "etat" | "etatNormalise">;
  className?: string;
}) {
  const badge = badgeEtat(demande.etat, demande.etatNormalise);
  return (
    <p className={["fr-badge", classeBadge(badge), className].filter(Boolean).join(" ")}>
      {badge.libelle}
    </p>
  );
}

/** The instruction step of a file (DESIGN §3) as a neutral DSFR badge. */
export function BadgeEtape({ demande }: { demande: Pick<DemandeResume, "etapeInstruction"> }) {
  return <p className="fr-badge">Étape : {libelleEtape(demande.etapeInstruction)}</p>;
}

/** What the applicant's side adds to the state, from the normalised status (spec §4). */
const MARQUEURS_NORMALISES: Partial<
  Record<DemandeResume["etatNormalise"], { libelle: string; severity: "info" | "warning" }>
> = {
  complement_demande_completude_delai_depasse: {
    libelle: "Délai de réponse dépassé",
    severity: "warning",
  },
  complement_demande_completude_depose: { libelle: "Complément déposé", severity: "info" },
  agrement_suspendu: { libelle: "Agrément suspendu", severity: "warning" },
};

/**
 * Markers of the instruction clock (DESIGN §5: "Réputé rejeté", "Expire
 * bientôt", "Suspendu", as in the lists) and of the applicant's answer
 * (normalised status: answer deposited, deadline passed, approval
 * suspended), as the small badges items of a `fr-badges-group` list.
 */
export function MarqueursDossier({
  demande,
}: {
  demande: Pick<
    DemandeResume,
    "reputeRejete" | "expireBientot" | "delaiSuspendu" | "etatNormalise"
  >;
}) {
  const normalise = MARQUEURS_NORMALISES[demande.etatNormalise];
  const marqueurs = [...marqueursDelai(demande), ...(normalise ? [normalise] : [])];
  return (
    <>
      {marqueurs.map(({ libelle, severity }) => (
        <li key={libelle}>
          <p className={`fr-badge fr-badge--sm fr-badge--${severity}`}>{libelle}</p>
        </li>
      ))}
    </>
  );
}
