import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { QUALITES, CODES_QUALITE } from "#contract/qualites";
import {
  schemaCreationCompte,
  type ChampCompteExistant,
  type CompteExistant,
  type TropDeDemandes,
} from "#contract/schemas/candidat";
import { ApiError, apiFetch } from "~/.server/api.server";
import { getOptionalUser } from "~/.server/auth.server";
import { CheckboxField, CheckboxGroup } from "~/components/checkbox-group";
import { Field, RequiredFieldsNotice } from "~/components/field";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

const TITLE = "Créer un compte";

/** Message of a 503 without body: the confirmation mail could not leave. */
const MESSAGE_ENVOI_IMPOSSIBLE =
  "Le courriel de confirmation n'a pas pu être envoyé. Votre saisie est conservée : veuillez réessayer dans quelques instants.";

/** Short message next to the field an existing account already holds (the section says the rest). */
const DEJA_PRIS: Record<ChampCompteExistant, string> = {
  siren: "Un compte existe déjà pour ce SIREN.",
  raisonSociale: "Un compte existe déjà pour cette raison sociale.",
};

/** `/creation-compte`: public; a signed-in user already has an account and goes home. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getOptionalUser(request, context)) throw redirect("/");
  return null;
}

/** What the page shows after a refused post: conform's result, and the 409 body if any. */
interface ResultatCreation {
  lastResult: SubmissionResult<string[]>;
  compteExistant: CompteExistant | null;
}

/**
 * Creates the applicant account (spec §3 Applicant account, §5 Accounts,
 * §7 POST /api/candidate/create): validates with the shared
 * `schemaCreationCompte`, posts it as JSON, then on 201 redirects to
 * `/creation-compte/succes`, also when the e-mail already has an account
 * (the API mails its owner instead: issue 20 item 8). A refusal answers the
 * page again with every value typed (passwords included, hence
 * `no-store`): 400 field errors, 409 "Un compte existe déjà" section (spec
 * §8, SIREN or company name) with the conflicting field marked, 422 the
 * API's field errors, 429 (too many requests, with `Retry-After`) and 503
 * a form-level error.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: schemaCreationCompte });
  const headers = { "Cache-Control": "no-store" };
  const answer = (result: ResultatCreation, status: number) => data(result, { status, headers });
  if (submission.status !== "success") {
    return answer({ lastResult: submission.reply(), compteExistant: null }, 400);
  }
  try {
    await apiFetch(request, context, "/api/candidate/create", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(submission.value),
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409) {
      const compteExistant = error.body as CompteExistant;
      return answer(
        {
          lastResult: submission.reply({
            fieldErrors: {
              [compteExistant.champ]: [DEJA_PRIS[compteExistant.champ] ?? compteExistant.message],
            },
          }),
          compteExistant,
        },
        409,
      );
    }
    if (error.status === 422) {
      const errors = fieldErrorsOf(error.body);
      return answer(
        {
          lastResult: submission.reply(
            Object.keys(errors).length
              ? { fieldErrors: errors }
              : { formErrors: [error.message || t("erreur.autre.sousTitre")] },
          ),
          compteExistant: null,
        },
        422,
      );
    }
    if (error.status === 429) {
      const { message, retryAfter } = error.body as TropDeDemandes;
      return data(
        {
          lastResult: submission.reply({ formErrors: [message] }),
          compteExistant: null,
        } satisfies ResultatCreation,
        { status: 429, headers: { ...headers, "Retry-After": String(retryAfter) } },
      );
    }
    if (error.status === 503) {
      return answer(
        {
          lastResult: submission.reply({ formErrors: [error.message || MESSAGE_ENVOI_IMPOSSIBLE] }),
          compteExistant: null,
        },
        503,
      );
    }
    throw error;
  }
  return redirect("/creation-compte/succes");
}

/** The `errors` map of a 422 body (field → messages), without anything malformed. */
function fieldErrorsOf(body: unknown): Record<string, string[]> {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== "object") return {};
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>)
      .map(([field, messages]) => [field, [messages].flat().map(String)] as const)
      .filter(([, messages]) => messages.length > 0),
  );
}

/**
 * `/creation-compte` (spec §2 "Account creation", §3 Applicant account, §5
 * Accounts and Phone): the representative, the structure (SIREN, company
 * name, one or several qualities) and the acceptance of the terms and of
 * the personal-data policy. conform with the shared schema: errors on blur
 * with JavaScript, after the post without; nothing typed is lost.
 */
export default function CreationCompteFormulaire() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "creation-compte",
    lastResult: navigation.state === "idle" ? result?.lastResult : undefined,
    constraint: getZodConstraint(schemaCreationCompte),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaCreationCompte }),
  });
  const qualites = getCollectionProps(fields.qualites, {
    type: "checkbox",
    options: CODES_QUALITE,
  });
  const nouvelleFenetre = t("footer.nouvelleFenetre");

  return (
    <div className="fr-container fr-pb-6w">
      <div className="fr-grid-row">
        <div className="fr-col-12 fr-col-md-10 fr-col-lg-8">
          <h1>{TITLE}</h1>
          <p className="fr-text--lead">
            Ce compte permet à votre structure de demander l'agrément Mon Accompagnateur Rénov' et
            d'en suivre l'instruction. Un seul compte est ouvert par structure (SIREN).
          </p>
          {result?.compteExistant ? <CompteExistantSection {...result.compteExistant} /> : null}
          {form.errors?.length ? <ErreurFormulaire messages={form.errors} /> : null}
          <Form method="post" {...getFormProps(form)}>
            <RequiredFieldsNotice />
            <fieldset className="fr-fieldset" aria-labelledby="creation-compte-representant">
              <legend className="fr-fieldset__legend" id="creation-compte-representant">
                <h2 className="fr-h4 fr-mb-0">Représentant de la structure</h2>
              </legend>
              <div className="fr-fieldset__element">
                <Field id={fields.prenom.id} label="Prénom" errors={fields.prenom.errors}>
                  <input
                    {...getInputProps(fields.prenom, { type: "text" })}
                    autoComplete="given-name"
                  />
                </Field>
              </div>
              <div className="fr-fieldset__element">
                <Field id={fields.nom.id} label="Nom" errors={fields.nom.errors}>
                  <input
                    {...getInputProps(fields.nom, { type: "text" })}
                    autoComplete="family-name"
                  />
                </Field>
              </div>
              <div className="fr-fieldset__element">
                <Field
                  id={fields.telephone.id}
                  label="Téléphone"
                  hint="Format attendu : 01 23 45 67 89 ou +33 1 23 45 67 89"
                  errors={fields.telephone.errors}
                >
                  <input {...getInputProps(fields.telephone, { type: "tel" })} autoComplete="tel" />
                </Field>
              </div>
              <div className="fr-fieldset__element">
                <Field
                  id={fields.email.id}
                  label="Adresse électronique"
                  hint="Format attendu : nom@domaine.fr. Le lien d'activation du compte y sera envoyé."
                  errors={fields.email.errors}
                >
                  <input
                    {...getInputProps(fields.email, { type: "email" })}
                    autoComplete="email"
                    spellCheck={false}
                  />
                </Field>
              </div>
              <div className="fr-fieldset__element">
                <Field
                  id={fields.emailConfirmation.id}
                  label="Confirmation de l'adresse électronique"
                  errors={fields.emailConfirmation.errors}
                >
                  <input
                    {...getInputProps(fields.emailConfirmation, { type: "email" })}
                    autoComplete="email"
                    spellCheck={false}
                  />
                </Field>
              </div>
              <div className="fr-fieldset__element">
                <Field
                  id={fields.motDePasse.id}
                  label="Mot de passe"
                  hint="Il doit contenir 12 caractères minimum, une majuscule, une minuscule, un chiffre, un caractère spécial."
                  errors={fields.motDePasse.errors}
                >
                  <input
                    {...getInputProps(fields.motDePasse, { type: "password" })}
                    autoComplete="new-password"
                  />
                </Field>
              </div>
              <div className="fr-fieldset__element">
                <Field
                  id={fields.motDePasseConfirmation.id}
                  label="Confirmation du mot de passe"
                  errors={fields.motDePasseConfirmation.errors}
                >
                  <input
                    {...getInputProps(fields.motDePasseConfirmation, { type: "password" })}
                    autoComplete="new-password"
                  />
                </Field>
              </div>
            </fieldset>

            <fieldset className="fr-fieldset" aria-labelledby="creation-compte-structure">
              <legend className="fr-fieldset__legend" id="creation-compte-structure">
                <h2 className="fr-h4 fr-mb-0">Structure</h2>
              </legend>
              <div className="fr-fieldset__element">
                <Field
                  id={fields.siren.id}
                  label="SIREN"
                  hint="9 chiffres, espaces acceptés"
                  errors={fields.siren.errors}
                >
                  <input
                    {...getInputProps(fields.siren, { type: "text" })}
                    inputMode="numeric"
                    autoComplete="off"
                  />
                </Field>
              </div>
              <div className="fr-fieldset__element">
                <Field
                  id={fields.raisonSociale.id}
                  label="Raison sociale"
                  errors={fields.raisonSociale.errors}
                >
                  <input
                    {...getInputProps(fields.raisonSociale, { type: "text" })}
                    autoComplete="organization"
                  />
                </Field>
              </div>
              <div className="fr-fieldset__element">
                <CheckboxGroup
                  id={fields.qualites.id}
                  legend="Qualité de la structure"
                  hint="Cochez une ou plusieurs qualités."
                  required
                  errors={fields.qualites.errors}
                  options={qualites.map((props) => ({
                    props,
                    label: QUALITES.find((qualite) => qualite.code === props.value)?.libelle,
                  }))}
                />
              </div>
            </fieldset>

            <fieldset className="fr-fieldset" aria-labelledby="creation-compte-acceptations">
              <legend className="fr-fieldset__legend" id="creation-compte-acceptations">
                <h2 className="fr-h4 fr-mb-0">Conditions d'utilisation et données personnelles</h2>
              </legend>
              <div className="fr-fieldset__element">
                <p className="fr-text--sm fr-mb-1w">
                  <a
                    href="/conditions-generales-utilisation"
                    target="_blank"
                    rel="noopener"
                    title={`Conditions générales d'utilisation - ${nouvelleFenetre}`}
                  >
                    Lire les conditions générales d'utilisation
                  </a>
                </p>
                <CheckboxField
                  id={fields.acceptationCgu.id}
                  errors={fields.acceptationCgu.errors}
                  label="J'accepte les conditions générales d'utilisation"
                >
                  <input {...getInputProps(fields.acceptationCgu, { type: "checkbox" })} />
                </CheckboxField>
              </div>
              <div className="fr-fieldset__element">
                <p className="fr-text--sm fr-mb-1w">
                  <a
                    href="/donnees-personnelles"
                    target="_blank"
                    rel="noopener"
                    title={`Politique de protection des données personnelles - ${nouvelleFenetre}`}
                  >
                    Lire la politique de protection des données personnelles
                  </a>
                </p>
                <CheckboxField
                  id={fields.acceptationDonneesPersonnelles.id}
                  errors={fields.acceptationDonneesPersonnelles.errors}
                  label="J'accepte la politique de protection des données personnelles"
                >
                  <input
                    {...getInputProps(fields.acceptationDonneesPersonnelles, { type: "checkbox" })}
                  />
                </CheckboxField>
              </div>
            </fieldset>

            <ul className="fr-btns-group fr-btns-group--inline-md">
              <li>
                <button type="submit" className="fr-btn">
                  Créer mon compte
                </button>
              </li>
            </ul>
          </Form>
          <p className="fr-mt-4w">
            Vous avez déjà un compte ?{" "}
            <Link to="/account/login" reloadDocument>
              Se connecter
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}

/**
 * Spec §8 "Existing account": a server-rendered section (no JS needed)
 * inviting to sign in or to write to the support. Focused when it appears
 * with JavaScript; an alert so screen readers announce it.
 */
function CompteExistantSection({ message }: CompteExistant) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [message]);
  const contact = t("application.contact");
  const sujet = encodeURIComponent("Création de compte : un compte existe déjà");
  return (
    <div
      ref={ref}
      id="compte-existant"
      className="fr-callout fr-icon-account-circle-line fr-mb-4w"
      role="alert"
      tabIndex={-1}
      aria-labelledby="compte-existant-titre"
    >
      <h2 className="fr-callout__title" id="compte-existant-titre">
        Un compte existe déjà
      </h2>
      <p className="fr-callout__text">{message}</p>
      <ul className="fr-btns-group fr-btns-group--inline-md fr-mt-2w">
        <li>
          <a className="fr-btn" href="/account/login">
            Se connecter
          </a>
        </li>
        <li>
          <a className="fr-btn fr-btn--secondary" href={`mailto:${contact}?subject=${sujet}`}>
            Contacter le support
          </a>
        </li>
      </ul>
    </div>
  );
}

/** A form-level error (e.g. the mail could not be sent), focused when it appears. */
function ErreurFormulaire({ messages }: { messages: readonly string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const texte = messages.join(" ");
  useEffect(() => ref.current?.focus(), [texte]);
  return (
    <div
      ref={ref}
      className="fr-alert fr-alert--error fr-mb-4w"
      role="alert"
      tabIndex={-1}
      id="creation-compte-erreur"
    >
      <h2 className="fr-alert__title">Le compte n'a pas pu être créé</h2>
      <p>{texte}</p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];
