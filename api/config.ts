/**
 * The settings the API needs (README "Paramètres"). server/config.ts reads
 * and validates the environment, and its `Config` extends this type:
 * server.ts passes the whole configuration in, the API never imports
 * server/ (docs/architecture.md).
 */
import type { ReglagesS3 } from "./files/types.ts";
import type { ReglagesClamav } from "./antivirus/analyseur.ts";

export interface ApiConfig {
  /** Public address of the portal, without trailing slash (links in mails, OpenAPI server). */
  publicUrl: string;
  /** Absolute directory of the data: file store, mail outbox, embedded database. */
  dataDir: string;
  /** PostgreSQL URL; undefined selects the embedded PGlite. */
  databaseUrl: string | undefined;
  /** True when OIDC_ISSUER is unset: server.ts mounts idp/ at /realms/mar_users. */
  embeddedIdp: boolean;
  /** `iss` of the access tokens. */
  oidcIssuer: string;
  /** `aud` the API requires in access tokens. */
  oidcAudience: string;
  /**
   * Base URL of this process's API (loopback by default): the BFF calls it,
   * and the API reads the embedded provider's keys (JWKS) through it.
   */
  apiUrl: string;
  /** Secret of the portal; the API derives the pseudonyms of e-mail addresses in its logs from it. */
  sessionSecret: string;
  /**
   * Whether the portal is deployed: its PUBLIC_URL names a host other than
   * localhost, 127.0.0.1 or ::1 (server/config.ts `estDeploye`). A deployed
   * portal refuses the test conveniences (HORLOGE_RECETTE, the outbox
   * without MAIL_OUTBOX) and never logs a link's token.
   */
  deploye: boolean;
  /** SMTP server; undefined drops the mails in `DATA_DIR/outbox`. */
  smtpUrl: string | undefined;
  /** Sender of the mails. */
  mailFrom: string;
  /** Upload limits (DESIGN §7): largest file in Mo, most files per rubric. */
  uploadMaxMo: number;
  uploadMaxFichiers: number;
  /**
   * Limits of the public account endpoints (ADR 0013): mails per
   * e-mail address per hour (account creation and new link), those requests
   * per IP per hour, uniqueness checks per IP per minute and per hour.
   */
  publicRateLimit: {
    mailsPerAddressHour: number;
    signupsPerIpHour: number;
    checksPerIpMinute: number;
    checksPerIpHour: number;
    /** Household directory calls per IP per minute and per hour. */
    annuairePerIpMinute: number;
    annuairePerIpHour: number;
  };
  /**
   * The sign-in limits (README `LOGIN_RATE_LIMIT_IP`, `LOGIN_RATE_LIMIT_ACCOUNT`),
   * also those of every current-password check of the account settings.
   */
  loginRateLimit: { perIp: number; perAccount: number };
  /** Whether this instance runs the scheduled jobs (api/jobs/); false in API tests. */
  jobs: boolean;
  /**
   * Base URL of the INSEE Sirene API 3.11 (company registry, ADR 0016);
   * undefined selects the embedded registry (table registre_etablissement).
   */
  sireneApiUrl?: string;
  /** API key of the Sirene API (header X-INSEE-Api-Key-Integration, and as bearer token). */
  sireneApiToken?: string;
  /**
   * RAA_DATE_LIMITE_MODIFICATION: day of the year after the one reported on
   * until which (inclusive) a deposited annual activity report may still be
   * modified, as "30 avril" (contract/delais.ts lireJourDuMois); undefined
   * selects RAA_DATE_LIMITE_MODIFICATION_DEFAUT (ADR 0017).
   */
  raaDateLimiteModification?: string;
  /**
   * HORLOGE_RECETTE: an acceptance-testing portal whose business date an
   * admin_fonctionnel may move (api/domain/horloge.ts horlogeDecalable,
   * /api/recette/horloge, page /recette/horloge). Undefined or false: the
   * real clock, and those routes answer 404.
   */
  horlogeRecette?: boolean;
  /**
   * S3_*: S3-compatible object storage of the files (ADR 0031); undefined
   * (S3_BUCKET unset) keeps them on local disk under DATA_DIR/files.
   */
  s3?: ReglagesS3;
  /**
   * CLAMAV_HOST, CLAMAV_PORT: the clamd that scans every uploaded file
   * (ADR 0030); undefined (CLAMAV_HOST unset): files are
   * marked `non_analyse` and served.
   */
  clamav?: ReglagesClamav;
}
