import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import {
  callEndpoint,
  lireUtilisateurCourant,
  listerDepartements,
  listerRegions,
} from "~/.server/api-client.server";
import { requireUser } from "~/.server/auth.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import {
  ChangementEmail,
  INTENT_CHANGEMENT_EMAIL,
} from "~/components/parametres-compte/changement-email";
import { actionChangementEmail } from "~/components/parametres-compte/changement-email.server";
import {
  ChangementMotDePasse,
  INTENT_CHANGEMENT_MOT_DE_PASSE,
} from "~/components/parametres-compte/changement-mot-de-passe";
import { actionChangementMotDePasse } from "~/components/parametres-compte/changement-mot-de-passe.server";
import { InformationsCompte } from "~/components/parametres-compte/informations-compte";
import { ParametresReferencement } from "~/components/parametres-compte/parametres-referencement";
import {
  INTENT_PREFERENCES_COURRIEL,
  PreferencesCourriel,
} from "~/components/parametres-compte/preferences-courriel";
import { actionPreferencesCourriel } from "~/components/parametres-compte/preferences-courriel.server";
import {
  INTENT_PERIMETRE,
  SectionPerimetreSupervision,
} from "~/components/parametres-compte/section-perimetre-supervision";
import { actionPerimetre } from "~/components/parametres-compte/section-perimetre-supervision.server";
import { liensDe } from "~/components/layout/navigation";
import type { RootLoader } from "~/root";
import { pageTitle } from "~/utils/title";

/**
 * `/account/params` (spec §2 account settings sections): the account
 * information, the change of e-mail and of password, the mail preferences
 * (`GET /api/user/account`, `parametresMail`), and for a superviseur his
 * supervision perimeter (with the régions and départements to choose from).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const user = await callEndpoint(request, context, lireUtilisateurCourant);
  const superviseur = user.roles.includes("superviseur");
  const [regions, departements] = superviseur
    ? await Promise.all([
        callEndpoint(request, context, listerRegions),
        callEndpoint(request, context, listerDepartements),
      ])
    : [[], []];
  return { user, regions, departements };
}

/**
 * Each form of the page posts here, told by its `intent`: the change of
 * e-mail, of password, the supervision perimeter; without one, the mail
 * preferences. A refusal comes back with its form's `intent`, a success
 * redirects here with a notification.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === INTENT_CHANGEMENT_EMAIL)
    return actionChangementEmail(formData, { request, context });
  if (intent === INTENT_CHANGEMENT_MOT_DE_PASSE)
    return actionChangementMotDePasse(formData, { request, context });
  if (intent === INTENT_PERIMETRE) return actionPerimetre(formData, { request, context });
  return actionPreferencesCourriel(formData, { request, context });
}

export const handle: BreadcrumbHandle = { breadcrumb: "Paramètres du compte" };

export default function AccountParams() {
  const { user, regions, departements } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const enCours = useNavigation().state === "submitting";
  const dernier = (intent: string) => (result?.intent === intent ? result.lastResult : null);
  const referencement = liensDe(useRouteLoaderData<RootLoader>("root")?.navigation ?? []).some(
    (lien) => lien.href === "/referencement",
  );
  return (
    <div className="fr-container fr-py-6w">
      <h1>Paramètres du compte</h1>
      <InformationsCompte user={user} />
      <ChangementEmail
        emailActuel={user.email}
        lastResult={dernier(INTENT_CHANGEMENT_EMAIL)}
        enCours={enCours}
      />
      <ChangementMotDePasse
        lastResult={dernier(INTENT_CHANGEMENT_MOT_DE_PASSE)}
        enCours={enCours}
      />
      <PreferencesCourriel
        parametresMail={user.parametresMail}
        lastResult={dernier(INTENT_PREFERENCES_COURRIEL)}
        enCours={enCours}
      />
      {user.roles.includes("superviseur") ? (
        <SectionPerimetreSupervision
          regions={regions}
          departements={departements}
          perimetre={user.perimetreSupervision}
          borne={user.borneSupervision}
          lastResult={dernier(INTENT_PERIMETRE)}
        />
      ) : null}
      {referencement ? <ParametresReferencement /> : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Paramètres du compte") }];
