import { SkipLinks } from "@codegouvfr/react-dsfr/SkipLinks";
import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_RemixContext,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useContext, useEffect, useMemo, type ReactNode } from "react";
// Remix's own router (a dependency of @remix-run/react): the only reader of every route's action data.
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import { CGU_VERSION } from "#contract/cgu";
import { MESSAGES_INTERFACE } from "#contract/messages";
import type { UtilisateurCourant } from "#contract/schemas/utilisateur";
import type { BandeauInformatif } from "#contract/schemas/reference";
import { callEndpoint, lireUtilisateurCourant } from "~/.server/api-client.server";
import { getOptionalUser } from "~/.server/auth.server";
import { bandeauxEnCours } from "~/.server/bandeaux.server";
import { reglagesMesureAudience } from "~/.server/mesure-audience.server";
import type { SessionData, SessionUser } from "~/.server/context";
import { commitSession, getSession } from "~/.server/session.server";
import { getToast } from "~/.server/toast.server";
import { agrementAccessible } from "~/components/agrement/agrement";
import { chargerMonAgrement } from "~/components/agrement/mon-agrement.server";
import { Breadcrumb } from "~/components/breadcrumb";
import { CguForm, cguMiseAJour, pageHorsBlocageCgu } from "~/components/cgu-form";
import { blocagePerimetre } from "~/components/parametres-compte/blocage-perimetre.server";
import {
  BlocagePerimetreSupervision,
  PERIMETRE_SUPERVISION_PATH,
} from "~/components/parametres-compte/perimetre-supervision";
import { ErrorPage, errorKindOf, errorTitle } from "~/components/error-page";
import { formulaireRefuse, titreErreur } from "~/components/forms/titre-erreur";
import { afterFirstPaintScript } from "#contract/after-first-paint";
import { BackToTop } from "~/components/layout/back-to-top";
import { BandeauConsentement } from "~/components/layout/bandeau-consentement";
import { MesureAudience } from "~/components/layout/mesure-audience";
import {
  BandeauxDemande,
  BandeauxGeneraux,
  typeDemandeDeLaPage,
} from "~/components/layout/bandeaux";
import { versionAffichee } from "#contract/version";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { LoadingBar } from "~/components/layout/loading-bar";
import { isManager, navItemsFor } from "~/components/layout/navigation";
import { Notifications } from "~/components/layout/notifications";
import { t } from "~/i18n";
import portailStyles from "~/styles/portail.css?url";
import dsfr from "../public/dsfr/portail.json";
import { dateHeureFr } from "~/utils/dates";
import { readConsent } from "~/utils/cookie-consent";
import { useNonce } from "~/utils/nonce";
import { DEFAULT_TITLE, pageTitle } from "~/utils/title";

/**
 * Data of the layout (spec §2 "Layout"): the signed-in user or null, the
 * flashed notification (consumed here: its Set-Cookie goes back with the
 * response), the path, the default title, whether the user is a manager
 * (instructeur, superviseur), the header navigation of the user's roles and
 * `cgu`, non-null while a demandeur must accept the terms of use (spec §2:
 * the blocking terms section then replaces the page content), and
 * `bandeaux`, the information banners of a signed-in user (`bandeauxDuLayout`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // One after the other: a token refresh saves the session before the toast is consumed from it.
  const user = await getOptionalUser(request, context);
  const cgu = await etatCgu(request, context, user);
  const { toast, headers: toastHeaders } = await getToast(request, context);
  const headers = new Headers(cgu.headers ?? undefined);
  toastHeaders?.forEach((value, name) => headers.append(name, value));
  return data(
    {
      user,
      toast,
      cgu: cgu.blocage,
      // Superviseur without région nor département (spec §2 Modals, §6): the blocking perimeter section.
      perimetre: cgu.blocage ? null : await blocagePerimetre(request, context, user),
      path: new URL(request.url).pathname,
      defaultTitle: DEFAULT_TITLE,
      // Spec §9: the version string cut at '@', read in-process (no API call per page).
      version: context.settings.version ? versionAffichee(context.settings.version) : null,
      manager: user ? isManager(user.roles) : false,
      // Cookie consent (spec §9): true, false, or null while the banner must be shown.
      consentement: readConsent(request.headers.get("Cookie")),
      // Audience measurement (ADR 0023): null unless accepted and Matomo is configured.
      audience: reglagesMesureAudience(request, context, user),
      // Acceptance-testing portal (HORLOGE_RECETTE): read in-process, no API call per page.
      dateSimulee: context.dateSimulee?.() ?? null,
      // Information banners (spec §2 Layout, §3): kept a minute by the BFF, not read per page.
      bandeaux: user ? await bandeauxDuLayout(request, context, user) : [],
      navigation: user
        ? navItemsFor(user.roles, {
            agrement: await detientAgrement(request, context, user),
          })
        : [],
    },
    [...headers.keys()].length ? { headers } : undefined,
  );
}

/**
 * Session key of the terms version the signed-in demandeur was last seen to
 * have accepted: once known, pages no longer ask GET /api/user/account.
 */
const CGU_SESSION_KEY = "cguVersionAcceptee" satisfies keyof SessionData;

/**
 * Whether `user` must accept the terms (spec §2 Layout and Modals: only a
 * demandeur, `shallAcceptCgu` of GET /api/user/account). One API call per
 * page until they are accepted, then none: the accepted version is kept in
 * the session (`headers` saves it). An API failure never blocks the page
 * (the legal pages must stay readable; the page's own loaders report it).
 */
async function etatCgu(
  request: Request,
  context: LoaderFunctionArgs["context"],
  user: SessionUser | null,
): Promise<{ blocage: { miseAJour: boolean } | null; headers: Headers | null }> {
  const aucun = { blocage: null, headers: null };
  if (!user?.roles.includes("demandeur")) return aucun;
  const session = await getSession(request, context);
  if (session.get(CGU_SESSION_KEY) === CGU_VERSION) return aucun;
  let compte: UtilisateurCourant;
  try {
    compte = await callEndpoint(request, context, lireUtilisateurCourant);
  } catch {
    return aucun;
  }
  if (compte.shallAcceptCgu) return { blocage: { miseAJour: cguMiseAJour(compte) }, headers: null };
  session.set(CGU_SESSION_KEY, CGU_VERSION);
  return {
    blocage: null,
    headers: new Headers({ "Set-Cookie": await commitSession(session, context) }),
  };
}

/**
 * Whether the signed-in user is an applicant holding an approval (spec §2
 * "Home for applicants": his menu gains "Mon agrément"). One call to
 * `GET /api/agrement/mon-agrement` for a demandeur, none for anyone else.
 * An API failure only leaves the entry out: it never blocks the page.
 */
async function detientAgrement(
  request: Request,
  context: LoaderFunctionArgs["context"],
  user: SessionUser,
): Promise<boolean> {
  if (!user.roles.includes("demandeur")) return false;
  try {
    return agrementAccessible(await chargerMonAgrement(request, context));
  } catch {
    return false;
  }
}

/**
 * The information banners in force for a signed-in user (spec §2 Layout,
 * §3 Information banner; `bandeauxEnCours`, cached a minute): the `general`
 * ones for everyone, and for a demandeur also the `info` ones of approval
 * requests, which `Layout` shows on his request pages only. The same list
 * on every page: the root loader does not run again on client navigations.
 * An API failure only leaves the banners out: it never blocks the page.
 */
async function bandeauxDuLayout(
  request: Request,
  context: LoaderFunctionArgs["context"],
  user: SessionUser,
): Promise<BandeauInformatif[]> {
  try {
    return await bandeauxEnCours(
      request,
      context,
      user.roles.includes("demandeur") ? "demande" : "general",
    );
  } catch {
    return [];
  }
}

/** The root loader's data, for `useRouteLoaderData<RootLoader>("root")` elsewhere. */
export type RootLoader = typeof loader;

/**
 * The page's chrome, around both the routes and the error pages: loading
 * bar, skip links, header, general information banners, notification, `<main id="contenu">` with the
 * breadcrumb, back-to-top link, footer. While a demandeur must accept the
 * terms of use, `<main>` holds only the blocking terms section (spec §2,
 * DESIGN §6), except on the pages that stay reachable (`pageHorsBlocageCgu`).
 * Likewise, while a superviseur's perimeter holds no région and no
 * département, `<main>` holds only the blocking perimeter section (spec §2
 * Modals, §6; ADR 0025), except on the same pages and its own route.
 */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const user = root?.user ?? null;
  const manager = root?.manager ?? false;
  // useLocation, not the loader's path: the root loader does not run again on client navigations.
  const location = useLocation();
  const cgu = root?.cgu && !pageHorsBlocageCgu(location.pathname) ? root.cgu : null;
  const perimetre =
    root?.perimetre &&
    !pageHorsBlocageCgu(location.pathname) &&
    location.pathname.replace(/\/+$/, "") !== PERIMETRE_SUPERVISION_PATH
      ? root.perimetre
      : null;
  const bandeaux = root?.bandeaux ?? [];
  const typeDemande = typeDemandeDeLaPage(location.pathname);
  // Pages work before React runs (ADR 0008 delays it past the first paint): this tells when it does.
  useEffect(() => {
    document.documentElement.dataset.hydrate = "true";
  }, []);
  return (
    <html lang="fr" data-fr-scheme="light" data-fr-theme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="format-detection" content="telephone=no" />
        <MetaDePage />
        <Links />
        <noscript>
          <link rel="stylesheet" href={dsfr.polices} />
        </noscript>
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: AFTER_FIRST_PAINT }}
        />
      </head>
      <body>
        <LoadingBar />
        {root && root.consentement === null && location.pathname !== "/gestion-des-cookies" ? (
          <BandeauConsentement redirectTo={`${location.pathname}${location.search}`} />
        ) : null}
        <SkipLinks
          links={[
            { label: t("layout.liensEvitement.contenu"), anchor: "#contenu" },
            ...(manager ? [{ label: t("layout.liensEvitement.menu"), anchor: "#navigation" }] : []),
            { label: t("layout.liensEvitement.piedDePage"), anchor: "#footer" },
          ]}
        />
        {root?.dateSimulee ? <BandeauDateSimulee date={root.dateSimulee} /> : null}
        <Header user={user} navigation={root?.navigation ?? []} />
        <BandeauxGeneraux bandeaux={bandeaux.filter((bandeau) => bandeau.type === "general")} />
        <Notifications toast={root?.toast ?? null} />
        <main id="contenu" tabIndex={-1} className="portail-main">
          {cgu ? (
            <CguForm
              redirectTo={`${location.pathname}${location.search}`}
              miseAJour={cgu.miseAJour}
            />
          ) : perimetre ? (
            <BlocagePerimetreSupervision
              regions={perimetre.regions}
              departements={perimetre.departements}
              borne={perimetre.borne}
              perimetre={null}
              redirectTo={`${location.pathname}${location.search}`}
            />
          ) : (
            <>
              <div className="fr-container">
                <Breadcrumb />
              </div>
              <BandeauxDemande
                bandeaux={bandeaux.filter(
                  (bandeau) => bandeau.type === "info" && bandeau.demandeType === typeDemande,
                )}
              />
              {children}
            </>
          )}
          <BackToTop />
        </main>
        <Footer manager={manager} version={root?.version} />
        {root?.audience ? <MesureAudience reglages={root.audience} nonce={nonce} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The notice at the top of every page of an acceptance-testing portal while
 * a business date is simulated (HORLOGE_RECETTE, /recette/horloge): the
 * API's rules then read that date, not the real one.
 */
function BandeauDateSimulee({ date }: { date: string }) {
  return (
    <div className="fr-notice fr-notice--info">
      <div className="fr-container">
        <div className="fr-notice__body">
          <p className="fr-notice__title">
            Portail de recette : date simulée du {dateHeureFr(date)}
          </p>
        </div>
      </div>
    </div>
  );
}

/** A route module's `meta` export: a function, an array, or nothing. */
type RouteMeta = ((args: never) => unknown) | readonly unknown[] | undefined;

/** `descriptors` with "Erreur : " in front of their title (RGAA 8.6). */
function avecTitreErreur(descriptors: unknown): unknown {
  if (!Array.isArray(descriptors)) return descriptors;
  return descriptors.map((descriptor: unknown) =>
    descriptor && typeof descriptor === "object" && "title" in descriptor
      ? { ...descriptor, title: titreErreur(String(descriptor.title)) }
      : descriptor,
  );
}

/**
 * Remix's `<Meta />`, whose page title starts with "Erreur : " while the
 * page shows a refused form (RGAA 8.6): an action's answer
 * that `formulaireRefuse` recognises, on the server (a post without
 * JavaScript) as in the browser. Route `meta` functions do not receive the
 * action's data, so each route's `meta` is wrapped here instead of in every
 * route; the browser's own check of a form does the same through
 * `FormErrorSummary`.
 */
function MetaDePage() {
  const remix = useContext(UNSAFE_RemixContext);
  const etat = useContext(UNSAFE_DataRouterStateContext);
  const refuse = Object.values(etat?.actionData ?? {}).some(formulaireRefuse);
  const valeur = useMemo(() => {
    if (!remix || !refuse) return remix;
    const routeModules = Object.fromEntries(
      Object.entries(remix.routeModules).map(([id, module]) => {
        const meta = module?.meta as RouteMeta;
        if (!meta) return [id, module];
        const enErreur =
          typeof meta === "function"
            ? (args: never) => avecTitreErreur(meta(args))
            : avecTitreErreur(meta);
        return [id, { ...module, meta: enErreur }];
      }),
    );
    return { ...remix, routeModules } as typeof remix;
  }, [remix, refuse]);
  return (
    <UNSAFE_RemixContext.Provider value={valeur}>
      <Meta />
    </UNSAFE_RemixContext.Provider>
  );
}

/** Loads the fonts and starts Remix once the page has painted (ADR 0008). */
const AFTER_FIRST_PAINT = afterFirstPaintScript(dsfr.polices);

/** The matched route's page. */
export default function App() {
  return <Outlet />;
}

/** Spec §1: "{page} | {default title}"; error pages are titled after their status (spec §8). */
export const meta: MetaFunction<typeof loader> = ({ error }) => {
  if (error) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    return [{ title: pageTitle(errorTitle(errorKindOf(status))) }];
  }
  return [
    { title: DEFAULT_TITLE },
    {
      name: "description",
      content:
        "Portail de l'Anah pour demander, instruire et suivre les agréments Mon Accompagnateur Rénov'.",
    },
  ];
};

/**
 * The portal's DSFR stylesheet as public/dsfr/portail.json names it
 * (scripts/dsfr-bundle.mjs: only the components and icons the pages use,
 * under a content-hashed name; the fonts come after the first paint, see
 * `Layout`), the portal's own styles and favicons.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: dsfr.stylesheet },
  { rel: "stylesheet", href: portailStyles },
  { rel: "apple-touch-icon", href: "/dsfr/favicon/apple-touch-icon.png" },
  { rel: "icon", href: "/dsfr/favicon/favicon.svg", type: "image/svg+xml" },
  { rel: "shortcut icon", href: "/dsfr/favicon/favicon.ico", type: "image/x-icon" },
  { rel: "manifest", href: "/dsfr/favicon/manifest.webmanifest", crossOrigin: "use-credentials" },
];

/**
 * Error pages of spec §8 inside the normal layout: 404 "Page non trouvée",
 * 401 "Accès non autorisé", 403 "Non Autorisé", ≥ 500 "Erreur Serveur" (a 503,
 * database out of reach, says to try again: ADR 0032). The
 * status comes from the thrown Response (or Remix's own: 405 for a post to
 * a page without a form, with its own explanation);
 * anything else is a 500 whose details stay in the server log.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <ErrorPage
      kind={errorKindOf(status)}
      status={status}
      description={
        status === 405
          ? MESSAGES_INTERFACE.methodeNonAutorisee
          : status === 503
            ? MESSAGES_INTERFACE.serviceIndisponible
            : undefined
      }
    />
  );
}
