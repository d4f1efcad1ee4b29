/**
 * Instruction of approval requests through the HTTP API (DESIGN §3), for
 * API tests and Playwright tests alike (plain fetch, no test-runner
 * import): each action of the transition table as one function posting
 * the form the way a browser does (urlencoded, or multipart when files
 * go with it), always at the request's current version, and
 * {@link conduireJusqua} which drives a deposited request to any state of
 * the instruction through the real API. The instruction staff are the demo
 * accounts (Paris service; superviseur over Île-de-France), so the request
 * must have its head office there (the default step 1 of demande-api.ts
 * does). Every call throws {@link ErreurApi} when the API refuses it.
 */
import type { EtatDemande } from "../../contract/etats.ts";
import type { DemandeDetail } from "../../contract/schemas/demande.ts";
import {
  ErreurApi,
  appelApi,
  creerDemandeDeposable,
  deposer,
  pdfMinimal,
  type OptionsDemande,
} from "./demande-api.ts";
import { loginAs } from "./oidc-login.ts";

export { ErreurApi };

/** Password of every demo account (README). */
export const MOT_DE_PASSE_DEMO = "Anah-Demo-2026!";

/** E-mails of the demo instruction staff (all in the Paris service). */
export const EQUIPE_DEMO = {
  instructeur: "instructeur@demo.anah.gouv.fr",
  crhh: "crhh@demo.anah.gouv.fr",
  superviseur: "superviseur@demo.anah.gouv.fr",
} as const;

/** Bearer tokens of the instruction staff who act on the request. */
export interface EquipeInstruction {
  instructeur: string;
  crhh: string;
  superviseur: string;
}

/** Who drives a request: the portal, its applicant's token and the staff's tokens. */
export interface ContexteInstruction {
  baseUrl: string;
  /** Token of the applicant who owns the request (DONNER_COMPLEMENT, VISUALISER_RESULTAT…). */
  demandeur: string;
  equipe: EquipeInstruction;
}

/** A file sent with an action (multipart `fichier`, `fichier1`…). */
export interface FichierAction {
  nom: string;
  contenu: Buffer;
  /** Declared type; the API trusts only the bytes. Default application/pdf. */
  type?: string;
}

/**
 * Signs the three demo staff accounts in (real OpenID flow) and returns
 * their access tokens.
 */
export async function connecterEquipeDemo(baseUrl: string): Promise<EquipeInstruction> {
  const jeton = async (email: string) =>
    (await loginAs(baseUrl, email, MOT_DE_PASSE_DEMO)).accessToken;
  return {
    instructeur: await jeton(EQUIPE_DEMO.instructeur),
    crhh: await jeton(EQUIPE_DEMO.crhh),
    superviseur: await jeton(EQUIPE_DEMO.superviseur),
  };
}

/** The context for the applicant of `demandeur`, the demo staff signed in. */
export async function contexteInstruction(
  baseUrl: string,
  demandeur: string,
): Promise<ContexteInstruction> {
  return { baseUrl, demandeur, equipe: await connecterEquipeDemo(baseUrl) };
}

/** GET /api/demande/{id} as the user of `token`. */
export function lireDemande(
  ctx: Pick<ContexteInstruction, "baseUrl">,
  token: string,
  id: string,
): Promise<DemandeDetail> {
  return appelApi<DemandeDetail>(ctx.baseUrl, token, "GET", `/demande/${id}`);
}

/**
 * Posts `action` on request `id` as the user of `token`, at the version
 * the request has now (read first with the same token), with `champs` (a
 * list goes as repeated `key[]`, spec §7) and optional `fichiers` (then as
 * multipart: the first under `fichier`, the next under `fichier1`,
 * `fichier2`…). Returns the DemandeDetail after.
 */
export async function agirEnTantQue(
  ctx: Pick<ContexteInstruction, "baseUrl">,
  token: string,
  id: string,
  action: string,
  champs: Record<string, string | string[]> = {},
  fichiers: FichierAction[] = [],
): Promise<DemandeDetail> {
  const { version } = await lireDemande(ctx, token, id);
  const valeurs: [string, string][] = [
    ["action", action],
    ["version", String(version)],
    ...Object.entries(champs).flatMap(([cle, valeur]): [string, string][] =>
      Array.isArray(valeur) ? valeur.map((code) => [`${cle}[]`, code]) : [[cle, valeur]],
    ),
  ];
  let corps: FormData | URLSearchParams;
  if (fichiers.length > 0) {
    corps = new FormData();
    for (const [cle, valeur] of valeurs) corps.append(cle, valeur);
    fichiers.forEach((fichier, index) =>
      (corps as FormData).set(
        index === 0 ? "fichier" : `fichier${index}`,
        new Blob([new Uint8Array(fichier.contenu)], { type: fichier.type ?? "application/pdf" }),
        fichier.nom,
      ),
    );
  } else {
    corps = new URLSearchParams(valeurs);
  }
  return appelApi<DemandeDetail>(ctx.baseUrl, token, "POST", `/demande/${id}/action`, corps);
}

/** A small real PDF to answer a request or back an opinion with. */
export async function pdfAction(nom = "complement.pdf", texte = nom): Promise<FichierAction> {
  return { nom, contenu: await pdfMinimal(texte) };
}

/** The id of the user of `token` (GET /api/user/account). */
export async function idUtilisateur(
  ctx: Pick<ContexteInstruction, "baseUrl">,
  token: string,
): Promise<string> {
  return (await appelApi<{ id: string }>(ctx.baseUrl, token, "GET", "/user/account")).id;
}

/**
 * Creates a complete draft for the applicant of the context
 * (demande-api.ts creerDemandeDeposable, `options` as there) and deposits
 * it. Returns the deposited request (etat deposee).
 */
export async function deposerNouvelleDemande(
  ctx: ContexteInstruction,
  options: OptionsDemande = {},
): Promise<DemandeDetail> {
  const brouillon = await creerDemandeDeposable(ctx.baseUrl, ctx.demandeur, options);
  return deposer(ctx.baseUrl, ctx.demandeur, brouillon.id);
}

/**
 * AFFECTER_INSTRUCTEUR: by default the superviseur assigns the demo
 * instructeur; `par: "instructeur"` has the instructeur take it himself.
 */
export async function affecter(
  ctx: ContexteInstruction,
  id: string,
  options: { par?: "superviseur" | "instructeur"; instructeurId?: string } = {},
): Promise<DemandeDetail> {
  const instructeurId = options.instructeurId ?? (await idUtilisateur(ctx, ctx.equipe.instructeur));
  const token = options.par === "instructeur" ? ctx.equipe.instructeur : ctx.equipe.superviseur;
  return agirEnTantQue(ctx, token, id, "AFFECTER_INSTRUCTEUR", { instructeurId });
}

/** DEMANDER_COMPLEMENT_COMPLETUDE by the instructeur (deadline: 1 month, set by the API). */
export function demanderCompletude(
  ctx: ContexteInstruction,
  id: string,
  commentaire = "Veuillez joindre l'attestation d'assurance professionnelle.",
): Promise<DemandeDetail> {
  return agirEnTantQue(ctx, ctx.equipe.instructeur, id, "DEMANDER_COMPLEMENT_COMPLETUDE", {
    commentaire,
  });
}

/** "AAAA-MM-JJ" `jours` days after `depuis` (default now on this machine), UTC. */
export function dansNJours(jours: number, depuis: Date = new Date()): string {
  return new Date(depuis.getTime() + jours * 86_400_000).toISOString().slice(0, 10);
}

/**
 * DEMANDER_COMPLEMENT by the instructeur with `dateEcheance` ("AAAA-MM-JJ").
 * By default 30 days after the request's last modification, which the
 * portal dated with its own clock: right even when a test moved it.
 */
export async function demanderComplement(
  ctx: ContexteInstruction,
  id: string,
  options: { dateEcheance?: string; commentaire?: string } = {},
): Promise<DemandeDetail> {
  const dateEcheance =
    options.dateEcheance ??
    dansNJours(30, new Date((await lireDemande(ctx, ctx.equipe.instructeur, id)).dateModification));
  return agirEnTantQue(ctx, ctx.equipe.instructeur, id, "DEMANDER_COMPLEMENT", {
    commentaire: options.commentaire ?? "Veuillez transmettre le bilan du dernier exercice.",
    dateEcheance,
  });
}

/** DONNER_COMPLEMENT by the applicant with `fichiers` (default: one small PDF). */
export async function donnerComplement(
  ctx: ContexteInstruction,
  id: string,
  fichiers?: FichierAction[],
  commentaire?: string,
): Promise<DemandeDetail> {
  return agirEnTantQue(
    ctx,
    ctx.demandeur,
    id,
    "DONNER_COMPLEMENT",
    commentaire ? { commentaire } : {},
    fichiers ?? [await pdfAction()],
  );
}

/** CONFIRMER_COMPLETUDE by the instructeur, with (default) or without CRHH consultation. */
export function confirmerCompletude(
  ctx: ContexteInstruction,
  id: string,
  avecCrhh = true,
): Promise<DemandeDetail> {
  return agirEnTantQue(ctx, ctx.equipe.instructeur, id, "CONFIRMER_COMPLETUDE", {
    consultationCrhh: avecCrhh ? "oui" : "non",
  });
}

/** The actions giving an opinion, and who takes each. */
export type ActionAvis =
  | "EXPRIMER_AVIS_CRHH"
  | "EXPRIMER_AVIS_INSTRUCTEUR"
  | "EXPRIMER_AVIS_SUPERVISEUR"
  | "EXPRIMER_AVIS_DECIDEUR";

const AUTEUR_AVIS: Record<ActionAvis, keyof EquipeInstruction> = {
  EXPRIMER_AVIS_CRHH: "crhh",
  EXPRIMER_AVIS_INSTRUCTEUR: "instructeur",
  EXPRIMER_AVIS_SUPERVISEUR: "superviseur",
  EXPRIMER_AVIS_DECIDEUR: "superviseur",
};

/**
 * One of the four EXPRIMER_AVIS by its role (crhh, instructeur,
 * superviseur, superviseur for the decision) with `avis` (default
 * FAVORABLE, AGREMENT_VALIDE for the decision), a comment and an optional
 * attached file.
 */
export function exprimerAvis(
  ctx: ContexteInstruction,
  id: string,
  action: ActionAvis,
  options: { avis?: string; commentaire?: string; fichier?: FichierAction } = {},
): Promise<DemandeDetail> {
  const avis =
    options.avis ?? (action === "EXPRIMER_AVIS_DECIDEUR" ? "AGREMENT_VALIDE" : "FAVORABLE");
  return agirEnTantQue(
    ctx,
    ctx.equipe[AUTEUR_AVIS[action]],
    id,
    action,
    { avis, commentaire: options.commentaire ?? `Avis ${avis.toLowerCase()} après examen.` },
    options.fichier ? [options.fichier] : [],
  );
}

/** RETOURNER_EN_EDITION by the instructeur. */
export function retournerEnEdition(
  ctx: ContexteInstruction,
  id: string,
  commentaire = "Veuillez corriger l'adresse du siège.",
): Promise<DemandeDetail> {
  return agirEnTantQue(ctx, ctx.equipe.instructeur, id, "RETOURNER_EN_EDITION", { commentaire });
}

/** DEPOSER_EN_EDITION by the applicant. */
export function deposerEnEdition(ctx: ContexteInstruction, id: string): Promise<DemandeDetail> {
  return agirEnTantQue(ctx, ctx.demandeur, id, "DEPOSER_EN_EDITION");
}

/** PROPOSER_REFUS_DEMANDE by the instructeur. */
export function proposerRefus(
  ctx: ContexteInstruction,
  id: string,
  commentaire = "Les justificatifs de compétence sont insuffisants.",
): Promise<DemandeDetail> {
  return agirEnTantQue(ctx, ctx.equipe.instructeur, id, "PROPOSER_REFUS_DEMANDE", {
    commentaire,
  });
}

/** CONFIRMER_REFUS by the superviseur. */
export function confirmerRefus(
  ctx: ContexteInstruction,
  id: string,
  commentaire = "Refus confirmé.",
): Promise<DemandeDetail> {
  return agirEnTantQue(ctx, ctx.equipe.superviseur, id, "CONFIRMER_REFUS", { commentaire });
}

/** REFUSER_REFUS by the superviseur: instruction resumes (refus_refuse). */
export function refuserRefus(
  ctx: ContexteInstruction,
  id: string,
  commentaire = "Les pièces produites suffisent : l'instruction reprend.",
): Promise<DemandeDetail> {
  return agirEnTantQue(ctx, ctx.equipe.superviseur, id, "REFUSER_REFUS", { commentaire });
}

/** MOTIVER_REFUS by the instructeur: `commentaire` is the grounds of the letter. */
export function motiverRefus(
  ctx: ContexteInstruction,
  id: string,
  commentaire = "La structure ne justifie pas des compétences exigées par l'article R232-5.",
): Promise<DemandeDetail> {
  return agirEnTantQue(ctx, ctx.equipe.instructeur, id, "MOTIVER_REFUS", { commentaire });
}

/** VISUALISER_RESULTAT by the applicant: the granted approval becomes agree. */
export function visualiserResultat(ctx: ContexteInstruction, id: string): Promise<DemandeDetail> {
  return agirEnTantQue(ctx, ctx.demandeur, id, "VISUALISER_RESULTAT");
}

/** The fields of a withdrawal procedure's form (CREER_PROCEDURE, MODIFIER_PROCEDURE). */
export interface ChampsProcedure {
  type?: "retrait_avec_suspension" | "retrait_sans_suspension";
  /** "AAAA-MM-JJ" or "JJ/MM/AAAA": the day the company was notified. */
  dateNotification?: string;
  commentaire?: string;
}

/**
 * "AAAA-MM-JJ" 20 days before the request's last modification, which the
 * portal dated with its own clock: a notification date in the past, within
 * the 3 months of a suspension and past the 15 days of observations.
 */
async function notifieeIlYA20Jours(ctx: ContexteInstruction, id: string): Promise<string> {
  const { dateModification } = await lireDemande(ctx, ctx.equipe.superviseur, id);
  return dansNJours(-20, new Date(dateModification));
}

/**
 * CREER_PROCEDURE by the superviseur (agree → agrement_procedure_en_cours):
 * by default a withdrawal without suspension notified 20 days before the
 * request's last modification, with grounds.
 */
export async function creerProcedure(
  ctx: ContexteInstruction,
  id: string,
  champs: ChampsProcedure = {},
): Promise<DemandeDetail> {
  return agirEnTantQue(ctx, ctx.equipe.superviseur, id, "CREER_PROCEDURE", {
    type: champs.type ?? "retrait_sans_suspension",
    dateNotification: champs.dateNotification ?? (await notifieeIlYA20Jours(ctx, id)),
    commentaire:
      champs.commentaire ?? "Manquements répétés aux obligations d'information des ménages.",
  });
}

/** MODIFIER_PROCEDURE by the superviseur with the given changes (a default comment). */
export function modifierProcedure(
  ctx: ContexteInstruction,
  id: string,
  champs: ChampsProcedure,
): Promise<DemandeDetail> {
  const { commentaire, ...changements } = champs;
  return agirEnTantQue(ctx, ctx.equipe.superviseur, id, "MODIFIER_PROCEDURE", {
    ...(Object.fromEntries(
      Object.entries(changements).filter(([, valeur]) => valeur !== undefined),
    ) as Record<string, string>),
    commentaire: commentaire ?? "Procédure modifiée après échange avec la structure.",
  });
}

/**
 * TERMINER_PROCEDURE by the superviseur: `decision` agrement_maintenu
 * (→ agree) or agrement_retire (→ agrement_retire, withdrawal decision PDF);
 * `commentaire` is the grounds.
 */
export function terminerProcedure(
  ctx: ContexteInstruction,
  id: string,
  decision: "agrement_maintenu" | "agrement_retire",
  commentaire = decision === "agrement_retire"
    ? "Les observations produites ne répondent pas aux manquements constatés."
    : "Les observations produites répondent aux manquements constatés.",
): Promise<DemandeDetail> {
  return agirEnTantQue(ctx, ctx.equipe.superviseur, id, "TERMINER_PROCEDURE", {
    decision,
    commentaire,
  });
}

/** A granted perimeter as posted: codes by level (absent levels are empty). */
export interface PerimetreSaisi {
  regions?: string[];
  departements?: string[];
  epcis?: string[];
  communes?: string[];
}

/**
 * MODIFIER_AGREMENT by the superviseur (agree → agrement_modifie_en_attente):
 * the new perimeter (default: Paris and Hauts-de-Seine instead of the
 * demo request's Île-de-France) and the grounds.
 */
export function modifierAgrement(
  ctx: ContexteInstruction,
  id: string,
  perimetre: PerimetreSaisi = { departements: ["75", "92"] },
  commentaire = "Périmètre restreint aux départements effectivement couverts.",
): Promise<DemandeDetail> {
  return agirEnTantQue(ctx, ctx.equipe.superviseur, id, "MODIFIER_AGREMENT", {
    regions: perimetre.regions ?? [],
    departements: perimetre.departements ?? [],
    epcis: perimetre.epcis ?? [],
    communes: perimetre.communes ?? [],
    commentaire,
  });
}

type Etape = (ctx: ContexteInstruction, id: string) => Promise<DemandeDetail>;

/** Each reachable state: the state it is reached from, and the action that leads there. */
const CHEMINS: Partial<Record<EtatDemande, { depuis: EtatDemande; etape: Etape }>> = {
  affectee: { depuis: "deposee", etape: (ctx, id) => affecter(ctx, id) },
  incomplete: { depuis: "affectee", etape: (ctx, id) => demanderCompletude(ctx, id) },
  en_edition: { depuis: "affectee", etape: (ctx, id) => retournerEnEdition(ctx, id) },
  complete: { depuis: "affectee", etape: (ctx, id) => confirmerCompletude(ctx, id, true) },
  complete_sans_crhh: {
    depuis: "affectee",
    etape: (ctx, id) => confirmerCompletude(ctx, id, false),
  },
  complete_complement_demande: {
    depuis: "complete",
    etape: (ctx, id) => demanderComplement(ctx, id),
  },
  complete_complement_recu: {
    depuis: "complete_complement_demande",
    etape: (ctx, id) => donnerComplement(ctx, id),
  },
  complete_sans_crhh_complement_demande: {
    depuis: "complete_sans_crhh",
    etape: (ctx, id) => demanderComplement(ctx, id),
  },
  complete_sans_crhh_complement_recu: {
    depuis: "complete_sans_crhh_complement_demande",
    etape: (ctx, id) => donnerComplement(ctx, id),
  },
  instruite_crhh: {
    depuis: "complete",
    etape: (ctx, id) => exprimerAvis(ctx, id, "EXPRIMER_AVIS_CRHH"),
  },
  instruite_crhh_complement_demande: {
    depuis: "instruite_crhh",
    etape: (ctx, id) => demanderComplement(ctx, id),
  },
  instruite_crhh_complement_recu: {
    depuis: "instruite_crhh_complement_demande",
    etape: (ctx, id) => donnerComplement(ctx, id),
  },
  instruite_instructeur: {
    depuis: "instruite_crhh",
    etape: (ctx, id) => exprimerAvis(ctx, id, "EXPRIMER_AVIS_INSTRUCTEUR"),
  },
  instruite_superviseur: {
    depuis: "instruite_instructeur",
    etape: (ctx, id) => exprimerAvis(ctx, id, "EXPRIMER_AVIS_SUPERVISEUR"),
  },
  agrement_en_attente: {
    depuis: "instruite_superviseur",
    etape: (ctx, id) =>
      exprimerAvis(ctx, id, "EXPRIMER_AVIS_DECIDEUR", { avis: "AGREMENT_VALIDE" }),
  },
  agree: { depuis: "agrement_en_attente", etape: (ctx, id) => visualiserResultat(ctx, id) },
  agrement_procedure_en_cours: { depuis: "agree", etape: (ctx, id) => creerProcedure(ctx, id) },
  agrement_retire: {
    depuis: "agrement_procedure_en_cours",
    etape: (ctx, id) => terminerProcedure(ctx, id, "agrement_retire"),
  },
  agrement_modifie_en_attente: {
    depuis: "agree",
    etape: (ctx, id) => modifierAgrement(ctx, id),
  },
  refusee: {
    depuis: "instruite_superviseur",
    etape: (ctx, id) =>
      exprimerAvis(ctx, id, "EXPRIMER_AVIS_DECIDEUR", {
        avis: "AGREMENT_REFUSE",
        commentaire:
          "Le périmètre d'intervention déclaré n'est pas couvert par les moyens humains.",
      }),
  },
  refus_en_attente: { depuis: "affectee", etape: (ctx, id) => proposerRefus(ctx, id) },
  refus_confirme: { depuis: "refus_en_attente", etape: (ctx, id) => confirmerRefus(ctx, id) },
  refus_refuse: { depuis: "refus_en_attente", etape: (ctx, id) => refuserRefus(ctx, id) },
};

/** States {@link conduireJusqua} can reach from deposee. */
export const ETATS_ATTEIGNABLES: readonly EtatDemande[] = [
  "deposee",
  ...(Object.keys(CHEMINS) as EtatDemande[]),
];

/**
 * Drives request `id` from its current state to `etatCible` through the
 * real API, one action of the shortest design path at a time (e.g. agree:
 * affecter → confirmer la complétude avec CRHH → avis CRHH, instructeur,
 * superviseur → AGREMENT_VALIDE → VISUALISER_RESULTAT; refusee: the same
 * to the decision, then AGREMENT_REFUSE; after agree: a procedure without
 * suspension, its withdrawal, or a modified perimeter). The request must be on that
 * path already (typically deposee). Throws when `etatCible` is not in
 * {@link ETATS_ATTEIGNABLES} or not reachable from where the request is.
 * Returns the DemandeDetail as the applicant sees it at the end.
 */
export async function conduireJusqua(
  ctx: ContexteInstruction,
  id: string,
  etatCible: EtatDemande,
): Promise<DemandeDetail> {
  const actuel = (await lireDemande(ctx, ctx.demandeur, id)).etat;
  const etapes: Etape[] = [];
  let etat: EtatDemande = etatCible;
  while (etat !== actuel) {
    const chemin = CHEMINS[etat];
    if (!chemin)
      throw new Error(
        `conduireJusqua : l'état ${etatCible} n'est pas atteignable depuis ${actuel}`,
      );
    etapes.unshift(chemin.etape);
    etat = chemin.depuis;
  }
  for (const etape of etapes) await etape(ctx, id);
  return lireDemande(ctx, ctx.demandeur, id);
}

/**
 * Deposits a new request for the applicant of the context and drives it to
 * `etatCible` (see {@link conduireJusqua}). Returns it as the applicant
 * sees it.
 */
export async function nouvelleDemandeEnEtat(
  ctx: ContexteInstruction,
  etatCible: EtatDemande,
  options: OptionsDemande = {},
): Promise<DemandeDetail> {
  const deposee = await deposerNouvelleDemande(ctx, options);
  return conduireJusqua(ctx, deposee.id, etatCible);
}
