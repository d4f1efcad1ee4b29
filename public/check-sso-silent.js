// Silent single-sign-on check (spec §2 "/check-sso-silent.html"): loaded in a
// hidden iframe by the identity provider's redirect, it hands the answer (the
// URL with its code or error) to the page that opened it, on the same origin.
// Kept out of the HTML because the CSP forbids inline scripts.
parent.postMessage(location.href, location.origin);
