// What other modules may use of sign-in and sign-up (the HTTP routes; accounts are in users).
export { authRoutes } from './routes';
export { presentAuthUser } from './presenter';
export { scheduleLoginFailurePrune } from './login-throttle';
