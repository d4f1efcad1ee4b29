/**
 * French mails of the instruction of a request, on the layout
 * of api/mail/templates.ts: to the applicant (deposit receipt, requests for
 * documents, return to edition, decisions, passed deadlines, new message)
 * and to the instructor (documents received, new message, clock about to
 * expire). They name the file by its number and link to the portal; they
 * never quote a message or a note.
 */
import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { DELAIS } from "../../contract/delais.ts";
import { TEXTE_RECOURS } from "../../contract/messages/index.ts";
import type { MailMessage } from "./types.ts";
import { miseEnPage, type Paragraphe } from "../../contract/gabarit/courriel.ts";

type Courriel = Omit<MailMessage, "to">;

/** The file a mail is about. */
export interface DossierCourriel {
  kind: "demande" | "changement-notable";
  numeroDossier: string | null;
  raisonSociale: string | null;
}

/** Whom the mail greets: a person, or a service mailbox (null). */
export type Destinataire = { prenom: string; nom: string } | null;

/** "JJ/MM/AAAA" of an "AAAA-MM-JJ" date, or of an instant in Europe/Paris. */
export function dateCourriel(valeur: string | Date): string {
  if (typeof valeur === "string") {
    const [annee, mois, jour] = valeur.slice(0, 10).split("-");
    return `${jour}/${mois}/${annee}`;
  }
  return format(valeur, "dd/MM/yyyy", { in: tz("Europe/Paris") });
}

function salutation(destinataire: Destinataire): string {
  const nom = destinataire ? `${destinataire.prenom} ${destinataire.nom}`.trim() : "";
  return nom ? `Bonjour ${nom},` : "Bonjour,";
}

/** "demande d'agrément n° MAR-2026-000001" (or of a notable change). */
function designation(dossier: DossierCourriel): string {
  const nature =
    dossier.kind === "demande" ? "demande d'agrément" : "demande de changement notable";
  return dossier.numeroDossier ? `${nature} n° ${dossier.numeroDossier}` : nature;
}

function structure(dossier: DossierCourriel): string {
  return dossier.raisonSociale ? ` (${dossier.raisonSociale})` : "";
}

/** DEPOSER: receipt with the file number and the end of the instruction clock. */
export function courrielAccuseReception(donnees: {
  destinataire: Destinataire;
  dossier: DossierCourriel;
  dateDepot: Date;
  dateLimiteInstruction: string | null;
  lien: string;
}): Courriel {
  const { dossier } = donnees;
  const paragraphes: Paragraphe[] = [
    salutation(donnees.destinataire),
    `Nous accusons réception de votre ${designation(dossier)}${structure(dossier)}, déposée le ${dateCourriel(donnees.dateDepot)} sur le portail des agréments Mon Accompagnateur Rénov'.`,
  ];
  if (donnees.dateLimiteInstruction && dossier.kind === "changement-notable")
    // A perimeter extension: 2 months, and silence means acceptance (ADR 0020).
    paragraphes.push(
      `Le service instructeur de l'Anah dispose de ${DELAIS.acceptationTacite.enLettres} pour l'instruire : sauf suspension de ce délai par une demande de pièces, une décision doit intervenir au plus tard le ${dateCourriel(donnees.dateLimiteInstruction)}. Sans décision à cette date, l'extension de périmètre est réputée accordée.`,
    );
  else if (donnees.dateLimiteInstruction)
    paragraphes.push(
      `Le service instructeur de l'Anah dispose de ${DELAIS.instruction.enLettres} pour l'instruire : sauf suspension de ce délai par une demande de pièces, une décision doit intervenir au plus tard le ${dateCourriel(donnees.dateLimiteInstruction)}. Sans décision à cette date, la demande est réputée rejetée.`,
    );
  paragraphes.push({
    texte: "Vous pouvez suivre votre demande sur le portail :",
    lien: donnees.lien,
  });
  return miseEnPage(`Accusé de réception de votre ${designation(dossier)}`, paragraphes);
}

/** DEMANDER_COMPLEMENT_COMPLETUDE and DEMANDER_COMPLEMENT: what is asked, by when, where. */
export function courrielDemandeComplement(donnees: {
  destinataire: Destinataire;
  dossier: DossierCourriel;
  completude: boolean;
  commentaire: string | null;
  dateEcheance: string | null;
  lien: string;
}): Courriel {
  const { dossier } = donnees;
  const paragraphes: Paragraphe[] = [
    salutation(donnees.destinataire),
    donnees.completude
      ? `Le service instructeur a examiné votre ${designation(dossier)}${structure(dossier)} : elle est incomplète. Des éléments complémentaires sont nécessaires pour poursuivre son instruction.`
      : `Le service instructeur a besoin de pièces complémentaires pour poursuivre l'instruction de votre ${designation(dossier)}${structure(dossier)}.`,
  ];
  if (donnees.commentaire) paragraphes.push(`Ce qui vous est demandé : ${donnees.commentaire}`);
  if (donnees.dateEcheance)
    paragraphes.push(
      `Vous avez jusqu'au ${dateCourriel(donnees.dateEcheance)} inclus pour transmettre ces éléments. Le délai d'instruction est suspendu jusqu'à votre réponse.`,
    );
  paragraphes.push({ texte: "Répondez à cette demande sur le portail :", lien: donnees.lien });
  return miseEnPage(
    `Éléments complémentaires demandés pour votre ${designation(dossier)}`,
    paragraphes,
  );
}

/** RETOURNER_EN_EDITION: the request is back in the applicant's hands. */
export function courrielRetourEnEdition(donnees: {
  destinataire: Destinataire;
  dossier: DossierCourriel;
  commentaire: string | null;
  lien: string;
}): Courriel {
  const { dossier } = donnees;
  const paragraphes: Paragraphe[] = [
    salutation(donnees.destinataire),
    `Le service instructeur vous a retourné votre ${designation(dossier)}${structure(dossier)} pour que vous la modifiiez avant de la déposer à nouveau.`,
  ];
  if (donnees.commentaire) paragraphes.push(`Motif : ${donnees.commentaire}`);
  paragraphes.push({
    texte: "Modifiez puis déposez votre demande sur le portail :",
    lien: donnees.lien,
  });
  return miseEnPage(
    `Votre ${designation(dossier)} vous est retournée pour modification`,
    paragraphes,
  );
}

/** Kinds of decisions told to the applicant. */
export type NatureDecision =
  | "accordee"
  | "refusee"
  | "rejetee_tacitement"
  // A perimeter extension (ADR 0021): validated, refused, accepted by silence, its acceptance annulled.
  | "extension_accordee"
  | "extension_refusee"
  | "extension_accordee_tacitement"
  | "extension_annulee";

/** The natures that refuse or take back something: their mail states the appeal routes. */
const NATURES_AVEC_RECOURS: readonly NatureDecision[] = [
  "refusee",
  "rejetee_tacitement",
  "extension_refusee",
  "extension_annulee",
];

/** EXPRIMER_AVIS_DECIDEUR, MOTIVER_REFUS, REJETER_TACITEMENT_DOSSIER: the decision is available. */
export function courrielDecision(donnees: {
  destinataire: Destinataire;
  dossier: DossierCourriel;
  nature: NatureDecision;
  lien: string;
}): Courriel {
  const { dossier, nature } = donnees;
  const phrases: Record<NatureDecision, { sujet: string; texte: string }> = {
    accordee: {
      sujet: "agrément accordé",
      texte: `L'Anah a accordé l'agrément Mon Accompagnateur Rénov' à la suite de votre ${designation(dossier)}${structure(dossier)}. L'attestation d'agrément est disponible sur le portail.`,
    },
    refusee: {
      sujet: "agrément refusé",
      texte: `L'Anah a refusé votre ${designation(dossier)}${structure(dossier)}. Le courrier de décision, qui en expose les motifs, est disponible sur le portail.`,
    },
    rejetee_tacitement: {
      sujet: "demande rejetée tacitement",
      texte: `Le délai d'instruction de votre ${designation(dossier)}${structure(dossier)} a expiré sans décision expresse : elle est réputée rejetée. L'avis de rejet tacite est disponible sur le portail.`,
    },
    extension_accordee: {
      sujet: "extension du périmètre accordée",
      texte: `L'Anah a accordé l'extension du périmètre d'intervention demandée par votre ${designation(dossier)}${structure(dossier)}. L'attestation modificative d'agrément est disponible sur le portail.`,
    },
    extension_refusee: {
      sujet: "extension du périmètre refusée",
      texte: `L'Anah a refusé l'extension du périmètre d'intervention demandée par votre ${designation(dossier)}${structure(dossier)}. Le courrier de décision, qui en expose les motifs, est disponible sur le portail.`,
    },
    extension_accordee_tacitement: {
      sujet: "extension du périmètre accordée tacitement",
      texte: `Faute de décision dans le délai de ${DELAIS.acceptationTacite.enLettres} suivant son dépôt, l'extension du périmètre d'intervention demandée par votre ${designation(dossier)}${structure(dossier)} est accordée tacitement. Votre périmètre d'intervention est étendu ; l'avis d'accord tacite est disponible sur le portail.`,
    },
    extension_annulee: {
      sujet: "accord tacite annulé",
      texte: `L'Anah a annulé l'accord tacite de l'extension du périmètre d'intervention demandée par votre ${designation(dossier)}${structure(dossier)}. Votre périmètre d'intervention est celui qui était en vigueur avant cette extension.`,
    },
  };
  const { sujet, texte } = phrases[nature];
  const paragraphes: Paragraphe[] = [salutation(donnees.destinataire), texte];
  if (NATURES_AVEC_RECOURS.includes(nature)) paragraphes.push(TEXTE_RECOURS);
  paragraphes.push({
    texte: "Téléchargez la décision depuis la page d'accueil du portail :",
    lien: donnees.lien,
  });
  return miseEnPage(`Décision sur votre ${designation(dossier)} : ${sujet}`, paragraphes);
}

/** DELAIS_COMPLETUDE_DEPASSE, DELAIS_AJOUT_PJ_DEPASSE: the answer's deadline is over. */
export function courrielDelaiDepasse(donnees: {
  destinataire: Destinataire;
  dossier: DossierCourriel;
  dateEcheance: string | null;
  lien: string;
}): Courriel {
  const { dossier } = donnees;
  const echeance = donnees.dateEcheance ? `, fixé au ${dateCourriel(donnees.dateEcheance)},` : "";
  return miseEnPage(`Délai de réponse dépassé pour votre ${designation(dossier)}`, [
    salutation(donnees.destinataire),
    `Le délai${echeance} qui vous était accordé pour transmettre les éléments complémentaires demandés sur votre ${designation(dossier)}${structure(dossier)} est dépassé. Le service instructeur en est informé.`,
    "Si vous ne les avez pas encore transmis, faites-le sans attendre : le service instructeur en tiendra compte tant qu'il n'a pas statué sur votre demande.",
    { texte: "Transmettez les éléments sur le portail :", lien: donnees.lien },
  ]);
}

/** A new message from the other side; the message itself is read on the portal. */
export function courrielNouveauMessage(donnees: {
  destinataire: Destinataire;
  dossier: DossierCourriel;
  /** Who wrote: the instruction service (mail to the applicant) or the applicant. */
  auteur: "instruction" | "demandeur";
  lien: string;
}): Courriel {
  const { dossier } = donnees;
  const phrase =
    donnees.auteur === "instruction"
      ? `Le service instructeur vous a écrit au sujet de votre ${designation(dossier)}${structure(dossier)}.`
      : `Le demandeur a écrit un message au sujet de la ${designation(dossier)}${structure(dossier)}.`;
  return miseEnPage(`Nouveau message sur la ${designation(dossier)}`, [
    salutation(donnees.destinataire),
    phrase,
    "Vous ne recevrez pas d'autre courriel pour les messages suivants de ce dossier tant que vous n'aurez pas consulté la messagerie.",
    { texte: "Lisez le message et répondez sur le portail :", lien: donnees.lien },
  ]);
}

/** DONNER_COMPLEMENT, DEPOSER_EN_EDITION: to the assigned instructor. */
export function courrielComplementRecu(donnees: {
  destinataire: Destinataire;
  dossier: DossierCourriel;
  edition: boolean;
  lien: string;
}): Courriel {
  const { dossier } = donnees;
  const sujet = donnees.edition
    ? `Demande modifiée déposée : ${designation(dossier)}`
    : `Éléments complémentaires reçus : ${designation(dossier)}`;
  return miseEnPage(sujet, [
    salutation(donnees.destinataire),
    donnees.edition
      ? `Le demandeur a déposé à nouveau la ${designation(dossier)}${structure(dossier)} après l'avoir modifiée.`
      : `Le demandeur a transmis les éléments complémentaires demandés sur la ${designation(dossier)}${structure(dossier)}. Le délai d'instruction reprend.`,
    { texte: "Consultez le dossier :", lien: donnees.lien },
  ]);
}

/** The instruction clock ends soon (DESIGN §5 `expireBientot`): to the instructor or the service. */
export function courrielExpirationProche(donnees: {
  destinataire: Destinataire;
  dossier: DossierCourriel;
  dateLimiteInstruction: string;
  lien: string;
}): Courriel {
  const { dossier } = donnees;
  const date = dateCourriel(donnees.dateLimiteInstruction);
  return miseEnPage(`Délai d'instruction bientôt expiré : ${designation(dossier)}`, [
    salutation(donnees.destinataire),
    `Le délai d'instruction de la ${designation(dossier)}${structure(dossier)} expire le ${date}. Sans décision à cette date, la demande sera réputée rejetée.`,
    { texte: "Consultez le dossier :", lien: donnees.lien },
  ]);
}

/**
 * ACCORD_TACITE, to the assigned instructor or the service's mailbox: a
 * perimeter extension was accepted by two months of silence (DESIGN §5);
 * the superviseur may still annul it (ADR 0021).
 */
export function courrielAccordTaciteService(donnees: {
  destinataire: Destinataire;
  dossier: DossierCourriel;
  lien: string;
}): Courriel {
  const { dossier } = donnees;
  return miseEnPage(`Accord tacite de la ${designation(dossier)}`, [
    salutation(donnees.destinataire),
    `Aucune décision n'a été prise dans le délai de ${DELAIS.acceptationTacite.enLettres} sur la ${designation(dossier)}${structure(dossier)} : l'extension du périmètre d'intervention est accordée tacitement et le périmètre de l'agrément est étendu.`,
    "Si cet accord doit être remis en cause, un superviseur peut déposer la procédure d'annulation de l'accord tacite depuis la page du dossier.",
    { texte: "Consultez le dossier sur le portail :", lien: donnees.lien },
  ]);
}
