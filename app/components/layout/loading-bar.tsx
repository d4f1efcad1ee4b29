import { useFetchers, useNavigation } from "@remix-run/react";
import { t } from "~/i18n";

/**
 * Global loading indicator (spec §1, §2 "Layout"): a thin bar at the top of
 * the window while a navigation or at least one fetcher is under way. Only
 * rendered while busy, so assistive technologies meet a named, indeterminate
 * progress bar and nothing otherwise. A short CSS delay keeps instant
 * responses from flashing it.
 */
export function LoadingBar() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  if (!busy) return null;
  return (
    <div className="portail-loading-bar" role="progressbar" aria-label={t("layout.chargement")} />
  );
}
