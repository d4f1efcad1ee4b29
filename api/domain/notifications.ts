/**
 * E-mails of the instruction: one mail per event to whom it
 * concerns, honouring each recipient's mail preferences (utilisateur.
 * parametresMail, contract PARAMETRES_MAIL). The event is written in its
 * own transaction as post-commit work ({@link planifierNotification}, the
 * outbox of ADR 0011); once committed, the work plans one mail per
 * recipient, each sent and retried on its own (./travaux-apres-validation.ts):
 * a mail that cannot be sent never undoes the event.
 */
import { and, count, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { ActionDemande } from "../../contract/etats.ts";
import type { CodeParametreMail } from "../../contract/schemas/parametres-mail.ts";
import type { Database, Db } from "../db/client.ts";
import { lectures, messages, servicesInstructeur, utilisateurs } from "../db/schema.ts";
import type { DependancesDomaine } from "./dependances.ts";
import { planifierTravail, ressourceDemande } from "./travaux.ts";
import {
  courrielAccordTaciteService,
  courrielAccuseReception,
  courrielComplementRecu,
  courrielDecision,
  courrielDelaiDepasse,
  courrielDemandeComplement,
  courrielExpirationProche,
  courrielNouveauMessage,
  courrielRetourEnEdition,
  type Destinataire,
  type DossierCourriel,
} from "../mail/courriels-instruction.ts";
import type { MailMessage } from "../mail/types.ts";
import type { DemandeRow } from "./acces.ts";

/** What a mail needs of the request (kept with the event until its mails are planned). */
export type DemandeNotifiee = Pick<
  DemandeRow,
  | "id"
  | "kind"
  | "typeChangement"
  | "societeId"
  | "demandeurId"
  | "instructeurId"
  | "serviceInstructeurId"
  | "etat"
  | "numeroDossier"
  | "raisonSociale"
  | "dateDepot"
  | "dateModification"
  | "dateEcheance"
  | "dateLimiteInstruction"
>;

/** What happened on a request. */
export type EvenementDemande =
  | {
      type: "transition";
      /** The request after the transition. */
      demande: DemandeNotifiee;
      action: ActionDemande;
      /** Who acted (null for a deadline job). */
      acteurId: string | null;
      commentaire?: string | null;
    }
  | {
      type: "message";
      demande: DemandeNotifiee;
      /** The side that wrote: the other side is told. */
      cote: "demandeur" | "instruction";
      acteurId: string;
      /** The message just stored; without it, the side's latest message. */
      messageId?: number;
    }
  | { type: "expire_bientot"; demande: DemandeNotifiee }
  /** A perimeter extension accepted by silence, told to the instruction side (ADR 0021). */
  | { type: "accord_tacite_service"; demande: DemandeNotifiee };

type Deps = Pick<DependancesDomaine, "database" | "mailer" | "logger" | "config">;
type DepsCourriels = Pick<DependancesDomaine, "database" | "config">;

/** Someone a mail may go to: an account (with preferences) or a service mailbox. */
interface Compte {
  id: string | null;
  email: string;
  destinataire: Destinataire;
  parametresMail: Record<string, boolean>;
}

/** Who is told, under which preference, with which mail. */
interface Plan {
  pour: "demandeur" | "instructeur" | "instructeur_ou_service";
  parametre: CodeParametreMail;
  courriel(destinataire: Destinataire): Omit<MailMessage, "to">;
}

/** Addresses on the portal the mails link to (routes of spec §2). */
function liens(publicUrl: string, demande: DemandeNotifiee) {
  const id = encodeURIComponent(demande.id);
  const notable = demande.kind === "changement-notable";
  return {
    accueil: `${publicUrl}/`,
    completude: notable
      ? `${publicUrl}/mes-demandes-changement-notable/changement-notable/completude/${id}`
      : `${publicUrl}/demande/demande/completude/${id}`,
    edition: notable
      ? `${publicUrl}/mes-demandes-changement-notable/${encodeURIComponent(demande.typeChangement ?? "extension_perimetre")}/formulaire?id=${id}`
      : `${publicUrl}/demande/formulaire?id=${id}`,
    messagerie: `${publicUrl}/messagerie/${demande.kind}?id=${id}`,
    dossier: `${publicUrl}/dossier/${demande.kind}/${id}`,
  };
}

/** The mail plan of a transition; null for the actions that tell nobody. */
function planTransition(
  publicUrl: string,
  evenement: Extract<EvenementDemande, { type: "transition" }>,
): Plan | null {
  const { demande, action } = evenement;
  const dossier: DossierCourriel = demande;
  const lien = liens(publicUrl, demande);
  const commentaire = evenement.commentaire?.trim() || null;
  const auDemandeur = (courriel: Plan["courriel"]): Plan => ({
    pour: "demandeur",
    parametre: "suivi_dossier",
    courriel,
  });
  switch (action) {
    case "DEPOSER":
      return auDemandeur((destinataire) =>
        courrielAccuseReception({
          destinataire,
          dossier,
          dateDepot: demande.dateDepot ?? demande.dateModification,
          dateLimiteInstruction: demande.dateLimiteInstruction,
          lien: lien.accueil,
        }),
      );
    case "DEMANDER_COMPLEMENT_COMPLETUDE":
    case "DEMANDER_COMPLEMENT":
      return auDemandeur((destinataire) =>
        courrielDemandeComplement({
          destinataire,
          dossier,
          completude: action === "DEMANDER_COMPLEMENT_COMPLETUDE",
          commentaire,
          dateEcheance: demande.dateEcheance,
          lien: lien.completude,
        }),
      );
    case "RETOURNER_EN_EDITION":
      return auDemandeur((destinataire) =>
        courrielRetourEnEdition({ destinataire, dossier, commentaire, lien: lien.edition }),
      );
    case "EXPRIMER_AVIS_DECIDEUR":
    case "MOTIVER_REFUS":
    case "ACCORD_TACITE":
    case "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE":
      if (demande.kind === "changement-notable") {
        // A perimeter extension's decision (ADR 0021).
        const nature =
          action === "ACCORD_TACITE"
            ? "extension_accordee_tacitement"
            : action === "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE"
              ? "extension_annulee"
              : demande.etat === "refusee"
                ? "extension_refusee"
                : "extension_accordee";
        return auDemandeur((destinataire) =>
          courrielDecision({ destinataire, dossier, nature, lien: lien.accueil }),
        );
      }
      if (action === "ACCORD_TACITE" || action.startsWith("DEPOSER_PROCEDURE")) return null;
    // falls through: an approval request's decision
    case "REJETER_TACITEMENT_DOSSIER": {
      const nature =
        action === "REJETER_TACITEMENT_DOSSIER"
          ? "rejetee_tacitement"
          : action === "MOTIVER_REFUS" || demande.etat === "refusee"
            ? "refusee"
            : "accordee";
      return auDemandeur((destinataire) =>
        courrielDecision({ destinataire, dossier, nature, lien: lien.accueil }),
      );
    }
    case "DELAIS_COMPLETUDE_DEPASSE":
    case "DELAIS_AJOUT_PJ_DEPASSE":
      return auDemandeur((destinataire) =>
        courrielDelaiDepasse({
          destinataire,
          dossier,
          dateEcheance: demande.dateEcheance,
          lien: lien.completude,
        }),
      );
    case "DONNER_COMPLEMENT":
    case "DEPOSER_EN_EDITION":
      return {
        pour: "instructeur",
        parametre: "suivi_dossier",
        courriel: (destinataire) =>
          courrielComplementRecu({
            destinataire,
            dossier,
            edition: action === "DEPOSER_EN_EDITION",
            lien: lien.dossier,
          }),
      };
    default:
      return null;
  }
}

/** The mail plan of any event. */
function planDe(publicUrl: string, evenement: EvenementDemande): Plan | null {
  const { demande } = evenement;
  const lien = liens(publicUrl, demande);
  if (evenement.type === "transition") return planTransition(publicUrl, evenement);
  if (evenement.type === "message") {
    const versDemandeur = evenement.cote === "instruction";
    return {
      pour: versDemandeur ? "demandeur" : "instructeur",
      parametre: "nouveau_message",
      courriel: (destinataire) =>
        courrielNouveauMessage({
          destinataire,
          dossier: demande,
          auteur: evenement.cote,
          lien: versDemandeur ? lien.messagerie : lien.dossier,
        }),
    };
  }
  if (evenement.type === "accord_tacite_service")
    return {
      pour: "instructeur_ou_service",
      parametre: "suivi_dossier",
      courriel: (destinataire) =>
        courrielAccordTaciteService({ destinataire, dossier: demande, lien: lien.dossier }),
    };
  const dateLimite = demande.dateLimiteInstruction;
  if (!dateLimite) return null;
  return {
    pour: "instructeur_ou_service",
    parametre: "suivi_dossier",
    courriel: (destinataire) =>
      courrielExpirationProche({
        destinataire,
        dossier: demande,
        dateLimiteInstruction: dateLimite,
        lien: lien.dossier,
      }),
  };
}

const colonnesCompte = {
  id: utilisateurs.id,
  email: utilisateurs.email,
  prenom: utilisateurs.prenom,
  nom: utilisateurs.nom,
  parametresMail: utilisateurs.parametresMail,
};

function versCompte(row: {
  id: string;
  email: string;
  prenom: string;
  nom: string;
  parametresMail: Record<string, boolean>;
}): Compte {
  return {
    id: row.id,
    email: row.email,
    destinataire: { prenom: row.prenom, nom: row.nom },
    parametresMail: row.parametresMail ?? {},
  };
}

/**
 * The applicant side of `demande`: the account that created it, else
 * (deleted meanwhile) every confirmed applicant account of its company.
 */
async function comptesDemandeur(database: Database, demande: DemandeNotifiee): Promise<Compte[]> {
  const actifs = eq(utilisateurs.statut, "actif");
  if (demande.demandeurId) {
    const rows = await database.db
      .select(colonnesCompte)
      .from(utilisateurs)
      .where(and(eq(utilisateurs.id, demande.demandeurId), actifs));
    if (rows.length > 0) return rows.map(versCompte);
  }
  const rows = await database.db
    .select(colonnesCompte)
    .from(utilisateurs)
    .where(
      and(
        eq(utilisateurs.societeId, demande.societeId),
        actifs,
        sql`'demandeur' = any(${utilisateurs.roles})`,
      ),
    );
  return rows.map(versCompte);
}

/** The assigned instructor; with `service`, the service's mailbox when nobody is assigned. */
async function comptesInstruction(
  database: Database,
  demande: DemandeNotifiee,
  service: boolean,
): Promise<Compte[]> {
  if (demande.instructeurId) {
    const rows = await database.db
      .select(colonnesCompte)
      .from(utilisateurs)
      .where(eq(utilisateurs.id, demande.instructeurId));
    return rows.map(versCompte);
  }
  if (!service || demande.serviceInstructeurId === null) return [];
  const [row] = await database.db
    .select({ email: servicesInstructeur.email })
    .from(servicesInstructeur)
    .where(eq(servicesInstructeur.id, demande.serviceInstructeurId));
  return row?.email ? [{ id: null, email: row.email, destinataire: null, parametresMail: {} }] : [];
}

/**
 * "Never a flood" for messages: whether `compte` still has, besides the
 * message being told, an earlier message of side `cote` on this request he
 * has not read (he was told about that one and has not come back since).
 */
async function dejaPrevenu(
  database: Database,
  compte: Compte,
  evenement: Extract<EvenementDemande, { type: "message" }>,
): Promise<boolean> {
  if (!compte.id) return false;
  const { demande } = evenement;
  const [{ nonLus }] = await database.db
    .select({ nonLus: count() })
    .from(messages)
    .leftJoin(
      lectures,
      and(
        eq(lectures.utilisateurId, compte.id),
        eq(lectures.ressourceType, messages.ressourceType),
        eq(lectures.ressourceId, messages.ressourceId),
        eq(lectures.type, "message"),
      ),
    )
    .where(
      and(
        eq(messages.ressourceType, demande.kind),
        eq(messages.ressourceId, demande.id),
        eq(messages.cote, evenement.cote),
        evenement.messageId === undefined ? undefined : lte(messages.id, evenement.messageId),
        or(isNull(lectures.date), gt(messages.date, lectures.date)),
      ),
    );
  return Number(nonLus) > 1;
}

/** The recipients of `plan`, preferences and flood rule applied, one per address. */
async function destinataires(
  deps: DepsCourriels,
  plan: Plan,
  evenement: EvenementDemande,
): Promise<Compte[]> {
  const { database } = deps;
  const candidats =
    plan.pour === "demandeur"
      ? await comptesDemandeur(database, evenement.demande)
      : await comptesInstruction(
          database,
          evenement.demande,
          plan.pour === "instructeur_ou_service",
        );
  const retenus = new Map<string, Compte>();
  for (const compte of candidats) {
    const adresse = compte.email.toLowerCase();
    if (retenus.has(adresse)) continue;
    if (compte.parametresMail[plan.parametre] === false) continue;
    if (evenement.type === "message") {
      if (compte.id === evenement.acteurId) continue;
      if (await dejaPrevenu(database, compte, evenement)) continue;
    }
    retenus.set(adresse, compte);
  }
  return [...retenus.values()];
}

/** One mail of an event: to whom (address, account if any) and what. */
export interface CourrielEvenement {
  adresse: string;
  utilisateurId: string | null;
  message: MailMessage;
}

/**
 * The mails of `evenement` (DESIGN §5):
 * - to the applicant's account (demandeurId, else the company's accounts):
 *   deposit, completeness request, complement request, return to edition,
 *   decision (AGREMENT_VALIDE/AGREMENT_REFUSE, MOTIVER_REFUS, tacit
 *   rejection), passed deadline (DELAIS_*), new message from the
 *   instruction side;
 * - to the assigned instructor: complement received, edition deposited, new
 *   message from the applicant; clock expiring soon (to the service's
 *   mailbox when nobody is assigned).
 * Preferences: `suivi_dossier` gates the transition, deadline and expiry
 * mails, `nouveau_message` the message mails. At most one mail per address
 * (lower-cased in `adresse`) and event; for messages, none while an earlier
 * message of the same side is still unread by the recipient. Reads the
 * recipients and their preferences now; rejects when the database does.
 */
export async function courrielsEvenement(
  deps: DepsCourriels,
  evenement: EvenementDemande,
): Promise<CourrielEvenement[]> {
  const plan = planDe(deps.config.publicUrl, evenement);
  if (!plan) return [];
  const comptes = await destinataires(deps, plan, evenement);
  return comptes.map((compte) => ({
    adresse: compte.email.toLowerCase(),
    utilisateurId: compte.id,
    message: { to: compte.email, ...plan.courriel(compte.destinataire) },
  }));
}

/**
 * Sends the mails of `evenement` ({@link courrielsEvenement}) at once, one
 * attempt each, without the outbox (the outbox's work goes through
 * {@link courrielsEvenement} and retries each mail). Never throws: failures
 * are logged without the mail's content.
 */
export async function notifierEvenement(deps: Deps, evenement: EvenementDemande): Promise<void> {
  const contexte = {
    demandeId: evenement.demande.id,
    evenement: evenement.type,
    action: evenement.type === "transition" ? evenement.action : undefined,
  };
  let courriels: CourrielEvenement[];
  try {
    courriels = await courrielsEvenement(deps, evenement);
  } catch (error) {
    deps.logger.error(
      { ...contexte, erreur: (error as Error).message },
      "Notification par courriel : destinataires introuvables",
    );
    return;
  }
  for (const courriel of courriels) {
    try {
      await deps.mailer.envoyer(courriel.message);
    } catch (error) {
      deps.logger.error(
        { ...contexte, utilisateurId: courriel.utilisateurId, erreur: (error as Error).message },
        "Échec de l'envoi d'un courriel de notification",
      );
    }
  }
}

/** Whether `evenement` mails anyone at all (its action has a mail). */
export function evenementNotifie(evenement: EvenementDemande): boolean {
  return planDe("", evenement) !== null;
}

/**
 * Writes `evenement` as post-commit work (type `notification`, ADR 0011)
 * through `tx`, the transaction of the write that makes it happen, unless it
 * mails nobody. The request's mail fields are kept as they are now; the
 * recipients are read when the work is done.
 */
export async function planifierNotification(
  tx: Db,
  evenement: EvenementDemande,
  maintenant: Date,
): Promise<void> {
  if (!evenementNotifie(evenement)) return;
  await planifierTravail(
    tx,
    {
      type: "notification",
      donnees: versDonneesNotification(evenement),
      ressource: ressourceDemande(evenement.demande.id),
    },
    maintenant,
  );
}

/** The JSON an event is kept as: only the request's mail fields, dates as ISO strings. */
function versDonneesNotification(evenement: EvenementDemande): Record<string, unknown> {
  const d = evenement.demande;
  const demande: Record<keyof DemandeNotifiee, unknown> = {
    id: d.id,
    kind: d.kind,
    typeChangement: d.typeChangement,
    societeId: d.societeId,
    demandeurId: d.demandeurId,
    instructeurId: d.instructeurId,
    serviceInstructeurId: d.serviceInstructeurId,
    etat: d.etat,
    numeroDossier: d.numeroDossier,
    raisonSociale: d.raisonSociale,
    dateDepot: d.dateDepot?.toISOString() ?? null,
    dateModification: d.dateModification.toISOString(),
    dateEcheance: d.dateEcheance,
    dateLimiteInstruction: d.dateLimiteInstruction,
  };
  return { ...evenement, demande };
}

/** The event kept by {@link planifierNotification}, dates revived. */
export function evenementDepuisDonnees(donnees: Record<string, unknown>): EvenementDemande {
  const demande = donnees.demande as Record<string, unknown>;
  return {
    ...donnees,
    demande: {
      ...demande,
      dateDepot: demande.dateDepot ? new Date(demande.dateDepot as string) : null,
      dateModification: new Date(demande.dateModification as string),
    },
  } as EvenementDemande;
}
