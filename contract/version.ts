/**
 * The portal's version as people read it (spec §9: "The version string is
 * cut at '@'"): `GET /api/version` answers `0.1.0@abc1234` (the package's
 * version and the commit), the footer shows `0.1.0`.
 */

/** `version` up to its first '@' (the whole string when it has none). */
export function versionAffichee(version: string): string {
  const arobase = version.indexOf("@");
  return arobase === -1 ? version : version.slice(0, arobase);
}
