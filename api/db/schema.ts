/**
 * Drizzle schema: one definition for PGlite and PostgreSQL. SQL migrations are
 * generated from it with `npm run db:generate` into api/db/migrations and
 * applied at start-up (api/db/migrate.ts).
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
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
    /** Supervision perimeter `{ regions, departements }`; null = not defined. */
    perimetreSupervision: jsonb("perimetre_supervision").$type<{
      regions: string[];
      departements: string[];
    }>(),
    dateCreation: createdAt(),
    dateModification: updatedAt(),
    dateDerniereConnexion: timestamp("date_derniere_connexion", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("utilisateur_email_idx").on(sql`lower(${t.email})`),
    index("utilisateur_societe_idx").on(t.societeId),
    index("utilisateur_service_idx").on(t.serviceInstructeurId),
  ],
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
