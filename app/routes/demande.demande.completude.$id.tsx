import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  chargerCompletude,
  envoyerCompletude,
} from "~/components/dossier/completude/completude.server";
import {
  HANDLE_COMPLETUDE,
  PageCompletude,
  metaCompletude,
} from "~/components/dossier/completude/page-completude";

/** `/demande/demande/completude/{id}` (spec §2): the completeness page d'une demande d'agrément, applicants only. */
export const loader = (args: LoaderFunctionArgs) => chargerCompletude(args, "demande");

/** Sends the answer posted without JavaScript (spec §4 DONNER_COMPLEMENT). */
export const action = (args: ActionFunctionArgs) => envoyerCompletude(args, "demande");

export const handle = HANDLE_COMPLETUDE;

export default PageCompletude;

export const meta = metaCompletude("demande");
