/**
 * Activity indicators and their breakdowns (spec §3 Activities, §7
 * `GET /api/activities` and `/details-*`, §9; ADR
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
import { FUSEAU_PARIS } from "../../../contract/delais.ts";
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

/**
 * The Europe/Paris month ("AAAA-MM") of a Paris day column: grouped on the
 * month's first day, formatted once per group.
 */
const moisParis = (jour: AnyColumn) => {
  // A date goes to `timestamp` (no time zone): `date_trunc` on `timestamptz`
  // would convert each row through the session's time zone.
  const premierJour = sql`date_trunc('month', ${jour}::timestamp)`;
  return { groupe: premierJour, libelle: sql<string>`to_char(${premierJour}, 'YYYY-MM')` };
};

/**
 * Calendar days from deposit to decision minus the days the clock was
 * suspended (ADR 0027), kept by PostgreSQL in `jours_traitement`
 * (api/db/schema.ts, ADR 0037): each suspension pushed
 * `date_limite_instruction` back by its days (ADR 0005), so they total the
 * limit minus (deposit day + 3 months).
 */
const joursTraitement = demandes.joursTraitement;

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
  // `in (…)` rather than a correlated `exists`: PostgreSQL reads the running
  // procedures once into a hash, instead of probing the index once per
  // approval (27,000 probes for the nation at scale 10, ADR 0037).
  const procedure = sql`${agrements.id} in (select ${proceduresAgrement.agrementId} from ${proceduresAgrement} where ${proceduresAgrement.etat} = 'en_cours')`;
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
 * filters (definitions: ADR 0027). Five queries run together (ADR 0037).
 */
export async function indicateursActivite(
  contexte: ContexteActivite,
): Promise<IndicateursActivite> {
  const { database, filtres, utilisateur } = contexte;
  const db = database.db;
  const base = conditionBase(contexte);
  const depot = dansPeriode(demandes.dateDepot, filtres);

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

  const accordes = db
    .select(colonnesAgrements())
    .from(agrements)
    .innerJoin(demandes, eq(demandes.id, agrements.demandeId))
    .where(and(base, dansPeriode(agrements.dateOctroi, filtres)));

  // The deposits of the period, read once for three figures: by state (the
  // steps, and the deemed-rejected among them) and by service and
  // instructor (the load; summed by service below, which also counts the
  // distinct instructors without a sort). The services are named
  // afterwards, one row each.
  const depots = db
    .select({
      parEtat: sql<boolean>`grouping(${demandes.etat}) = 0`,
      etat: demandes.etat,
      serviceInstructeurId: demandes.serviceInstructeurId,
      instructeurId: demandes.instructeurId,
      nb: compte(undefined),
      nbReputes: compte(conditionReputes(contexte.aujourdhui)),
    })
    .from(demandes)
    .where(and(base, depot))
    .groupBy(
      sql`grouping sets ((${demandes.etat}), (${demandes.serviceInstructeurId}, ${demandes.instructeurId}))`,
    );
  const nomsServices = db
    .select({ id: servicesInstructeur.id, nom: servicesInstructeur.nom })
    .from(servicesInstructeur);

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

  const [lignesDepots, [decision], [agrementsLigne], services, [users]] = await Promise.all([
    depots,
    decisions,
    accordes,
    nomsServices,
    comptes,
  ]);

  const { total, parEtape, reputesRejetes, lignesServices } = ventilerDepots(
    lignesDepots,
    services,
  );
  return {
    nbCreatedUsers: n(users?.nb),
    nbDemandesValidees: n(decision?.validees),
    nbDemandesRefusees: n(decision?.refusees),
    agrementsAccordes: versAgrements(agrementsLigne),
    nbDemandesDeposees: { total, parEtape },
    nbDossiersInstructeurs: lignesServices,
    nbJoursTraitement: {
      nbDecisions: n(decision?.nbDecisions),
      moyenne: n(decision?.nbDecisions)
        ? arrondi(n(decision?.sommeJours) / n(decision?.nbDecisions))
        : null,
    },
    nbReputesRejetes: reputesRejetes,
  };
}

/** A row of the deposits query of {@link indicateursActivite}: one state, or one service and instructor. */
interface LigneDepots {
  /** True on a row grouped by state, false on a row grouped by service and instructor. */
  parEtat: boolean;
  etat: string;
  serviceInstructeurId: number | null;
  instructeurId: string | null;
  nb: number;
  nbReputes: number;
}

/**
 * The deposits of the period from the rows of `lignes`: their total, by
 * instruction step, the deemed-rejected among them, and the load of each
 * service (named from `services`, "Sans service" without one), sorted as
 * {@link trierParService}.
 */
function ventilerDepots(lignes: LigneDepots[], services: { id: number; nom: string }[]) {
  const parEtape = Object.fromEntries(ETAPES_INSTRUCTION.map((etape) => [etape, 0])) as Record<
    (typeof ETAPES_INSTRUCTION)[number],
    number
  >;
  let total = 0;
  let reputesRejetes = 0;
  const nomService = new Map(services.map((service) => [service.id, service.nom]));
  const parService = new Map<number | null, DossiersService>();
  for (const ligne of lignes) {
    if (ligne.parEtat) {
      parEtape[etapeInstruction(ligne.etat as EtatDemande)] += ligne.nb;
      total += ligne.nb;
      reputesRejetes += ligne.nbReputes;
      continue;
    }
    const cle = ligne.serviceInstructeurId;
    const service = parService.get(cle) ?? {
      serviceInstructeurId: cle,
      service: (cle === null ? undefined : nomService.get(cle)) ?? "Sans service",
      nbDossiers: 0,
      nbNonAffectes: 0,
      nbInstructeurs: 0,
    };
    parService.set(cle, service);
    service.nbDossiers += ligne.nb;
    if (ligne.instructeurId === null) service.nbNonAffectes += ligne.nb;
    else service.nbInstructeurs += 1;
  }
  const lignesServices = trierParService([...parService.values()], nomService);
  return { total, parEtape, reputesRejetes, lignesServices };
}

/**
 * `lignes` sorted by service name as before (SQL order: code points; a
 * request without service, or whose service `nomService` does not know, last).
 */
function trierParService(
  lignes: DossiersService[],
  nomService: Map<number, string>,
): DossiersService[] {
  const sansNom = (ligne: DossiersService) =>
    ligne.serviceInstructeurId === null || !nomService.has(ligne.serviceInstructeurId);
  return lignes.sort((a, b) =>
    sansNom(a) !== sansNom(b)
      ? sansNom(a)
        ? 1
        : -1
      : a.service < b.service
        ? -1
        : a.service > b.service
          ? 1
          : 0,
  );
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
  const moisDepot = moisParis(demandes.jourDepot);
  const moisDecision = moisParis(demandes.jourDecision);
  const deposee = dansPeriode(demandes.dateDepot, filtres) ?? sql`true`;
  const decidee = and(
    isNotNull(demandes.dateAvisDecideur),
    or(isNotNull(demandes.agrementId), eq(demandes.etat, "refusee")),
    dansPeriode(demandes.dateAvisDecideur, filtres),
  )!;
  // One read for both series: the deposit months count the deposits of the
  // period, the decision months the decisions of the period; a month that
  // only the other series brought counts 0 and is left out below.
  const lignes = await database.db
    .select({
      parDepot: sql<boolean>`grouping(${moisDepot.groupe}) = 0`,
      moisDepot: moisDepot.libelle,
      moisDecision: moisDecision.libelle,
      deposees: compte(deposee),
      validees: compte(and(decidee, isNotNull(demandes.agrementId))),
      refusees: compte(and(decidee, eq(demandes.etat, "refusee"))),
    })
    .from(demandes)
    .where(and(base, or(deposee, decidee)))
    .groupBy(sql`grouping sets ((${moisDepot.groupe}), (${moisDecision.groupe}))`);
  const depots = lignes.filter((ligne) => ligne.parDepot && ligne.deposees > 0);
  const decisions = lignes.filter(
    (ligne) => !ligne.parDepot && ligne.validees + ligne.refusees > 0,
  );
  const mois = new Map<string, MoisDepots>();
  const ligne = (cle: string) => {
    const existante = mois.get(cle) ?? { mois: cle, deposees: 0, validees: 0, refusees: 0 };
    mois.set(cle, existante);
    return existante;
  };
  for (const depot of depots) ligne(depot.moisDepot).deposees = depot.deposees;
  for (const decision of decisions) {
    ligne(decision.moisDecision).validees = decision.validees;
    ligne(decision.moisDecision).refusees = decision.refusees;
  }
  return [...mois.values()].sort((a, b) => a.mois.localeCompare(b.mois));
}

/** `/details-delai-moyen`: mean processing days by decision month, and the delay classes. */
export async function detailsDelaiMoyen(contexte: ContexteActivite): Promise<DetailsDelaiMoyen> {
  const { database, filtres } = contexte;
  const where = and(conditionBase(contexte), decisionExplicite(filtres));
  const moisDecision = moisParis(demandes.jourDecision);
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
  // One read for both: the months, and the whole period (the empty grouping
  // set) with the delay classes.
  const lignes = await database.db
    .select({
      total: sql<boolean>`grouping(${moisDecision.groupe}) = 1`,
      mois: moisDecision.libelle,
      nbDecisions: compte(undefined),
      moyenne: sql<number>`avg(${joursTraitement})`.mapWith(Number),
      ...tranches,
    })
    .from(demandes)
    .where(where)
    .groupBy(sql`grouping sets ((${moisDecision.groupe}), ())`)
    .orderBy(moisDecision.groupe);
  const parMois = lignes.filter((ligne) => !ligne.total);
  const distribution = lignes.find((ligne) => ligne.total);
  return {
    parMois: parMois.map((ligne) => ({
      mois: ligne.mois,
      nbDecisions: ligne.nbDecisions,
      moyenne: arrondi(ligne.moyenne),
    })),
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
  // Counted on `demande` alone, then named (one join per instructor).
  const parInstructeur = database.db
    .select({
      serviceInstructeurId: demandes.serviceInstructeurId,
      instructeurId: demandes.instructeurId,
      nbDossiers: compte(undefined).as("nb_dossiers"),
      nbEnCours: compte(inArray(demandes.etat, ETATS_NON_TERMINES)).as("nb_en_cours"),
    })
    .from(demandes)
    .where(and(conditionBase(contexte), dansPeriode(demandes.dateDepot, filtres)))
    .groupBy(demandes.serviceInstructeurId, demandes.instructeurId)
    .as("par_instructeur");
  const lignes = await database.db
    .select({
      serviceInstructeurId: parInstructeur.serviceInstructeurId,
      service: servicesInstructeur.nom,
      instructeurId: parInstructeur.instructeurId,
      prenom: utilisateurs.prenom,
      nom: utilisateurs.nom,
      nbDossiers: parInstructeur.nbDossiers,
      nbEnCours: parInstructeur.nbEnCours,
    })
    .from(parInstructeur)
    .leftJoin(servicesInstructeur, eq(servicesInstructeur.id, parInstructeur.serviceInstructeurId))
    .leftJoin(utilisateurs, eq(utilisateurs.id, parInstructeur.instructeurId))
    .orderBy(servicesInstructeur.nom, sql`${parInstructeur.nbDossiers} desc`);
  return lignes.map((ligne) => ({
    serviceInstructeurId: ligne.serviceInstructeurId,
    service: ligne.service ?? "Sans service",
    instructeurId: ligne.instructeurId,
    instructeur: ligne.instructeurId
      ? `${ligne.prenom ?? ""} ${ligne.nom ?? ""}`.trim() || "Instructeur sans nom"
      : "Non affecté",
    nbDossiers: n(ligne.nbDossiers),
    nbEnCours: n(ligne.nbEnCours),
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
