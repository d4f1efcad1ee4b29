/**
 * What an approval request's card shows of its own (spec §2 "Application
 * card"; the frame is `CarteDossier`, ADR 0044), and the helpers its
 * pages share: title, badge, available actions.
 */
import type { ActionDemande } from "#contract/etats";
import type { DemandeResume } from "#contract/schemas/demande";
import type { StatutSimplifie } from "#contract/statuts";
import { dateFr } from "~/utils/dates";
import { badgeStatut, classeBadge } from "./statut-badge";

/** Whether the API lists `action` among the request's available actions (spec §4). */
export function actionDisponible(demande: DemandeResume, action: ActionDemande): boolean {
  return demande.actionsDisponibles.some((disponible) => disponible.action === action);
}

/** Title of a request card: "Demande d'agrément", with its number once deposited. */
export function titreDemande(demande: Pick<DemandeResume, "numeroDossier">): string {
  return demande.numeroDossier
    ? `Demande d'agrément n° ${demande.numeroDossier}`
    : "Demande d'agrément";
}

/** The status badge of a request (spec §4 colours), as a DSFR badge. */
export function BadgeStatutDemande({
  statut,
  className,
}: {
  statut: StatutSimplifie;
  className?: string;
}) {
  const badge = badgeStatut(statut);
  return (
    <p className={["fr-badge", classeBadge(badge), className].filter(Boolean).join(" ")}>
      {badge.libelle}
    </p>
  );
}

/**
 * APPLIQUER_ARRETE on a draft started under a superseded arrêté (ADR 0018):
 * a plain POST form, the same with or without JavaScript, to
 * app/routes/demande.demande.appliquer-arrete.$id.tsx with the version
 * shown; it replaces "Continuer" until the draft is bound to the arrêté in
 * force (the draft steps are not open in `arrete_perime`).
 */
export function FormulaireAppliquerArrete({ demande }: { demande: DemandeResume }) {
  return (
    <form method="post" action={`/demande/demande/appliquer-arrete/${demande.id}`}>
      <input type="hidden" name="version" value={demande.version} />
      <button type="submit" className="fr-btn fr-icon-refresh-line fr-btn--icon-left">
        Mettre à jour selon l'arrêté en vigueur
      </button>
    </form>
  );
}

/**
 * What a draft's card says (spec §2 "Application card"): the step where it
 * resumes (1 to 4), or, under a superseded arrêté (ADR 0018), that it must
 * first be updated.
 */
export function texteBrouillonDemande(demande: Pick<DemandeResume, "etat">, etape: number): string {
  return demande.etat === "arrete_perime"
    ? "Votre brouillon a été commencé sous un arrêté qui n'est plus en vigueur : mettez-le à jour selon l'arrêté en vigueur, puis reprenez-le pour le déposer."
    : `Votre demande n'est pas encore déposée. Reprenez-la à l'étape ${Math.min(etape, 4)} sur 4.`;
}

/** The facts of a request's details toggle that a notable change does not have: its approval's dates. */
export function faitsPropresDemande(demande: DemandeResume): [string, string][] {
  const faits: [string, string][] = [];
  if (demande.dateAgrement) faits.push(["Date d'agrément", dateFr(demande.dateAgrement)]);
  if (demande.dateOctroi) faits.push(["Date d'octroi", dateFr(demande.dateOctroi)]);
  if (demande.dateNotificationSuspension)
    faits.push(["Notification de la suspension", dateFr(demande.dateNotificationSuspension)]);
  if (demande.dateDecisionRetrait)
    faits.push(["Décision de retrait", dateFr(demande.dateDecisionRetrait)]);
  return faits;
}
