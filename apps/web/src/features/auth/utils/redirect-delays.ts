/** The e-mail link flow (/login, /auth/verify) redirects 2.5 s after success. */
export const VERIFY_REDIRECT_DELAY_MS = 2500
/** The provider flow (/login-clerk, /auth/verify-clerk, single sign-on) redirects 2 s after success. */
export const PROVIDER_VERIFY_REDIRECT_DELAY_MS = 2000
