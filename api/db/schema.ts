/**
 * Drizzle schema: one definition for PGlite and PostgreSQL. SQL migrations are
 * generated from it with `npm run db:generate` into api/db/migrations and
 * applied at start-up (api/db/migrate.ts).
 */
import { sql, type SQL } from "drizzle-orm";
import { DUREE_INSTRUCTION_MOIS, FUSEAU_PARIS } from "../../contract/delais.ts";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { ETATS_BROUILLON_DEMANDE } from "../../contract/etats.ts";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("date_creation", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("date_modification", { withTimezone: true }).notNull().defaultNow();

// ── Geography (from @etalab/decoupage-administratif) ─────────────────────────
export const regions = pgTable("region", {
  code: text("code").primaryKey(),
  nom: text("nom").notNull(),
});

export const departements = pgTable(
  "departement",
  {
    code: text("code").primaryKey(),
    nom: text("nom").notNull(),
    codeRegion: text("code_region")
      .notNull()
      .references(() => regions.code),
  },
  (t) => [index("departement_region_idx").on(t.codeRegion)],
);

export const epcis = pgTable(
  "epci",
  {
    code: text("code").primaryKey(),
    nom: text("nom").notNull(),
    /** Lower-case, accent-free name used by accent- and case-insensitive search. */
    nomRecherche: text("nom_recherche").notNull(),
  },
  (t) => [index("epci_nom_recherche_idx").on(t.nomRecherche)],
);

export const communes = pgTable(
  "commune",
  {
    code: text("code").primaryKey(),
    nom: text("nom").notNull(),
    nomRecherche: text("nom_recherche").notNull(),
    codeDepartement: text("code_departement")
      .notNull()
      .references(() => departements.code),
    codeRegion: text("code_region")
      .notNull()
      .references(() => regions.code),
    codeEpci: text("code_epci").references(() => epcis.code),
    population: integer("population"),
  },
  (t) => [
    index("commune_departement_idx").on(t.codeDepartement),
    index("commune_epci_idx").on(t.codeEpci),
    index("commune_nom_recherche_idx").on(t.nomRecherche),
  ],
);

export const communeCodesPostaux = pgTable(
  "commune_code_postal",
  {
    codeCommune: text("code_commune")
      .notNull()
      .references(() => communes.code),
    codePostal: text("code_postal").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.codeCommune, t.codePostal] }),
    index("commune_code_postal_cp_idx").on(t.codePostal),
  ],
);

// ── Reference data ────────────────────────────────────────────────────────────
/** Anah local delegations ("services instructeurs") and the départements they cover. */
export const servicesInstructeur = pgTable("service_instructeur", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  nom: text("nom").notNull(),
  email: text("email"),
});

export const serviceInstructeurDepartements = pgTable(
  "service_instructeur_departement",
  {
    serviceInstructeurId: integer("service_instructeur_id")
      .notNull()
      .references(() => servicesInstructeur.id, { onDelete: "cascade" }),
    codeDepartement: text("code_departement")
      .notNull()
      .references(() => departements.code),
  },
  (t) => [
    primaryKey({ columns: [t.serviceInstructeurId, t.codeDepartement] }),
    uniqueIndex("service_instructeur_departement_dep_idx").on(t.codeDepartement),
  ],
);

/** Regulatory texts (arrêtés); exactly one is current. */
export const arretes = pgTable("arrete", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  libelle: text("libelle").notNull(),
  datePublication: date("date_publication").notNull(),
  dateEffet: date("date_effet").notNull(),
  current: boolean("current").notNull().default(false),
});

export const formesJuridiques = pgTable("forme_juridique", {
  code: text("code").primaryKey(),
  libelle: text("libelle").notNull(),
});

export const featureFlags = pgTable("feature_flag", {
  name: text("name").primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
});

/** Information banners (spec §3): `general` for everyone, `info` per demandeType. */
export const bandeauxInformatifs = pgTable("bandeau_informatif", {
  id: serial("id").primaryKey(),
  type: text("type", { enum: ["general", "info"] }).notNull(),
  demandeType: text("demande_type"),
  titre: text("titre"),
  message: text("message").notNull(),
  actif: boolean("actif").notNull().default(true),
  dateDebut: timestamp("date_debut", { withTimezone: true }),
  dateFin: timestamp("date_fin", { withTimezone: true }),
});

// ── Companies and users ───────────────────────────────────────────────────────
/** Applicant companies ("structures candidates"), one account per SIREN. */
export const societes = pgTable("societe", {
  id: uuid("id").primaryKey().defaultRandom(),
  siren: text("siren").notNull().unique(),
  raisonSociale: text("raison_sociale").notNull(),
  qualites: text("qualites")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  dateCreation: createdAt(),
});

export const utilisateurs = pgTable(
  "utilisateur",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** `sub` of the identity provider. */
    idIdp: text("id_idp").notNull().unique(),
    email: text("email").notNull(),
    nom: text("nom").notNull().default(""),
    prenom: text("prenom").notNull().default(""),
    /** argon2id hash; used only by the embedded identity provider. */
    passwordHash: text("password_hash"),
    /** Realm roles as granted by the identity provider (business and others). */
    roles: text("roles")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** `actif`, or `en_attente` until the confirmation link is followed. */
    statut: text("statut", { enum: ["actif", "en_attente"] })
      .notNull()
      .default("actif"),
    telephone: text("telephone"),
    qualite: text("qualite"),
    societeId: uuid("societe_id").references(() => societes.id, { onDelete: "cascade" }),
    serviceInstructeurId: integer("service_instructeur_id").references(
      () => servicesInstructeur.id,
    ),
    region: text("region").references(() => regions.code),
    cguVersionAcceptee: text("cgu_version_acceptee"),
    acceptNotificationActualite: boolean("accept_notification_actualite").notNull().default(false),
    /** When the applicant consented to notifications by electronic registered mail (terms form). */
    consentementLre: timestamp("consentement_lre", { withTimezone: true }),
    /** Supervision perimeter `{ regions, departements }`; null = not defined. */
    perimetreSupervision: jsonb("perimetre_supervision").$type<{
      regions: string[];
      departements: string[];
    }>(),
    /**
     * What a superviseur may choose from (ADR 0041), set by an
     * admin_fonctionnel: régions (with all their départements) and
     * départements; null = the régions of his service's départements.
     */
    perimetreSupervisionAutorise: jsonb("perimetre_supervision_autorise").$type<{
      regions: string[];
      departements: string[];
    }>(),
    dateCreation: createdAt(),
    dateModification: updatedAt(),
    dateDerniereConnexion: timestamp("date_derniere_connexion", { withTimezone: true }),
    /**
     * Mail preferences (POST /api/user/parametre-mail): code → wanted; a
     * missing code means yes (contract/schemas/parametres-mail.ts PARAMETRES_MAIL).
     */
    parametresMail: jsonb("parametres_mail")
      .$type<Record<string, boolean>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    uniqueIndex("utilisateur_email_idx").on(sql`lower(${t.email})`),
    index("utilisateur_societe_idx").on(t.societeId),
    // The applicant accounts created in a period (activity indicators, ADR 0037).
    index("utilisateur_demandeur_creation_idx")
      .on(t.dateCreation, t.societeId)
      .where(sql`'demandeur' = any(${t.roles})`),
    index("utilisateur_service_idx").on(t.serviceInstructeurId),
  ],
);

/**
 * One-time links sent by e-mail (account confirmation, password reset of
 * the embedded identity provider — idp/reinitialisation.ts, valid one hour —
 * e-mail change — api/domain/parametres-compte/changement-email.ts, ADR 0025). Only
 * the SHA-256 of the token is stored. `type` is plain text in the database:
 * a new kind of link needs no migration.
 */
export const jetonsEmail = pgTable(
  "jeton_email",
  {
    id: serial("id").primaryKey(),
    utilisateurId: uuid("utilisateur_id")
      .notNull()
      .references(() => utilisateurs.id, { onDelete: "cascade" }),
    type: text("type", {
      enum: ["confirmation_compte", "changement_email", "reinitialisation_mot_de_passe"],
    }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /**
     * The new address of a `changement_email` link (ADR 0025): the account's
     * e-mail becomes this one only when the link is followed; null otherwise.
     */
    nouvelleAdresse: text("nouvelle_adresse"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    dateCreation: createdAt(),
  },
  (t) => [index("jeton_email_utilisateur_idx").on(t.utilisateurId)],
);

// ── Requests (approval requests and notable changes) ──────────────────────────
/**
 * `colonne` of `demande` normalised in SQL as `normaliserRecherche`
 * (contract/texte.ts) does in TypeScript: accents stripped (NFD, combining
 * marks removed), ligatures spelled out, every run of other characters one
 * space, lower case (not trimmed: `like '%…%'` does not need it). Only
 * immutable functions, so that PostgreSQL can store it in a generated column.
 */
/**
 * The Europe/Paris day of a timestamptz column. Immutable (`timezone(text,
 * timestamptz)` and the cast to date are), so a generated column may hold it.
 */
function jourParisSql(colonne: string): SQL {
  return sql`(${sql.identifier(colonne)} at time zone ${sql.raw(`'${FUSEAU_PARIS}'`)})::date`;
}

function texteRecherche(colonne: string): SQL {
  const sansAccents = sql`regexp_replace(normalize(coalesce(${sql.identifier(colonne)}, ''), NFD), '[\\u0300-\\u036f]', '', 'g')`;
  const ligatures = sql`replace(replace(replace(replace(replace(${sansAccents}, 'Œ', 'oe'), 'œ', 'oe'), 'Æ', 'ae'), 'æ', 'ae'), 'ß', 'ss')`;
  return sql`lower(regexp_replace(${ligatures}, '[^a-zA-Z0-9]+', ' ', 'g'))`;
}

/** Numbers of deposited files (numeroDossier), shared by every kind. */
export const numeroDossierSequence = pgSequence("numero_dossier_seq", { startWith: 1 });

/**
 * A request of spec §3 "Demande": an approval request (`kind` demande) or a
 * notable change (`kind` changement-notable, `typeChangement`). The content of
 * the form steps lives in `contenu` (contract/schemas/demande.ts); what lists
 * filter and sort on is copied into columns. `version` is bumped by every
 * write so that a stale action is refused (DESIGN §3).
 */
/**
 * The rows of `demande` a staff list may show (deposited, not a draft:
 * api/domain/listes/visibilite.ts), predicate of the count indexes (ADR
 * 0036). Written from ETATS_BROUILLON_DEMANDE: a change of the draft states
 * changes these indexes at the next migration.
 */
function demandeListee(dateDepot: AnyPgColumn, etat: AnyPgColumn): SQL {
  const brouillons = ETATS_BROUILLON_DEMANDE.map((valeur) => `'${valeur}'`).join(", ");
  return sql`${dateDepot} is not null and ${etat} not in (${sql.raw(brouillons)})`;
}

export const demandes = pgTable(
  "demande",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["demande", "changement-notable"] })
      .notNull()
      .default("demande"),
    typeChangement: text("type_changement"),
    societeId: uuid("societe_id")
      .notNull()
      .references(() => societes.id, { onDelete: "cascade" }),
    /** The applicant who created it. */
    demandeurId: uuid("demandeur_id").references(() => utilisateurs.id, { onDelete: "set null" }),
    arreteId: integer("arrete_id").references(() => arretes.id),
    etat: text("etat").notNull().default("brouillon"),
    version: integer("version").notNull().default(1),
    numeroDossier: text("numero_dossier").unique(),
    /** Step contents `{ etape1?, etape2? }` (contract/schemas/demande.ts). */
    contenu: jsonb("contenu")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Steps already saved (1, 2): a step may not be posted before the previous one. */
    etapesEnregistrees: integer("etapes_enregistrees")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    raisonSociale: text("raison_sociale"),
    /**
     * `numero_dossier` and `raison_sociale` as the list search compares and
     * the company-name sort orders them (case, accents and punctuation
     * ignored), kept by PostgreSQL so that trigram and sort indexes serve them.
     */
    numeroDossierRecherche: text("numero_dossier_recherche")
      .notNull()
      .generatedAlwaysAs((): SQL => texteRecherche("numero_dossier")),
    raisonSocialeRecherche: text("raison_sociale_recherche")
      .notNull()
      .generatedAlwaysAs((): SQL => texteRecherche("raison_sociale")),
    siren: text("siren"),
    qualite: text("qualite"),
    /** Head office, from step 1: decides the service instructeur (DESIGN §4). */
    codeDepartement: text("code_departement").references(() => departements.code),
    codeRegion: text("code_region").references(() => regions.code),
    serviceInstructeurId: integer("service_instructeur_id").references(
      () => servicesInstructeur.id,
    ),
    instructeurId: uuid("instructeur_id").references(() => utilisateurs.id, {
      onDelete: "set null",
    }),
    dateCreation: createdAt(),
    dateModification: updatedAt(),
    dateDepot: timestamp("date_depot", { withTimezone: true }),
    /** Deadline of the pending completeness or complement request (Europe/Paris date). */
    dateEcheance: date("date_echeance"),
    /** Last day of the 3-month instruction clock, suspensions included (DESIGN §5). */
    dateLimiteInstruction: date("date_limite_instruction"),
    /** Start of the current suspension of the instruction clock, if suspended. */
    suspenduDepuis: timestamp("suspendu_depuis", { withTimezone: true }),
    dateAgrement: timestamp("date_agrement", { withTimezone: true }),
    dateOctroi: timestamp("date_octroi", { withTimezone: true }),
    motifAnnulation: text("motif_annulation"),
    messagerieFermee: boolean("messagerie_fermee").notNull().default(false),
    /**
     * State of the latest completeness or complement request (spec §4
     * supplement states): complement_demande_depose once answered,
     * complement_demande_delai_depasse once its deadline passed; null otherwise.
     */
    complement: text("complement"),
    /** Date of the decision (EXPRIMER_AVIS_DECIDEUR, MOTIVER_REFUS, tacit rejection). */
    dateAvisDecideur: timestamp("date_avis_decideur", { withTimezone: true }),
    /** The decision document: certificate, refusal letter or tacit-rejection notice. */
    decisionPieceJointeId: uuid("decision_piece_jointe_id"),
    /** The approval granted on this request, or extended by this notable change. */
    agrementId: uuid("agrement_id"),
    /**
     * The Europe/Paris days of the deposit and of the decision, and the
     * processing days (ADR 0027: decision day minus deposit day, minus the
     * days the clock was suspended), kept by PostgreSQL so that the activity
     * indicators aggregate plain values read from an index (ADR 0037).
     */
    jourDepot: date("jour_depot").generatedAlwaysAs((): SQL => jourParisSql("date_depot")),
    jourDecision: date("jour_decision").generatedAlwaysAs((): SQL =>
      jourParisSql("date_avis_decideur"),
    ),
    joursTraitement: integer("jours_traitement").generatedAlwaysAs(
      (): SQL =>
        // NULL without a decision (greatest() would otherwise turn it into 0).
        sql`case when ${sql.identifier("date_avis_decideur")} is not null then greatest(0, (${jourParisSql("date_avis_decideur")} - ${jourParisSql("date_depot")}) - greatest(0, coalesce(${sql.identifier("date_limite_instruction")} - (${jourParisSql("date_depot")} + ${sql.raw(`interval '${DUREE_INSTRUCTION_MOIS} months'`)})::date, 0))) end`,
    ),
    /** Set by the deadline job once the "expires soon" mail went out (idempotence). */
    alerteExpirationEnvoyee: boolean("alerte_expiration_envoyee").notNull().default(false),
  },
  (t) => [
    index("demande_societe_idx").on(t.societeId),
    index("demande_demandeur_idx").on(t.demandeurId),
    index("demande_etat_idx").on(t.etat),
    index("demande_service_idx").on(t.serviceInstructeurId),
    index("demande_instructeur_idx").on(t.instructeurId),
    index("demande_departement_idx").on(t.codeDepartement),
    index("demande_region_idx").on(t.codeRegion),
    // The lists (api/domain/listes): every query has `kind =`, sorts on one
    // field then id, and counts. One (kind, field, id) index per sort lets a
    // page stop after its rows; (kind, etat, id, date_depot) also holds every
    // column the count of a staff list reads, for an index-only count.
    index("demande_kind_etat_idx").on(t.kind, t.etat, t.id, t.dateDepot),
    index("demande_kind_depot_idx").on(t.kind, t.dateDepot, t.id),
    index("demande_kind_raison_sociale_idx").on(t.kind, t.raisonSocialeRecherche, t.id),
    index("demande_kind_limite_idx").on(t.kind, t.dateLimiteInstruction, t.id),
    index("demande_kind_departement_idx").on(t.kind, t.codeDepartement, t.id),
    // The quality filter, and its count from the index alone as above.
    index("demande_kind_qualite_idx").on(t.kind, t.qualite, t.etat, t.dateDepot),
    // The counts of the staff lists and tabs (ADR 0036): only the rows a staff list
    // shows, by what scopes them (perimeter région or département, service; the
    // central roles read the région one whole), with the state for "Mes dossiers"
    // and the state filters. Counts are then index-only with no row filtered: at
    // scale 10, the superviseur's count reads 16 pages instead of 7 600.
    index("demande_listee_region_idx")
      .on(t.kind, t.codeRegion, t.etat)
      .where(demandeListee(t.dateDepot, t.etat)),
    index("demande_listee_departement_idx")
      .on(t.kind, t.codeDepartement, t.etat)
      .where(demandeListee(t.dateDepot, t.etat)),
    index("demande_listee_service_idx")
      .on(t.kind, t.serviceInstructeurId, t.etat)
      .where(demandeListee(t.dateDepot, t.etat)),
    // Every column the activity indicators read (api/domain/activites), for
    // the requests they count (deposited, not a draft: the staff's
    // visibility), so that their national aggregates are index-only scans
    // with no row filtered out (ADR 0037).
    index("demande_activite_idx")
      .on(
        t.kind,
        t.dateDepot,
        t.etat,
        t.serviceInstructeurId,
        t.codeRegion,
        t.codeDepartement,
        t.qualite,
        t.instructeurId,
        t.agrementId,
        t.dateAvisDecideur,
        t.dateLimiteInstruction,
        t.suspenduDepuis,
        t.jourDepot,
        t.jourDecision,
        t.joursTraitement,
        t.societeId,
        t.id,
      )
      .where(demandeListee(t.dateDepot, t.etat)),
    // The search `like '%…%'` (pg_trgm).
    index("demande_numero_dossier_trgm_idx").using(
      "gin",
      t.numeroDossierRecherche.op("gin_trgm_ops"),
    ),
    index("demande_raison_sociale_trgm_idx").using(
      "gin",
      t.raisonSocialeRecherche.op("gin_trgm_ops"),
    ),
    index("demande_siren_trgm_idx").using("gin", t.siren.op("gin_trgm_ops")),
  ],
);

/** Kinds of resources attachments, history, messages and reads hang on. */
export const TYPES_RESSOURCE = [
  "demande",
  "changement-notable",
  "agrement",
  "rapport-annuel",
  "etablissement",
  // Settings of the functional administrator: one row per change, ids derived
  // from the banner or flag (api/domain/administration/historique.ts). TypeScript only: no SQL.
  "bandeau-informatif",
  "fonctionnalite",
  // Changes of who an account can reach (ADR 0041: a superviseur's perimeter and its bound).
  "compte",
] as const;

/** Antivirus verdicts of an attachment (ADR 0030; see `piecesJointes.etatAntivirus`). */
export const ETATS_ANTIVIRUS = ["en_attente", "sain", "infecte", "erreur", "non_analyse"] as const;

/**
 * Attachments (spec §3 Attachment). The bytes live in the file store under
 * `cle` (content hash); `rubrique` is the step-3 rubric or the type code.
 */
export const piecesJointes = pgTable(
  "piece_jointe",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ressourceType: text("ressource_type", { enum: TYPES_RESSOURCE }).notNull(),
    ressourceId: uuid("ressource_id").notNull(),
    rubrique: text("rubrique").notNull(),
    nom: text("nom").notNull(),
    mimeType: text("mime_type").notNull(),
    /** Bytes. */
    taille: integer("taille").notNull(),
    sha256: text("sha256").notNull(),
    cle: text("cle").notNull(),
    deposeParId: uuid("depose_par_id").references(() => utilisateurs.id, {
      onDelete: "set null",
    }),
    /** The history row of the action that brought it (complements, opinions). */
    historiqueId: integer("historique_id"),
    /**
     * Antivirus verdict (ADR 0030): `en_attente` until clamd has answered,
     * `sain` or `infecte` after, `erreur` when the scan failed (re-queued),
     * `non_analyse` when no scanner is configured (embedded default).
     * Only `sain` and `non_analyse` files can be downloaded.
     */
    etatAntivirus: text("etat_antivirus", { enum: ETATS_ANTIVIRUS })
      .notNull()
      .default("non_analyse"),
    /** When the scanner last answered (or failed). */
    dateAnalyseAntivirus: timestamp("date_analyse_antivirus", { withTimezone: true }),
    /** The signature clamd named for an infected file, or the scan error. */
    resultatAntivirus: text("resultat_antivirus"),
    dateCreation: createdAt(),
  },
  (t) => [
    index("piece_jointe_ressource_idx").on(t.ressourceType, t.ressourceId, t.rubrique),
    // The re-queue job reads the few files still waiting for a verdict.
    index("piece_jointe_antivirus_a_analyser_idx")
      .on(t.etatAntivirus)
      .where(sql`etat_antivirus in ('en_attente', 'erreur')`),
    index("piece_jointe_depose_par_idx").on(t.deposeParId),
    // The files a history row brought (complements of a file's detail page).
    index("piece_jointe_historique_idx").on(t.historiqueId),
  ],
);

/** One row per transition or notable event (DESIGN §3), written in the same transaction. */
export const historique = pgTable(
  "historique",
  {
    id: serial("id").primaryKey(),
    ressourceType: text("ressource_type", { enum: TYPES_RESSOURCE }).notNull(),
    ressourceId: uuid("ressource_id").notNull(),
    action: text("action").notNull(),
    etatAvant: text("etat_avant"),
    etatApres: text("etat_apres"),
    acteurId: uuid("acteur_id").references(() => utilisateurs.id, { onDelete: "set null" }),
    /** Role the actor acted in; `systeme` for deadline jobs. */
    acteurRole: text("acteur_role"),
    commentaire: text("commentaire"),
    donnees: jsonb("donnees").$type<Record<string, unknown>>(),
    date: timestamp("date", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Hash chain per resource (ADR 0033): sha256 (hex) of this row's
     * content and `empreintePrecedente`, the `empreinte` of the previous row
     * of the same resource (null for the first).
     */
    empreinte: text("empreinte"),
    empreintePrecedente: text("empreinte_precedente"),
  },
  (t) => [
    index("historique_ressource_idx").on(t.ressourceType, t.ressourceId, t.date),
    index("historique_acteur_idx").on(t.acteurId),
  ],
);

/** Messaging (spec §3): one thread per resource, between the applicant and instruction staff. */
export const messages = pgTable(
  "message",
  {
    id: serial("id").primaryKey(),
    ressourceType: text("ressource_type", { enum: TYPES_RESSOURCE }).notNull(),
    ressourceId: uuid("ressource_id").notNull(),
    auteurId: uuid("auteur_id").references(() => utilisateurs.id, { onDelete: "set null" }),
    /** Which side wrote it: the applicant's company or the instruction service. */
    cote: text("cote", { enum: ["demandeur", "instruction"] }).notNull(),
    contenu: text("contenu").notNull(),
    date: timestamp("date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("message_ressource_idx").on(t.ressourceType, t.ressourceId, t.date),
    index("message_auteur_idx").on(t.auteurId),
  ],
);

/** Last time a user read a resource's messages or notes: drives the unread badges. */
export const lectures = pgTable(
  "lecture",
  {
    utilisateurId: uuid("utilisateur_id")
      .notNull()
      .references(() => utilisateurs.id, { onDelete: "cascade" }),
    ressourceType: text("ressource_type", { enum: TYPES_RESSOURCE }).notNull(),
    ressourceId: uuid("ressource_id").notNull(),
    type: text("type", { enum: ["message", "note"] }).notNull(),
    date: timestamp("date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.utilisateurId, t.ressourceType, t.ressourceId, t.type] })],
);

// ── Technical tables ──────────────────────────────────────────────────────────
/** Server-side sessions of the Remix app (the cookie only carries the id). */
export const sessions = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    data: jsonb("data").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("session_expires_idx").on(t.expiresAt)],
);

/** Storage of the embedded OpenID provider (oidc-provider adapter). */
export const oidcPayloads = pgTable(
  "oidc_payload",
  {
    id: text("id").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.type] }),
    index("oidc_payload_grant_idx").on(t.grantId),
    index("oidc_payload_uid_idx").on(t.uid),
    index("oidc_payload_expires_idx").on(t.expiresAt),
  ],
);

/** Key/value facts about the database itself (e.g. geography dataset version). */
export const meta = pgTable("meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

// ── Instruction: opinions, notes, complementary information ──────────────────
/**
 * Opinions of spec §3 "Opinion (avis)": one row per opinion given on a
 * request (CRHH, instructeur, superviseur, decision, completeness). A new
 * opinion of the same type after a complement raises `revision`.
 */
export const avis = pgTable(
  "avis",
  {
    id: serial("id").primaryKey(),
    ressourceType: text("ressource_type", { enum: TYPES_RESSOURCE }).notNull(),
    ressourceId: uuid("ressource_id").notNull(),
    /** avis_crhh, avis_instructeur, avis_superviseur, avis_decideur, avis_incomplete. */
    typeAvis: text("type_avis").notNull(),
    /** FAVORABLE, DEFAVORABLE, … (contract/etats.ts VALEURS_AVIS). */
    valeur: text("valeur").notNull(),
    commentaire: text("commentaire"),
    auteurId: uuid("auteur_id").references(() => utilisateurs.id, { onDelete: "set null" }),
    /** Deadline the opinion was due by, if any (Europe/Paris date). */
    dateEcheance: date("date_echeance"),
    revision: integer("revision").notNull().default(0),
    /** Optional attachment (piece_jointe, rubrique pj_avis or pj_avis_decideur). */
    pieceJointeId: uuid("piece_jointe_id").references(() => piecesJointes.id, {
      onDelete: "set null",
    }),
    historiqueId: integer("historique_id"),
    dateAvis: timestamp("date_avis", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("avis_ressource_idx").on(t.ressourceType, t.ressourceId, t.dateAvis),
    index("avis_auteur_idx").on(t.auteurId),
    index("avis_piece_jointe_idx").on(t.pieceJointeId),
  ],
);

/** Internal notes of instruction staff on a file (spec §3 Note); never shown to applicants. */
export const notes = pgTable(
  "note",
  {
    id: serial("id").primaryKey(),
    ressourceType: text("ressource_type", { enum: TYPES_RESSOURCE }).notNull(),
    ressourceId: uuid("ressource_id").notNull(),
    auteurId: uuid("auteur_id").references(() => utilisateurs.id, { onDelete: "set null" }),
    texte: text("texte").notNull(),
    /** Optional file (piece_jointe, rubrique = codeTypePJ, usually `note`). */
    pieceJointeId: uuid("piece_jointe_id").references(() => piecesJointes.id, {
      onDelete: "set null",
    }),
    date: timestamp("date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("note_ressource_idx").on(t.ressourceType, t.ressourceId, t.date),
    index("note_auteur_idx").on(t.auteurId),
    index("note_piece_jointe_idx").on(t.pieceJointeId),
  ],
);

/**
 * Complementary information of spec §3 (`infosComplementaires`): the events
 * the applicant must see explained (completeness or complement requests with
 * their deadline, return to edition, refusal, cancellation, tacit
 * rejection). `infoType` is an event kind (contract/etats.ts TYPES_EVENEMENT)
 * or ANNULATION.
 */
export const infosComplementaires = pgTable(
  "info_complementaire",
  {
    id: serial("id").primaryKey(),
    ressourceType: text("ressource_type", { enum: TYPES_RESSOURCE }).notNull(),
    ressourceId: uuid("ressource_id").notNull(),
    infoType: text("info_type").notNull(),
    raison: text("raison"),
    /** Europe/Paris date by which the applicant must answer, if any. */
    dateEcheance: date("date_echeance"),
    /** Set when the applicant answered (complement given, edition deposited). */
    dateReponse: timestamp("date_reponse", { withTimezone: true }),
    /** Set once the deadline job flagged it as passed (idempotence of the sweep). */
    delaiDepasse: boolean("delai_depasse").notNull().default(false),
    historiqueId: integer("historique_id"),
    date: timestamp("date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("info_complementaire_ressource_idx").on(t.ressourceType, t.ressourceId, t.date)],
);

// ── Approvals (agréments) ─────────────────────────────────────────────────────
/** Numbers of approvals (numeroAgrement). */
export const numeroAgrementSequence = pgSequence("numero_agrement_seq", { startWith: 1 });

/**
 * An approval granted to a company by AGREMENT_VALIDE (spec §3 Agrement):
 * etat en_cours, suspendu, retire or perime; valid 5 years; the granted
 * perimeter `{ regions, departements, epcis, communes }` (codes).
 */
export const agrements = pgTable(
  "agrement",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    societeId: uuid("societe_id")
      .notNull()
      .references(() => societes.id, { onDelete: "cascade" }),
    /** The approval request it was granted on. */
    demandeId: uuid("demande_id")
      .notNull()
      .references(() => demandes.id),
    numeroAgrement: text("numero_agrement").notNull().unique(),
    etat: text("etat", { enum: ["en_cours", "perime", "suspendu", "retire"] })
      .notNull()
      .default("en_cours"),
    /** First and last day of validity (Europe/Paris dates, 5 years). */
    dateDebut: date("date_debut").notNull(),
    dateFin: date("date_fin").notNull(),
    dateOctroi: timestamp("date_octroi", { withTimezone: true }).notNull(),
    perimetre: jsonb("perimetre")
      .$type<{ regions: string[]; departements: string[]; epcis: string[]; communes: string[] }>()
      .notNull(),
    raisonSociale: text("raison_sociale").notNull(),
    qualite: text("qualite"),
    codeDepartement: text("code_departement").references(() => departements.code),
    codeRegion: text("code_region").references(() => regions.code),
    serviceInstructeurId: integer("service_instructeur_id").references(
      () => servicesInstructeur.id,
    ),
    version: integer("version").notNull().default(1),
    dateCreation: createdAt(),
    dateModification: updatedAt(),
  },
  (t) => [
    index("agrement_societe_idx").on(t.societeId),
    index("agrement_etat_idx").on(t.etat),
    index("agrement_service_idx").on(t.serviceInstructeurId),
    // The approvals of a set of requests (activity indicators filtered by
    // région, service…: a few thousand requests, ADR 0037), by index
    // rather than by reading the whole table.
    index("agrement_demande_idx").on(t.demandeId, t.etat, t.dateOctroi, t.id),
  ],
);

/** Certificates of an approval (spec §3 `attestations`); one is current. */
export const attestations = pgTable(
  "attestation",
  {
    id: serial("id").primaryKey(),
    agrementId: uuid("agrement_id")
      .notNull()
      .references(() => agrements.id, { onDelete: "cascade" }),
    pieceJointeId: uuid("piece_jointe_id")
      .notNull()
      .references(() => piecesJointes.id),
    isCurrent: boolean("is_current").notNull().default(true),
    date: timestamp("date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("attestation_agrement_idx").on(t.agrementId),
    index("attestation_piece_jointe_idx").on(t.pieceJointeId),
  ],
);

/**
 * Withdrawal procedures on an approval (spec §4 Agreement procedure): type
 * retrait_avec_suspension or retrait_sans_suspension, etat en_cours, termine
 * or perime, decision agrement_maintenu or agrement_retire.
 */
export const proceduresAgrement = pgTable(
  "procedure_agrement",
  {
    id: serial("id").primaryKey(),
    agrementId: uuid("agrement_id")
      .notNull()
      .references(() => agrements.id, { onDelete: "cascade" }),
    demandeId: uuid("demande_id").references(() => demandes.id),
    type: text("type").notNull(),
    etat: text("etat").notNull().default("en_cours"),
    dateNotification: date("date_notification"),
    decision: text("decision"),
    dateDecision: date("date_decision"),
    dateCreation: createdAt(),
  },
  (t) => [
    index("procedure_agrement_agrement_idx").on(t.agrementId),
    index("procedure_agrement_demande_idx").on(t.demandeId),
  ],
);

// ── Establishments (spec §3 Etablissement) ───────────────────────────────────
/** Intervention perimeter of an establishment: codes of the geography tables. */
export interface PerimetreEtablissement {
  regions: string[];
  departements: string[];
  epcis: string[];
  communes: string[];
}

/** The person households and Anah contact about an establishment. */
export interface ReferentEtablissement {
  civilite: "M." | "Mme";
  nom: string;
  prenom: string;
  email: string;
  tel: string;
}

/**
 * An establishment of an approved company, referenced under one approval
 * (spec §3 Etablissement): identity (SIRET, INSEE and "Mon Accompagnateur
 * Rénov'" names), address, contact, staffing (ETP), its intervention
 * perimeter (within the approval's) and its referent. `referencee` turns
 * false when the approval is withdrawn or the perimeter no longer covers it
 * (spec §4), with `dateDereferencement`; `reference` is unique within the
 * approval.
 */
export const etablissements = pgTable(
  "etablissement",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agrementId: uuid("agrement_id")
      .notNull()
      .references(() => agrements.id, { onDelete: "cascade" }),
    societeId: uuid("societe_id")
      .notNull()
      .references(() => societes.id, { onDelete: "cascade" }),
    reference: text("reference").notNull(),
    raisonSociale: text("raison_sociale").notNull(),
    nom: text("nom").notNull(),
    /** Name as registered by INSEE (SIRENE). */
    nomInsee: text("nom_insee"),
    /** Name shown to households in the "Mon Accompagnateur Rénov'" directory. */
    nomMar: text("nom_mar"),
    /** 14 digits: the company's SIREN then the NIC, INSEE (Luhn) key checked. */
    siret: text("siret").notNull(),
    adresse1: text("adresse1").notNull(),
    adresse2: text("adresse2"),
    codePostal: text("code_postal").notNull(),
    ville: text("ville").notNull(),
    codeCommune: text("code_commune").references(() => communes.code),
    tel: text("tel"),
    email: text("email"),
    siteInternet: text("site_internet"),
    /** Full-time equivalents (two decimals, spec §5 ETP). */
    etp: numeric("etp", { precision: 6, scale: 2, mode: "number" }),
    perimetre: jsonb("perimetre").$type<PerimetreEtablissement>().notNull(),
    referent: jsonb("referent").$type<ReferentEtablissement>(),
    referencee: boolean("referencee").notNull().default(true),
    dateCreation: createdAt(),
    dateModification: updatedAt(),
    dateDereferencement: timestamp("date_dereferencement", { withTimezone: true }),
    /** Search texts of the staff list (texteRecherche, like the request's). */
    nomRecherche: text("nom_recherche")
      .notNull()
      .generatedAlwaysAs((): SQL => texteRecherche("nom")),
    raisonSocialeRecherche: text("raison_sociale_recherche")
      .notNull()
      .generatedAlwaysAs((): SQL => texteRecherche("raison_sociale")),
  },
  (t) => [
    // Also the index of the approval's establishments (leading column).
    uniqueIndex("etablissement_agrement_reference_idx").on(t.agrementId, t.reference),
    index("etablissement_societe_idx").on(t.societeId),
    index("etablissement_siret_idx").on(t.siret),
    index("etablissement_commune_idx").on(t.codeCommune),
    // Perimeter filters and the household search: `perimetre @> '{"departements":["75"]}'`.
    index("etablissement_perimetre_idx").using("gin", sql`${t.perimetre} jsonb_path_ops`),
    // Default order of the staff list and of the exports.
    index("etablissement_referencee_creation_idx").on(t.referencee, t.dateCreation, t.id),
    index("etablissement_code_postal_idx").on(t.codePostal),
    index("etablissement_reference_trgm_idx").using("gin", t.reference.op("gin_trgm_ops")),
    index("etablissement_nom_trgm_idx").using("gin", t.nomRecherche.op("gin_trgm_ops")),
    index("etablissement_raison_sociale_trgm_idx").using(
      "gin",
      t.raisonSocialeRecherche.op("gin_trgm_ops"),
    ),
    index("etablissement_siret_trgm_idx").using("gin", t.siret.op("gin_trgm_ops")),
  ],
);

/**
 * The company registry's establishments (INSEE Sirene "établissements"),
 * as the embedded registry adapter serves them (ADR 0016): what an
 * approved company may reference. Seeded for the demo company and the
 * scale dataset; the Sirene adapter reads INSEE instead.
 */
export const registreEtablissements = pgTable(
  "registre_etablissement",
  {
    /** 14 digits, INSEE (Luhn) key valid. */
    siret: text("siret").primaryKey(),
    siren: text("siren").notNull(),
    /** Name as registered by INSEE (denomination or sign). */
    nomInsee: text("nom_insee").notNull(),
    siege: boolean("siege").notNull().default(false),
    adresse1: text("adresse1").notNull(),
    adresse2: text("adresse2"),
    codePostal: text("code_postal").notNull(),
    ville: text("ville").notNull(),
    codeCommune: text("code_commune").references(() => communes.code),
    /** False once INSEE records the establishment as closed ("F"). */
    actif: boolean("actif").notNull().default(true),
  },
  (t) => [index("registre_etablissement_siren_idx").on(t.siren, t.siret)],
);

/**
 * One download of the referenced-establishments list by central staff
 * (spec §3 Etablissement "export history entry"): who,
 * when, with which filters (period or company), and a comment they may
 * add afterwards. Names are copied so the row survives the account.
 */
export const historiqueExportsEtablissements = pgTable(
  "historique_export_etablissement",
  {
    id: serial("id").primaryKey(),
    utilisateurId: uuid("utilisateur_id").references(() => utilisateurs.id, {
      onDelete: "set null",
    }),
    nom: text("nom").notNull(),
    prenom: text("prenom").notNull(),
    dateExport: timestamp("date_export", { withTimezone: true }).notNull().defaultNow(),
    /** `{ startDate, endDate }` (AAAA-MM-JJ) or `{ raisonSociale }`. */
    filtres: jsonb("filtres").$type<Record<string, string>>().notNull(),
    commentaire: text("commentaire"),
  },
  (t) => [
    index("historique_export_etablissement_date_idx").on(t.dateExport, t.id),
    index("historique_export_etablissement_utilisateur_idx").on(t.utilisateurId),
  ],
);

// ── Rate limits ──────────────────────────────────────────────────────────────

/**
 * Fixed-window counters of the rate limits (ADR 0013:
 * api/domain/limites-publiques.ts), shared by every instance of the portal.
 * `cle` names the limit and its subject (an IP address, or a pseudonymised
 * e-mail address: no address is stored in clear); `nombre` counts the
 * attempts of the window that ends at `finFenetre`. A row whose window is
 * over starts again at 1 on the next attempt, and is purged later.
 */
export const compteursLimite = pgTable(
  "compteur_limite",
  {
    cle: text("cle").primaryKey(),
    nombre: integer("nombre").notNull(),
    finFenetre: timestamp("fin_fenetre", { withTimezone: true }).notNull(),
  },
  (t) => [index("compteur_limite_fin_fenetre_idx").on(t.finFenetre)],
);

/**
 * Sign-in attempt counters of the embedded identity provider (idp/rate-limit.ts,
 * ADR 0010), shared by every instance: one row per key (an address, an
 * account and address pair, an account, a known device; accounts appear only
 * pseudonymised). `n` attempts counted since the window began, `dernier` the
 * last counted one, `expire` when the counter starts again from zero.
 */
export const compteursConnexion = pgTable(
  "compteur_connexion",
  {
    cle: text("cle").primaryKey(),
    n: integer("n").notNull(),
    dernier: timestamp("dernier", { withTimezone: true }).notNull(),
    expire: timestamp("expire", { withTimezone: true }).notNull(),
  },
  (t) => [index("compteur_connexion_expire_idx").on(t.expire)],
);

// ── Post-commit work (transactional outbox, ADR 0011) ───────────────────────

/**
 * Work to do once a business write has committed (ADR 0011,
 * api/domain/travaux.ts): a mail to send, the mails of an event to plan, a
 * recap PDF to file. Written in the same transaction as the write it follows,
 * so that it exists if and only if the write committed; done right after the
 * commit by the request that wrote it, else retried by the
 * `travaux-apres-validation` job. `cle` (unique, optional) makes a second
 * write of the same work a no-op; `ressource` ("demande:<id>") lets the
 * request find its own work; `tentatives` counts the attempts started,
 * `prochaineTentative` is when it may be tried (again); `etat` a_faire,
 * fait or abandonne (after the last attempt).
 */
export const travauxApresValidation = pgTable(
  "travail_apres_validation",
  {
    id: serial("id").primaryKey(),
    type: text("type", { enum: ["notification", "courriel", "recapitulatif"] }).notNull(),
    donnees: jsonb("donnees").$type<Record<string, unknown>>().notNull(),
    cle: text("cle").unique(),
    ressource: text("ressource"),
    etat: text("etat", { enum: ["a_faire", "fait", "abandonne"] })
      .notNull()
      .default("a_faire"),
    tentatives: integer("tentatives").notNull().default(0),
    prochaineTentative: timestamp("prochaine_tentative", { withTimezone: true }).notNull(),
    derniereErreur: text("derniere_erreur"),
    dateCreation: createdAt(),
    dateTraitement: timestamp("date_traitement", { withTimezone: true }),
  },
  (t) => [
    index("travail_apres_validation_a_faire_idx")
      .on(t.prochaineTentative)
      .where(sql`${t.etat} = 'a_faire'`),
    index("travail_apres_validation_ressource_idx")
      .on(t.ressource)
      .where(sql`${t.etat} = 'a_faire'`),
    index("travail_apres_validation_traitement_idx")
      .on(t.dateTraitement)
      .where(sql`${t.etat} <> 'a_faire'`),
  ],
);

// ── Annual activity reports (spec §3 Annual report content, §4 filing states; ADR 0017) ──
/**
 * One annual activity report of an approval about year `annee`:
 * a row exists from CREER_RAPPORT_ANNUEL on, etat nonDepose until
 * DEPOSER_RAPPORT_ANNUEL (depose, `dateDepot`); a year without a row reads
 * as nonDepose or nonApplicable (api/domain/rapports-annuels/regles.ts).
 * `contenu` holds the three steps as validated by
 * contract/schemas/rapport-annuel.ts (the draft, then the deposited
 * report); its documents are `piece_jointe` rows of ressourceType
 * "rapport-annuel"; `version` for optimistic concurrency (409 when stale).
 */
export const rapportsAnnuelsActivite = pgTable(
  "rapport_annuel_activite",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agrementId: uuid("agrement_id")
      .notNull()
      .references(() => agrements.id, { onDelete: "cascade" }),
    annee: integer("annee").notNull(),
    etat: text("etat", { enum: ["nonDepose", "depose", "nonApplicable"] })
      .notNull()
      .default("nonDepose"),
    contenu: jsonb("contenu")
      .$type<import("../../contract/schemas/rapport-annuel.ts").ContenuRapportAnnuel>()
      .notNull()
      .default({}),
    dateDepot: timestamp("date_depot", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    dateCreation: createdAt(),
    dateModification: updatedAt(),
  },
  (t) => [
    uniqueIndex("rapport_annuel_activite_agrement_annee_idx").on(t.agrementId, t.annee),
    index("rapport_annuel_activite_annee_idx").on(t.annee, t.etat),
  ],
);

/**
 * Reports about year `annee` still not deposited once their deadline
 * (31 March of annee + 1) passed, marked late for staff by the job
 * `rapports-annuels-retards` (ADR 0017 "Rappels et
 * retards"): a marker, not a state (the report stays nonDepose). The row
 * is also the job's claim: only the run that writes it lists the approval
 * in its service's digest mail.
 */
export const retardsRapportAnnuel = pgTable(
  "retard_rapport_annuel",
  {
    agrementId: uuid("agrement_id")
      .notNull()
      .references(() => agrements.id, { onDelete: "cascade" }),
    annee: integer("annee").notNull(),
    dateSignalement: timestamp("date_signalement", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agrementId, t.annee] })],
);

/**
 * Reminders of the report about `annee` planned for an approval (job
 * `rapports-annuels-rappels`, ADR 0017 "Rappels et retards"): `rappel`
 * "1-mars" or "15-mars". The row is the job's claim, written with the
 * reminder mails in one transaction: the approval's applicants get each
 * reminder once, even after the outbox purged the mails' keys.
 */
export const rappelsRapportAnnuel = pgTable(
  "rappel_rapport_annuel",
  {
    agrementId: uuid("agrement_id")
      .notNull()
      .references(() => agrements.id, { onDelete: "cascade" }),
    annee: integer("annee").notNull(),
    rappel: text("rappel", { enum: ["1-mars", "15-mars"] }).notNull(),
    dateRappel: timestamp("date_rappel", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agrementId, t.annee, t.rappel] })],
);

// ── Activity follow-up (ADR 0038) ────────────────────────────────────────────
/**
 * The national activity figures without filter, as computed by the job
 * `activite-resume-national` (api/domain/activites/resume.ts): one row per
 * computation (`calcul`: indicateurs, deposee, …), its JSON answer, the
 * Europe/Paris day it was computed for ("deemed rejected" depends on it)
 * and when. Only the job writes; `/api/activities` reads a row while it is
 * fresh and computes live otherwise.
 */
export const resumesActivite = pgTable("resume_activite", {
  calcul: text("calcul").primaryKey(),
  jour: date("jour", { mode: "string" }).notNull(),
  calculeLe: timestamp("calcule_le", { withTimezone: true }).notNull(),
  donnees: jsonb("donnees").notNull(),
});
