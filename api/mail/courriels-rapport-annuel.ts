/**
 * French mails of the annual activity report (ADR 0017
 * "Rappels et retards"), on the layout of contract/gabarit/courriel.ts: the
 * reminders to the applicants of an approval whose report is not deposited
 * yet (1 and 15 March), and the digest to an instruction service listing
 * the approvals whose report is late (1 April). They name approvals by
 * number and link to the portal.
 */
import { miseEnPage, type Paragraphe } from "../../contract/gabarit/courriel.ts";
import type { Destinataire } from "./courriels-instruction.ts";
import type { MailMessage } from "./types.ts";

type Courriel = Omit<MailMessage, "to">;

const FORMAT_EN_LETTRES = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "31 mars 2027", "1er avril 2027" of an "AAAA-MM-JJ" calendar date. */
export function dateEnLettres(date: string): string {
  const texte = FORMAT_EN_LETTRES.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
  return texte.replace(/^1 /, "1er ");
}

function salutation(destinataire: Destinataire): string {
  const nom = destinataire ? `${destinataire.prenom} ${destinataire.nom}`.trim() : "";
  return nom ? `Bonjour ${nom},` : "Bonjour,";
}

/**
 * Reminder (1 or 15 March of annee + 1) to an applicant of the company
 * holding approval `numeroAgrement`, whose report about `annee` is not
 * deposited: the deadline `dateLimiteDepot` ("AAAA-MM-JJ", inclusive) and
 * the link to the report's form (`lien`: /rapport-annuel-activite).
 */
export function courrielRappelRapportAnnuel(donnees: {
  destinataire: Destinataire;
  annee: number;
  numeroAgrement: string;
  raisonSociale: string;
  dateLimiteDepot: string;
  lien: string;
}): Courriel {
  const { annee } = donnees;
  const limite = dateEnLettres(donnees.dateLimiteDepot);
  return miseEnPage(
    `Rappel : votre rapport annuel d'activité ${annee} est à déposer au plus tard le ${limite}`,
    [
      salutation(donnees.destinataire),
      `Le rapport annuel d'activité ${annee} de l'agrément Mon Accompagnateur Rénov' n° ${donnees.numeroAgrement} (${donnees.raisonSociale}) n'a pas encore été déposé.`,
      `Vous avez jusqu'au ${limite} inclus pour le remplir et le déposer sur le portail. Passé cette date, il ne pourra plus être déposé.`,
      { texte: "Remplissez et déposez votre rapport sur le portail :", lien: donnees.lien },
    ],
  );
}

/** One approval listed by the late reports digest. */
export interface AgrementEnRetard {
  numeroAgrement: string;
  raisonSociale: string;
}

/**
 * Digest (1 April of annee + 1) to an instruction service's mailbox: the
 * approvals of the service whose report about `annee` was not deposited by
 * `dateLimiteDepot` ("AAAA-MM-JJ"), by approval number as given; `lien`
 * the portal's home.
 */
export function courrielRetardsRapportAnnuel(donnees: {
  annee: number;
  dateLimiteDepot: string;
  agrements: readonly AgrementEnRetard[];
  lien: string;
}): Courriel {
  const { annee, agrements } = donnees;
  const un = agrements.length === 1;
  const limite = dateEnLettres(donnees.dateLimiteDepot);
  const paragraphes: Paragraphe[] = [
    salutation(null),
    un
      ? `Un opérateur agréé de votre service n'a pas déposé son rapport annuel d'activité ${annee}, attendu au plus tard le ${limite}. Il est désormais signalé en retard sur le portail :`
      : `${agrements.length} opérateurs agréés de votre service n'ont pas déposé leur rapport annuel d'activité ${annee}, attendu au plus tard le ${limite}. Ils sont désormais signalés en retard sur le portail :`,
    ...agrements.map(
      (agrement) => `Agrément n° ${agrement.numeroAgrement} : ${agrement.raisonSociale}`,
    ),
    { texte: "Consultez ces agréments sur le portail :", lien: donnees.lien },
  ];
  return miseEnPage(
    `Rapports annuels d'activité ${annee} en retard : ${agrements.length} agrément${un ? "" : "s"}`,
    paragraphes,
  );
}
