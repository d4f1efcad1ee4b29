/**
 * When an applicant "holds" an approval (spec §4 Approval status): the
 * approval page is accessible when it is en_cours or suspendu, and so are
 * the approved operator's home and menu (spec §2 "Home for applicants");
 * its change requests are loaded when it is valid or withdrawn.
 */
import type { Agrement } from "#contract/schemas/agrement";
import type { StatutSimplifie } from "#contract/statuts";

/** Approval states in which /mon-agrement is accessible (spec §4). */
export const ETATS_AGREMENT_ACCESSIBLES: readonly Agrement["etat"][] = ["en_cours", "suspendu"];

/** Whether `agrement` (null when none) opens the approved operator's pages. */
export function agrementAccessible(agrement: Pick<Agrement, "etat"> | null): boolean {
  return agrement !== null && ETATS_AGREMENT_ACCESSIBLES.includes(agrement.etat);
}

/** French label and DSFR badge colour of each approval state (spec §4 badge colours). */
export const BADGES_AGREMENT: Record<Agrement["etat"], { libelle: string; classe: string }> = {
  en_cours: { libelle: "En cours de validité", classe: "fr-badge--success" },
  suspendu: { libelle: "Suspendu", classe: "fr-badge--warning" },
  retire: { libelle: "Retiré", classe: "fr-badge--error" },
  perime: { libelle: "Périmé", classe: "fr-badge--info" },
};

/**
 * Whether the home loads the company's change requests (spec §4: when the
 * approval is valid or withdrawn): `agrement` is the one
 * `GET /api/agrement/mon-agrement` gives (en_cours or suspendu, null
 * otherwise), so a withdrawn one is known by the request it was granted
 * on, in state `agrement_retire`.
 */
export function changementsACharger(
  agrement: Pick<Agrement, "etat"> | null,
  demandes: readonly { statutSimplifie: StatutSimplifie }[],
): boolean {
  return (
    agrement?.etat === "en_cours" ||
    demandes.some((demande) => demande.statutSimplifie === "agrement_retire")
  );
}
