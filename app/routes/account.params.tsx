import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import { ROLE_LABELS } from "#contract/roles";
import {
  schemaChangementEmail,
  schemaChangementMotDePasse,
  schemaPerimetreSupervision,
} from "#contract/schemas/compte-parametres";
import { PARAMETRES_MAIL } from "#contract/schemas/parametres-mail";
import { schemaParametresMail, type ParametresMail } from "#contract/schemas/utilisateur";
import { ApiError } from "~/.server/api.server";
import {
  callEndpoint,
  changerMotDePasse,
  demanderChangementEmail,
  enregistrerParametresMail,
  enregistrerPerimetreSupervision,
  lireUtilisateurCourant,
  listerDepartements,
  listerRegions,
} from "~/.server/api-client.server";
import { requireUser } from "~/.server/auth.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { ChangementEmail, INTENT_CHANGEMENT_EMAIL } from "~/components/compte/changement-email";
import {
  ChangementMotDePasse,
  INTENT_CHANGEMENT_MOT_DE_PASSE,
} from "~/components/compte/changement-mot-de-passe";
import {
  AUCUNE_BORNE,
  FormulairePerimetreSupervision,
} from "~/components/compte/perimetre-supervision";
import {
  CheckboxField,
  Fieldset,
  FieldsetElement,
  FormErrorSummary,
  refusEnErreurs,
} from "~/components/forms";
import { liensDe } from "~/components/layout/navigation";
import { t } from "~/i18n";
import type { RootLoader } from "~/root";
import { pageTitle } from "~/utils/title";

/** This page: where Post/Redirect/Get comes back. */
const ADRESSE = "/account/params";

/** `intent` of the supervision perimeter form (the mail preferences form posts none). */
const INTENT_PERIMETRE = "perimetre-supervision";

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

/** The answer of a refused form: which form (`intent`) and conform's result. */
type Refus = { intent: string; lastResult: SubmissionResult<string[]> };

/**
 * A refused post of form `intent`: 400 for the browser-side rules, else the
 * API's 422 field errors next to the fields (or its message above them).
 */
function refus(intent: string, lastResult: SubmissionResult<string[]>, status: number) {
  return data<Refus>({ intent, lastResult }, { status });
}

/**
 * Sends a checked form to the API with `appel`; a 422 comes back as the
 * fields' errors, a 409, 429 or 503 as the form's message, anything else is
 * thrown (error page).
 */
async function envoyer(
  intent: string,
  submission: { reply: (options?: object) => SubmissionResult<string[]> },
  appel: () => Promise<unknown>,
) {
  try {
    await appel();
    return null;
  } catch (error) {
    if (!(error instanceof ApiError && [409, 422, 429, 503].includes(error.status))) throw error;
    return refus(
      intent,
      submission.reply(refusEnErreurs(error.body, error.message || t("erreur.autre.sousTitre"))),
      error.status,
    );
  }
}

/** Post/Redirect/Get to this page with a success notification. */
function succes(
  description: string,
  args: { request: Request; context: ActionFunctionArgs["context"] },
) {
  return redirectWithToast(
    ADRESSE,
    { type: "success", titre: t("notification.titre.success"), description },
    args,
  );
}

/**
 * Saves the mail preferences (spec §7 `POST /api/user/parametre-mail`): one
 * checkbox per code of PARAMETRES_MAIL, an unticked box meaning "no" (the
 * shared `schemaParametresMail`), then Post/Redirect/Get to this page with
 * a success notification. A refusal of the API shows its message above the
 * boxes, which keep what was ticked.
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
  const submission = parseWithZod(formData, { schema: schemaParametresMail });
  if (submission.status !== "success") {
    return refus("", submission.reply() as SubmissionResult<string[]>, 400);
  }
  try {
    await callEndpoint(request, context, enregistrerParametresMail, { body: submission.value });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 422)) throw error;
    return refus(
      "",
      submission.reply({
        formErrors: [error.message || t("erreur.autre.sousTitre")],
      }) as SubmissionResult<string[]>,
      422,
    );
  }
  return redirectWithToast(
    ADRESSE,
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: t("notification.success.parametresMailEnregistres"),
    },
    { request, context },
  );
}

type ArgsAction = { request: Request; context: ActionFunctionArgs["context"] };

/**
 * "Changer d'adresse électronique": POST /api/user/token-mail/changement
 * with the current password, then back here saying where the link went; an
 * invalid address or a wrong password comes back on its field, the address
 * kept and the password never sent back.
 */
async function actionChangementEmail(formData: FormData, args: ArgsAction) {
  const submission = parseWithZod(formData, { schema: schemaChangementEmail });
  const sansMotDePasse = { hideFields: ["motDePasseActuel"] };
  if (submission.status !== "success")
    return refus(INTENT_CHANGEMENT_EMAIL, submission.reply(sansMotDePasse), 400);
  const refuse = await envoyer(
    INTENT_CHANGEMENT_EMAIL,
    { reply: (options) => submission.reply({ ...options, ...sansMotDePasse }) },
    () =>
      callEndpoint(args.request, args.context, demanderChangementEmail, { body: submission.value }),
  );
  return (
    refuse ??
    succes(
      t("notification.success.lienChangementEmailEnvoye", { email: submission.value.email }),
      args,
    )
  );
}

/**
 * "Changer de mot de passe": POST /api/user/mot-de-passe (the current
 * password checked, the spec's rule, different from the old), then back
 * here; the other sessions are closed by the API. Passwords are never sent
 * back into the form.
 */
async function actionChangementMotDePasse(formData: FormData, args: ArgsAction) {
  const submission = parseWithZod(formData, { schema: schemaChangementMotDePasse });
  const sansMotsDePasse = { hideFields: ["motDePasseActuel", "motDePasse", "confirmation"] };
  if (submission.status !== "success")
    return refus(INTENT_CHANGEMENT_MOT_DE_PASSE, submission.reply(sansMotsDePasse), 400);
  const refuse = await envoyer(
    INTENT_CHANGEMENT_MOT_DE_PASSE,
    { reply: (options) => submission.reply({ ...options, ...sansMotsDePasse }) },
    () => callEndpoint(args.request, args.context, changerMotDePasse, { body: submission.value }),
  );
  return refuse ?? succes(t("notification.success.motDePasseModifie"), args);
}

/** "Périmètre de supervision": POST /api/user/perimetre-supervision, then "périmètre mis à jour" (spec §8). */
async function actionPerimetre(formData: FormData, args: ArgsAction) {
  const submission = parseWithZod(formData, { schema: schemaPerimetreSupervision });
  const sansMotDePasse = { hideFields: ["motDePasseActuel"] };
  if (submission.status !== "success")
    return refus(INTENT_PERIMETRE, submission.reply(sansMotDePasse), 400);
  const refuse = await envoyer(
    INTENT_PERIMETRE,
    { reply: (options) => submission.reply({ ...options, ...sansMotDePasse }) },
    () =>
      callEndpoint(args.request, args.context, enregistrerPerimetreSupervision, {
        body: submission.value,
      }),
  );
  return refuse ?? succes(t("notification.success.perimetreModifie"), args);
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
  const rows: [string, string][] = [
    ["Nom", user.lastName],
    ["Prénom", user.firstName],
    ["Adresse électronique", user.email],
    ["Rôles", user.roles.map((role) => ROLE_LABELS[role]).join(", ")],
  ];
  if (user.service) rows.push(["Service instructeur", user.service.nom]);
  if (user.societe) {
    rows.push(["Raison sociale", user.societe.raisonSociale], ["SIREN", user.societe.siren]);
  }
  if (user.perimetreSupervision) {
    const { regions, departements } = user.perimetreSupervision;
    rows.push([
      "Périmètre de supervision",
      [
        regions.length ? `Régions : ${regions.join(", ")}` : "",
        departements.length ? `Départements : ${departements.join(", ")}` : "",
      ]
        .filter(Boolean)
        .join(" ; ") || "Aucun",
    ]);
  }
  return (
    <div className="fr-container fr-py-6w">
      <h1>Paramètres du compte</h1>
      <h2 className="fr-h4">Informations du compte</h2>
      <dl className="fr-grid-row fr-grid-row--gutters">
        {rows.map(([label, value]) => (
          <div key={label} className="fr-col-12 fr-col-md-6">
            <dt className="fr-text--bold fr-mb-0">{label}</dt>
            <dd className="fr-ml-0">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="fr-text--sm">
        Votre adresse électronique et votre mot de passe se changent ci-dessous. Pour corriger une
        autre information, écrivez à{" "}
        <a href="mailto:mar-agrement@anah.gouv.fr">mar-agrement@anah.gouv.fr</a>.
      </p>
      <ChangementEmail
        emailActuel={user.email}
        lastResult={dernier(INTENT_CHANGEMENT_EMAIL)}
        enCours={enCours}
      />
      <ChangementMotDePasse
        lastResult={dernier(INTENT_CHANGEMENT_MOT_DE_PASSE)}
        enCours={enCours}
      />
      <PreferencesCourriel parametresMail={user.parametresMail} />
      {user.roles.includes("superviseur") ? (
        <section className="fr-mt-6w" aria-labelledby="perimetre-supervision-section">
          <h2 className="fr-h4" id="perimetre-supervision-section">
            Périmètre de supervision
          </h2>
          <p>
            Vos listes de dossiers (« Mes dossiers », « Tous les dossiers ») montrent les dossiers
            dont le siège est dans ce périmètre.
          </p>
          <FormulairePerimetreSupervision
            regions={regions}
            departements={departements}
            perimetre={user.perimetreSupervision}
            borne={user.borneSupervision ?? AUCUNE_BORNE}
            lastResult={dernier(INTENT_PERIMETRE)}
            champsCaches={{ intent: INTENT_PERIMETRE }}
            bouton="Enregistrer mon périmètre"
          />
        </section>
      ) : null}
      {referencement ? (
        <section className="fr-mt-6w" aria-labelledby="referencement-parametres">
          <h2 className="fr-h4" id="referencement-parametres">
            Référencement des établissements
          </h2>
          <p>
            Les informations de référencement sont propres à chaque établissement : elles sont
            saisies lors de son référencement, dans le périmètre de votre agrément, et ne se
            modifient plus ensuite. <a href="/referencement">Voir vos établissements référencés</a>
          </p>
        </section>
      ) : null}
    </div>
  );
}

/**
 * "Préférences de notification par courriel" (spec §2 account settings,
 * mail preferences): one DSFR checkbox per kind of mail, ticked when the
 * user wants it, posted to this route's action (works without JavaScript).
 */
function PreferencesCourriel({ parametresMail }: { parametresMail: ParametresMail }) {
  const result = useActionData<typeof action>();
  const enCours = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "parametres-mail",
    lastResult: result?.intent === "" ? result.lastResult : null,
    // A ticked checkbox's value, as the browser posts it.
    defaultValue: Object.fromEntries(
      PARAMETRES_MAIL.map(({ code }) => [code, parametresMail[code] ? "on" : null]),
    ),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaParametresMail }),
  });
  return (
    <section className="fr-mt-6w" aria-labelledby="parametres-mail-titre">
      <h2 className="fr-h4" id="parametres-mail-titre">
        Préférences de notification par courriel
      </h2>
      <Form method="post" {...getFormProps(form)}>
        <FormErrorSummary form={form} />
        <Fieldset
          id="parametres-mail-choix"
          legend="Je souhaite recevoir un courriel pour :"
          regular
          hint="Décochez une case pour ne plus recevoir les courriels de ce type. Les autres informations restent visibles sur le portail."
        >
          {PARAMETRES_MAIL.map(({ code, libelle }) => (
            <FieldsetElement key={code}>
              <CheckboxField id={fields[code].id} label={libelle} errors={fields[code].errors}>
                <input {...getInputProps(fields[code], { type: "checkbox" })} />
              </CheckboxField>
            </FieldsetElement>
          ))}
        </Fieldset>
        <button type="submit" className="fr-btn" disabled={enCours}>
          Enregistrer mes préférences
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Paramètres du compte") }];
