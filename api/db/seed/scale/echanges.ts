/**
 * Exchanges around a request of the scale dataset: messages between the
 * applicant and the service, read marks, and the staff's internal notes.
 */
import { JOUR_MS } from "./chronologie.ts";
import { piece, type ContexteSociete } from "./contexte.ts";
import type { AgentPlan } from "./personnel.ts";
import type { DossierPlan } from "./plan.ts";
import { MESSAGES_DEMANDEUR, MESSAGES_INSTRUCTION, NOTES } from "./vocabulaire.ts";

/** States after which the dataset writes no more messages nor notes. */
const ETATS_FINAUX = new Set<string>([
  "annulee",
  "refusee",
  "rejetee_tacitement",
  "agrement_retire",
  "agree",
  "terminee",
  "accordee_tacitement",
]);

/**
 * Messages between the applicant and the service during the instruction
 * (none after the thread closed), the read marks of both sides, and the
 * staff's internal notes once a file is assigned.
 */
export function echanges(
  contexte: ContexteSociete,
  dossier: DossierPlan,
  instructeur: AgentPlan | null,
): void {
  const { hasard, lot, societe, equipe } = contexte;
  const { chronologie } = dossier;
  const debut = chronologie.dateDepot! + 3_600_000;
  const fin = ETATS_FINAUX.has(dossier.etat)
    ? chronologie.fin - 60_000
    : contexte.plan.maintenant - 3 * 3_600_000;
  if (fin <= debut) return;
  const nombre = hasard.pondere({ 0: 35, 1: 25, 2: 20, 3: 12, 4: 8 });
  const dates = Array.from(
    { length: Number(nombre) },
    () => debut + hasard.reel() * (fin - debut),
  ).sort((a, b) => a - b);
  let cote: "demandeur" | "instruction" = hasard.chance(0.5) ? "demandeur" : "instruction";
  const personnel = instructeur ?? equipe.superviseur;
  for (const date of dates) {
    lot.message.push({
      ressourceType: dossier.kind,
      ressourceId: dossier.id,
      auteurId: cote === "demandeur" ? societe.representant.id : personnel.id,
      cote,
      contenu: hasard.choix(cote === "demandeur" ? MESSAGES_DEMANDEUR : MESSAGES_INSTRUCTION),
      date: new Date(date),
    });
    cote = cote === "demandeur" ? "instruction" : "demandeur";
  }
  const derniere = dates.at(-1);
  if (derniere !== undefined)
    for (const lecteur of [societe.representant.id, personnel.id])
      if (hasard.chance(0.85))
        lot.lecture.push({
          utilisateurId: lecteur,
          ressourceType: dossier.kind,
          ressourceId: dossier.id,
          type: "message",
          date: new Date(
            Math.min(
              derniere + hasard.entier(1, 48) * 3_600_000,
              contexte.plan.maintenant - 60_000,
            ),
          ),
        });
  const affectation = chronologie.etapes.find((etape) => etape.action === "AFFECTER_INSTRUCTEUR");
  if (!affectation || !instructeur) return;
  const notes = Number(hasard.pondere({ 0: 55, 1: 30, 2: 15 }));
  for (let rang = 0; rang < notes; rang++) {
    const date = affectation.date + hasard.reel() * Math.max(JOUR_MS, fin - affectation.date);
    const auteur = hasard.choix([instructeur, instructeur, equipe.superviseur, equipe.crhh]);
    lot.note.push({
      ressourceType: dossier.kind,
      ressourceId: dossier.id,
      auteurId: auteur.id,
      texte: hasard.choix(NOTES),
      pieceJointeId: hasard.chance(0.15)
        ? piece(contexte, {
            ressourceType: dossier.kind,
            ressourceId: dossier.id,
            rubrique: "note",
            deposeParId: auteur.id,
            date: Math.min(date, contexte.plan.maintenant - 60_000),
          })
        : null,
      date: new Date(Math.min(date, contexte.plan.maintenant - 60_000)),
    });
  }
}
