// What other modules may use of sign-in.
export { presentAuthUser } from './presenter';
