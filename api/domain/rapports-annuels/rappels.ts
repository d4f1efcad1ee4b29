/**
 * Jobs of the annual activity report (spec §9 "Annual
 * report due 31 March (inclusive)"; ADR 0017 "Rappels et retards"), run by
 * api/jobs/taches.ts. Each is a plain function of the database, the clock,
 * the settings, the mailer and the log, which computes from the clock what
 * is due (a missed run catches up on the next one) and is idempotent: a
 * claim row (`rappel_rapport_annuel`, `retard_rapport_annuel`) is written in
 * the same transaction as the mails it plans in the outbox (ADR 0011), so
 * that only the run that writes it mails, and the mails are sent after the
 * commit, each retried on its own.
 *
 * - {@link envoyerRappelsRapportAnnuel}: from 1 March of N+1, then from 15
 *   March, until 31 March, one reminder each to the applicants of every
 *   approval owing the report about N (= Paris year − 1) not deposited.
 * - {@link signalerRapportsAnnuelsEnRetard}: from 1 April of N+1, marks late
 *   every report about N owed and not deposited, and mails each instruction
 *   service one digest of its approvals newly marked.
 */
import { and, asc, eq, gte, lte, ne, notExists, sql, type SQL } from "drizzle-orm";
import { dateLimiteRapportAnnuel } from "../../../contract/delais.ts";
import type { CodeParametreMail } from "../../../contract/schemas/parametres-mail.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import type { Db } from "../../db/client.ts";
import {
  agrements,
  demandes,
  rappelsRapportAnnuel,
  rapportsAnnuelsActivite,
  retardsRapportAnnuel,
  servicesInstructeur,
  utilisateurs,
} from "../../db/schema.ts";
import { executerTravauxDe, type DepsTravaux } from "../travaux-apres-validation.ts";
import { planifierTravail } from "../travaux.ts";
import {
  courrielRappelRapportAnnuel,
  courrielRetardsRapportAnnuel,
} from "../../mail/courriels-rapport-annuel.ts";
import { anneeDuRapportEnCours, etatRapport } from "./regles.ts";

/** What a job of this module needs (DepsTache of api/jobs/taches.ts fits). */
export type DepsRappels = Pick<
  DepsTravaux,
  "config" | "database" | "logger" | "horloge" | "mailer"
>;

/** The reminders of a report, named by their day of N+1. */
export type RappelRapport = (typeof rappelsRapportAnnuel.$inferSelect)["rappel"];

/** Day of N+1 ("MM-JJ", Europe/Paris) from which each reminder is due, latest first. */
const JOURS_RAPPEL: readonly { rappel: RappelRapport; jour: string }[] = [
  { rappel: "15-mars", jour: "03-15" },
  { rappel: "1-mars", jour: "03-01" },
];

/** The preference (contract/schemas/parametres-mail.ts) that gates the reminders. */
const PREFERENCE_RAPPEL: CodeParametreMail = "rapport_annuel";

/**
 * The reminder due on `aujourdhui` ("AAAA-MM-JJ", Paris) for the report
 * about `annee`: "1-mars" from 1 to 14 March of annee + 1, "15-mars" from
 * 15 March to the deadline (31 March inclusive), null otherwise. A late
 * first run in March sends the reminder of its day only: the one of 1 March
 * is no longer due once the 15 March one is.
 */
export function rappelDu(aujourdhui: string, annee: number): RappelRapport | null {
  if (aujourdhui > dateLimiteRapportAnnuel(annee)) return null;
  return JOURS_RAPPEL.find(({ jour }) => aujourdhui >= `${annee + 1}-${jour}`)?.rappel ?? null;
}

/** The outbox `ressource` of this module's mails about year `annee` (its own drain). */
function ressourceRapports(annee: number): string {
  return `rapports-annuels:${annee}`;
}

/**
 * The approvals that may owe the report about `annee`, with their report of
 * that year if created: the SQL side of the exemptions of regles.ts (in
 * force during the year, not withdrawn); callers keep those whose
 * etatRapport is nonDepose, and that meet `condition` (no claim yet).
 */
function agrementsDevantLeRapport(db: Db, annee: number, condition: SQL) {
  return db
    .select({
      agrement: agrements,
      rapport: rapportsAnnuelsActivite,
      // The service of the request it was granted on (DESIGN §4), else the approval's copy.
      serviceId: sql<
        number | null
      >`coalesce(${demandes.serviceInstructeurId}, ${agrements.serviceInstructeurId})`,
    })
    .from(agrements)
    .leftJoin(demandes, eq(demandes.id, agrements.demandeId))
    .leftJoin(
      rapportsAnnuelsActivite,
      and(
        eq(rapportsAnnuelsActivite.agrementId, agrements.id),
        eq(rapportsAnnuelsActivite.annee, annee),
      ),
    )
    .where(
      and(
        lte(agrements.dateDebut, `${annee}-12-31`),
        gte(agrements.dateFin, `${annee}-01-01`),
        ne(agrements.etat, "retire"),
        condition,
      ),
    )
    .orderBy(asc(agrements.numeroAgrement));
}

/**
 * The active applicant accounts (role demandeur) of company `societeId`
 * that want the reminders (preference `rapport_annuel` not false), one per
 * address (lower-cased).
 */
async function destinatairesRappel(tx: Db, societeId: string) {
  const comptes = await tx
    .select({
      email: utilisateurs.email,
      prenom: utilisateurs.prenom,
      nom: utilisateurs.nom,
      parametresMail: utilisateurs.parametresMail,
    })
    .from(utilisateurs)
    .where(
      and(
        eq(utilisateurs.societeId, societeId),
        eq(utilisateurs.statut, "actif"),
        sql`'demandeur' = any(${utilisateurs.roles})`,
      ),
    )
    .orderBy(asc(utilisateurs.email));
  const retenus = new Map<string, (typeof comptes)[number]>();
  for (const compte of comptes) {
    const adresse = compte.email.toLowerCase();
    if (retenus.has(adresse) || compte.parametresMail?.[PREFERENCE_RAPPEL] === false) continue;
    retenus.set(adresse, compte);
  }
  return retenus;
}

/**
 * Job: the reminder due now ({@link rappelDu}) about year N = Paris year − 1,
 * to every approval owing that report and not having deposited it
 * (etatRapport nonDepose) that has not had this reminder yet. Per approval,
 * in one transaction: the claim row of `rappel_rapport_annuel` and one
 * outbox mail (type courriel, key `raa-rappel:{agrementId}:{N}:{rappel}:
 * {adresse}`) per active applicant of the holding company whose
 * `rapport_annuel` preference is not false; the mails are sent after the
 * commit (or by the outbox's job). An approval reminded by a concurrent
 * run is skipped. Returns how many approvals it reminded (0 outside 1–31
 * March).
 */
export async function envoyerRappelsRapportAnnuel(deps: DepsRappels): Promise<number> {
  const { database, horloge, config } = deps;
  const maintenant = horloge.now();
  const aujourdhui = aujourdhuiParis(maintenant);
  const annee = anneeDuRapportEnCours(aujourdhui);
  const rappel = rappelDu(aujourdhui, annee);
  if (!rappel) return 0;
  const dateLimiteDepot = dateLimiteRapportAnnuel(annee);
  const { db } = database;
  const pasEncoreRappele = notExists(
    db
      .select({ un: sql`1` })
      .from(rappelsRapportAnnuel)
      .where(
        and(
          eq(rappelsRapportAnnuel.agrementId, agrements.id),
          eq(rappelsRapportAnnuel.annee, annee),
          eq(rappelsRapportAnnuel.rappel, rappel),
        ),
      ),
  );
  const candidats = await agrementsDevantLeRapport(db, annee, pasEncoreRappele);
  const ressource = ressourceRapports(annee);
  let rappeles = 0;
  for (const { agrement, rapport } of candidats) {
    if (etatRapport(agrement, annee, rapport) !== "nonDepose") continue;
    const reclame = await db.transaction(async (tx) => {
      const [claim] = await tx
        .insert(rappelsRapportAnnuel)
        .values({ agrementId: agrement.id, annee, rappel, dateRappel: maintenant })
        .onConflictDoNothing()
        .returning();
      if (!claim) return false;
      for (const [adresse, compte] of await destinatairesRappel(tx, agrement.societeId)) {
        const courriel = courrielRappelRapportAnnuel({
          destinataire: { prenom: compte.prenom, nom: compte.nom },
          annee,
          numeroAgrement: agrement.numeroAgrement,
          raisonSociale: agrement.raisonSociale,
          dateLimiteDepot,
          lien: `${config.publicUrl}/rapport-annuel-activite`,
        });
        await planifierTravail(
          tx,
          {
            type: "courriel",
            donnees: { message: { to: compte.email, ...courriel } },
            cle: `raa-rappel:${agrement.id}:${annee}:${rappel}:${adresse}`,
            ressource,
          },
          maintenant,
        );
      }
      return true;
    });
    if (reclame) rappeles += 1;
  }
  if (rappeles) await executerTravauxDe(deps, ressource);
  return rappeles;
}

/**
 * Last day (Europe/Paris, inclusive) the late-report job marks the reports
 * about `annee`: 30 April of `annee` + 1. A month catches up any outage of
 * the jobs, and a first deployment later in the year marks nothing of a
 * year whose reports the portal never collected (ADR 0017).
 */
export function finSignalementRetards(annee: number): string {
  return `${annee + 1}-04-30`;
}

/**
 * Job: from 1 April to 30 April of N+1 (N = Paris year − 1),
 * marks late for staff every report about N owed and still not deposited
 * (etatRapport nonDepose; a row of `retard_rapport_annuel`, the report's
 * state unchanged) not marked yet, and mails each instruction service (the
 * service of the request the approval was granted on, `email` of
 * service_instructeur) one digest listing its approvals newly marked, by
 * approval number. Per service, in one transaction: the marker rows and the
 * digest in the outbox (key `raa-retard:{serviceId}:{N}:{date}`), so that
 * only the run that marks an approval lists it. A service without mailbox,
 * or an approval without service, gets its markers and no mail (logged at
 * info). Returns how many approvals it marked.
 */
export async function signalerRapportsAnnuelsEnRetard(deps: DepsRappels): Promise<number> {
  const { database, horloge, config, logger } = deps;
  const maintenant = horloge.now();
  const aujourdhui = aujourdhuiParis(maintenant);
  const annee = anneeDuRapportEnCours(aujourdhui);
  const dateLimiteDepot = dateLimiteRapportAnnuel(annee);
  if (aujourdhui <= dateLimiteDepot || aujourdhui > finSignalementRetards(annee)) return 0;
  const { db } = database;
  const pasEncoreSignale = notExists(
    db
      .select({ un: sql`1` })
      .from(retardsRapportAnnuel)
      .where(
        and(
          eq(retardsRapportAnnuel.agrementId, agrements.id),
          eq(retardsRapportAnnuel.annee, annee),
        ),
      ),
  );
  const candidats = await agrementsDevantLeRapport(db, annee, pasEncoreSignale);
  const parService = new Map<number | null, (typeof candidats)[number]["agrement"][]>();
  for (const { agrement, rapport, serviceId } of candidats) {
    if (etatRapport(agrement, annee, rapport) !== "nonDepose") continue;
    const service = serviceId === null ? null : Number(serviceId);
    parService.set(service, [...(parService.get(service) ?? []), agrement]);
  }
  const ressource = ressourceRapports(annee);
  let signales = 0;
  let digests = 0;
  for (const [serviceId, enRetard] of parService) {
    const [service] =
      serviceId === null
        ? []
        : await db
            .select({ email: servicesInstructeur.email })
            .from(servicesInstructeur)
            .where(eq(servicesInstructeur.id, serviceId));
    const nouveaux = await db.transaction(async (tx) => {
      const marques = await tx
        .insert(retardsRapportAnnuel)
        .values(
          enRetard.map((agrement) => ({
            agrementId: agrement.id,
            annee,
            dateSignalement: maintenant,
          })),
        )
        .onConflictDoNothing()
        .returning({ agrementId: retardsRapportAnnuel.agrementId });
      const ids = new Set(marques.map((marque) => marque.agrementId));
      // Only those this run marked: a concurrent run lists the others in its own digest.
      const listes = enRetard.filter((agrement) => ids.has(agrement.id));
      if (listes.length && service?.email) {
        const courriel = courrielRetardsRapportAnnuel({
          annee,
          dateLimiteDepot,
          agrements: listes,
          lien: `${config.publicUrl}/`,
        });
        await planifierTravail(
          tx,
          {
            type: "courriel",
            donnees: { message: { to: service.email, ...courriel } },
            cle: `raa-retard:${serviceId}:${annee}:${aujourdhui}`,
            ressource,
          },
          maintenant,
        );
        digests += 1;
      }
      return listes.length;
    });
    signales += nouveaux;
    if (nouveaux && !service?.email)
      logger.info(
        { serviceInstructeurId: serviceId, annee, agrements: nouveaux },
        "Rapports annuels d'activité en retard signalés sans courriel : service instructeur sans boîte aux lettres",
      );
  }
  if (digests) await executerTravauxDe(deps, ressource);
  return signales;
}
