/**
 * Activity indicators and their breakdowns (spec §3 Activities, §7
 * `GET /api/activities` and `/details-*`, §9; issue 15 items 1 and 2; ADR
 * 0027 gives every definition). Each figure is one aggregate query in
 * PostgreSQL (`count(*) filter (…)`, `group by`): no request row is ever
 * loaded into Node, only the counts.
 *
 * The base set is the approval requests (`kind` demande) the reader may see
 * (DESIGN §4, `conditionVisibilite`: deposited only; the nation for central
 * roles, the perimeter for a superviseur, the service for an instructeur)
 * that pass the filters other than the period (quality, service,
 * head-office département and région, "deemed rejected only"). The period
 * then applies to each indicator's own date: deposit, decision, grant,
 * account creation.
 */
import { and, eq, inArray, isNotNull, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { DUREE_INSTRUCTION_MOIS, FUSEAU_PARIS } from "../../../contract/delais.ts";
import {
  TRANCHES_DELAI,
  type AgrementsAccordes,
  type AgrementsDepartement,
  type ChargeInstructeur,
  type DetailsDelaiMoyen,
  type DossiersService,
  type FiltresActivite,
  type IndicateursActivite,
  type MoisDepots,
  type ReputesRejetesDepartement,
} from "../../../contract/schemas/activites.ts";
import { ETAPES_INSTRUCTION, etapeInstruction } from "../../../contract/statuts.ts";
import { ETATS_DEMANDE, type EtatDemande } from "../../../contract/etats.ts";
import type { Database } from "../../db/client.ts";
import {
  agrements,
  demandes,
  departements,
  proceduresAgrement,
  servicesInstructeur,
  utilisateurs,
} from "../../db/schema.ts";
import { conditionReputeRejete } from "../listes/filtres.ts";
import { conditionVisibilite } from "../listes/visibilite.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { CENTRAL_ROLES, hasAnyRole } from "../../../contract/roles.ts";

/** What every query needs: the reader, the filters, and today's Europe/Paris date. */
export interface ContexteActivite {
  database: Database;
  utilisateur: UtilisateurConnecte;
  filtres: FiltresActivite;
  /** "AAAA-MM-JJ" (Europe/Paris), for "deemed rejected". */
  aujourdhui: string;
}

/**
 * The time zone as a literal, not a parameter: an expression grouped on
 * (`to_char(… at time zone 'Europe/Paris')`) must be written identically in
 * the select list and the GROUP BY, which two parameters are not.
 */
const PARIS = sql.raw(`'${FUSEAU_PARIS}'`);

const n = (valeur: unknown) => Number(valeur ?? 0);
const compte = (condition: SQL | undefined) =>
  condition
    ? sql<number>`count(*) filter (where ${condition})`.mapWith(Number)
    : sql<number>`count(*)`.mapWith(Number);

/**
 * `colonne` (timestamptz) within the period of `filtres` (Europe/Paris days,
 * both ends included); undefined without a period. The bounds are
 * constants, so an index on the column serves the comparison.
 */
export function dansPeriode(colonne: AnyColumn, filtres: FiltresActivite) {
  return and(
    filtres.dateDebut
      ? sql`${colonne} >= (${filtres.dateDebut}::date)::timestamp at time zone ${PARIS}`
      : undefined,
    filtres.dateFin
      ? sql`${colonne} < (${filtres.dateFin}::date + 1)::timestamp at time zone ${PARIS}`
      : undefined,
  );
}

/** "Deemed rejected" (ADR 0005 reading, as the lists' filter) or tacitly rejected. */
function conditionReputes(aujourdhui: string): SQL {
  return or(conditionReputeRejete(aujourdhui), eq(demandes.etat, "rejetee_tacitement"))!;
}

/** The base set of requests: scope (DESIGN §4) and every filter but the period. */
export function conditionBase(contexte: ContexteActivite): SQL {
  const { utilisateur, filtres, aujourdhui } = contexte;
  return and(
    eq(demandes.kind, "demande"),
    conditionVisibilite(utilisateur),
    filtres.quality.length ? inArray(demandes.qualite, filtres.quality) : undefined,
    filtres.servicesInstructeur.length
      ? inArray(demandes.serviceInstructeurId, filtres.servicesInstructeur)
      : undefined,
    filtres.departement.length ? inArray(demandes.codeDepartement, filtres.departement) : undefined,
    filtres.region.length ? inArray(demandes.codeRegion, filtres.region) : undefined,
    filtres.reputesRejetes ? conditionReputes(aujourdhui) : undefined,
  )!;
}

const jourParis = (colonne: unknown) => sql`(${colonne} at time zone ${PARIS})::date`;
const moisParis = (colonne: unknown) =>
  sql<string>`to_char(${colonne} at time zone ${PARIS}, 'YYYY-MM')`;

/**
 * Calendar days from deposit to decision minus the days the clock was
 * suspended. The suspensions are read from the clock itself: each one
 * pushed `date_limite_instruction` back by its days (ADR 0005), so they
 * total the limit minus (deposit day + 3 months).
 */
const joursTraitement = sql<number>`greatest(0, (${jourParis(demandes.dateAvisDecideur)} - ${jourParis(
  demandes.dateDepot,
)}) - greatest(0, coalesce(${demandes.dateLimiteInstruction} - (${jourParis(
  demandes.dateDepot,
)} + ${sql.raw(`interval '${DUREE_INSTRUCTION_MOIS} months'`)})::date, 0)))`;

/** A decision counted by the delay: explicit (validated or refused), in the period. */
const decisionExplicite = (filtres: FiltresActivite) =>
  and(
    isNotNull(demandes.dateAvisDecideur),
    sql`${demandes.etat} <> 'rejetee_tacitement'`,
    dansPeriode(demandes.dateAvisDecideur, filtres),
  );

/** Validated: the request carries the approval granted on it; decided in the period. */
const validee = (filtres: FiltresActivite) =>
  and(isNotNull(demandes.agrementId), dansPeriode(demandes.dateAvisDecideur, filtres));
/** Refused (state `refusee`), decided in the period. */
const refusee = (filtres: FiltresActivite) =>
  and(eq(demandes.etat, "refusee"), dansPeriode(demandes.dateAvisDecideur, filtres));

const arrondi = (valeur: number) => Math.round(valeur * 10) / 10;

/** Approvals granted (in the period) on the base set, by state; `cle` groups them (département). */
function colonnesAgrements() {
  const procedure = sql`exists (select 1 from ${proceduresAgrement} where ${proceduresAgrement.agrementId} = ${agrements.id} and ${proceduresAgrement.etat} = 'en_cours')`;
  return {
    total: compte(undefined),
    actifs: compte(eq(agrements.etat, "en_cours")),
    procedureEnCours: compte(and(eq(agrements.etat, "en_cours"), procedure)),
    suspendus: compte(eq(agrements.etat, "suspendu")),
    retires: compte(eq(agrements.etat, "retire")),
    perimes: compte(eq(agrements.etat, "perime")),
  };
}

/**
 * `GET /api/activities`: every indicator of spec §9 for the reader and the
 * filters (definitions: ADR 0027). Six aggregate queries run together.
 */
export async function indicateursActivite(
  contexte: ContexteActivite,
): Promise<IndicateursActivite> {
  const { database, filtres, utilisateur } = contexte;
  const db = database.db;
  const base = conditionBase(contexte);
  const depot = dansPeriode(demandes.dateDepot, filtres);

  const parEtat = db
    .select({ etat: demandes.etat, nb: compte(undefined) })
    .from(demandes)
    .where(and(base, depot))
    .groupBy(demandes.etat);

  const decisions = db
    .select({
      validees: compte(validee(filtres)),
      refusees: compte(refusee(filtres)),
      nbDecisions: compte(decisionExplicite(filtres)),
      sommeJours:
        sql<number>`coalesce(sum(${joursTraitement}) filter (where ${decisionExplicite(filtres)}), 0)`.mapWith(
          Number,
        ),
    })
    .from(demandes)
    .where(and(base, or(isNotNull(demandes.agrementId), isNotNull(demandes.dateAvisDecideur))));

  const reputes = db
    .select({ nb: compte(undefined) })
    .from(demandes)
    .where(and(base, depot, conditionReputes(contexte.aujourdhui)));

  const accordes = db
    .select(colonnesAgrements())
    .from(agrements)
    .innerJoin(demandes, eq(demandes.id, agrements.demandeId))
    .where(and(base, dansPeriode(agrements.dateOctroi, filtres)));

  const services = db
    .select({
      serviceInstructeurId: demandes.serviceInstructeurId,
      service: sql<string | null>`max(${servicesInstructeur.nom})`,
      nbDossiers: compte(undefined),
      nbNonAffectes: compte(sql`${demandes.instructeurId} is null`),
      nbInstructeurs: sql<number>`count(distinct ${demandes.instructeurId})`.mapWith(Number),
    })
    .from(demandes)
    .leftJoin(servicesInstructeur, eq(servicesInstructeur.id, demandes.serviceInstructeurId))
    .where(and(base, depot))
    .groupBy(demandes.serviceInstructeurId)
    .orderBy(sql`max(${servicesInstructeur.nom})`);

  // Applicant accounts created in the period. Central roles without any
  // filter but the period: all of them; otherwise those whose company has
  // a request of the base set (the scope of the reader, the filters).
  const toutesLesSocietes =
    hasAnyRole(utilisateur.roles, CENTRAL_ROLES) &&
    !filtres.quality.length &&
    !filtres.servicesInstructeur.length &&
    !filtres.departement.length &&
    !filtres.region.length &&
    !filtres.reputesRejetes;
  const comptes = db
    .select({ nb: compte(undefined) })
    .from(utilisateurs)
    .where(
      and(
        sql`'demandeur' = any(${utilisateurs.roles})`,
        dansPeriode(utilisateurs.dateCreation, filtres),
        toutesLesSocietes
          ? undefined
          : sql`exists (select 1 from ${demandes} where ${demandes.societeId} = ${utilisateurs.societeId} and ${base})`,
      ),
    );

  const [lignesEtats, [decision], [reputesRejetes], [agrementsLigne], lignesServices, [users]] =
    await Promise.all([parEtat, decisions, reputes, accordes, services, comptes]);

  const parEtape = Object.fromEntries(ETAPES_INSTRUCTION.map((etape) => [etape, 0])) as Record<
    (typeof ETAPES_INSTRUCTION)[number],
    number
  >;
  let total = 0;
  for (const ligne of lignesEtats) {
    parEtape[etapeInstruction(ligne.etat as EtatDemande)] += ligne.nb;
    total += ligne.nb;
  }
  return {
    nbCreatedUsers: n(users?.nb),
    nbDemandesValidees: n(decision?.validees),
    nbDemandesRefusees: n(decision?.refusees),
    agrementsAccordes: versAgrements(agrementsLigne),
    nbDemandesDeposees: { total, parEtape },
    nbDossiersInstructeurs: lignesServices.map((ligne): DossiersService => ({
      serviceInstructeurId: ligne.serviceInstructeurId,
      service: ligne.service ?? "Sans service",
      nbDossiers: ligne.nbDossiers,
      nbNonAffectes: ligne.nbNonAffectes,
      nbInstructeurs: ligne.nbInstructeurs,
    })),
    nbJoursTraitement: {
      nbDecisions: n(decision?.nbDecisions),
      moyenne: n(decision?.nbDecisions)
        ? arrondi(n(decision?.sommeJours) / n(decision?.nbDecisions))
        : null,
    },
    nbReputesRejetes: n(reputesRejetes?.nb),
  };
}

function versAgrements(ligne: Partial<AgrementsAccordes> | undefined): AgrementsAccordes {
  return {
    total: n(ligne?.total),
    actifs: n(ligne?.actifs),
    procedureEnCours: n(ligne?.procedureEnCours),
    suspendus: n(ligne?.suspendus),
    retires: n(ligne?.retires),
    perimes: n(ligne?.perimes),
  };
}

/** `/details-deposee`: by Europe/Paris month, deposits (deposit month) and decisions (decision month). */
export async function detailsDeposee(contexte: ContexteActivite): Promise<MoisDepots[]> {
  const { database, filtres } = contexte;
  const base = conditionBase(contexte);
  const moisDepot = moisParis(demandes.dateDepot);
  const moisDecision = moisParis(demandes.dateAvisDecideur);
  const [depots, decisions] = await Promise.all([
    database.db
      .select({ mois: moisDepot, nb: compte(undefined) })
      .from(demandes)
      .where(and(base, dansPeriode(demandes.dateDepot, filtres)))
      .groupBy(moisDepot),
    database.db
      .select({
        mois: moisDecision,
        validees: compte(isNotNull(demandes.agrementId)),
        refusees: compte(eq(demandes.etat, "refusee")),
      })
      .from(demandes)
      .where(
        and(
          base,
          isNotNull(demandes.dateAvisDecideur),
          or(isNotNull(demandes.agrementId), eq(demandes.etat, "refusee")),
          dansPeriode(demandes.dateAvisDecideur, filtres),
        ),
      )
      .groupBy(moisDecision),
  ]);
  const mois = new Map<string, MoisDepots>();
  const ligne = (cle: string) => {
    const existante = mois.get(cle) ?? { mois: cle, deposees: 0, validees: 0, refusees: 0 };
    mois.set(cle, existante);
    return existante;
  };
  for (const depot of depots) ligne(depot.mois).deposees = depot.nb;
  for (const decision of decisions) {
    ligne(decision.mois).validees = decision.validees;
    ligne(decision.mois).refusees = decision.refusees;
  }
  return [...mois.values()].sort((a, b) => a.mois.localeCompare(b.mois));
}

/** `/details-delai-moyen`: mean processing days by decision month, and the delay classes. */
export async function detailsDelaiMoyen(contexte: ContexteActivite): Promise<DetailsDelaiMoyen> {
  const { database, filtres } = contexte;
  const where = and(conditionBase(contexte), decisionExplicite(filtres));
  const moisDecision = moisParis(demandes.dateAvisDecideur);
  let min = 0;
  const tranches = Object.fromEntries(
    TRANCHES_DELAI.map((tranche) => {
      const condition =
        tranche.max === null
          ? sql`${joursTraitement} >= ${min}`
          : sql`${joursTraitement} between ${min} and ${tranche.max}`;
      min = (tranche.max ?? 0) + 1;
      return [tranche.code, compte(condition)];
    }),
  );
  const [parMois, [distribution]] = await Promise.all([
    database.db
      .select({
        mois: moisDecision,
        nbDecisions: compte(undefined),
        moyenne: sql<number>`avg(${joursTraitement})`.mapWith(Number),
      })
      .from(demandes)
      .where(where)
      .groupBy(moisDecision)
      .orderBy(moisDecision),
    database.db.select(tranches).from(demandes).where(where),
  ]);
  return {
    parMois: parMois.map((ligne) => ({ ...ligne, moyenne: arrondi(ligne.moyenne) })),
    distribution: TRANCHES_DELAI.map((tranche) => ({
      tranche: tranche.code,
      libelle: tranche.libelle,
      nb: n((distribution as Record<string, number> | undefined)?.[tranche.code]),
    })),
  };
}

/** `/details-charge-instructeurs`: requests deposited in the period by service and instructor. */
export async function detailsChargeInstructeurs(
  contexte: ContexteActivite,
): Promise<ChargeInstructeur[]> {
  const { database, filtres } = contexte;
  const lignes = await database.db
    .select({
      serviceInstructeurId: demandes.serviceInstructeurId,
      service: sql<string | null>`max(${servicesInstructeur.nom})`,
      instructeurId: demandes.instructeurId,
      prenom: sql<string | null>`max(${utilisateurs.prenom})`,
      nom: sql<string | null>`max(${utilisateurs.nom})`,
      nbDossiers: compte(undefined),
      nbEnCours: compte(inArray(demandes.etat, ETATS_NON_TERMINES)),
    })
    .from(demandes)
    .leftJoin(servicesInstructeur, eq(servicesInstructeur.id, demandes.serviceInstructeurId))
    .leftJoin(utilisateurs, eq(utilisateurs.id, demandes.instructeurId))
    .where(and(conditionBase(contexte), dansPeriode(demandes.dateDepot, filtres)))
    .groupBy(demandes.serviceInstructeurId, demandes.instructeurId)
    .orderBy(sql`max(${servicesInstructeur.nom})`, sql`count(*) desc`);
  return lignes.map((ligne) => ({
    serviceInstructeurId: ligne.serviceInstructeurId,
    service: ligne.service ?? "Sans service",
    instructeurId: ligne.instructeurId,
    instructeur: ligne.instructeurId
      ? `${ligne.prenom ?? ""} ${ligne.nom ?? ""}`.trim() || "Instructeur sans nom"
      : "Non affecté",
    nbDossiers: ligne.nbDossiers,
    nbEnCours: ligne.nbEnCours,
  }));
}

/** States whose instruction step is not `terminated` (DESIGN §3). */
const ETATS_NON_TERMINES: EtatDemande[] = ETATS_DEMANDE.filter(
  (etat) => etapeInstruction(etat) !== "terminated",
);

/** `/details-reputes-rejetes`: deemed-rejected and tacitly rejected requests by head-office département. */
export async function detailsReputesRejetes(
  contexte: ContexteActivite,
): Promise<ReputesRejetesDepartement[]> {
  const { database, filtres, aujourdhui } = contexte;
  const lignes = await database.db
    .select({
      codeDepartement: demandes.codeDepartement,
      departement: sql<string | null>`max(${departements.nom})`,
      nbReputesRejetes: compte(conditionReputeRejete(aujourdhui)),
      nbRejeteesTacitement: compte(eq(demandes.etat, "rejetee_tacitement")),
    })
    .from(demandes)
    .leftJoin(departements, eq(departements.code, demandes.codeDepartement))
    .where(
      and(
        conditionBase(contexte),
        dansPeriode(demandes.dateDepot, filtres),
        conditionReputes(aujourdhui),
      ),
    )
    .groupBy(demandes.codeDepartement)
    .orderBy(demandes.codeDepartement);
  return lignes.map((ligne) => ({
    ...ligne,
    departement: ligne.departement ?? "Département inconnu",
  }));
}

/** `/details-agrements-accordes`: approvals granted in the period by head-office département and state. */
export async function detailsAgrementsAccordes(
  contexte: ContexteActivite,
): Promise<AgrementsDepartement[]> {
  const { database, filtres } = contexte;
  const lignes = await database.db
    .select({
      codeDepartement: demandes.codeDepartement,
      departement: sql<string | null>`max(${departements.nom})`,
      ...colonnesAgrements(),
    })
    .from(agrements)
    .innerJoin(demandes, eq(demandes.id, agrements.demandeId))
    .leftJoin(departements, eq(departements.code, demandes.codeDepartement))
    .where(and(conditionBase(contexte), dansPeriode(agrements.dateOctroi, filtres)))
    .groupBy(demandes.codeDepartement)
    .orderBy(demandes.codeDepartement);
  return lignes.map((ligne) => ({
    ...versAgrements(ligne),
    codeDepartement: ligne.codeDepartement,
    departement: ligne.departement ?? "Département inconnu",
  }));
}
