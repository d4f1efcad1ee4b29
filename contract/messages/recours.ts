/**
 * The appeal routes and time limit of a decision (spec §8: "Refusal letters
 * state a two-month appeal period (informal or hierarchical appeal, or
 * court)"): one text for the decision letters (PDF), the decision callouts
 * of the applicant's pages and the decision mails.
 *
 * The hierarchical appeal goes to the director general of Anah: the
 * decisions are Anah's, taken by its instructing services (a local
 * delegation of Anah), whose hierarchical superior is Anah's director
 * general; the minister for housing only has supervisory powers over the
 * agency (an appeal to him is not hierarchical). The time limit of two
 * months is that of administrative courts (code de justice administrative,
 * art. R421-1), prolonged by an administrative appeal (code des relations
 * entre le public et l'administration, art. L411-2).
 */
export const VOIES_DE_RECOURS = {
  titre: "Voies et délais de recours",
  introduction:
    "La présente décision peut être contestée dans un délai de deux mois à compter de sa notification :",
  voies: [
    "par un recours gracieux auprès de l'Agence nationale de l'habitat (Anah) ;",
    "par un recours hiérarchique auprès du directeur général de l'Anah ;",
    "par un recours contentieux devant le tribunal administratif territorialement compétent, qui peut aussi être saisi par l'application « Télérecours citoyens » accessible sur le site www.telerecours.fr.",
  ],
  conclusion:
    "Un recours gracieux ou hiérarchique formé dans ce délai le prolonge : le délai du recours contentieux court de nouveau à compter de la réponse de l'administration, son silence gardé pendant deux mois valant rejet.",
} as const;

/**
 * {@link VOIES_DE_RECOURS} as one paragraph (introduction, routes and
 * conclusion joined by spaces), for a page or a mail.
 */
export const TEXTE_RECOURS: string = [
  VOIES_DE_RECOURS.introduction,
  ...VOIES_DE_RECOURS.voies,
  VOIES_DE_RECOURS.conclusion,
].join(" ");
