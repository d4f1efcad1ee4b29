import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  VALIDITE_LIEN_CONFIRMATION_HEURES,
  schemaNouveauLien,
  type TropDeDemandes,
} from "#contract/schemas/candidat";
import { ApiError } from "~/.server/api.server";
import { callEndpoint, demanderNouveauLien } from "~/.server/api-client.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { ContentPage } from "~/components/content-page";
import { NOUVEAU_LIEN_PATH, NouveauLienForm } from "~/components/nouveau-lien-form";
import { pageTitle } from "~/utils/title";

const TITLE = "Recevoir un nouveau lien d'activation";

/** The same sentence whatever the address: the page must not reveal which accounts exist. */
const MESSAGE_NOUVEAU_LIEN =
  "Si un compte en attente correspond à cette adresse, un nouveau lien vient d'être envoyé.";

/** Whether the page follows a sent request (`?envoye=1`, the Post/Redirect/Get target). */
export function loader({ request }: LoaderFunctionArgs) {
  return { envoye: new URL(request.url).searchParams.has("envoye") };
}

/**
 * Asks for a new confirmation link (spec §7 POST /api/user/token-mail,
 * §8 invalid token): validates the e-mail with the shared schema, posts it,
 * then redirects to `?envoye=1` (neutral text). Errors come back next to the
 * field (400, or the API's 422 `errors`); too many requests for this address
 * or from this IP above the form, with 429 and `Retry-After`.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: schemaNouveauLien });
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply() }, { status: 400 });
  }
  try {
    await callEndpoint(request, context, demanderNouveauLien, { body: submission.value });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      const errors = (error.body as { errors?: Record<string, string[]> } | null)?.errors;
      return data(
        {
          lastResult: submission.reply(
            errors?.email?.length
              ? { fieldErrors: { email: errors.email } }
              : { formErrors: [error.message] },
          ),
        },
        { status: 422 },
      );
    }
    if (error instanceof ApiError && error.status === 429) {
      const { message, retryAfter } = error.body as TropDeDemandes;
      return data(
        { lastResult: submission.reply({ formErrors: [message] }) },
        { status: 429, headers: { "Retry-After": String(retryAfter) } },
      );
    }
    throw error;
  }
  return redirect(`${NOUVEAU_LIEN_PATH}?envoye=1`);
}

export const handle: BreadcrumbHandle = { breadcrumb: "Nouveau lien" };

/**
 * `/creation-compte/nouveau-lien` (spec §3 account pending e-mail
 * confirmation, §9 72 hours): the e-mail form, then the neutral confirmation.
 */
export default function NouveauLien() {
  const { envoye } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <ContentPage title={TITLE}>
      {envoye ? (
        <>
          <div className="fr-alert fr-alert--success fr-mb-4w" role="status">
            <h2 className="fr-alert__title">Demande enregistrée</h2>
            <p>{MESSAGE_NOUVEAU_LIEN}</p>
          </div>
          <p>
            Le lien est valable {VALIDITE_LIEN_CONFIRMATION_HEURES} heures. Vous ne le recevez pas ?
            Vérifiez votre dossier de courriers indésirables ou{" "}
            <Link to={NOUVEAU_LIEN_PATH}>faites une nouvelle demande</Link>.
          </p>
        </>
      ) : (
        <>
          <p>
            Le lien d'activation envoyé à la création du compte est valable{" "}
            {VALIDITE_LIEN_CONFIRMATION_HEURES} heures. Indiquez l'adresse électronique du compte en
            attente pour en recevoir un nouveau.
          </p>
          <NouveauLienForm lastResult={result?.lastResult} />
        </>
      )}
    </ContentPage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];
