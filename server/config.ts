import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import type { ApiConfig } from "../api/config.ts";
import { RAA_DATE_LIMITE_MODIFICATION_DEFAUT, lireJourDuMois } from "../contract/delais.ts";
import type { IdpConfig } from "../idp/config.ts";

const bool = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/** Why WEB_CONCURRENCY is refused (0, negative, text, more than 999). */
export const MESSAGE_WEB_CONCURRENCY =
  "un nombre entier de processus de 1 à 999, par exemple 2 (non défini : un par cœur)";

/**
 * Environment variables. Every one has an embedded default: an unset variable
 * selects the embedded engine (PGlite, embedded OpenID provider, local files,
 * mail outbox). See README "Paramètres".
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().default("mar_frontend"),
  OIDC_AUDIENCE: z.string().optional(),
  API_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("Anah - Mon Accompagnateur Rénov' <ne-pas-repondre@anah.gouv.fr>"),
  DEMO_DATA: bool.optional(),
  DEMO_DATASET: bool.optional(),
  UPLOAD_MAX_MO: z.coerce.number().positive().max(200).default(10),
  UPLOAD_MAX_FICHIERS: z.coerce.number().int().positive().max(100).default(10),
  LOGIN_RATE_LIMIT_IP: z.coerce.number().int().positive().default(30),
  LOGIN_RATE_LIMIT_ACCOUNT: z.coerce.number().int().positive().default(10),
  MAIL_RATE_LIMIT_ADDRESS: z.coerce.number().int().positive().default(5),
  SIGNUP_RATE_LIMIT_IP: z.coerce.number().int().positive().default(20),
  CHECK_RATE_LIMIT_IP_MINUTE: z.coerce.number().int().positive().default(20),
  CHECK_RATE_LIMIT_IP_HOUR: z.coerce.number().int().positive().default(200),
  ANNUAIRE_RATE_LIMIT_IP_MINUTE: z.coerce.number().int().positive().default(60),
  ANNUAIRE_RATE_LIMIT_IP_HOUR: z.coerce.number().int().positive().default(600),
  TRUST_PROXY: bool.default("false"),
  JOBS: bool.default("true"),
  SIRENE_API_URL: z.string().url().optional(),
  SIRENE_API_TOKEN: z.string().optional(),
  RAA_DATE_LIMITE_MODIFICATION: z
    .string()
    .default(RAA_DATE_LIMITE_MODIFICATION_DEFAUT)
    .refine((value) => lireJourDuMois(value) !== null, {
      message: "un jour de l'année, par exemple « 30 avril »",
    }),
  HORLOGE_RECETTE: bool.default("false"),
  MAIL_OUTBOX: bool.default("false"),
  // Audience measurement (ADR 0023): off unless both are set.
  MATOMO_URL: z.string().url().optional(),
  MATOMO_SITE_ID: z
    .string()
    .regex(/^\d{1,9}$/, "un nombre entier, par exemple 42")
    .optional(),
  MATOMO_SEL: z.string().min(16).optional(),
  // Object storage of the files (ADR 0031): local disk unless S3_BUCKET is set.
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  // Antivirus (ADR 0030): no scan, files `non_analyse`, unless CLAMAV_HOST is set.
  CLAMAV_HOST: z.string().min(1).optional(),
  CLAMAV_PORT: z.coerce.number().int().min(1).max(65535).default(3310),
  // Processes serving HTTP with PostgreSQL (ADR 0028): unset, one per core.
  WEB_CONCURRENCY: z
    .string()
    .regex(/^\d{1,3}$/, MESSAGE_WEB_CONCURRENCY)
    .transform(Number)
    .refine((n) => n >= 1, MESSAGE_WEB_CONCURRENCY)
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

/**
 * The portal's configuration: the API's settings (api/config.ts) and the
 * embedded provider's (idp/config.ts), both passed in by server/app.ts,
 * plus what only the server and the BFF read.
 */
export interface Config extends ApiConfig, IdpConfig {
  env: Env["NODE_ENV"];
  production: boolean;
  port: number;
  host: string;
  /**
   * The BFF calls the API of this very process without a socket (ADR 0007):
   * true unless API_URL names another API.
   */
  apiInProcess: boolean;
  sessionTtlSeconds: number;
  logLevel: Env["LOG_LEVEL"];
  demoData: boolean;
  /**
   * The demo dataset (api/db/seed/demo-dossiers.ts):
   * DEMO_DATASET, else on only for the newcomer's start, PGlite with
   * DEMO_DATA left unset. Tests and tools that set DEMO_DATA themselves
   * (API tests, Playwright, bench) keep their empty portal.
   */
  demoDataset: boolean;
  /**
   * Matomo (ADR 0023): base URL (ending in "/") and site id, or null when
   * MATOMO_URL or MATOMO_SITE_ID is unset (no measurement, nothing in the CSP);
   * `sel` salts the SHA-256 of the user identifier (MATOMO_SEL, else generated once).
   */
  matomo: { url: string; siteId: string; sel: string } | null;
  /**
   * WEB_CONCURRENCY: how many processes serve HTTP when DATABASE_URL is set
   * (server/cluster.ts, ADR 0028); null when unset (one per core).
   */
  webConcurrency: number | null;
}

/**
 * Reads and validates the environment (throws a readable error listing the
 * invalid variables). Secrets not given are generated once and kept in
 * `DATA_DIR/secrets.json` so sessions survive restarts.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== "")),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Configuration invalide :\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    throw new Error(
      "Configuration invalide :\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: à donner ensemble ou pas du tout",
    );
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const deploye = estDeploye(publicUrl);
  const refus = deploye ? refusDeploiement(env) : [];
  if (refus.length > 0) throw new Error(`Configuration invalide :\n${refus.join("\n")}`);
  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const oidcIssuer = (env.OIDC_ISSUER ?? `${publicUrl}/realms/mar_users`).replace(/\/$/, "");
  return {
    env: env.NODE_ENV,
    production: env.NODE_ENV === "production",
    deploye,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    embeddedIdp: !env.OIDC_ISSUER,
    oidcIssuer,
    oidcClientId: env.OIDC_CLIENT_ID,
    oidcAudience: env.OIDC_AUDIENCE ?? `${publicUrl}/api`,
    apiUrl: (env.API_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/$/, ""),
    apiInProcess: env.API_URL === undefined,
    sessionSecret: env.SESSION_SECRET ?? localSecret(dataDir, "session"),
    sessionTtlSeconds: env.SESSION_TTL_HOURS * 3600,
    logLevel: env.LOG_LEVEL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    demoData: env.DEMO_DATA ?? !env.DATABASE_URL,
    demoDataset: env.DEMO_DATASET ?? (env.DEMO_DATA === undefined && !env.DATABASE_URL),
    uploadMaxMo: env.UPLOAD_MAX_MO,
    uploadMaxFichiers: env.UPLOAD_MAX_FICHIERS,
    loginRateLimit: { perIp: env.LOGIN_RATE_LIMIT_IP, perAccount: env.LOGIN_RATE_LIMIT_ACCOUNT },
    publicRateLimit: {
      mailsPerAddressHour: env.MAIL_RATE_LIMIT_ADDRESS,
      signupsPerIpHour: env.SIGNUP_RATE_LIMIT_IP,
      checksPerIpMinute: env.CHECK_RATE_LIMIT_IP_MINUTE,
      checksPerIpHour: env.CHECK_RATE_LIMIT_IP_HOUR,
      annuairePerIpMinute: env.ANNUAIRE_RATE_LIMIT_IP_MINUTE,
      annuairePerIpHour: env.ANNUAIRE_RATE_LIMIT_IP_HOUR,
    },
    trustProxy: env.TRUST_PROXY,
    jobs: env.JOBS,
    sireneApiUrl: env.SIRENE_API_URL,
    sireneApiToken: env.SIRENE_API_TOKEN,
    raaDateLimiteModification: env.RAA_DATE_LIMITE_MODIFICATION,
    horlogeRecette: env.HORLOGE_RECETTE,
    clamav: env.CLAMAV_HOST ? { host: env.CLAMAV_HOST, port: env.CLAMAV_PORT } : undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          // A service of one's own (S3_ENDPOINT) seldom has a DNS name per bucket.
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
        }
      : undefined,
    matomo:
      env.MATOMO_URL && env.MATOMO_SITE_ID
        ? {
            url: env.MATOMO_URL.endsWith("/") ? env.MATOMO_URL : `${env.MATOMO_URL}/`,
            siteId: env.MATOMO_SITE_ID,
            sel: env.MATOMO_SEL ?? localSecret(dataDir, "matomo"),
          }
        : null,
    webConcurrency: env.WEB_CONCURRENCY ?? null,
  };
}

/** Hosts of a portal that only its own machine reaches: the embedded start and the tests. */
const HOTES_LOCAUX = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether `publicUrl` names a host other machines reach (see `Config.deploye`). */
export function estDeploye(publicUrl: string): boolean {
  return !HOTES_LOCAUX.has(new URL(publicUrl).hostname.toLowerCase());
}

/**
 * What a deployed portal must not run with, one line per variable: the
 * test clock (anyone admin_fonctionnel could move the dates of the rules),
 * and mail left in a local outbox whose log carries every link's token,
 * unless MAIL_OUTBOX=true says it is meant.
 */
function refusDeploiement(env: Env): string[] {
  const lignes: string[] = [];
  if (env.HORLOGE_RECETTE)
    lignes.push(
      "  HORLOGE_RECETTE: réservé à un portail local (PUBLIC_URL sur localhost ou 127.0.0.1) ; un portail déployé ne simule pas la date",
    );
  if (!env.SMTP_URL && !env.MAIL_OUTBOX)
    lignes.push(
      "  SMTP_URL: requis pour un portail déployé (PUBLIC_URL hors localhost) ; MAIL_OUTBOX=true garde les courriels dans DATA_DIR/outbox, jamais en production",
    );
  return lignes;
}

/** A random secret generated on first use and kept in DATA_DIR/secrets.json (mode 600). */
export function localSecret(dataDir: string, name: string): string {
  const file = join(dataDir, "secrets.json");
  const secrets: Record<string, string> = existsSync(file)
    ? JSON.parse(readFileSync(file, "utf8"))
    : {};
  if (!secrets[name]) {
    secrets[name] = randomBytes(32).toString("base64url");
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name];
}
