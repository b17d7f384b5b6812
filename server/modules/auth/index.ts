// What other modules may use of sign-in and sign-up (the HTTP routes; accounts are in users).
export { authRoutes } from './routes';
export { presentAuthUser } from './presenter';
export { scheduleLoginFailurePrune } from './login-throttle';
export { confirmPassword, PASSWORD_CHECKS_PER_MINUTE } from './password-check';
